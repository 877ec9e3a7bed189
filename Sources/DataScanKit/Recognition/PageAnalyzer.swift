import Foundation

/// What analysis found on one page.
public struct ImageAnalysis: Sendable, Codable {
    /// Page width in pixels (for PDFs: at the render resolution of the quality level).
    public var width: Int
    /// Page height in pixels.
    public var height: Int
    /// Where the text came from: OCR, the PDF text layer, or none (barcodes only).
    public var source: PageSource
    /// Degrees (clockwise: 0, 90, 180, 270) the page was turned to read it; quads still refer to the page as stored.
    public var rotation: Int = 0
    /// Recognized text lines (OCR or text layer), in reading order.
    public var lines: [RecognizedLine]
    /// Items in reading order, with stable ids.
    public var items: [RecognizedItem]
    /// Seconds per stage: `load`, `ocr`, `barcodes`, `detect`.
    public var timings: [String: Double]
    /// The lines already in the store's compact form (`StoredLines`), when they came from a worker process:
    /// the runner stores them as they are instead of decoding thousands of word objects.
    var encodedLines: String?

    /// The lines in the store's compact form, whichever way they arrived.
    var storedLines: String { encodedLines ?? StoredLines.encode(lines) }

    private enum CodingKeys: String, CodingKey {
        case width, height, source, rotation, lines, items, timings
    }

    /// All recognized text, lines joined by newlines.
    public var transcript: String { lines.map(\.text).joined(separator: "\n") }
}

/// Analyzes pages with one set of engines (Tesseract, barcode decoders, an open PDF), created once and reused.
/// Not thread-safe: a worker owns one and calls it from its own thread. All calls block.
final class PageAnalyzer {
    let configuration: ScanConfiguration
    private let loader = PageLoader()
    private let assembler: ItemAssembler
    private var tesseract: TesseractEngine?
    private var barcodes: BarcodeRecognizer?
    private var osd: OrientationDetector?

    init(configuration: ScanConfiguration) {
        self.configuration = configuration
        assembler = ItemAssembler(configuration: configuration)
    }

    /// Analyzes one page. `onStage` is told each stage (`load`, `ocr`, `barcodes`, `detect`) as it begins,
    /// so a supervisor can name the engine that was running if the process dies.
    func analyze(
        _ request: PageRequest, cancellation: CancellationFlag?, onStage: (String) -> Void = { _ in }
    ) throws(DataScanError) -> ImageAnalysis {
        let c = configuration
        let deadline = ContinuousClock.now + .seconds(c.pageTimeout)
        var timings: [String: Double] = [:]
        var clock = ContinuousClock.now
        func lap(_ stage: String) throws(DataScanError) {
            let now = ContinuousClock.now
            timings[stage, default: 0] += Self.seconds(now - clock)
            clock = now
            if cancellation?.isCancelled == true { throw DataScanError(.cancelled, "cancelled") }
            if now > deadline { throw DataScanError(.timeout, "timeout after \(WorkerProcess.format(c.pageTimeout)) s (in \(stage))") }
        }

        onStage("load")
        let page = try loader.load(
            request, needText: c.types.needsText, needRaster: c.types.needsBarcodes, quality: c.quality,
            maxMegapixels: c.maxMegapixels)
        try lap("load")

        var lines: [RecognizedLine] = []
        var source: PageSource = .image
        var rotation = 0
        if c.types.needsText {
            if let layer = page.textLayer {
                lines = layer
                source = .textLayer
            } else if let raster = page.raster {
                onStage("ocr")
                (lines, rotation) = try recognizeUpright(
                    raster, resolution: page.resolution, deadline: deadline, cancellation: cancellation)
                source = .ocr
                try lap("ocr")
            }
        }

        // Items are placed from lines at the precision the store keeps (0.1 px, 0.001 confidence), so that
        // `rerun --detect-only`, which starts from the stored lines, reproduces them exactly.
        lines = lines.map(StoredLines.quantized)

        var found: [RecognizedItem.Barcode] = []
        if c.types.needsBarcodes, let raster = page.raster {
            onStage("barcodes")
            let recognizer = try barcodeRecognizer()
            do {
                found = try recognizer.recognize(raster)
            } catch let e as DataScanError {
                throw e
            } catch {
                throw DataScanError(.engineFailed, "barcode decoding failed: \(error)")
            }
            try lap("barcodes")
        }

        onStage("detect")
        let items = assembler.items(
            lines: lines, barcodes: found, pageWidth: page.width, pageHeight: page.height,
            documentKey: request.documentKey, page: request.index + 1, uprightTurns: rotation)
        try lap("detect")
        return ImageAnalysis(
            width: page.width, height: page.height, source: source, rotation: rotation * 90, lines: lines, items: items, timings: timings)
    }

