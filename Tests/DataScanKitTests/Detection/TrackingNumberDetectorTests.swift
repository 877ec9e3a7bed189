import Testing

@testable import DataScanDetection
@testable import DataScanModel

/// Valid numbers come from carriers' published examples and from numbers generated with each carrier's check
/// digit (see the `validChecks` test, which recomputes them); invalid ones change one digit.
@Suite struct TrackingNumberDetectorTests {
    static let positives: [DetectionCase] = [
        // UPS: self-evident (`1Z` and the check digit), no tracking word needed.
        .init("1Z999AA10123456784", ["1Z999AA10123456784"]),
        .init("UPS: 1Z5R89390357567127", ["1Z5R89390357567127"]),
        .init("Tracking 1Z 879 E93 03 4683 444 0", ["1Z879E930346834440"]),
        .init("1z410e7w0392751591", ["1Z410E7W0392751591"]),
        .init("Sendungsnummer 1Z8V92A70367203024", ["1Z8V92A70367203024"], region: "DE", languages: ["de"]),
        .init("N° de suivi : 1ZXK3DEG0390830169", ["1ZXK3DEG0390830169"], region: "FR", languages: ["fr"]),
        .init("(1Z4ESF5D1313909969)", ["1Z4ESF5D1313909969"]),
        .init("追跡番号 1ZDRCJV40281948216", ["1ZDRCJV40281948216"], region: "JP", languages: ["ja"]),
        .init("1ZN1GEDP1286579752, 1ZWSMSFW1375749116", ["1ZN1GEDP1286579752", "1ZWSMSFW1375749116"]),
        .init("운송장 1Z4LYK940118955591", ["1Z4LYK940118955591"], region: "KR", languages: ["ko"]),
        // USPS / FedEx IMpb 22 digits starting 91–96: unmistakable.
        .init("9400 1112 0108 0805 4830 16", ["9400111201080805483016"]),
        .init("9505 5110 6960 5048 6006 24", ["9505511069605048600624"]),
        .init("9361289878700317633795", ["9361289878700317633795"]),
        .init("USPS 9400797114710497465076", ["9400797114710497465076"]),
        .init("9205 5291 7034 2366 7127 61", ["9205529170342366712761"]),
        .init("Label: 9101792440268599528902.", ["9101792440268599528902"]),
        .init("Seguimiento: 9405786666176031372151", ["9405786666176031372151"], region: "ES", languages: ["es"]),
        .init("FedEx Ground 9622901092815901396240", ["9622901092815901396240"]),
        // USPS 20 digits, with a tracking word.
        .init("USPS Tracking: 0307 1790 0005 2348 3741", ["03071790000523483741"]),
        .init("Tracking #59571177774121547288", ["59571177774121547288"]),
        .init("Certified mail tracking\n7112 3456 7891 2345 6787", ["71123456789123456787"]),
        .init("Tracking 53933633875004743957", ["53933633875004743957"]),
        // FedEx Express 12 digits.
        .init("FedEx tracking 7905 3531 2317", ["790535312317"]),
        .init("FedEx: 986578788855", ["986578788855"]),
        .init("Tracking number: 477179081230", ["477179081230"]),
        .init("Sendungsnummer (FedEx) 799531274483", ["799531274483"], region: "DE", languages: ["de"]),
        .init("FEDEX 637265167617", ["637265167617"]),
        .init("Numéro de suivi 222029729979", ["222029729979"], region: "FR", languages: ["fr"]),
        .init("Número de seguimiento: 528820018263", ["528820018263"], region: "ES", languages: ["es"]),
        // FedEx Ground 15 digits.
        .init("FedEx Ground 0414 4176 0228 964", ["041441760228964"]),
        .init("Tracking: 5682 8361 0012 734", ["568283610012734"]),
        .init("Paketnummer 828807290222796", ["828807290222796"], region: "DE", languages: ["de"]),
        .init("Tracciamento spedizione 180588871803340", ["180588871803340"], region: "IT", languages: ["it"]),
        // DHL Express 10 digits (mod 7).
        .init("DHL Express AWB 3318810025", ["3318810025"]),
        .init("DHL 8487135506", ["8487135506"], region: "DE", languages: ["de"]),
        .init("Waybill: 1099 2559 90", ["1099255990"]),
        .init("Air waybill 3821724944", ["3821724944"]),
        .init("DHL Sendung\n2305905803", ["2305905803"], region: "DE", languages: ["de"]),
        .init("Código de rastreio DHL 5212980415", ["5212980415"], region: "BR", languages: ["pt"]),
        .init("Volgnummer DHL: 5747206846", ["5747206846"], region: "NL", languages: ["nl"]),
        .init("DHL 配送 4392807252", ["4392807252"], region: "JP", languages: ["ja"]),
    ]

