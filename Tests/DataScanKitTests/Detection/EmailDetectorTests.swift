import Testing
@testable import DataScanKit

@Suite struct EmailDetectorTests {
    static let positives: [DetectionCase] = [
        .init("info@example.com", ["info@example.com"]),
        .init("Mail: Service@Shop.DE", ["service@shop.de"], region: "DE", languages: ["de"]),
        .init("contact: john.doe+receipts@mail.example.co.uk.", ["john.doe+receipts@mail.example.co.uk"]),
        .init("(billing@example.org)", ["billing@example.org"]),
        .init("E-Mail:kundenservice@rewe.de", ["kundenservice@rewe.de"], region: "DE", languages: ["de"]),
        .init("a@b.io, c_d@e-f.fr", ["a@b.io", "c_d@e-f.fr"]),
        .init("support@example.shop", ["support@example.shop"]),
        .init("お問い合わせ: support@example.jp まで", ["support@example.jp"], region: "JP", languages: ["ja"]),
        .init("mailto:info@example.com", ["info@example.com"]),
        .init("FIRST.LAST@EXAMPLE.COM", ["first.last@example.com"]),
        .init("x%y@example.net", ["x%y@example.net"]),
        .init("<team@example.dev>", ["team@example.dev"]),
        .init("user-name@sub-domain.example.com;", ["user-name@sub-domain.example.com"]),
        .init("contact\ninfo@shop.es\nGracias", ["info@shop.es"], region: "ES", languages: ["es"]),
        .init("12345@numbers.com", ["12345@numbers.com"]),
        .init("service.client@carrefour.fr", ["service.client@carrefour.fr"], region: "FR", languages: ["fr"]),
        .init("a.b.c@d.e.f.com", ["a.b.c@d.e.f.com"]),
        .init("end of sentence.info@x.de", ["sentence.info@x.de"]),
        .init(".lead@example.com", ["lead@example.com"]),
        .init("first@example.com second@example.org", ["first@example.com", "second@example.org"]),
        .init("kontakt@müller-shop.de", [], region: "DE"),  // IDN hosts are not read (see HostName)
        .init("info@example.com/path", ["info@example.com"]),
        .init("\"quoted@example.com\"", ["quoted@example.com"]),
        .init("hello@example.co", ["hello@example.co"]),
        .init("Fax 123 · mail@example.at", ["mail@example.at"], region: "AT", languages: ["de"]),
        .init("info@EXAMPLE.Com", ["info@example.com"]),
    ]

    static let negatives: [DetectionCase] = [
        .init("2 @ 1.99", []),
        .init("user@localhost", []),
        .init("user@example.invalidtld", []),
        .init("@handle", []),
        .init("name@", []),
        .init("a..b@example.com", []),
        .init("trailing.@example.com", []),
        .init("www.example.com", []),
        .init("user@-example.com", []),
        .init("user@example..com", []),
        .init("user@192.168.1.1", []),
        .init("TOTAL 12.50 @ 3", []),
    ]

    @Test(arguments: positives) func findsAddresses(_ row: DetectionCase) { check(EmailDetector(), row) }
    @Test(arguments: negatives) func leavesOtherTextAlone(_ row: DetectionCase) { check(EmailDetector(), row) }
}
