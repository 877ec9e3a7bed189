import CImageShims
import CPoppler
import CSystem
import Glibc

/// The messages libraries report during one call, collected instead of printed: libtiff's (per-open
/// handlers), libjpeg's and libpng's (their error managers), leptonica's and GLib's (poppler's) through their
/// process-wide handlers, routed to the calling thread's current collector, plus giflib's and libwebp's status
/// codes. Owned by one call on one thread; not `Sendable`.
package final class LibraryMessages {
    /// Why unsafe: the C sink is written by C callbacks; the pointer never leaves this class and the engines.
    let sink: OpaquePointer

    init() throws(ImageDecodeError) {
        Self.install()
        guard let sink = dsi_messages_new() else { throw ImageDecodeError(.outOfMemory, nil, "out of memory") }
        self.sink = sink
    }

    deinit { dsi_messages_free(sink) }

    /// Routes leptonica's and GLib's messages into the calling thread's collector from now on, process-wide; outside
    /// a capture they are dropped, never printed (a failure reaches the manifest with its file and page instead).
    /// Idempotent and thread-safe.
    package static func install() {
        dsi_messages_install()
        _ = glibHandler
    }

    /// Poppler reports through `g_log` (domain "Poppler", level info: `Syntax Error at position 1234: Kids object
    /// wrong type`); GLib and GObject warn the same way. One default handler takes every domain.
    private static let glibHandler: Void = {
        g_log_set_default_handler(
            { domain, level, message, _ in
                guard let message else { return }
                // Before any Swift allocation: this may be GLib saying it could not allocate.
                if strstr(message, "failed to allocate") != nil { csystem_memory_guard_note_exhausted() }
                // Outside a capture, GLib's own default (a host program's warnings still show; poppler's info-level
                // lines do not).
                guard let sink = dsi_messages_current() else { return g_log_default_handler(domain, level, message, nil) }
                let library = domain.map { String(cString: $0).lowercased() } ?? "glib"
                dsi_messages_add(sink, library, LibraryMessages.withoutPosition(String(cString: message)))
            }, nil)
    }()

    /// `Syntax Error at position 1234: Kid object (page 2) is wrong type (integer)` → `syntax error: Kid object is wrong
    /// type (integer)`: the byte offset says nothing to a reader, the page is named by the record the reason goes in,
    /// and a reason without either groups with the same reason on other pages and files (`status`).
    static func withoutPosition(_ text: String) -> String {
        var text = text.replacing(#/ \(page [0-9]+[^)]*\)/#, with: "")
        if let match = text.firstMatch(of: #/^([A-Za-z ]+?) at position -?[0-9]+: /#) {
            text = match.1.lowercased() + ": " + text[match.range.upperBound...]
        }
        return text
    }

    /// Runs `body` and returns what it returned with the messages leptonica and GLib (poppler) reported meanwhile on
    /// this thread, `"; "`-joined (the first two), or nil when there were none.
    package static func capture<T>(_ body: () -> T) -> (result: T, cause: String?) {
        guard let messages = try? LibraryMessages() else { return (body(), nil) }
        let result = messages.capturing(body)
        let cause = messages.summary(or: "")
        return (result, cause.isEmpty ? nil : cause)
    }

    /// Runs `body` with this collector receiving leptonica's and GLib's messages on the calling thread.
    package func capturing<T>(_ body: () -> T) -> T {
        let previous = dsi_messages_redirect(sink)
        defer { dsi_messages_redirect(previous) }
        return body()
    }

    /// Adds a message of the package's own or of a library that reports codes instead of text.
    func add(_ library: String, _ text: String) {
        dsi_messages_add(sink, library, text)
    }

    /// The collected lines, leptonica's "Error in fn: " prefixes removed, plus a count of the ones left out.
    package var lines: [String] {
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
    package func summary(or fallback: String, limit: Int = 2) -> String {
        let kept = lines.filter { !$0.hasPrefix("(") }
        return kept.isEmpty ? fallback : kept.prefix(limit).joined(separator: "; ")
    }
}
