import DataScanDetection
import DataScanEngines
import DataScanInput
import DataScanModel
import DataScanOutput
import DataScanRecognition
import DataScanStore

/// Where pages are analyzed: on page threads in this process, or in supervised page processes.
public enum PageIsolation: Hashable, Sendable {
    /// Worker threads in this process (the library default). A timeout stops Tesseract through its deadline
    /// monitor; an engine crash ends the process. `pageMemory` does not apply: the pages share the host's address
    /// space (`maxMegapixels` and the page timeout still do); a rendering that needs unbounded memory runs until its
    /// timeout.
    case inProcess
    /// One page process per job slot, started from `executable` with the argument `__page-process` (the datascan
    /// executable). A page that crashes its worker fails alone (and is retried once); a page stuck in any stage
    /// past `--page-timeout` has its worker killed, giving its CPU back; one that needs more memory than
    /// `pageMemory` fails alone ("needs more than N MB of memory") and its worker is replaced.
    case processes(executable: String)
}

/// Analyzes pages concurrently, up to `count` at a time.
protocol PageExecutor: Sendable {
    var count: Int { get }
    func analyze(_ request: PageRequest) async throws(DataScanError) -> AnalyzedPage
    /// Stops the workers (processes are ended).
    func shutdown() async
    /// PDF pages the executor takes in one `analyzeTextLayers` call; 1: it takes pages one at a time.
    static var textLayerBatch: Int { get }
    /// Analyzes consecutive PDF pages that may have a text layer, in order; see
    /// `PageProcess.analyzeTextLayers`. Pages past the outcomes returned are to be analyzed one at a time.
    func analyzeTextLayers(_ requests: [PageRequest]) async -> [BatchOutcome]
}

extension ThreadPagePool: PageExecutor {
    func shutdown() async {}

    /// In process a page has no round trip to save.
    static var textLayerBatch: Int { 1 }

    func analyzeTextLayers(_ requests: [PageRequest]) async -> [BatchOutcome] { [] }
}

/// What became of one page of a text-layer batch.
enum BatchOutcome: Sendable {
    /// Analyzed, in `seconds` as the runner saw it.
    case analyzed(AnalyzedPage, seconds: Double)
    /// The page has no text layer: it is to be rendered and read, alone.
    case needsRaster
    case failed(DataScanError, seconds: Double)
}

/// A page's analysis as a pool hands it back: with its lines already in the store's compact form (`StoredLines`)
/// when a page process sent them that way, so the runner stores them as they are instead of decoding and
/// re-encoding thousands of words.
package struct AnalyzedPage: Sendable {
    package var analysis: ImageAnalysis
    /// The lines in `StoredLines` form; nil: encode `analysis.lines`.
    var storedLines: String? = nil
}
