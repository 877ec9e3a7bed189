import DataScanDetection
import DataScanEngines
import DataScanInput
import DataScanModel
import DataScanOutput
import DataScanRecognition
import DataScanStore
import Foundation

/// Analyzes pages with one set of engines (Tesseract, barcode decoders, an open PDF), created once and reused.
/// Not thread-safe: a worker owns one and calls it from its own thread. All calls block.
final class PageAnalyzer {
    let configuration: ScanConfiguration
    private let loader = PageLoader()
    private let assembler: ItemAssembler
    private let text: TextRecognizer
    private var barcodes: BarcodeRecognizer?

    init(configuration: ScanConfiguration) {
        self.configuration = configuration
        assembler = ItemAssembler(configuration: configuration)
        text = TextRecognizer(languages: configuration.tesseractLanguages, quality: configuration.quality)
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
            timings[stage, default: 0] += (now - clock).seconds
            clock = now
            if cancellation?.isCancelled == true { throw DataScanError(.cancelled, "cancelled") }
            if now > deadline { throw DataScanError.timeout(after: c.pageTimeout, in: stage) }
        }

        onStage("load")
        let page = try loader.load(
            request, needText: c.types.needsText, needRaster: c.types.needsBarcodes, quality: c.quality,
            maxMegapixels: c.maxMegapixels)
        PageImageFile.keep(page, for: request)  // the job folder's copy for `export --format pdf`
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
                let read = try text.recognize(
                    raster, resolution: page.resolution, deadline: deadline, pageTimeout: c.pageTimeout, cancellation: cancellation)
                (lines, rotation) = (read.lines, read.quarterTurns)
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
            width: page.width, height: page.height, source: source, rotation: rotation * 90, lines: lines, items: items, timings: timings,
            warning: page.partial)
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
}
