import Testing

@testable import DataScanDetection
@testable import DataScanModel

@Suite struct URLDetectorTests {
    static let positives: [DetectionCase] = [
        // A host's first pieces set apart by the OCR after `www.` (PP-OCR on a Japanese page): the whole URL, never
        // its tail; words before an address are no such pieces.
        .init("www.solei l-bel levue.jp/de/kontakt", ["http://www.soleil-bellevue.jp/de/kontakt"]),
        .init("The www.example page and shop.example.com", ["http://shop.example.com"]),
        // Three pieces after a scheme, `www`'s point read as a comma; a scheme set apart from its host.
        .init(
            "URL https://www, bel levue-fuj iyama.com/support/returns", ["https://www.bellevue-fujiyama.com/support/returns"],
            region: "JP", languages: ["ja"]),
        .init("See https:// example.com", ["https://example.com"]),
        .init("Visit https://www.example.com/receipt?id=42", ["https://www.example.com/receipt?id=42"]),
        .init("http://example.com", ["http://example.com"]),
        .init("HTTPS://EXAMPLE.COM/Path", ["https://example.com/Path"]),
        .init("www.example.com", ["http://www.example.com"]),
        .init("wWww.boulangerie-dupont.fr", ["http://www.boulangerie-dupont.fr"]),
        .init("WWW.EXAMPLE.COM", ["http://www.example.com"]),
        .init("shop.example.de/a?b=1", ["http://shop.example.de/a?b=1"]),
        .init("Mehr unter rewe.de", ["http://rewe.de"], region: "DE", languages: ["de"]),
        .init("See www.x.com.", ["http://www.x.com"]),
        .init("(www.example.org)", ["http://www.example.org"]),
        .init("Feedback: survey.walmart.com/abc, thanks", ["http://survey.walmart.com/abc"]),
        .init("https://en.wikipedia.org/wiki/Receipt_(document)", ["https://en.wikipedia.org/wiki/Receipt_(document)"]),
        .init("(see https://example.com/a)", ["https://example.com/a"]),
        .init("Web:www.carrefour.fr", ["http://www.carrefour.fr"], region: "FR", languages: ["fr"]),
        .init("https://example.com:8443/x", ["https://example.com:8443/x"]),
        .init("http://192.168.1.10/status", ["http://192.168.1.10/status"]),
        .init("www.muji.co.jp でご確認ください", ["http://www.muji.co.jp"], region: "JP", languages: ["ja"]),
        .init("詳しくはwww.example.jpへ", ["http://www.example.jp"], region: "JP", languages: ["ja"]),
        .init("two: a.example.com and b.example.net", ["http://a.example.com", "http://b.example.net"]),
        .init("ftp://files.example.com/pub", ["ftp://files.example.com/pub"]),
        .init("example.shop/deals", ["http://example.shop/deals"]),
        .init("medium.com/@author/post", ["http://medium.com/@author/post"]),
        .init("https://example.com/a#frag!", ["https://example.com/a#frag"]),
        .init("\"www.quoted.com\"", ["http://www.quoted.com"]),
        .init("https://example.com/very/long/\npath/page.html", ["https://example.com/very/long/path/page.html"]),
        .init("www.Example.COM/Promo", ["http://www.example.com/Promo"]),
        // OCR put spaces after `.` or `:`: joined with a scheme or `www.` as evidence and a real TLD at the end.
        .init("www. example. com/bLuebean", ["http://www.example.com/bLuebean"]),
        .init("https: //example.org/rx", ["https://example.org/rx"]),
        .init("Www. beispiel-markt.de", ["http://www.beispiel-markt.de"], region: "DE", languages: ["de"]),
        .init("HTTPS:// Example.ORG/Rx", ["https://example.org/Rx"]),
        .init("http:/ /shop. example. fr/promo", ["http://shop.example.fr/promo"], region: "FR", languages: ["fr"]),
        .init("www. shop. de", ["http://www.shop.de"], region: "DE", languages: ["de"]),
        .init("Visit www.example.com. Store hours 9-5", ["http://www.example.com"]),
        .init("www. example.com. Next", ["http://www.example.com"]),
        .init("Infos: www.beispiel.de/angebote?x=1&y=2", ["http://www.beispiel.de/angebote?x=1&y=2"], region: "DE", languages: ["de"]),
        .init("Plus d'infos sur www.exemple.fr/aide", ["http://www.exemple.fr/aide"], region: "FR", languages: ["fr"]),
        .init("Más en https://www.ejemplo.es/ayuda", ["https://www.ejemplo.es/ayuda"], region: "ES", languages: ["es"]),
        .init("詳細は https://example.co.jp/faq をご覧ください", ["https://example.co.jp/faq"], region: "JP", languages: ["ja"]),
        .init("홈페이지 www.example.co.kr", ["http://www.example.co.kr"], region: "KR", languages: ["ko"]),
        .init("Meer info: www.voorbeeld.nl", ["http://www.voorbeeld.nl"], region: "NL", languages: ["nl"]),
        .init("amazon.co.uk;", ["http://amazon.co.uk"], region: "GB"),
        // A label split by a space alone, in a URL split by an OCR (not `www.si`, Slovenia's).
        .init("URL www. si lverline. ne. jp/jp/info", ["http://www.silverline.ne.jp/jp/info"], region: "JP", languages: ["ja"]),
        // `www.` glued to the word before it.
        .init("Visitwww.sunrise.co.uk/contact", ["http://www.sunrise.co.uk/contact"], region: "GB"),
        // A query's `=` set apart by an OCR, on either side.
        .init("www.fujiyama.de/offers?id =42", ["http://www.fujiyama.de/offers?id=42"], region: "DE", languages: ["de"]),
        .init("https://kestrel.ne.jp/offers?id= 42", ["https://kestrel.ne.jp/offers?id=42"], region: "JP", languages: ["ja"]),
        // As Tesseract's Japanese model reads Latin print: `www,` for `www.`, a capitalized country code.
        .init("www, Sunrise.com/kontakt.html", ["http://www.sunrise.com/kontakt.html"], region: "JP", languages: ["ja"]),
        .init(
            "ホームページ : www, rheinblick-fabrikam.ne. Jp/shop", ["http://www.rheinblick-fabrikam.ne.jp/shop"], region: "JP",
            languages: ["ja"]),
        // The point of `www.` read as a hyphen.
        .init("Web www-soleil.net/de/kontakt", ["http://www.soleil.net/de/kontakt"]),
        // A zero for the `o` of a country's second level; a page's extension set apart after its point.
        .init("URL www.northwind-oakridge.c0.jp", ["http://www.northwind-oakridge.co.jp"], region: "JP", languages: ["ja"]),
        .init("Site : www.contoso.com/kontakt. html", ["http://www.contoso.com/kontakt.html"], region: "FR", languages: ["fr"]),
        .init("Web: www.shop.de/index. php?id=2.", ["http://www.shop.de/index.php?id=2"], region: "DE", languages: ["de"]),
        .init("See https://example.com/about. Then call us.", ["https://example.com/about"]),
        // After a web address's label, the host's head set apart by the OCR is the URL's; a word of a sentence is not.
        .init("URL solei l-fabrikam.co.jp/shop", ["http://soleil-fabrikam.co.jp/shop"], region: "JP", languages: ["ja"]),
        .init("Web: visit shop.de", ["http://shop.de"], region: "DE", languages: ["de"]),
        .init("Web URL shop.de", ["http://shop.de"], region: "DE", languages: ["de"]),
        .init("URLsakura.jp/contact", ["http://sakura.jp/contact"], region: "JP", languages: ["ja"]),
        // The rest of a path set apart by one space; not a number, a pair of words or another host after it.
        .init("www.sakura-fujiyama.org.uk/supp ort/returns", ["http://www.sakura-fujiyama.org.uk/support/returns"], region: "GB"),
        .init("ホームページ : www. fujiyama. ne. jp/ jp/info", ["http://www.fujiyama.ne.jp/jp/info"], region: "JP", languages: ["ja"]),
        .init("Visit www.shop.com/de 24/7 support", ["http://www.shop.com/de"]),
        .init("See www.shop.com/info and/or call", ["http://www.shop.com/info"]),
        .init("see www.a.com/x b.com/y", ["http://www.a.com/x", "http://b.com/y"]),
        // A path goes on through Latin letters with diacritics.
        .init(
            "Mehr: www.beispiel.de/über-uns/team?x=1, danke", ["http://www.beispiel.de/über-uns/team?x=1"], region: "DE", languages: ["de"]),
    ]

