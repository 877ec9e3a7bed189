import CImageShims

/// The messages libraries report during one decode, collected instead of printed: libtiff's (per-open
/// handlers), libjpeg's and libpng's (their error managers), leptonica's (its process-wide handler, routed to the
/// calling thread's current collector), plus giflib's and libwebp's status codes. Owned by one decode on one
/// thread; not `Sendable`.
final class LibraryMessages {
    /// Why unsafe: the C sink is written by C callbacks; the pointer never leaves this class and the decoders.
    let sink: OpaquePointer

    init() throws(ImageDecodeError) {
        dsi_messages_install()
        guard let sink = dsi_messages_new() else { throw ImageDecodeError(.outOfMemory, nil, "out of memory") }
        self.sink = sink
    }

    deinit { dsi_messages_free(sink) }

    /// Runs `body` with this collector receiving leptonica's messages on the calling thread.
    func capturingLeptonica<T>(_ body: () -> T) -> T {
        let previous = dsi_messages_redirect(sink)
        defer { dsi_messages_redirect(previous) }
        return body()
    }

    /// Adds a message of the package's own or of a library that reports codes instead of text.
    func add(_ library: String, _ text: String) {
        dsi_messages_add(sink, library, text)
    }

    /// The collected lines, leptonica's "Error in fn: " prefixes removed, plus a count of the ones left out.
    var lines: [String] {
        var lines = String(cString: dsi_messages_text(sink)).split(separator: "\n").map { line -> String in
            var text = String(line)
            for kind in ["Error in ", "Warning in ", "Info in "] {
                if let range = text.firstRange(of: kind), let colon = text[range.upperBound...].firstRange(of: ": ") {
                    text.replaceSubrange(range.lowerBound..<colon.upperBound, with: "")
                }
            }
            return text
        }
        let dropped = dsi_messages_dropped(sink)
        if dropped > 0 { lines.append("(\(dropped) more messages not kept)") }
        return lines
    }

    /// The first line, for a failure's cause ("libtiff: TIFFFetchDirectory: ..."), or `fallback`.
    func firstLine(or fallback: String) -> String {
        lines.first ?? fallback
    }

    /// The lines joined for a one-line failure message: the first few, "; "-separated.
    func summary(or fallback: String, limit: Int = 2) -> String {
        let kept = lines.filter { !$0.hasPrefix("(") }
        return kept.isEmpty ? fallback : kept.prefix(limit).joined(separator: "; ")
    }
}
