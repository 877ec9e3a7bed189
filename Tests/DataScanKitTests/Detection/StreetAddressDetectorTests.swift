import Testing

@testable import DataScanDetection
@testable import DataScanModel

@Suite struct StreetAddressDetectorTests {
    static let positives: [DetectionCase] = [
        // US
        .init("1600 Amphitheatre Pkwy, Mountain View, CA 94043", ["1600 Amphitheatre Pkwy, Mountain View, CA 94043"]),
        .init("123 Market Street\nMountain View, CA 94041", ["123 Market Street, Mountain View, CA 94041"]),
        .init("8 Example Plaza, New York NY", ["8 Example Plaza, New York NY"]),
        .init("40 Example St, Chicago IL", ["40 Example St, Chicago IL"]),
        .init("455 Harbor Road, Suite 200 .\nPortland, OR 97201", ["455 Harbor Road, Suite 200, Portland, OR 97201"]),
        .init("350 Fifth Avenue\nNew York, NY 10118-0110", ["350 Fifth Avenue, New York, NY 10118-0110"]),
        .init("1 Infinite Loop, Cupertino, CA 95014", ["1 Infinite Loop, Cupertino, CA 95014"]),
        .init("Ship to: 742 Evergreen Terrace\nSpringfield, OR 97477", ["742 Evergreen Terrace, Springfield, OR 97477"]),
        .init("WALMART\n2110 W Walnut St\nRogers, AR 72756\nTel 479-273-4000", ["2110 W Walnut St, Rogers, AR 72756"]),
        .init("500 Main St Apt 4B\nBoston, MA 02108", ["500 Main St Apt 4B, Boston, MA 02108"]),
        .init("77 Massachusetts Ave #12, Cambridge, MA 02139", ["77 Massachusetts Ave #12, Cambridge, MA 02139"]),
        .init("233 S Wacker Dr\nChicago, IL 60606\nUSA", ["233 S Wacker Dr, Chicago, IL 60606, USA"]),
        .init("4501 El Camino Real\nPalo Alto, CA 94306", ["4501 El Camino Real, Palo Alto, CA 94306"]),
        .init("1 Yonge Street, Toronto, ON", ["1 Yonge Street, Toronto, ON"], region: "CA"),
        // Specks an OCR read after the street (symbols and punctuation, no letters) do not part it from its locality.
        .init("CORNER HARDWARE\n2 Example Ave ° .\nSan Francisco, CA 94103", ["2 Example Ave, San Francisco, CA 94103"]),
        .init("2 Example Ave — ·\nSan Francisco, CA 94103", ["2 Example Ave, San Francisco, CA 94103"]),
        // UK
        .init("10 Downing Street\nLondon SW1A 2AA", ["10 Downing Street, London SW1A 2AA"], region: "GB"),
        .init("221B Baker Street, London NW1 6XE", ["221B Baker Street, London NW1 6XE"], region: "GB"),
        .init("14 Example Lane\nLondon EC1A 1AA\nUnited Kingdom", ["14 Example Lane, London EC1A 1AA, United Kingdom"], region: "GB"),
        .init("25 Oxford Road\nManchester M1 5QA", ["25 Oxford Road, Manchester M1 5QA"], region: "GB"),
        .init("3 Princes Street, Edinburgh EH2 2BY", ["3 Princes Street, Edinburgh EH2 2BY"], region: "GB"),
        .init("7 Kings Close\nB33 8TH", ["7 Kings Close, B33 8TH"], region: "GB"),
        // DE, AT, CH, NL
        .init("Musterstraße 12, 10115 Berlin", ["Musterstraße 12, 10115 Berlin"], region: "DE", languages: ["de"]),
        .init("Musterstraße 12\n10115 Berlin", ["Musterstraße 12, 10115 Berlin"], region: "DE", languages: ["de"]),
        .init("Beispielweg 7\n80331 Muenchen\nGermany", ["Beispielweg 7, 80331 Muenchen, Germany"], region: "DE", languages: ["de"]),
        .init("Hauptstr. 5, 10115 Berlin", ["Hauptstr. 5, 10115 Berlin"], region: "DE", languages: ["de"]),
        .init("Karl-Marx-Allee 90a\n10243 Berlin", ["Karl-Marx-Allee 90a, 10243 Berlin"], region: "DE", languages: ["de"]),
        .init("Alte Landstraße 3-5, D-85521 Ottobrunn", ["Alte Landstraße 3-5, D-85521 Ottobrunn"], region: "DE", languages: ["de"]),
        .init("Goethestr. 1, 60313 Frankfurt am Main", ["Goethestr. 1, 60313 Frankfurt am Main"], region: "DE", languages: ["de"]),
        .init(
            "Mariahilfer Straße 1\n1060 Wien\nÖsterreich", ["Mariahilfer Straße 1, 1060 Wien, Österreich"], region: "AT", languages: ["de"]),
        .init("Bahnhofstrasse 10, 8001 Zürich", ["Bahnhofstrasse 10, 8001 Zürich"], region: "CH", languages: ["de"]),
        .init("Kerkstraat 1\n1017 GA Amsterdam", ["Kerkstraat 1, 1017 GA Amsterdam"], region: "NL", languages: ["nl"]),
        .init(
            "REWE Markt GmbH\nHauptstr. 5, 10115 Berlin\nTel.: 030 12345678", ["Hauptstr. 5, 10115 Berlin"], region: "DE", languages: ["de"]
        ),
        // FR
        .init("12 rue de la Paix, 75002 Paris", ["12 rue de la Paix, 75002 Paris"], region: "FR", languages: ["fr"]),
        .init("12 rue de la Paix\n75002 Paris", ["12 rue de la Paix, 75002 Paris"], region: "FR", languages: ["fr"]),
        .init("5, avenue Victor Hugo\n69002 Lyon", ["5, avenue Victor Hugo, 69002 Lyon"], region: "FR", languages: ["fr"]),
        .init(
            "8 boulevard Haussmann, 75009 Paris Cedex 09", ["8 boulevard Haussmann, 75009 Paris Cedex 09"], region: "FR", languages: ["fr"]),
        .init("3 place Bellecour\n69002 Lyon\nFrance", ["3 place Bellecour, 69002 Lyon, France"], region: "FR", languages: ["fr"]),
        // IT, ES, PT
        .init("Via Roma 1, 00184 Roma RM", ["Via Roma 1, 00184 Roma RM"], region: "IT", languages: ["it"]),
        .init("Calle Mayor, 5\n28013 Madrid", ["Calle Mayor, 5, 28013 Madrid"], region: "ES", languages: ["es"]),
        .init("Piazza del Duomo 1\n20122 Milano", ["Piazza del Duomo 1, 20122 Milano"], region: "IT", languages: ["it"]),
        .init("Rua Augusta 100, 1100-048 Lisboa", ["Rua Augusta 100, 1100-048 Lisboa"], region: "PT", languages: ["pt"]),
        // JP
        .init("〒100-0005 東京都千代田区丸の内1-1", ["〒100-0005 東京都千代田区丸の内1-1"], region: "JP", languages: ["ja"]),
        .init("〒150-0002 東京都渋谷区渋谷 2-1-1", ["〒150-0002 東京都渋谷区渋谷 2-1-1"], region: "JP", languages: ["ja"]),
        .init("〒530-0001\n大阪府大阪市北区梅田3-1-3", ["〒530-0001, 大阪府大阪市北区梅田3-1-3"], region: "JP", languages: ["ja"]),
        .init("〒150-0002 東京都渋谷区渋谷2-21-1 TEL 03-1234-5678", ["〒150-0002 東京都渋谷区渋谷2-21-1"], region: "JP", languages: ["ja"]),
        .init("住所: 京都府京都市下京区烏丸通七条下ル東塩小路町721-1", ["京都府京都市下京区烏丸通七条下ル東塩小路町721-1"], region: "JP", languages: ["ja"]),
    ]

