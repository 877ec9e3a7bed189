@testable import DataScanModel
@testable import DataScanRecognition

/// An OCR engine that returns a fixed reading (or throws a fixed error) and counts its calls: the seam's fake,
/// for what the page pipeline does with readings (`--ocr auto`'s escalation and merge) without real pages.
final class FakeOCREngine: OCREngine {
    let source: LineSource
    var reading: OCRReading
    var error: DataScanError?
    private(set) var calls = 0
    /// Each raster it was given.
    private(set) var rasters: [GrayImage] = []
    /// The size of each raster it was given.
    var rasterSizes: [[Int]] { rasters.map { [$0.width, $0.height] } }
    /// The deadline of each call.
    private(set) var deadlines: [ContinuousClock.Instant] = []

    init(_ source: LineSource, lines: [RecognizedLine] = [], quarterTurns: Int = 0, error: DataScanError? = nil) {
        self.source = source
        reading = OCRReading(lines: lines, quarterTurns: quarterTurns)
        self.error = error
    }

    func recognize(
        _ raster: GrayImage, resolution: Int, deadline: ContinuousClock.Instant, pageTimeout: Double, cancellation: CancellationFlag?
    ) throws(DataScanError) -> OCRReading {
        calls += 1
        rasters.append(raster)
        deadlines.append(deadline)
        if let error { throw error }
        return reading
    }
}