    static let negatives: [DetectionCase] = [
        .init("info@example.com", []),
        // The ASCII tail of a word with a diacritic is no host (`bäckerei.de` → `ckerei.de`).
        .init("E-Mail: kontakt@müller-bäckerei.de", [], region: "DE", languages: ["de"]),
        .init("Große Straße.de ist kein Host", [], region: "DE", languages: ["de"]),
        // …nor the ASCII head of one (`c.tr` of `c.trüb@example.org`).
        .init("Replies go to mailto:c.trüb@example.org only.", []),
        .init("Siehe Info.Büro im Anhang", [], region: "DE", languages: ["de"]),
        // An e-mail address's host after an `@` set apart is no URL.
        .init("x — :service @ co ntoso.jp", [], region: "JP", languages: ["ja"]),
        .init("info @ example.com", []),
        .init("Mail: service@shop.de", [], region: "DE", languages: ["de"]),
        .init("TOTAL 12.50", []),
        .init("Version 1.2.3", []),
        .init("Visit www. example and more. Next", []),
        .init("the www, or web", []),
        .init("See www.shop.co. It is new.", ["http://www.shop.co"], region: "US"),
        .init("See www.shop.co. Jp", ["http://www.shop.co"], region: "US"),
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
        .init("Thanks. Com", []),
        .init("end of sentence. Next", []),
        .init("Vielen Dank. De nada", [], region: "DE", languages: ["de"]),
        .init("www. Thanks", []),
        .init("https: //nodot", []),
        .init("Danke.De", [], region: "DE", languages: ["de"]),
        .init("www.\nexample.com", ["http://example.com"]),
    ]

