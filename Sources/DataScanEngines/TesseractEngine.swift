import CTesseract
import DataScanModel
import Foundation

/// One Tesseract instance (`TessBaseAPI`) with its languages loaded once and reused for every page.
/// Not thread-safe: Tesseract's API object must never be shared between threads; each worker owns one.
package final class TesseractEngine {
    /// Why OpaquePointer: TessBaseAPI is an opaque C++ object behind the C API; it never leaves this class.
    private let handle: OpaquePointer
    /// Tesseract language names joined with `+` (`eng+deu`).
    package let languages: String
    /// Japanese fonts and encodings draw the yen sign where ASCII has the backslash, and Tesseract's Japanese
    /// model reads `¥150` as `\150`.
    private let readsYenAsBackslash: Bool
    /// The Chinese, Japanese and Korean models end a word after Latin punctuation although nothing is printed
    /// there (`sales@example. co. jp`, `1, 700`): see `gluingSplitLatin`.
    private let splitsAfterLatinPunctuation: Bool

    /// Loads the traineddata of `languages` (Tesseract names: `eng`, `deu`, `chi_sim`).
    package init(languages: [String], pageSegmentationMode: Int = 6) throws(DataScanError) {
        guard let h = TessBaseAPICreate() else { throw DataScanError(.environment, "tesseract: cannot create an engine") }
        handle = h
        self.languages = languages.joined(separator: "+")
        readsYenAsBackslash = languages.contains("jpn") || languages.contains("jpn_vert")
        splitsAfterLatinPunctuation = languages.contains { ["jpn", "jpn_vert", "chi_sim", "chi_tra", "kor"].contains($0) }
        // Why: Tesseract writes diagnostics ("Estimating resolution…") to stderr, which would garble progress.
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        guard TessBaseAPIInit2(handle, nil, self.languages, OEM_DEFAULT) == 0 else {
            TessBaseAPIDelete(handle)
            throw DataScanError(
                .missingLanguage,
                "tesseract cannot load language data '\(self.languages)' from \(TesseractEngine.dataDirectory ?? "its data folder"): install it, e.g. `apt-get install \(languages.map { "tesseract-ocr-" + $0.replacingOccurrences(of: "_", with: "-").lowercased() }.joined(separator: " "))`"
            )
        }
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        TessBaseAPISetPageSegMode(handle, TessPageSegMode(rawValue: UInt32(pageSegmentationMode)))
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// Recognizes the text of a page: lines of words with boxes (image pixels) and confidences.
    /// Blocking CPU work: call it from a page thread, never from Swift's cooperative pool.
    /// - Parameters:
    ///   - resolution: pixels per inch of the image (Tesseract sizes its glyph models with it).
    ///   - timeout: recognition stops after this many seconds and the page fails with a timeout.
    package func recognize(
        _ image: GrayImage, resolution: Int, timeout: Double?, cancellation: CancellationFlag?
    ) throws(DataScanError) -> [RecognizedLine] {
        defer { TessBaseAPIClear(handle) }
        image.pixels.withUnsafeBufferPointer { buf in
            // Tesseract copies the pixels into its own image here.
            TessBaseAPISetImage(handle, buf.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
        }
        TessBaseAPISetSourceResolution(handle, Int32(resolution))

        guard let monitor = TessMonitorCreate() else { throw DataScanError(.environment, "tesseract: cannot create a monitor") }
        defer { TessMonitorDelete(monitor) }
        if let timeout { TessMonitorSetDeadlineMSecs(monitor, Int32(min(timeout * 1000, Double(Int32.max)))) }
        if let cancellation {
            // Why Unmanaged: the C callback gets a raw context pointer; `cancellation` outlives this call.
            TessMonitorSetCancelThis(monitor, Unmanaged.passUnretained(cancellation).toOpaque())
            TessMonitorSetCancelFunc(monitor) { context, _ in
                guard let context else { return false }
                return Unmanaged<CancellationFlag>.fromOpaque(context).takeUnretainedValue().isCancelled
            }
        }
        let started = ContinuousClock.now
        let status = TessBaseAPIRecognize(handle, monitor)
        if cancellation?.isCancelled == true { throw DataScanError(.cancelled, "cancelled") }
        if let timeout, (ContinuousClock.now - started) >= .seconds(timeout) {
            throw DataScanError(.timeout, "recognition stopped at its deadline")
        }
        guard status == 0 else { throw DataScanError(.engineFailed, "tesseract could not recognize this page") }
        return readLines()
    }

    private func readLines() -> [RecognizedLine] {
        guard let results = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(results) }
        guard let page = TessResultIteratorGetPageIterator(results) else { return [] }
        var lines: [RecognizedLine] = []
        var words: [RecognizedWord] = []
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0, !words.isEmpty {
                lines.append(RecognizedLine(words: splitsAfterLatinPunctuation ? Self.gluingSplitLatin(words) : words))
                words = []
            }
            guard let cText = TessResultIteratorGetUTF8Text(results, RIL_WORD) else { continue }
            var text = String(cString: cText).trimmingCharacters(in: .whitespacesAndNewlines)
            if readsYenAsBackslash { text = Self.yenForBackslash(text) }
            TessDeleteText(cText)
            var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
            guard !text.isEmpty, TessPageIteratorBoundingBox(page, RIL_WORD, &l, &t, &r, &b) != 0 else { continue }
            let confidence = Double(TessResultIteratorConfidence(results, RIL_WORD)) / 100
            let box = Rect(x: Double(l), y: Double(t), width: Double(r - l), height: Double(b - t))
            words.append(RecognizedWord(text: text, bounds: Quad(box), confidence: max(0, min(1, confidence))))
        } while TessResultIteratorNext(results, RIL_WORD) != 0
        if !words.isEmpty { lines.append(RecognizedLine(words: splitsAfterLatinPunctuation ? Self.gluingSplitLatin(words) : words)) }
        return lines
    }

    /// A line's words with the Latin ones a CJK model split after a point or a comma joined again: `clairefontaine.`
    /// `ne.` `jp` → `clairefontaine.ne.jp`, `www.` `example.` `co.` `jp`, `1,` `700` → `1,700`, `¥12,` `280`.
    /// Two words are one when the gap between their boxes is narrower than a space (under 0.65 of the taller one's
    /// height: the split words of Japanese invoices stand 0.4–0.57 apart, their real spaces 0.85–0.9) and they read
    /// as one token: a point between a letter or digit and a lower-case letter (a host, an address, a path), or
    /// between digits, or a comma between digits (thousands), or a comma inside a host already begun (its point
    /// misread: `www.example, co, jp`). A sentence's next word (`Ltd. Tokyo`) starts with a
    /// capital, and `Tel.` `03-1234-5678` keeps its space.
    static func gluingSplitLatin(_ words: [RecognizedWord]) -> [RecognizedWord] {
        guard words.count > 1 else { return words }
        func isASCIIAlphanumeric(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber) }
        var out: [RecognizedWord] = [words[0]]
        for word in words.dropFirst() {
            let previous = out[out.count - 1]
            let a = previous.bounds.boundingRect, b = word.bounds.boundingRect
            let chars = Array(previous.text)
            guard chars.count >= 2, let first = word.text.first, word.text.allSatisfy({ $0.isASCII }),
                b.x - (a.x + a.width) < 0.65 * max(a.height, b.height)
            else {
                out.append(word)
                continue
            }
            let (punctuation, before) = (chars[chars.count - 1], chars[chars.count - 2])
            let startsHostLabel = isASCIIAlphanumeric(before) && first.isASCII && first.isLowercase
            // A comma inside a host already begun is its point misread: `www.example, co, jp`.
            let inHost = previous.text.dropLast().contains { $0 == "." || $0 == "@" }
            var left = previous.text
            switch punctuation {
            case "." where startsHostLabel || (before.isNumber && first.isNumber && first.isASCII): break
            case "," where before.isNumber && first.isNumber && first.isASCII: break
            case "," where startsHostLabel && inHost: left = String(left.dropLast()) + "."
            default:
                out.append(word)
                continue
            }
            let right = max(a.x + a.width, b.x + b.width), bottom = max(a.y + a.height, b.y + b.height)
            let (x, y) = (min(a.x, b.x), min(a.y, b.y))
            out[out.count - 1] = RecognizedWord(
                text: left + word.text, bounds: Quad(Rect(x: x, y: y, width: right - x, height: bottom - y)),
                confidence: min(previous.confidence, word.confidence))
        }
        return out
    }

    /// `\150` → `¥150`: a backslash before a digit is a yen sign in Japanese print.
    static func yenForBackslash(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var out = ""
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = scalars.next()
        while let s = pending {
            let next = scalars.next()
            if s == "\\", let n = next, ("0"..."9").contains(n) { out.unicodeScalars.append("¥") } else { out.unicodeScalars.append(s) }
            pending = next
        }
        return out
    }

    /// Tesseract's version string (`5.3.0`).
    package static var version: String { String(cString: TessVersion()) }

    /// The folder Tesseract reads `*.traineddata` from: `TESSDATA_PREFIX` or Debian's default.
    package static var dataDirectory: String? {
        let fm = FileManager.default
        var candidates: [String] = []
        if let prefix = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"] {
            candidates += [prefix, prefix + "/tessdata"]
        }
        candidates += ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata", "/usr/share/tessdata"]
        return candidates.first { dir in
            (try? fm.contentsOfDirectory(atPath: dir))?.contains { $0.hasSuffix(".traineddata") } == true
        }
    }

    /// Names of the installed languages (`eng`, `deu`, `osd`...), sorted.
    package static var installedLanguages: [String] {
        guard let dir = dataDirectory, let files = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return [] }
        return files.filter { $0.hasSuffix(".traineddata") }.map { String($0.dropLast(".traineddata".count)) }.sorted()
    }
}
