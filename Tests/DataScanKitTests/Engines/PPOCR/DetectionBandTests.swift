import Testing

@testable import DataScanEngines
@testable import DataScanModel
@testable import DataScanRecognition

/// The detector reads a large page in horizontal bands (`TextDetector.bands`) and puts their probabilities together.
@Suite("detection in bands")
struct DetectionBandTests {
    @Test("a page within the budget is one band")
    func smallPageIsOneBand() {
        #expect(TextDetector.bands(width: 736, height: 800, bandPixels: 600_000) == [.init(input: 0..<800, kept: 0..<800)])
        // Over the budget, but fewer rows than two bands need: read whole.
        #expect(TextDetector.bands(width: 1_454, height: 736, bandPixels: 600_000) == [.init(input: 0..<736, kept: 0..<736)])
        #expect(TextDetector.bands(width: 736, height: 1_504, bandPixels: .max) == [.init(input: 0..<1_504, kept: 0..<1_504)])
    }

    @Test(
        "bands cover the page once, in multiples of 32, each read with its margins and within the budget",
        arguments: [(736, 1_504), (736, 1_888), (1_504, 2_016), (736, 4_000 / 32 * 32), (2_016, 1_504), (736, 640)])
    func bandsCoverThePage(_ size: (Int, Int)) {
        let (width, height) = size
        let bands = TextDetector.bands(width: width, height: height, bandPixels: 600_000)
        #expect(bands.first?.kept.lowerBound == 0)
        #expect(bands.last?.kept.upperBound == height)
        for (band, next) in zip(bands, bands.dropFirst()) { #expect(band.kept.upperBound == next.kept.lowerBound) }
        let margin = TextDetector.bandMargin
        for band in bands {
            #expect(band.kept.lowerBound % 32 == 0 && band.input.lowerBound % 32 == 0 && band.input.count % 32 == 0)
            #expect(band.input == max(0, band.kept.lowerBound - margin)..<min(height, band.kept.upperBound + margin))
            if bands.count > 1 {
                if band != bands.last { #expect(band.kept.count > TextDetector.minimumBandRows / 2) }
                // Within the budget where the budget leaves the fewest rows a band may have.
                if 600_000 / width - 2 * margin >= TextDetector.minimumBandRows { #expect(band.input.count * width <= 600_000) }
            }
        }
    }

    @Test("a receipt is read in bands as it is read whole", .enabled(if: slowTestsEnabled))
    func bandedReceiptReadsAsWhole() throws {
        // 459×949 px: the detector's input is 736×1,536, three bands of 600,000 pixels.
        let image = try PPOCRFixtures.gray("receipt-002.pgm")
        var configuration = PPOCRRecognizer.datascanConfiguration()
        let input = try #require(TextDetector.inputSize(width: image.width, height: image.height))
        #expect(input == (736, 1_536))
        #expect(TextDetector.bands(width: input.0, height: input.1, bandPixels: configuration.detectionBandPixels).count == 3)
        let banded = try PPOCREngine(configuration: configuration).recognize(
            gray: image.width, height: image.height, pixels: image.pixels)
        configuration.detectionBandPixels = .max
        let whole = try PPOCREngine(configuration: configuration).recognize(
            gray: image.width, height: image.height, pixels: image.pixels)

        // The model sees a band, not the page, so a few boxes come out otherwise (`1X19.0019.00` as `1X19.00` and
        // `19.00`, `RM33.92` as `RM 33.92`): the page's text, read in order without spaces, holds nearly every line
        // of the whole reading, and no line count is far off.
        #expect(abs(banded.count - whole.count) <= 3, "\(banded.count) lines in bands, \(whole.count) whole")
        let bandedText = banded.map { $0.text.filter { !$0.isWhitespace } }.joined()
        let kept = whole.filter { bandedText.contains($0.text.filter { !$0.isWhitespace }) }
        #expect(Double(kept.count) >= 0.9 * Double(whole.count), "\(kept.count) of \(whole.count) lines found in bands")
        #expect(banded.contains { $0.text.contains("33.92") })
    }
}
