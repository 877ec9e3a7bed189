@testable import DataScanDetection
@testable import DataScanModel

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
                "address 123 Market Street, Mountain View, CA 94041", "phone +16502530000", "date 2024-03-15T14:32 transaction",
                "price 1.59 USD", "price 4.29 USD", "price 3.49 USD", "price 6.98 USD", "price 12.86 USD subtotal", "price 0.93 USD tax",
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
                "date 2024-03-15 transaction", "price 3.29 EUR", "price 12.49 EUR", "price 2.79 EUR", "price 18.57 EUR subtotal",
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
                "address 12 rue de la Paix, 75002 Paris", "phone +33142685300", "date 2024-03-15T14:32 transaction",
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
                "address 〒100-0005 東京都千代田区丸の内1-1", "phone +81332245000", "date 2024-03-15T14:05 transaction",
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
                "date 2024-03-15 transaction", "price 850.00 GBP", "price 1700.00 GBP", "price 15.00 GBP", "price 180.00 GBP",
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
                "address Calle Mayor, 5, 28013 Madrid", "phone +34912345678", "date 2024-03-15 transaction", "price 1.20 EUR",
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
                "address Kerkstraat 1, 1017 GA Amsterdam", "phone +31201234567", "date 2024-03-15 transaction",
                "price 12.50 EUR total", "price 2.17 EUR tax", "email klantenservice@winkel.nl",
                "phone +8223123456", "date 2024-03-15", "price 12000 KRW total",
            ]),
        // Written after the detectors were tuned on the documents above, and first run unseen: 61 of 63
        // items found, 2 false positives (see the branch notes); then the two general causes were fixed.
        Document(
            name: "us-target-receipt", region: "US", languages: ["en"],
            text: """
                TARGET STORE T-1234
                4501 El Camino Real
                Palo Alto, CA 94306
                (650) 555-0144
                02/28/2024 09:12 AM
                GROCERY 2 @ $2.50 $5.00
                DETERGENT $11.99
                SUBTOTAL $16.99
                SALES TAX 9.125% $1.09
                TOTAL $18.08
                VISA CHARGE $18.08
                REF# 004512 APPROVAL 01234Z
                Survey at www.target.com/survey
                """,
            expected: [
                "address 4501 El Camino Real, Palo Alto, CA 94306",
                "phone +16505550144",
                "date 2024-02-28T09:12 transaction",
                "price 2.50 USD",
                "price 5.00 USD",
                "price 11.99 USD",
                "price 16.99 USD subtotal",
                "price 1.09 USD tax",
                "price 18.08 USD total",
                "price 18.08 USD",
                "url http://www.target.com/survey",
            ]),
        Document(
            name: "de-bakery-invoice", region: "DE", languages: ["de"],
            text: """
                Bäckerei Beispiel
                Lindenstraße 45
                50674 Köln
                Telefon 0221 9876543
                Rechnung Nr. 2024-0815
                Datum 29.02.2024 07:45
                2x Brötchen 0,80 €
                Kaffee 2,40 €
                Zwischensumme 3,20 €
                enth. MwSt 7% 0,21 €
                Gesamt 3,20 €
                EC-Karte 3,20 €
                info@baeckerei-beispiel.de
                """,
            expected: [
                "address Lindenstraße 45, 50674 Köln",
                "phone +492219876543",
                "date 2024-02-29T07:45 transaction",
                "price 0.80 EUR",
                "price 2.40 EUR",
                "price 3.20 EUR subtotal",
                "price 0.21 EUR tax",
                "price 3.20 EUR total",
                "price 3.20 EUR",
                "email info@baeckerei-beispiel.de",
            ]),
        Document(
            name: "fr-bookshop-invoice", region: "FR", languages: ["fr"],
            text: """
                Librairie Exemple
                27 avenue des Champs-Élysées
                75008 Paris
                Tél. 01 53 75 00 00
                Facture n° F-2024-118 du 05/04/2024
                Livre 19,90 €
                Carte 3,50 €
                Total TTC 23,40 €
                dont TVA 5,5% 1,22 €
                contact@librairie-exemple.fr
                """,
            expected: [
                "address 27 avenue des Champs-Élysées, 75008 Paris",
                "phone +33153750000",
                "date 2024-04-05 transaction",
                "price 19.90 EUR",
                "price 3.50 EUR",
                "price 23.40 EUR total",
                "price 1.22 EUR tax",
                "email contact@librairie-exemple.fr",
            ]),
        Document(
            name: "jp-convenience-receipt", region: "JP", languages: ["ja"],
            text: """
                ファミリーマート 梅田店
                〒530-0001
                大阪府大阪市北区梅田3-1-3
                TEL 06-6345-1234
                2024年4月1日(月) 18:20
                弁当 ¥598
                お茶 ¥140
                合計 ¥738
                (内消費税 ¥54)
                お預り ¥1,000
                お釣り ¥262
                """,
            expected: [
                "address 〒530-0001, 大阪府大阪市北区梅田3-1-3",
                "phone +81663451234",
                "date 2024-04-01T18:20 transaction",
                "price 598 JPY",
                "price 140 JPY",
                "price 738 JPY total",
                "price 54 JPY tax",
                "price 1000 JPY cash",
                "price 262 JPY change",
            ]),
        Document(
            name: "uk-shipping-mail", region: "GB", languages: ["en"],
            text: """
                Your order has shipped
                Royal Mail tracking: see below
                DHL Express AWB 8487135506
                Deliver to: 25 Oxford Road
                Manchester M1 5QA
                Flight BA 117 departs 12 April 2024
                Questions? support@example.co.uk or 0161 496 0000
                """,
            expected: [
                "tracking 8487135506",
                "address 25 Oxford Road, Manchester M1 5QA",
                "flight BA117",
                "date 2024-04-12",
                "email support@example.co.uk",
                "phone +441614960000",
            ]),
        Document(
            name: "us-boarding-and-parcels", region: "US", languages: ["en"],
            text: """
                Boarding Pass
                Passenger: DOE/JANE
                Flight UA 857 SFO-PVG
                Date 14MAR
                Gate G98 Seat 34C
                Operated by United
                Confirmation ABC123
                FedEx shipment 986578788855 arriving 3/20/2024
                USPS 9505 5110 6960 5048 6006 24
                """,
            expected: [
                "flight UA857",
                "tracking 986578788855",
                "date 2024-03-20",
                "tracking 9505511069605048600624",
            ]),
        Document(
            name: "it-restaurant", region: "IT", languages: ["it"],
            text: """
                Ristorante Esempio
                Piazza del Duomo 1
                20122 Milano
                Tel. 02 1234 5678
                Data 15/03/2024 ore 20:30
                Coperto 2,00 €
                Pizza 9,50 €
                Totale 11,50 €
                IVA 10% 1,05 €
                P.IVA 01234567890
                """,
            expected: [
                "address Piazza del Duomo 1, 20122 Milano",
                "phone +390212345678",
                "date 2024-03-15T20:30 transaction",
                "price 2.00 EUR",
                "price 9.50 EUR",
                "price 11.50 EUR total",
                "price 1.05 EUR tax",
            ]),
        Document(
            name: "es-pharmacy", region: "ES", languages: ["es"],
            text: """
                Farmacia Ejemplo
                Avenida de América 10, 28028 Madrid
                Teléfono: 913 456 789
                12/03/2024 11:02
                Ibuprofeno 3,95 €
                Base imponible 3,59 €
                IVA 10% 0,36 €
                Total 3,95 €
                Efectivo 5,00 €
                Cambio 1,05 €
                """,
            expected: [
                "address Avenida de América 10, 28028 Madrid",
                "phone +34913456789",
                "date 2024-03-12T11:02 transaction",
                "price 3.95 EUR",
                "price 3.59 EUR subtotal",
                "price 0.36 EUR tax",
                "price 3.95 EUR total",
                "price 5.00 EUR cash",
                "price 1.05 EUR change",
            ]),
    ]
}
