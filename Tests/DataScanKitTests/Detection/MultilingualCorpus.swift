@testable import DataScanKit

/// Hand-written documents in several languages with every item a person would mark on them, to measure the
/// detectors as a whole (per-type found/expected and false positives; see `MultilingualEvaluationTests`).
/// The texts are written like OCR output of real receipts, invoices, labels and itineraries, with the usual
/// distractors: order and invoice numbers, GTINs, quantities, percentages, ZIP codes, VAT ids.
enum MultilingualCorpus {
    struct Document: Sendable {
        var name: String
        var region: String
        var languages: [String]
        var text: String
        /// `type normalized` per expected item, in text order.
        var expected: [String]
    }

    static let documents: [Document] = [
        Document(
            name: "us-receipt", region: "US", languages: ["en"],
            text: """
                EXAMPLE MARKET
                123 Market Street
                Mountain View, CA 94041
                Tel (650) 253-0000
                03/15/2024 14:32 Store 17 Reg 3
                ORGANIC BANANAS $1.59
                WHOLE MILK 1 GAL $4.29
                EGGS 12 CT 2 @ 3.49 6.98
                SUBTOTAL $12.86
                TAX 7.25% $0.93
                TOTAL $13.79
                CASH $20.00
                CHANGE $6.21
                Order #4155550123 Auth 012345
                www.example-market.com
                help@example-market.com
                """,
            expected: [
                "address 123 Market Street, Mountain View, CA 94041", "phone +16502530000", "date 2024-03-15T14:32",
                "price 1.59 USD", "price 4.29 USD", "price 6.98", "price 12.86 USD subtotal", "price 0.93 USD tax",
                "price 13.79 USD total", "price 20.00 USD cash", "price 6.21 USD change",
                "url http://www.example-market.com", "email help@example-market.com",
            ]),
        Document(
            name: "de-receipt", region: "DE", languages: ["de"],
            text: """
                BEISPIEL MARKT GmbH
                Musterstraße 12
                10115 Berlin
                Tel. 030 12345678
                Www. beispiel-markt.de
                Datum: 15.03.2024 Kasse 2
                Bon-Nr. 4711 Bed. 05
                Vollkornbrot 3,29 €
                Kaffee Crema 500 g 12,49 €
                Butter 250 g 2,79 €
                Summe 18,57 €
                MwSt 19% 2,96 €
                Gesamtbetrag 18,57 €
                Bar 20,00 €
                Rückgeld 1,43 €
                USt-IdNr. DE123456789
                GTIN 4006381333931
                """,
            expected: [
                "address Musterstraße 12, 10115 Berlin", "phone +493012345678", "url http://www.beispiel-markt.de",
                "date 2024-03-15", "price 3.29 EUR", "price 12.49 EUR", "price 2.79 EUR", "price 18.57 EUR subtotal",
                "price 2.96 EUR tax", "price 18.57 EUR total", "price 20.00 EUR cash", "price 1.43 EUR change",
            ]),
        Document(
            name: "fr-receipt", region: "FR", languages: ["fr"],
            text: """
                CARREFOUR MARKET
                12 rue de la Paix
                75002 Paris
                Tél : 01 42 68 53 00
                Le 15/03/2024 à 14h32
                BAGUETTE 1,20 €
                FROMAGE 4,50 €
                Total HT 5,17 €
                TVA 5,5% 0,53 €
                Total TTC 5,70 €
                Espèces 10,00 €
                Rendu 4,30 €
                SIRET 123 456 789 00012
                Merci ! www.carrefour.fr
                """,
            expected: [
                "address 12 rue de la Paix, 75002 Paris", "phone +33142685300", "date 2024-03-15T14:32",
                "price 1.20 EUR", "price 4.50 EUR", "price 5.17 EUR subtotal", "price 0.53 EUR tax",
                "price 5.70 EUR total", "price 10.00 EUR cash", "price 4.30 EUR change", "url http://www.carrefour.fr",
            ]),
        Document(
            name: "jp-receipt", region: "JP", languages: ["ja"],
            text: """
                サンプルストア 丸の内店
                〒100-0005 東京都千代田区丸の内1-1
                電話 03-3224-5000
                2024年3月15日 14:05
                おにぎり ¥150
                お茶 ¥120
                小計 ¥270
                消費税 ¥21
                合計 ¥291
                お預り ¥1,000
                お釣り ¥709
                登録番号 T1234567890123
                """,
            expected: [
                "address 〒100-0005 東京都千代田区丸の内1-1", "phone +81332245000", "date 2024-03-15T14:05",
                "price 150 JPY", "price 120 JPY", "price 270 JPY subtotal", "price 21 JPY tax", "price 291 JPY total",
                "price 1000 JPY cash", "price 709 JPY change",
            ]),
        Document(
            name: "uk-invoice", region: "GB", languages: ["en"],
            text: """
                Northwind Example Studio Ltd
                10 Downing Street
                London SW1A 2AA
                Phone: +44 20 7946 0958
                Email: Billing@Example.org
                Invoice no.: INV-2024-0042
                Invoice date: 15 March 2024
                Description Qty Unit price Amount
                UX design workshop (days) 2 £850.00 £1,700.00
                Hosting, 12 months 12 £15.00 £180.00
                Subtotal £1,880.00
                VAT 20% £376.00
                Total due £2,256.00
                VAT reg. no. GB 123 4567 89
                https://www.example.org/studio
                """,
            expected: [
                "address 10 Downing Street, London SW1A 2AA", "phone +442079460958", "email billing@example.org",
                "date 2024-03-15", "price 850.00 GBP", "price 1700.00 GBP", "price 15.00 GBP", "price 180.00 GBP",
                "price 1880.00 GBP subtotal", "price 376.00 GBP tax", "price 2256.00 GBP total",
                "url https://www.example.org/studio",
            ]),
        Document(
            name: "shipping-label", region: "US", languages: ["en", "de"],
            text: """
                SHIP TO:
                742 Evergreen Terrace
                Springfield, OR 97477
                UPS GROUND
                TRACKING #: 1Z 999 AA1 01 2345 678 4
                USPS 9400 1112 0108 0805 4830 16
                FedEx tracking 7905 3531 2317
                Weight 2 lb Ref 3318810025
                Absender: Beispielweg 7, 80331 München
                DHL Express AWB 3318810025
                Tel 0171 2345678
                """,
            expected: [
                "address 742 Evergreen Terrace, Springfield, OR 97477", "tracking 1Z999AA10123456784",
                "tracking 9400111201080805483016", "tracking 790535312317", "address Beispielweg 7, 80331 München",
                "tracking 3318810025", "phone +491712345678",
            ]),
        Document(
            name: "itinerary", region: "DE", languages: ["de", "en"],
            text: """
                Ihre Reise / Your trip
                Flug LH 400 Frankfurt - New York
                Abflug 15.03.2024 10:25
                Rückflug UA 960 am 22.03.2024
                Sitzplatz 32A, Gate B22
                Buchungscode 6XK2PL
                Preis 1.234,56 EUR
                Hotline +49 69 86 799 799
                """,
            expected: [
                "flight LH400", "date 2024-03-15T10:25", "flight UA960", "date 2024-03-22", "price 1234.56 EUR",
                "phone +496986799799",
            ]),
        Document(
            name: "es-it-receipts", region: "ES", languages: ["es", "it"],
            text: """
                SUPERMERCADO EJEMPLO
                Calle Mayor, 5
                28013 Madrid
                Tel: 912 34 56 78
                Fecha: 15/03/2024
                PAN 1,20 €
                LECHE 0,95 €
                TOTAL 2,15 €
                IVA 10% 0,20 €
                Efectivo 5,00 €
                Cambio 2,85 €
                NIF B12345678
                Via Roma 1, 00184 Roma RM
                Tel. +39 06 6982 1234
                """,
            expected: [
                "address Calle Mayor, 5, 28013 Madrid", "phone +34912345678", "date 2024-03-15", "price 1.20 EUR",
                "price 0.95 EUR", "price 2.15 EUR total", "price 0.20 EUR tax", "price 5.00 EUR cash",
                "price 2.85 EUR change", "address Via Roma 1, 00184 Roma RM", "phone +390669821234",
            ]),
        Document(
            name: "nl-kr-mixed", region: "NL", languages: ["nl", "ko"],
            text: """
                Kerkstraat 1
                1017 GA Amsterdam
                Tel 020 123 4567
                Datum 15-03-2024
                Totaal € 12,50
                BTW 21% € 2,17
                klantenservice@winkel.nl
                서울 매장 전화 02-312-3456
                2024년 3월 15일
                합계 ₩12,000
                """,
            expected: [
                "address Kerkstraat 1, 1017 GA Amsterdam", "phone +31201234567", "date 2024-03-15",
                "price 12.50 EUR total", "price 2.17 EUR tax", "email klantenservice@winkel.nl",
                "phone +8223123456", "date 2024-03-15", "price 12000 KRW total",
            ]),
    ]
}
