import Testing

@testable import DataScanDetection
@testable import DataScanModel

@Suite struct FlightNumberDetectorTests {
    static let positives: [DetectionCase] = [
        .init("LH 400", ["LH400"]),
        .init("UA2", ["UA2"]),
        .init("Flight LH 400 to New York", ["LH400"]),
        .init("Flug: LH 0400", ["LH400"], region: "DE", languages: ["de"]),
        .init("BA2490", ["BA2490"], region: "GB"),
        .init("6E 2134 Delhi", ["6E2134"], region: "IN"),
        .init("Boarding pass\nCA 981 Beijing", ["CA981"], region: "CN", languages: ["zh-Hans"]),
        .init("Vol AF 1234 Paris-Nice", ["AF1234"], region: "FR", languages: ["fr"]),
        .init("Vuelo IB 3166", ["IB3166"], region: "ES", languages: ["es"]),
        .init("Volo AZ 610", ["AZ610"], region: "IT", languages: ["it"]),
        .init("Voo TP 1351", ["TP1351"], region: "PT", languages: ["pt"]),
        .init("Vlucht KL 1001", ["KL1001"], region: "NL", languages: ["nl"]),
        .init("便名 NH 12", ["NH12"], region: "JP", languages: ["ja"]),
        .init("JL5 羽田→ニューヨーク", ["JL5"], region: "JP", languages: ["ja"]),
        .init("항공편 KE 17", ["KE17"], region: "KR", languages: ["ko"]),
        .init("航班 MU 5101", ["MU5101"], region: "CN", languages: ["zh-Hans"]),
        .init("EK 202 DXB-JFK", ["EK202"]),
        .init("QF1 Sydney", ["QF1"], region: "AU"),
        .init("SQ 26 FRA-SIN", ["SQ26"]),
        .init("Flights: LH 400, UA 960", ["LH400", "UA960"]),
        .init("DL 100 / AA 100", ["DL100", "AA100"]),
        .init("Gate B22 Flight DY 1302", ["DY1302"]),
        .init("Operated by LX 14", ["LX14"]),
        .init("Flight FR 8342 Dublin", ["FR8342"], region: "IE"),
        .init("Flight U2 8471", ["U28471"], region: "GB"),
        .init("W6 2301 Budapest", ["W62301"], region: "HU"),
        .init("B6 1 JFK", ["B61"]),
        .init("Abflug 07:10 EW 9044", ["EW9044"], region: "DE", languages: ["de"]),
        .init("Flight TK-1592", ["TK1592"], region: "TR"),
        .init("EY 19 AUH", ["EY19"]),
        .init("Boarding QR 73", ["QR73"]),
        .init("Seat 12A CX 251", ["CX251"]),
        .init("Flight AM 2", ["AM2"], region: "MX"),
        .init("Departure: NZ 1 Auckland", ["NZ1"], region: "NZ"),
        .init("Flyg SK 1415 avgång", ["SK1415"], region: "SE", languages: ["sv"]),
        .init("AY 1331 Helsinki", ["AY1331"], region: "FI"),
        .init("LO 282 Warszawa", ["LO282"], region: "PL", languages: ["pl"]),
        .init("OS 111 Wien", ["OS111"], region: "AT", languages: ["de"]),
        .init("Flight WN 1234", ["WN1234"]),
        .init("Vol AC 871 Montréal", ["AC871"], region: "CA", languages: ["fr"]),
        .init("Flug\nLX 318 Zürich–London", ["LX318"], region: "CH", languages: ["de"]),
    ]

    static let negatives: [DetectionCase] = [
        .init("Mountain View, CA 94043", []),
        .init("Mountain View, CA 9404", []),
        .init("VAT reg. no. GB 123 4567 89", [], region: "GB"),
        .init("Store 17 Reg 3 AA 10:30", []),
        .init("EC1A 1AA London", [], region: "GB"),
        .init("Leeds LS1 4AP", [], region: "GB"),
        .init("IT 2024", []),
        .init("AT-1010 Wien", [], region: "AT", languages: ["de"]),
        .init("12 KG", []),
        .init("AM10", []),
        .init("ZZ 123", []),  // not an airline
        .init("lh 400", []),  // designators are printed in capitals
        .init("LH 40000", []),
        .init("LH 12.50", []),
        .init("TOTAL LH 0", []),
        .init("Summe 23,05", [], region: "DE", languages: ["de"]),
        .init("DE123456789", [], region: "DE", languages: ["de"]),
        .init("NO 1234", [], region: "NO"),
        .init("TO 100", []),
        .init("10:30 AM 123 Main", []),
        .init("Portland, OR 97201", []),
        .init("CH-8001 Zürich", [], region: "CH", languages: ["de"]),
        .init("USt-IdNr. DE 123456789", [], region: "DE", languages: ["de"]),
        .init("LH400X", []),
        .init("Gate B22", []),
        .init("FR 8342 Dublin", [], region: "IE"),  // `FR` is also France: needs a flight word
        .init("Terminal 2 Gate A3 12", []),
    ]

    @Test(arguments: positives) func findsFlightNumbers(_ row: DetectionCase) { check(FlightNumberDetector(), row) }
    @Test(arguments: negatives) func leavesOtherCodesAlone(_ row: DetectionCase) { check(FlightNumberDetector(), row) }

    @Test func designatorTableHoldsTheLargeAirlines() {
        #expect(AirlineDesignators.names.count >= 300)
        for code in ["LH", "UA", "AA", "DL", "BA", "AF", "KL", "EK", "QR", "SQ", "NH", "JL", "6E", "U2", "W6", "B6"] {
            #expect(AirlineDesignators.contains(code), "\(code)")
        }
        #expect(AirlineDesignators.names["LH"] == "Lufthansa")
        #expect(!AirlineDesignators.contains("ZZ"))
    }
}