    /// Recognizes a raster, turning it upright first when it was scanned sideways or upside down.
    /// Why not always run orientation detection: it costs a second pass on every page, and nearly all pages are
    /// upright. `balanced` asks Tesseract's OSD only when the first pass reads poorly; `accurate` always asks;
    /// `fast` never. A turned pass is kept only when it reads better than the upright one. Word boxes of a turned
    /// pass are mapped back to the page's own pixels (turned quads).
    private func recognizeUpright(
        _ raster: GrayImage, resolution: Int, deadline: ContinuousClock.Instant, cancellation: CancellationFlag?
    ) throws(DataScanError) -> (lines: [RecognizedLine], quarterTurns: Int) {
        let engine = try tesseractEngine()
        let pageTimeout = configuration.pageTimeout
        func recognize(_ image: GrayImage) throws(DataScanError) -> [RecognizedLine] {
            let remaining = max(0.001, Self.seconds(deadline - ContinuousClock.now))
            do {
                return try engine.recognize(preprocess(image), resolution: resolution, timeout: remaining, cancellation: cancellation)
            } catch  where error.code == .timeout {
                throw DataScanError(.timeout, "timeout after \(WorkerProcess.format(pageTimeout)) s (in ocr)")
            }
        }
        let quality = configuration.quality
        // A page photographed or fed several degrees askew loses whole lines to Tesseract's line finding: straighten
        // it first (leptonica measures the slope of the text lines), and map the words back onto the stored page.
        // Below 3° Tesseract copes by itself, and resampling would only blur a photo that is blurred already.
        var page = raster
        var toStored: @Sendable (Point) -> Point = { $0 }
        if quality != .fast, let skew = LeptonicaImage.from(raster)?.skew(), skew.confidence >= 2,
            abs(skew.degrees) >= 3, abs(skew.degrees) <= 15
        {
            let straightened = raster.rotated(byDegrees: skew.degrees)
            page = straightened.image
            toStored = straightened.toOriginal
        }
        func onStoredPage(_ lines: [RecognizedLine], _ map: @escaping (Point) -> Point) -> [RecognizedLine] {
            lines.map { line in
                RecognizedLine(
                    words: line.words.map { w in RecognizedWord(text: w.text, bounds: w.bounds.mapped(map), confidence: w.confidence) },
                    confidence: line.confidence)
            }
        }
        let upright = try recognize(page)
        let straight = onStoredPage(upright, toStored)
        guard quality != .fast, quality == .accurate || Self.readsPoorly(upright) else { return (straight, 0) }
        guard let osd = orientationDetector(), let guess = osd.uprightTurns(page, resolution: resolution),
            guess.quarterTurns != 0, guess.confidence >= 1.5
        else { return (straight, 0) }
        let turned = page.rotated(quarterTurns: guess.quarterTurns)
        let lines = try recognize(turned)
        guard Self.readingScore(lines) > Self.readingScore(upright) else { return (straight, 0) }
        return (onStoredPage(lines) { toStored(page.pointBeforeRotation($0, quarterTurns: guess.quarterTurns)) }, guess.quarterTurns)
    }

    /// How much readable text a pass found: characters of the words Tesseract is fairly sure of.
    static func readingScore(_ lines: [RecognizedLine]) -> Double {
        lines.flatMap(\.words).reduce(0) { $0 + ($1.confidence >= 0.6 ? Double($1.text.count) * $1.confidence : 0) }
    }

    /// A pass that found little confident text: a sideways page reads as scattered low-confidence fragments.
    static func readsPoorly(_ lines: [RecognizedLine]) -> Bool {
        let words = lines.flatMap(\.words)
        guard !words.isEmpty else { return true }
        let sure = words.filter { $0.confidence >= 0.6 }.count
        return Double(sure) / Double(words.count) < 0.6
    }

    private func orientationDetector() -> OrientationDetector? {
        if let o = osd { return o }
        osd = try? OrientationDetector()
        return osd
    }

    /// Quality-dependent cleanup before OCR: background normalization (leptonica) evens out uneven lighting —
    /// `accurate` always, `balanced` when the page is unevenly lit (a shadow across a phone photo), `fast` never.
    /// Clean scans go to Tesseract as they are: its own binarization is as good there, and faster.
    private func preprocess(_ image: GrayImage) -> GrayImage {
        switch configuration.quality {
        case .fast: return image
        case .balanced: guard Illumination.needsNormalization(image) else { return image }
        case .accurate: break
        }
        guard let pix = LeptonicaImage.from(image), let normalized = pix.backgroundNormalized(), let gray = normalized.grayImage()
        else { return image }
        return gray
    }

    private func tesseractEngine() throws(DataScanError) -> TesseractEngine {
        if let t = tesseract { return t }
        let t = try TesseractEngine(languages: configuration.tesseractLanguages)
        tesseract = t
        return t
    }

    private func barcodeRecognizer() throws(DataScanError) -> BarcodeRecognizer {
        if let b = barcodes { return b }
        do {
            let b = try BarcodeRecognizer(symbologies: configuration.types.symbologies ?? [], quality: configuration.quality)
            barcodes = b
            return b
        } catch let e as DataScanError {
            throw e
        } catch {
            throw DataScanError(.environment, "barcode decoders cannot start: \(error)")
        }
    }

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}
