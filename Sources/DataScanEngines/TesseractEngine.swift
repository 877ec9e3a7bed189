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

    /// Loads the traineddata of `languages` (Tesseract names: `eng`, `deu`, `chi_sim`).
    package init(languages: [String], pageSegmentationMode: Int = 6) throws(DataScanError) {
        guard let h = TessBaseAPICreate() else { throw DataScanError(.environment, "tesseract: cannot create an engine") }
        handle = h
        self.languages = languages.joined(separator: "+")
        readsYenAsBackslash = languages.contains("jpn") || languages.contains("jpn_vert")
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
                lines.append(RecognizedLine(words: words))
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
        if !words.isEmpty { lines.append(RecognizedLine(words: words)) }
        return lines
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
