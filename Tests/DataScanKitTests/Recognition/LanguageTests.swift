import Testing

@testable import DataScanModel
@testable import DataScanRecognition

@Suite struct LanguageTests {
    @Test(arguments: [
        ("en", "en", "eng", "US"), ("eng", "en", "eng", "US"), ("de", "de", "deu", "DE"), ("de-CH", "de-CH", "deu", "CH"),
        ("zh-Hans", "zh-Hans", "chi_sim", "CN"), ("zh-Hant", "zh-Hant", "chi_tra", "TW"), ("zh-TW", "zh-Hant", "chi_tra", "TW"),
        ("chi_sim", "zh-Hans", "chi_sim", "CN"), ("ja", "ja", "jpn", "JP"), ("ko", "ko", "kor", "KR"), ("pt", "pt", "por", "BR"),
        ("en-GB", "en-GB", "eng", "GB"), ("FR", "fr", "fra", "FR"),
    ])
    func resolvesHints(hint: String, bcp47: String, tesseract: String, region: String) throws {
        let l = try #require(Language(hint))
        #expect(l.bcp47 == bcp47)
        #expect(l.tesseract == tesseract)
        #expect(l.region == region)
    }

    @Test func unknownHintIsRejected() {
        #expect(Language("klingon") == nil)
        #expect(Language("") == nil)
        #expect(Language("zz")?.tesseract == nil)
    }

    @Test func debianPackageName() {
        #expect(Language("zh-Hans")?.debianPackage == "tesseract-ocr-chi-sim")
    }
}
