import Testing
@testable import DataScanKit

@Suite struct URLDetectorTests {
    static let positives: [DetectionCase] = [
        .init("Visit https://www.example.com/receipt?id=42", ["https://www.example.com/receipt?id=42"]),
        .init("http://example.com", ["http://example.com"]),
        .init("HTTPS://EXAMPLE.COM/Path", ["https://example.com/Path"]),
        .init("www.example.com", ["https://www.example.com"]),
        .init("WWW.EXAMPLE.COM", ["https://www.example.com"]),
        .init("shop.example.de/a?b=1", ["https://shop.example.de/a?b=1"]),
        .init("Mehr unter rewe.de", ["https://rewe.de"], region: "DE", languages: ["de"]),
        .init("See www.x.com.", ["https://www.x.com"]),
        .init("(www.example.org)", ["https://www.example.org"]),
        .init("Feedback: survey.walmart.com/abc, thanks", ["https://survey.walmart.com/abc"]),
        .init("https://en.wikipedia.org/wiki/Receipt_(document)", ["https://en.wikipedia.org/wiki/Receipt_(document)"]),
        .init("(see https://example.com/a)", ["https://example.com/a"]),
        .init("Web:www.carrefour.fr", ["https://www.carrefour.fr"], region: "FR", languages: ["fr"]),
        .init("https://example.com:8443/x", ["https://example.com:8443/x"]),
        .init("http://192.168.1.10/status", ["http://192.168.1.10/status"]),
        .init("www.muji.co.jp でご確認ください", ["https://www.muji.co.jp"], region: "JP", languages: ["ja"]),
        .init("詳しくはwww.example.jpへ", ["https://www.example.jp"], region: "JP", languages: ["ja"]),
        .init("two: a.example.com and b.example.net", ["https://a.example.com", "https://b.example.net"]),
        .init("ftp://files.example.com/pub", ["ftp://files.example.com/pub"]),
        .init("example.shop/deals", ["https://example.shop/deals"]),
        .init("medium.com/@author/post", ["https://medium.com/@author/post"]),
        .init("https://example.com/a#frag!", ["https://example.com/a#frag"]),
        .init("\"www.quoted.com\"", ["https://www.quoted.com"]),
        .init("https://example.com/very/long/\npath/page.html", ["https://example.com/very/long/path/page.html"]),
        .init("www.Example.COM/Promo", ["https://www.example.com/Promo"]),
        .init("amazon.co.uk;", ["https://amazon.co.uk"], region: "GB"),
    ]

    static let negatives: [DetectionCase] = [
        .init("info@example.com", []),
        .init("Mail: service@shop.de", [], region: "DE", languages: ["de"]),
        .init("TOTAL 12.50", []),
        .init("Version 1.2.3", []),
        .init("e.g. this", []),
        .init("file.txt", []),
        .init("Vielen Dank.Bis bald", [], region: "DE", languages: ["de"]),
        .init("No.5 Item", []),
        .init("12.03.2024", [], region: "DE"),
        .init("javascript://example.com", []),
        .init("Thanks.See you", []),
        .init("example.invalidtld", []),
        .init("http://nodot", []),
        .init("-.com", []),
    ]

    @Test(arguments: positives) func findsURLs(_ row: DetectionCase) { check(URLDetector(), row) }
    @Test(arguments: negatives) func leavesOtherTextAlone(_ row: DetectionCase) { check(URLDetector(), row) }

    @Test func urlBrokenAcrossLinesKeepsTheLineBreakInItsValue() {
        let text = "https://example.com/very/long/\npath/page.html"
        let found = URLDetector().detect(in: text, context: DetectionContext(region: "US", languages: ["en"]))
        #expect(found.map(\.value) == [text])
        #expect(found.map(\.range) == [0..<text.utf8.count])
    }

    @Test func urlFollowedByOrdinaryWordOnNextLineStopsAtTheLineEnd() {
        let found = URLDetector().detect(in: "www.shop.com/\nThank you", context: DetectionContext(region: "US", languages: ["en"]))
        #expect(found.map(\.normalized) == ["https://www.shop.com/"])
    }

    @Test func topLevelDomainListIsComplete() {
        #expect(TopLevelDomains.all.count > 1000)
        for tld in ["com", "de", "jp", "shop", "co", "uk", "рф", "中国"] { #expect(TopLevelDomains.contains(tld)) }
        for notTLD in ["txt", "jpg", "invalidtld", ""] { #expect(!TopLevelDomains.contains(notTLD)) }
    }
}
