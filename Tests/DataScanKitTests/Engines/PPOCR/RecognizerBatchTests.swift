import Testing

@testable import DataScanEngines

/// Recognizer batches: six lines at most, fewer when they are wide (`TextRecognizer.batches`).
@Suite("recognizer batches")
struct RecognizerBatchTests {
    static func crops(_ widths: [Int], height: Int = 48) -> [GrayRaster] {
        widths.map { GrayRaster(width: $0, height: height, filledWith: 255) }
    }

    @Test("without a limit: sixes by aspect ratio, as wide as the widest, at least the narrowest width")
    func rapidocrBatches() {
        let batches = TextRecognizer.batches(
            Self.crops([500, 40, 300, 60, 1_300, 80, 200, 100]), minimumWidth: 96, maximumColumns: .max)
        #expect(batches.map(\.crops) == [[1, 3, 5, 7, 6, 2], [0, 4]])
        #expect(batches.map(\.width) == [300, 1_300])
        #expect(TextRecognizer.batches(Self.crops([40, 50]), minimumWidth: 320, maximumColumns: .max).map(\.width) == [320])
    }

    @Test("a column limit takes fewer wide lines a batch, and a line wider than the limit alone")
    func columnLimit() {
        let batches = TextRecognizer.batches(
            Self.crops([500, 40, 300, 60, 1_300, 80, 200, 100, 2_000]), minimumWidth: 96, maximumColumns: 1_440)
        #expect(batches.map(\.crops) == [[1, 3, 5, 7, 6], [2, 0], [4], [8]])
        #expect(batches.map(\.width) == [200, 500, 1_300, 2_000])
        for batch in batches where batch.crops.count > 1 { #expect(batch.crops.count * batch.width <= 1_440) }
    }
}
