import Testing

@testable import DataScanDetection
@testable import DataScanModel

/// The region a language hint stands for comes from CLDR's likely subtags (Foundation's `Locale.Language`).
@Suite struct LanguageRegionsTests {
    @Test(arguments: [
        ("en", "US"), ("de", "DE"), ("en-GB", "GB"), ("pt_BR", "BR"), ("zh-Hans", "CN"), ("zh-Hant", "TW"),
        ("chi_tra", "TW"), ("chi_sim", "CN"), ("jpn", "JP"), ("ko", "KR"), ("FR", "FR"), ("pt", "BR"), ("pt-PT", "PT"),
        ("ms", "MY"), ("nb", "NO"), ("sv", "SE"), ("de-CH", "CH"), ("sr", "RS"), ("sr-Latn", "RS"), ("srp_latn", "RS"),
        ("fil", "PH"), ("ka", "GE"),
    ])
    func regionOfLanguage(_ tag: String, _ region: String) {
        #expect(Language(tag)?.region == region)
    }

    /// Every language Debian packages a Tesseract model for is taken, with that model's name (Serbian in either script).
    @Test(arguments: [
        ("sr", "srp"), ("sr-Latn", "srp_latn"), ("srp-latn", "srp_latn"), ("mk", "mkd"), ("tl", "fil"), ("bn", "ben"), ("mi", "mri"),
        ("ga", "gle"), ("ku", "kmr"), ("yi", "yid"), ("ceb", "ceb"), ("gd", "gla"), ("fy", "fry"), ("ug", "uig"),
    ])
    func tesseractModelOfLanguage(_ tag: String, _ model: String) {
        #expect(Language(tag)?.tesseract == model)
    }

    @Test func unknownLanguageHasNoRegion() {
        #expect(Language("xx") == nil)
        #expect(Language("") == nil)
    }

    @Test func contextRegionComesFirstWithoutRepeats() {
        #expect(DetectionContext(region: "us", languages: ["en", "de", "de-AT", "ja"]).regions == ["US", "DE", "AT", "JP"])
        #expect(DetectionContext(region: "", languages: ["fr"]).regions == ["FR"])
    }
}