    static let negatives: [DetectionCase] = [
        .init("Wood screws 100 ct $6.49", []),
        .init("Tape measure 25 ft $12.99", []),
        .init("FREE RANGE EGGS 12 CT $6.99", []),
        .init("2 Example Ave, San Francisco", []),  // no state, no postal code
        .init("10 Downing Street", [], region: "GB"),  // a street alone
        .init("Musterstraße 12", [], region: "DE", languages: ["de"]),
        .init("10115 Berlin", [], region: "DE", languages: ["de"]),
        .init("14 Example Lane Invoice no.: INV-2024-0042\nLondon EC1A 1AA Invoice date: 15 March 2024", [], region: "GB"),
        .init("TOTAL 12.50\nCASH 20.00", []),
        .init("Kaffee Crema 500 g 12,49 €", [], region: "DE", languages: ["de"]),
        .init("Datum: 15.03.2024 Kasse 2", [], region: "DE", languages: ["de"]),
        .init("5 ITEMS - THANK YOU!", []),
        .init("Store 17 Reg 3", []),
        .init("Mountain View, CA 94041", []),
        .init("Tel (650) 253-0000", []),
        .init("12 rue", [], region: "FR", languages: ["fr"]),
        .init("Via Roma, 00184 Roma", [], region: "IT", languages: ["it"]),
        .init("電話 03-3224-5000", [], region: "JP", languages: ["ja"]),
        .init("2024年3月15日", [], region: "JP", languages: ["ja"]),
        .init("合計 ¥1,080", [], region: "JP", languages: ["ja"]),
        .init("Bestellnummer 0301234567\n10115 Berlin", [], region: "DE", languages: ["de"]),
        .init("Order 123 Main Course\nSalad 9.50", []),
        .init("2 Bananas\nPalo Alto, CA 94306", []),
        .init("4501 El Camino Real\nPalo Alto", []),
        // A word after the street, in letters beyond ASCII, is a second column, not a speck.
        .init("2 Example Ave Größe\nSan Francisco, CA 94103", []),
    ]

    @Test(arguments: positives) func findsAddresses(_ row: DetectionCase) { check(StreetAddressDetector(), row) }
    @Test(arguments: negatives) func leavesOtherTextAlone(_ row: DetectionCase) { check(StreetAddressDetector(), row) }

    @Test func twoLineAddressKeepsTheLineBreakInItsValue() {
        let text = "BEISPIEL MARKT GmbH\nMusterstraße 12\n10115 Berlin\nTel. 030 12345678"
        let found = StreetAddressDetector().detect(in: text, context: DetectionContext(region: "DE", languages: ["de"]))
        #expect(found.map(\.value) == ["Musterstraße 12\n10115 Berlin"])
        #expect(found.first?.range.lowerBound == "BEISPIEL MARKT GmbH\n".utf8.count)
    }
}
