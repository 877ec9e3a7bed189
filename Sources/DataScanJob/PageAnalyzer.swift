import DataScanDetection
import DataScanEngines
import DataScanInput
import DataScanModel
import DataScanOutput
import DataScanRecognition
import DataScanStore
import Foundation

/// Analyzes pages with one set of engines (Tesseract, PP-OCR, barcode decoders, an open PDF), created once and reused.
/// Not thread-safe: a worker owns one and calls it from its own thread. All calls block.
final class PageAnalyzer {
    let configuration: ScanConfiguration
    private let loader = PageLoader()
    private let assembler: ItemAssembler
    private let text: PageTextReader
    private var barcodes: BarcodeRecognizer?

    init(configuration: ScanConfiguration) {
        self.configuration = configuration
        assembler = ItemAssembler(configuration: configuration)
        text = PageTextReader(
            configuration: configuration,
            tesseract: TesseractRecognizer(languages: configuration.tesseractLanguages, quality: configuration.quality),
            ppocr: PPOCRRecognizer(intraOpThreads: Self.intraOpThreads(jobs: configuration.jobs)))
    }

    /// ONNX Runtime threads per model run: the cores left to each of the pages analyzed at once, so that pages ×
    /// threads never exceed the cores (Tesseract runs single-threaded, OMP_THREAD_LIMIT=1, for the same reason).
    static func intraOpThreads(jobs: Int, cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
        max(1, cores / max(1, jobs))
    }

    /// Analyzes one page. `onStage` is told each stage (`load`, `ocr`, `ppocr`, `barcodes`, `detect`) as it begins,
    /// so a supervisor can name the engine that was running if the process dies.
    func analyze(
        _ request: PageRequest, cancellation: CancellationFlag?, onStage: (String) -> Void = { _ in }
    ) throws(DataScanError) -> ImageAnalysis {
        guard let analysis = try analyze(request, cancellation: cancellation, textLayerOnly: false, onStage: onStage) else {
            throw DataScanError(.engineFailed, "\(request.label): not analyzed")
        }
        return analysis
    }

    /// Analyzes one page; with `textLayerOnly`, only a PDF page with a text layer that needs no rendering (no barcodes
    /// asked for, or nothing besides its text that could be one): nil for any other (nothing is rendered), which the
    /// caller then analyzes alone.
    func analyze(
        _ request: PageRequest, cancellation: CancellationFlag?, textLayerOnly: Bool, onStage: (String) -> Void = { _ in }
    ) throws(DataScanError) -> ImageAnalysis? {
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
            maxMegapixels: c.maxMegapixels, render: !textLayerOnly)
        if textLayerOnly, page.textLayer == nil || page.wantsRendering { return nil }
        PageImageFile.keep(page, for: request)  // the job folder's copy for `export --format pdf`
        try lap("load")

        var lines: [RecognizedLine] = []
        var source: PageSource = .image
        var rotation = 0
        if c.types.needsText {
            if let layer = page.textLayer {
                lines = layer.map { line in
                    var l = line
                    l.source = .textLayer
                    return l
                }
                source = .textLayer
            } else if let raster = page.raster {
                onStage(c.ocr == .ppocr ? "ppocr" : "ocr")
                let read = try text.read(
                    raster, resolution: page.resolution, deadline: deadline, pageTimeout: c.pageTimeout, cancellation: cancellation,
                    onStage: onStage)
                (lines, rotation) = (read.reading.lines, read.reading.quarterTurns)
                source = .ocr
                try lap("ocr")
                // PP-OCR's share of the stage under its own name (all of it with --ocr ppocr), and the orientation
                // check's (OSD and a turned reading, on pages that read poorly).
                /// `seconds` of the `ocr` stage timed under `stage` instead.
                func takeFromOCR(_ stage: String, _ seconds: Double) {
                    guard let total = timings["ocr"] else { return }
                    timings[stage] = min(seconds, total)
                    timings["ocr"] = max(0, total - seconds)
                }
                if let seconds = read.ppocrSeconds {
                    takeFromOCR("ppocr", seconds)
                    if c.ocr == .ppocr { timings["ocr"] = nil }
                }
                if let seconds = read.reading.orientationSeconds { takeFromOCR("orientation", seconds) }
                // The page's preparation for Tesseract under its own name too, and PP-OCR's three models as parts of
                // its stage (`ppocr.detection`…: a name with a dot is part of the stage before the dot).
                for (part, seconds) in read.reading.partSeconds {
                    if part == OCRReading.Part.preprocess {
                        takeFromOCR(part, seconds)
                    } else if read.ppocrSeconds != nil {
                        timings[part] = seconds
                    }
                }
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
