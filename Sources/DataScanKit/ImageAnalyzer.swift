import DataScanDetection
import DataScanEngines
import DataScanInput
import DataScanJob
import DataScanModel
import DataScanOutput
import DataScanRecognition
import DataScanStore
import Foundation
import Synchronization

/// Analyzes single images and PDF pages — VisionKit's `ImageAnalyzer`, for files on a server.
/// Engines (Tesseract, the barcode decoders) are created on first use for each configuration and reused;
/// up to `maximumConcurrentAnalyses` pages run at once on dedicated threads. Safe to call from many tasks.
///
/// ```swift
/// let analyzer = ImageAnalyzer()
/// let config = ScanConfiguration(recognizedDataTypes: [.text(textContentType: .telephoneNumber), .barcode(symbologies: [.qr])])
/// let analysis = try await analyzer.analyze(imageAt: URL(fileURLWithPath: "receipt.jpg"), configuration: config)
/// for item in analysis.items { print(item.type, item.normalized, item.bounds.topLeft) }
/// ```
public final class ImageAnalyzer: Sendable {
    /// The settings of an analysis (what to find, languages, region, quality, ROI, single item).
    public typealias Configuration = ScanConfiguration

    /// Pages analyzed at once, per configuration.
    public let maximumConcurrentAnalyses: Int
    private let pools = Mutex<[ScanConfiguration: ThreadPagePool]>([:])

    /// - Parameter maximumConcurrentAnalyses: default: the number of CPU cores.
    public init(maximumConcurrentAnalyses: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.maximumConcurrentAnalyses = max(1, maximumConcurrentAnalyses)
    }

    /// Analyzes page `page` (1-based) of an image or PDF file.
    /// Throws `DataScanError` (`.unreadable`, `.corrupt`, `.encrypted`, `.tooLarge`, `.timeout`, `.missingLanguage`…).
    public func analyze(imageAt url: URL, page: Int = 1, configuration: Configuration) async throws(DataScanError) -> ImageAnalysis {
        let path = RawPath(url.relativePath)
        guard page >= 1 else { throw DataScanError(.usage, "page numbers start at 1") }
        let head = try path.readHead()
        guard let format = DocumentFormat.sniff(head[...]) else {
            throw DataScanError(.corrupt, "\(path.display): unsupported file type (\(DocumentFormat.describeUnsupported(head[...])))")
        }
        if configuration.types.needsText { try DataScanEnvironment.requireLanguages(configuration.languages) }
        _ = try DataScanEnvironment.checkOCR(configuration)
        // Item ids are derived from the content's hash, as in a job.
        let key = try SHA256.hex(ofFileAt: path)
        let request = PageRequest(path: path, displayPath: path.display, format: format, index: page - 1, documentKey: key)
        do {
            return try await pool(for: configuration).analyze(request).analysis
        } catch {
            throw DataScanError(error.code, "\(request.label): \(error.message)")
        }
    }

    /// The number of pages of an image or PDF file (a TIFF's pages, a PDF's pages, 1 for other images).
    public func pageCount(ofFileAt url: URL) throws(DataScanError) -> Int {
        let path = RawPath(url.relativePath)
        let head = try path.readHead()
        guard let format = DocumentFormat.sniff(head[...]) else {
            throw DataScanError(.corrupt, "\(path.display): unsupported file type (\(DocumentFormat.describeUnsupported(head[...])))")
        }
        return try PageLoader.pageCount(path: path, format: format)
    }

    private func pool(for configuration: Configuration) -> ThreadPagePool {
        pools.withLock { pools in
            if let p = pools[configuration] { return p }
            let p = ThreadPagePool(count: maximumConcurrentAnalyses, configuration: configuration)
            pools[configuration] = p
            return p
        }
    }

    /// The installed text-recognition languages (VisionKit's `supportedTextRecognitionLanguages`).
    public static var supportedTextRecognitionLanguages: [Language] { DataScanEnvironment.supportedTextRecognitionLanguages }

    /// Whether the engines' libraries are present and load (true whenever this code runs: they are linked).
    public static var isSupported: Bool { !TesseractEngine.version.isEmpty && !PDFDocument.version.isEmpty }

    /// Whether analysis can run now: OCR data is installed and every engine passes its self-test.
    public static var isAvailable: Bool { DataScanEnvironment.selfTest().allSatisfy(\.ok) }
}

extension ScanConfiguration {
    /// A configuration in the terms of VisionKit's `DataScannerViewController` initializer.
    ///
    /// ```swift
    /// let config = ScanConfiguration(recognizedDataTypes: [.text(languages: ["de"], textContentType: .currency)],
    ///                                qualityLevel: .accurate, recognizesMultipleItems: false)
    /// ```
    public init(
        recognizedDataTypes: [RecognizedDataType], qualityLevel: QualityLevel = .balanced, recognizesMultipleItems: Bool = true,
        regionOfInterest: Rect? = nil, region: String? = nil
    ) {
        self.init()
        types = ItemTypeSelection(recognizedDataTypes)
        var hints: [String] = []
        for case .text(let languages, _) in recognizedDataTypes { hints += languages }
        let resolved = hints.compactMap(Language.init)
        if !resolved.isEmpty {
            var seen = Set<String>()
            languages = resolved.filter { seen.insert($0.bcp47).inserted }
        }
        quality = qualityLevel
        single = !recognizesMultipleItems
        self.regionOfInterest = regionOfInterest
        self.region = region
    }

    /// VisionKit's name for the opposite of `single`.
    public var recognizesMultipleItems: Bool {
        get { !single }
        set { single = !newValue }
    }
}
