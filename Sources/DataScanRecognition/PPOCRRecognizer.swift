import DataScanEngines
import DataScanModel

/// Reads the text of a page raster with PP-OCR (PP-OCRv4 on ONNX Runtime): text boxes, turned upright line by
/// line, put together into printed rows (`TextRows`) so that its lines read like Tesseract's. Owns its engine
/// (created on first use: ONNX Runtime's sessions are made once per page thread or process and reused for every
/// page). Not thread-safe; all calls block.
package final class PPOCRRecognizer: OCREngine {
    package let source = LineSource.ppocr
    private let configuration: PPOCREngine.Configuration
    private var engine: PPOCREngine?

    /// A recognizer whose model runs use `intraOpThreads` threads (pages in parallel × threads ≤ cores), with
    /// datascan's settings (`datascanConfiguration`).
    package init(intraOpThreads: Int = 1) {
        configuration = Self.datascanConfiguration(intraOpThreads: intraOpThreads)
    }

    /// rapidocr's settings but three, each measured on the 156 sroie-dev receipts (Benchmarks/README.md):
    /// - batches of short lines (prices, dates) no wider than they need, instead of padded to 320 pixels (`--ocr
    ///   auto`: the same dates and totals, and the same wrong ones; word recall +0.3 points; recognition about a
    ///   quarter faster).
    /// - the detector reads a page in bands of at most 600,000 input pixels (a receipt's 736 × 1,500 in three),
    ///   not whole: its memory is bounded by the band (a 12-megapixel photo: process tree 583–597 → 353–366 MB) and
    ///   the page is read no worse (`--ocr ppocr`: totals 148 → 149, dates the same, word recall 0.758 → 0.756).
    /// - recognizer batches of at most 1,440 columns: six lines up to 240 pixels wide, fewer wider ones (`--ocr
    ///   ppocr`: the same totals and dates, word recall 0.756 → 0.760, PP-OCR 1.45 → 1.30 s a page).
    package static func datascanConfiguration(intraOpThreads: Int = 1) -> PPOCREngine.Configuration {
        PPOCREngine.Configuration(
            intraOpThreads: intraOpThreads, minimumRecognitionWidth: 96, detectionBandPixels: 600_000,
            maximumRecognitionBatchColumns: 1_440)
    }

    /// A recognizer with an engine set up as `configuration` says (another model folder, in tests).
    package init(configuration: PPOCREngine.Configuration) {
        self.configuration = configuration
    }

    /// Reads `raster`. A page whose text mostly reads sideways or upside down (a receipt photographed turned, an EXIF
    /// orientation lost) is read a second time turned upright, its words then placed back on the page as stored, and
    /// that reading kept when it reads more: PP-OCR's direction classifier tells a line from its upside-down self, not
    /// a short box standing on end (`8.60` read `09'8`). On 39 sroie-dev receipts made into photographs turned a quarter
    /// or a half (`--ocr auto`): totals 32 → 37, dates 31 → 35, word recall 0.649 → 0.714. (Upright pages are read
    /// once; in `auto` a page Tesseract found turned is given to PP-OCR turned upright already.)
    package func recognize(
        _ raster: GrayImage, resolution: Int, deadline: ContinuousClock.Instant, pageTimeout: Double, cancellation: CancellationFlag?
    ) throws(DataScanError) -> OCRReading {
        let first = try read(raster, deadline: deadline, pageTimeout: pageTimeout, cancellation: cancellation)
        guard first.quarterTurns != 0 else { return first }
        let turns = first.quarterTurns
        let upright = try read(
            raster.rotated(quarterTurns: turns), deadline: deadline, pageTimeout: pageTimeout, cancellation: cancellation)
        // (Both readings' time is the page's, whichever is kept.)
        guard upright.quarterTurns == 0, OCRReading.readingScore(upright.lines) > OCRReading.readingScore(first.lines) else {
            return first.addingParts(of: upright)
        }
        return upright.placedBack(on: raster, turnedBy: turns).addingParts(of: first)
    }

    private func read(
        _ raster: GrayImage, deadline: ContinuousClock.Instant, pageTimeout: Double, cancellation: CancellationFlag?
    ) throws(DataScanError) -> OCRReading {
        let engine = try ppocrEngine()
        let before = engine.stageSeconds
        let found: [PPOCREngine.Line]
        do {
            found = try engine.recognize(raster, deadline: deadline, cancellation: cancellation)
        } catch {
            if case .deadlinePassed = error { throw DataScanError.timeout(after: pageTimeout, in: "ppocr") }
            throw error.dataScanError
        }
        let boxes = found.map { line in
            RecognizedLine(
                words: line.words.map { RecognizedWord(text: $0.text, bounds: $0.quad, confidence: $0.confidence) },
                bounds: line.quad, confidence: line.confidence, source: .ppocr)
        }
        let turns = TextRows.pageTurns(boxes)
        let rows = TextRows.rows(boxes, pageTurns: turns)
        var reading = OCRReading(lines: turns == 0 ? TextRows.joiningSplitRows(rows) : rows, quarterTurns: turns)
        let spent = before.elapsed(until: engine.stageSeconds)
        reading.partSeconds = [
            OCRReading.Part.ppocrDetection: spent.detection, OCRReading.Part.ppocrDirection: spent.direction,
            OCRReading.Part.ppocrRecognition: spent.recognition,
        ]
        return reading
    }

    /// Starts the engine (loads ONNX Runtime and the models) if it is not running yet; an environment error when
    /// the library or the models are missing.
    package func start() throws(DataScanError) {
        _ = try ppocrEngine()
    }

    private func ppocrEngine() throws(DataScanError) -> PPOCREngine {
        if let engine { return engine }
        do {
            let e = try PPOCREngine(configuration: configuration)
            engine = e
            return e
        } catch {
            throw error.dataScanError
        }
    }
}