    @Test(arguments: positives) func findsURLs(_ row: DetectionCase) { check(URLDetector(), row) }
    @Test(arguments: negatives) func leavesOtherTextAlone(_ row: DetectionCase) { check(URLDetector(), row) }

    @Test func urlBrokenAcrossLinesKeepsTheLineBreakInItsValue() {
        let text = "https://example.com/very/long/\npath/page.html"
        let found = URLDetector().detect(in: text, context: DetectionContext(region: "US", languages: ["en"]))
        #expect(found.map(\.value) == [text])
        #expect(found.map(\.range) == [0..<text.utf8.count])
    }

    @Test func urlSplitByOCRKeepsThePrintedSpacesInItsValue() {
        let text = "Web www. example. com/bLuebean thanks"
        let found = URLDetector().detect(in: text, context: DetectionContext(region: "US", languages: ["en"]))
        #expect(found.map(\.value) == ["www. example. com/bLuebean"])
        #expect(found.map(\.range) == [4..<30])
    }

    @Test func urlFollowedByOrdinaryWordOnNextLineStopsAtTheLineEnd() {
        let found = URLDetector().detect(in: "www.shop.com/\nThank you", context: DetectionContext(region: "US", languages: ["en"]))
        #expect(found.map(\.normalized) == ["http://www.shop.com/"])
    }

    @Test func topLevelDomainListIsComplete() {
        #expect(TopLevelDomains.all.count > 1000)
        for tld in ["com", "de", "jp", "shop", "co", "uk", "рф", "中国"] { #expect(TopLevelDomains.contains(tld)) }
        for notTLD in ["txt", "jpg", "invalidtld", ""] { #expect(!TopLevelDomains.contains(notTLD)) }
    }
}