    static let negatives: [DetectionCase] = [
        .init("1Z999AA10123456785", []),  // wrong check digit
        .init("1Z1111111111111111", []),
        .init("2Z5R89390357567127", []),
        .init("1Z5R8939035756712", []),  // one character short
        .init("1Z5R89390357567127X", []),  // part of a longer token
        .init("9400 1112 0108 0805 4830 17", []),  // wrong check digit
        .init("9200000000000000000000", []),
        .init("0307 1790 0005 2348 3741", []),  // a 20-digit number without a tracking word
        .init("Order 790535312317", []),  // a valid FedEx check but no tracking word
        .init("Invoice 3318810025", []),
        .init("Call 3318810025", []),
        .init("FedEx 996578788855", []),  // wrong check digit
        .init("DHL 3318810010", []),
        .init("DHL 0000000000", []),
        .init("GTIN 4006381333931", [], region: "DE", languages: ["de"]),
        .init("Tracking 12345", []),
        .init("Tracking 2024-03-15", []),
        .init("FedEx 7905 3531 2317 5", []),  // more digit groups follow
        .init("UPS groups 1Z", []),
        .init("Sendung 3318810025.5", [], region: "DE", languages: ["de"]),
        .init("Seguimiento 5682 8361 0012 732", [], region: "ES", languages: ["es"]),
        .init("IBAN DE89 3704 0044 0532 0130 00", [], region: "DE", languages: ["de"]),
    ]

    @Test(arguments: positives) func findsTrackingNumbers(_ row: DetectionCase) { check(TrackingNumberDetector(), row) }
    @Test(arguments: negatives) func leavesOtherNumbersAlone(_ row: DetectionCase) { check(TrackingNumberDetector(), row) }

    @Test func validChecks() {
        func digits(_ s: String) -> [Int] { s.compactMap(\.wholeNumberValue) }
        #expect(TrackingNumberDetector.gs1IsValid(digits("9400111201080805483016")))
        #expect(!TrackingNumberDetector.gs1IsValid(digits("9400111201080805483017")))
        #expect(TrackingNumberDetector.fedExExpressIsValid(digits("986578788855")))
        #expect(!TrackingNumberDetector.fedExExpressIsValid(digits("996578788855")))
        #expect(TrackingNumberDetector.dhlExpressIsValid(digits("3318810025")))
        #expect(!TrackingNumberDetector.dhlExpressIsValid(digits("3318810034")))
    }

    @Test func valueKeepsThePrintedSpaces() {
        let text = "Tracking 1Z 879 E93 03 4683 444 0 ok"
        let found = TrackingNumberDetector().detect(in: text, context: DetectionContext(region: "US", languages: ["en"]))
        #expect(found.map(\.value) == ["1Z 879 E93 03 4683 444 0"])
    }

    @Test func trackingWinsOverAPhoneInTheDataDetector() {
        let detector = DataDetector(
            types: [.telephoneNumber, .shipmentTrackingNumber],
            context: DetectionContext(region: "US", languages: ["en"]))
        #expect(detector.detect(in: "DHL Express AWB 3318810025").map(\.type) == [.shipmentTrackingNumber])
    }
}
