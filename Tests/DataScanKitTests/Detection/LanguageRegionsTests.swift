import Testing

@testable import DataScanKit

@Suite struct LanguageRegionsTests {
    @Test(arguments: [
        ("en", "US"), ("de", "DE"), ("en-GB", "GB"), ("pt_BR", "BR"), ("zh-Hans", "CN"), ("zh-Hant", "TW"),
        ("chi_tra", "TW"), ("chi_sim", "CN"), ("jpn", "JP"), ("ko", "KR"), ("FR", "FR"),
    ])
    func regionOfLanguage(_ tag: String, _ region: String) {
        #expect(LanguageRegions.region(forLanguage: tag) == region)
    }

    @Test func unknownLanguageHasNoRegion() {
        #expect(LanguageRegions.region(forLanguage: "xx") == nil)
        #expect(LanguageRegions.region(forLanguage: "") == nil)
    }

    @Test func contextRegionComesFirstWithoutRepeats() {
        #expect(DetectionContext(region: "us", languages: ["en", "de", "de-AT", "ja"]).regions == ["US", "DE", "AT", "JP"])
        #expect(DetectionContext(region: "", languages: ["fr"]).regions == ["FR"])
    }
}
