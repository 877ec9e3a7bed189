import Testing

@testable import DataScanDetection
@testable import DataScanInput
@testable import DataScanModel
@testable import DataScanRecognition

/// The Tesseract models a scan's languages load, judged by what they read.
@Suite struct LanguageModelsTests {
    private func text(of page: GrayImage, _ languages: [String]) throws -> String {
        try TesseractRecognizer(languages: languages, quality: .balanced)
            .recognize(page, resolution: 300, deadline: .now + .seconds(60), pageTimeout: 60, cancellation: nil)
            .lines.map(\.text).joined(separator: "\n")
    }

    /// The foot of a drawn Greek receipt: Greek's model alone reads its total `91,49 €` without its comma; with
    /// English's beside it, as printed. A scan with `--languages el` loads both; with another language given too, the
    /// languages as given.
    @Test func aGreekReceiptsDigitsAreReadWithEnglishsModelBesideGreeks() throws {
        var c = ScanConfiguration()
        c.languages = [Language("el")!]
        #expect(c.tesseractLanguages == ["ell", "eng"])
        let page = try GrayImage.load(path: Fixtures.path("greek-receipt-foot.jpg"))
        #expect(try !text(of: page, ["ell"]).contains("91,49"))
        let both = try text(of: page, c.tesseractLanguages)
        let found = DataDetector(types: [.currency], context: c.detectionContext).detect(in: both)
        #expect(found.first { $0.label == .total }?.normalized == "91.49 EUR", "\(both)")

        c.languages = [Language("el")!, Language("de")!]
        #expect(c.tesseractLanguages == ["ell", "deu"])
        c.languages = [Language("de")!]
        #expect(c.tesseractLanguages == ["deu"])
    }
}
