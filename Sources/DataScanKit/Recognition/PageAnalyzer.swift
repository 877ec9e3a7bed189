import Foundation

/// What analysis found on one page.
public struct ImageAnalysis: Sendable, Codable {
    public var width: Int
    public var height: Int
    public var source: PageSource
    /// Recognized text lines (OCR or text layer), in reading order.
    public var lines: [RecognizedLine]
    /// Items in reading order, with stable ids.
    public var items: [RecognizedItem]
    /// Seconds per stage: `load`, `ocr`, `barcodes`, `detect`.
    public var timings: [String: Double]

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
            if now > deadline { throw DataScanError(.timeout, "timeout after \(Int(c.pageTimeout)) s (in \(stage))") }
        }

        onStage("load")
        let page = try loader.load(
            request, needText: c.types.needsText, needRaster: c.types.needsBarcodes, quality: c.quality,
            maxMegapixels: c.maxMegapixels)
        try lap("load")

        var lines: [RecognizedLine] = []
        var source: PageSource = .image
        if c.types.needsText {
            if let layer = page.textLayer {
                lines = layer
                source = .textLayer
            } else if let raster = page.raster {
                onStage("ocr")
                let engine = try tesseractEngine()
                let remaining = Self.seconds(deadline - ContinuousClock.now)
                lines = try engine.recognize(
                    preprocess(raster), resolution: page.resolution, timeout: max(0.001, remaining),
                    cancellation: cancellation)
                source = .ocr
                try lap("ocr")
            }
        }

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
            documentKey: request.documentKey, page: request.index + 1)
        try lap("detect")
        return ImageAnalysis(width: page.width, height: page.height, source: source, lines: lines, items: items, timings: timings)
    }

    /// Quality-dependent cleanup before OCR. `accurate` evens out uneven lighting (phone photos);
    /// the others leave binarization to Tesseract, which is as good on clean scans and faster.
    private func preprocess(_ image: GrayImage) -> GrayImage {
        guard configuration.quality == .accurate,
            let pix = LeptonicaImage.from(image), let normalized = pix.backgroundNormalized(),
            let gray = normalized.grayImage()
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
