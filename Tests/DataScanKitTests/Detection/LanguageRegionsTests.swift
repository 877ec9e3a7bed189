import Testing

@testable import DataScanDetection
@testable import DataScanModel

/// The region a language hint stands for comes from CLDR's likely subtags (Foundation's `Locale.Language`).
@Suite struct LanguageRegionsTests {
    @Test(arguments: [
        ("en", "US"), ("de", "DE"), ("en-GB", "GB"), ("pt_BR", "BR"), ("zh-Hans", "CN"), ("zh-Hant", "TW"),
        ("chi_tra", "TW"), ("chi_sim", "CN"), ("jpn", "JP"), ("ko", "KR"), ("FR", "FR"), ("pt", "BR"), ("pt-PT", "PT"),
        ("ms", "MY"), ("nb", "NO"), ("sv", "SE"), ("de-CH", "CH"),
    ])
    func regionOfLanguage(_ tag: String, _ region: String) {
        #expect(Language(tag)?.region == region)
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
