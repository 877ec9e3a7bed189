import Testing

@testable import DataScanDetection
@testable import DataScanModel

@Suite struct EmailDetectorTests {
    static let positives: [DetectionCase] = [
        .init("info@example.com", ["info@example.com"]),
        .init("Mail: Service@Shop.DE", ["service@shop.de"], region: "DE", languages: ["de"]),
        .init("contact: john.doe+receipts@mail.example.co.uk.", ["john.doe+receipts@mail.example.co.uk"]),
        .init("(billing@example.org)", ["billing@example.org"]),
        .init("Write to o'brien@example.ie now.", ["o'brien@example.ie"]),
        // The OCR's spaces after an e-mail's label (PP-OCR reading Latin text on a Japanese page), and a country's
        // label set apart after a second-level one.
        .init("E-mail hello @mizuh o-kestrel.com", ["hello@mizuho-kestrel.com"]),
        .init("E-mail su pport@ clairefontaine.com", ["support@clairefontaine.com"]),
        .init("E-mail: to info@example.com", ["info@example.com"]),
        .init("E-mail service@maple.ne. jp", ["service@maple.ne.jp"]),
        .init("Write to x@shop.co. uk today", ["x@shop.co.uk"]),
        .init("Write to sales@example.com. Jp is a code.", ["sales@example.com"]),
        .init("Reply to 'info@example.com' only.", ["info@example.com"]),
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
        // Domains and local parts with Latin letters with diacritics (see HostName; internationalized addresses,
        // RFC 6531), never the ASCII tail of such a local part (`ller@example.de`) nor another script's letters.
        .init("kontakt@müller-shop.de", ["kontakt@müller-shop.de"], region: "DE"),
        .init("MAIL: INFO@BÄCKEREI-SCHÖN.AT.", ["info@bäckerei-schön.at"], region: "AT", languages: ["de"]),
        .init("Grüße von Müller@example.de", ["müller@example.de"], region: "DE", languages: ["de"]),
        .init("Replies go to mailto:c.trüb@example.org only.", ["c.trüb@example.org"]),
        .init("Écrivez à françois.lefèvre@exemple.fr", ["françois.lefèvre@exemple.fr"], region: "FR", languages: ["fr"]),
        .init("お問い合わせはtanaka@example.jpまで", ["tanaka@example.jp"], region: "JP", languages: ["ja"]),
        // A first name set apart with its point (or a comma read for it) right after an e-mail's label, the label
        // itself split (PP-OCR on Japanese pages); elsewhere the point ends a sentence.
        .init("E-mai l anna. weber@maple.ne. jp", ["anna.weber@maple.ne.jp"], region: "JP", languages: ["ja"]),
        .init("メール : anna, weber@sakura.com", ["anna.weber@sakura.com"], region: "JP", languages: ["ja"]),
        .init("Please contact our office. info@example.com today", ["info@example.com"]),
        // A short local part after a dotted piece set apart is an address's tail: none; after a host it is whole.
        .init("x - l :an na.web er@ silverline.ne.jp", [], region: "JP", languages: ["ja"]),
        .init("www.shop.de jo@shop.de", ["jo@shop.de"], region: "DE", languages: ["de"]),
        .init("info@例え.jp", [], region: "JP", languages: ["ja"]),
        .init("info@example.com/path", ["info@example.com"]),
        .init("\"quoted@example.com\"", ["quoted@example.com"]),
        .init("hello@example.co", ["hello@example.co"]),
        .init("Fax 123 · mail@example.at", ["mail@example.at"], region: "AT", languages: ["de"]),
        .init("info@EXAMPLE.Com", ["info@example.com"]),
        // OCR put a space after a dot of the domain: joined, because `@` and a real TLD say it is one address.
        .init("orders@example. net", ["orders@example.net"]),
        .init("Mail: kontakt@beispiel-markt. de", ["kontakt@beispiel-markt.de"], region: "DE", languages: ["de"]),
        .init("billing@mail. example. com", ["billing@mail.example.com"]),
        // OCR put a space beside the `@`.
        .init("info@ example.com", ["info@example.com"]),
        .init("Mail: info @example.com today", ["info@example.com"]),
        .init("SERVICE@SHOP. FR", ["service@shop.fr"], region: "FR", languages: ["fr"]),
        .init("info@example.com. Thanks", ["info@example.com"]),
        .init("correo: ventas@tienda.es", ["ventas@tienda.es"], region: "ES", languages: ["es"]),
        .init("E-mail: assistenza@negozio.it", ["assistenza@negozio.it"], region: "IT", languages: ["it"]),
        .init("klantenservice@winkel.nl", ["klantenservice@winkel.nl"], region: "NL", languages: ["nl"]),
        .init("メール：info@shop.co.jp", ["info@shop.co.jp"], region: "JP", languages: ["ja"]),
        .init("이메일 help@store.co.kr", ["help@store.co.kr"], region: "KR", languages: ["ko"]),
        .init("kundeservice@butikk.no", ["kundeservice@butikk.no"], region: "NO", languages: ["nb"]),
        .init("Contato: atendimento@loja.com.br", ["atendimento@loja.com.br"], region: "BR", languages: ["pt"]),
        .init("biuro@sklep.pl, faktury@sklep.pl", ["biuro@sklep.pl", "faktury@sklep.pl"], region: "PL", languages: ["pl"]),
        .init("no-reply@receipts.example.com", ["no-reply@receipts.example.com"]),
        // The longest join that is a host (`oakridge.ne` alone would be one, in Niger).
        .init("E-mai l tanaka@oakridge. ne. jp", ["tanaka@oakridge.ne.jp"], region: "JP", languages: ["ja"]),
        // Spaces on both sides of the `@` after an e-mail's label; an initial set apart.
        .init("Mail tanaka @ soleil-harbor.eu", ["tanaka@soleil-harbor.eu"], region: "DE", languages: ["de"]),
        .init("メール：service @ alpenglow-harbor.ne.jp", ["service@alpenglow-harbor.ne.jp"], region: "JP", languages: ["ja"]),
        .init("Email: j. martin@meridian-sakura.org", ["j.martin@meridian-sakura.org"]),
        // An `E-mail` label glued to the address.
        .init("E-mailtanaka@fabrikam-northwind.jp", ["tanaka@fabrikam-northwind.jp"], region: "JP", languages: ["ja"]),
        .init("e-mail@example.com", ["e-mail@example.com"]),
        // A label of the domain split by an OCR's space, the rest a host's tail.
        .init("x - J :anna.weber@rheinblick-harb or.co.jp", ["anna.weber@rheinblick-harbor.co.jp"], region: "JP", languages: ["ja"]),
    ]

    static let negatives: [DetectionCase] = [
        .init("see you @ home.com", []),
        .init("Ask hello @mizuh o-kestrel.com", []),
        // A glyph glued before a dot (`j」.martin`, an OCR's `j.martin`): the tail alone would be a wrong address.
        .init("メール : j」.martin@silverline.com", [], region: "JP", languages: ["ja"]),
        .init("meet x@ y tomorrow", []),
        .init("info@ Example. Thanks", []),
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
        .init("user@example. Next sentence", []),
        .init("user@shop. De", [], region: "DE", languages: ["de"]),
        .init("user@example.\nnet", []),
        .init("Preis 2 @ 1,99 €", [], region: "DE", languages: ["de"]),
        .init("@example.com", []),
        .init("Thanks. Com", []),
        .init("user@example. invalidtld", []),
        .init("12:30 @ Gate B12", []),
        .init("sales@acme or support", []),
        .init("we meet you @ home.com", []),
    ]

    @Test(arguments: positives) func findsAddresses(_ row: DetectionCase) { check(EmailDetector(), row) }
    @Test(arguments: negatives) func leavesOtherTextAlone(_ row: DetectionCase) { check(EmailDetector(), row) }
}
