import Foundation
import Testing

@testable import DataScanDetection
@testable import DataScanModel

@Suite struct DataDetectorTests {
    struct Item: Equatable, CustomStringConvertible {
        var type: TextContentType
        var normalized: String
        var label: ItemLabel? = nil
        var description: String { "\(type.rawValue) \(normalized) \(label?.rawValue ?? "-")" }
    }

    static func items(
        _ text: String, region: String, languages: [String],
        types: Set<TextContentType> = [.url, .emailAddress, .telephoneNumber, .dateTimeDuration, .currency]
    ) -> [Item] {
        DataDetector(types: types, context: DetectionContext(region: region, languages: languages))
            .detect(in: text).map { Item(type: $0.type, normalized: $0.normalized, label: $0.label) }
    }

    @Test func usReceipt() {
        let receipt = """
            WALMART SUPERCENTER
            Store #4512 (479) 273-4000
            1 Main St, Bentonville AR 72712
            ST# 04512 OP# 009 TE# 12 TR# 01234
            MILK 2% GAL 007874235187 3.48 F
            BREAD 007225003712 2.50 N
            EGGS 18CT 2 @ 1.99 3.98 F
            SUBTOTAL 9.96
            TAX 1 7.000 % 0.70
            TOTAL 10.66
            VISA TEND 10.66
            CHANGE DUE 0.00
            03/15/24 14:32:05
            Survey: survey.walmart.com or help@walmart.com
            """
        #expect(
            Self.items(receipt, region: "US", languages: ["en"]) == [
                Item(type: .telephoneNumber, normalized: "+14792734000"),
                Item(type: .currency, normalized: "3.48"),
                Item(type: .currency, normalized: "2.50"),
                Item(type: .currency, normalized: "1.99"),
                Item(type: .currency, normalized: "3.98"),
                Item(type: .currency, normalized: "9.96", label: .subtotal),
                Item(type: .currency, normalized: "0.70", label: .tax),
                Item(type: .currency, normalized: "10.66", label: .total),
                Item(type: .currency, normalized: "10.66"),
                Item(type: .currency, normalized: "0.00", label: .change),
                Item(type: .dateTimeDuration, normalized: "2024-03-15T14:32:05", label: .transaction),
                Item(type: .url, normalized: "http://survey.walmart.com"),
                Item(type: .emailAddress, normalized: "help@walmart.com"),
            ])
    }

    @Test func germanReceipt() {
        let receipt = """
            REWE Markt GmbH
            Hauptstr. 5, 10115 Berlin
            Tel.: 030 12345678
            EUR
            BIO VOLLMILCH 1,19 A
            BROT 2,49 A
            2 Stk x 0,99
            BUTTER 1,98 A
            Rabatt 0,50-
            --------------------
            SUMME EUR 5,16
            Geg. BAR EUR 10,00
            Rückgeld EUR 4,84
            Steuer % Netto Steuer Brutto
            A= 7,0% 4,82 0,34 5,16
            Datum: 15.03.2024 Uhrzeit: 14:32:05
            Bon-Nr.: 4711 Beleg-Nr. 2024031512
            www.rewe.de
            """
        #expect(
            Self.items(receipt, region: "DE", languages: ["de"]) == [
                Item(type: .telephoneNumber, normalized: "+493012345678"),
                // Item lines print bare amounts; the page's one currency (EUR) applies to them.
                Item(type: .currency, normalized: "1.19 EUR"),
                Item(type: .currency, normalized: "2.49 EUR"),
                Item(type: .currency, normalized: "0.99 EUR"),
                Item(type: .currency, normalized: "1.98 EUR"),
                Item(type: .currency, normalized: "-0.50 EUR", label: .discount),
                Item(type: .currency, normalized: "5.16 EUR", label: .total),
                Item(type: .currency, normalized: "10.00 EUR", label: .cash),
                Item(type: .currency, normalized: "4.84 EUR", label: .change),
                // The tax table's row: its net, its tax (7 % of 4,82) and its gross.
                Item(type: .currency, normalized: "4.82 EUR"),
                Item(type: .currency, normalized: "0.34 EUR", label: .tax),
                Item(type: .currency, normalized: "5.16 EUR"),
                Item(type: .dateTimeDuration, normalized: "2024-03-15T14:32:05", label: .transaction),
                Item(type: .url, normalized: "http://www.rewe.de"),
            ])
    }

    @Test func bareAmountsTakeThePagesOnlyCurrency() {
        let one = Self.items("TOTALE EURO 12,50\nPizza 8,50\nAcqua 2,00", region: "IT", languages: ["it"])
        #expect(one.filter { $0.type == .currency }.map(\.normalized) == ["12.50 EUR", "8.50 EUR", "2.00 EUR"])
        // Two currencies named on the page: a bare amount could be either, so it keeps none.
        let two = Self.items("Total 10.00 USD\nTotal 9,20 EUR\nItem 3.00", region: "US", languages: ["en"])
        #expect(two.filter { $0.type == .currency }.map(\.normalized).contains("3.00"))
        // No currency anywhere: amounts stay bare.
        let none = Self.items("TOTAL 9.00\nCASH 10.00", region: "MY", languages: ["en"])
        #expect(none.filter { $0.type == .currency }.map(\.normalized) == ["9.00", "10.00"])
    }

    @Test func aPhoneNumberKeepsItsDigitsFromThePagesCurrency() {
        // The page names yen once; the digits after a phone label are a Polish number, not a bare amount in yen.
        let items = Self.items("The grant is worth 246 million yen. Call us: +48 729 403 135", region: "PL", languages: ["en"])
        #expect(items.map(\.normalized) == ["246000000 JPY", "+48729403135"])
        // A table row's quantity and amounts with cents keep their reading (8 15.34 122.72 is no 815-341-2272).
        let row = Self.items("Item  Qty  Unit price  Amount\nDelivery  8  15.34  122.72\nTotal £122.72", region: "US", languages: ["en"])
        #expect(row.filter { $0.type == .telephoneNumber }.isEmpty)
        #expect(row.filter { $0.type == .currency }.map(\.normalized).prefix(2) == ["15.34 GBP", "122.72 GBP"])
    }

    @Test func frenchReceipt() {
        let receipt = """
            CARREFOUR MARKET
            Tél : 01 42 68 53 00
            BAGUETTE 1,20 €
            FROMAGE 4,35 €
            Total HT 5,05 €
            TVA 5,5% 0,50 €
            Total TTC 5,55 €
            ESPECES 10,00 €
            RENDU 4,45 €
            15/03/2024 14:32
            """
        #expect(
            Self.items(receipt, region: "FR", languages: ["fr"]) == [
                Item(type: .telephoneNumber, normalized: "+33142685300"),
                Item(type: .currency, normalized: "1.20 EUR"),
                Item(type: .currency, normalized: "4.35 EUR"),
                Item(type: .currency, normalized: "5.05 EUR", label: .subtotal),
                Item(type: .currency, normalized: "0.50 EUR", label: .tax),
                Item(type: .currency, normalized: "5.55 EUR", label: .total),
                Item(type: .currency, normalized: "10.00 EUR", label: .cash),
                Item(type: .currency, normalized: "4.45 EUR", label: .change),
                Item(type: .dateTimeDuration, normalized: "2024-03-15T14:32", label: .transaction),
            ])
    }

    @Test func japaneseReceipt() {
        let receipt = """
            ローソン 渋谷店
            電話: 03-3224-5000
            2024年3月15日(金) 14:32
            おにぎり ¥150
            お茶 ¥120
            小計 ¥270
            消費税等 ¥21
            合計 ¥291
            お預り ¥1,000
            お釣り ¥709
            """
        #expect(
            Self.items(receipt, region: "JP", languages: ["ja"]) == [
                Item(type: .telephoneNumber, normalized: "+81332245000"),
                Item(type: .dateTimeDuration, normalized: "2024-03-15T14:32", label: .transaction),
                Item(type: .currency, normalized: "150 JPY"),
                Item(type: .currency, normalized: "120 JPY"),
                Item(type: .currency, normalized: "270 JPY", label: .subtotal),
                Item(type: .currency, normalized: "21 JPY", label: .tax),
                Item(type: .currency, normalized: "291 JPY", label: .total),
                Item(type: .currency, normalized: "1000 JPY", label: .cash),
                Item(type: .currency, normalized: "709 JPY", label: .change),
            ])
    }

    @Test func ukAndSpanishLines() {
        #expect(
            Self.items("Tesco 020 7946 0958\nTOTAL £12.40\n15/03/2024", region: "GB", languages: ["en"]) == [
                Item(type: .telephoneNumber, normalized: "+442079460958"),
                Item(type: .currency, normalized: "12.40 GBP", label: .total),
                Item(type: .dateTimeDuration, normalized: "2024-03-15", label: .transaction),
            ])
        #expect(
            Self.items("Tel: 912 34 56 78\nTOTAL 12,40 €\nIVA 21% 2,15 €\nFecha: 15/03/2024", region: "ES", languages: ["es"]) == [
                Item(type: .telephoneNumber, normalized: "+34912345678"),
                Item(type: .currency, normalized: "12.40 EUR", label: .total),
                Item(type: .currency, normalized: "2.15 EUR", label: .tax),
                Item(type: .dateTimeDuration, normalized: "2024-03-15", label: .transaction),
            ])
    }

    @Test func dateWinsOverPhoneAndPrice() {
        // A date that libphonenumber or the price reader might also claim.
        let text = "Date 2024-03-15\n15.03.24"
        #expect(Self.items(text, region: "DE", languages: ["de"]).map(\.type) == [.dateTimeDuration, .dateTimeDuration])
    }

    @Test(arguments: ["", "\n\n", " ", "\u{0}", "€$¥", "1", "@", "http://", "年月日"])
    func degenerateTextFindsNothing(_ text: String) {
        #expect(Self.items(text, region: "US", languages: ["en", "de", "ja"]) == [])
    }

    /// Random OCR-like noise must never crash a detector, and every range must hold its value. Seeded, so a failure
    /// names a text that reproduces it (set `DATASCAN_FUZZ_SEED` to try other seeds).
    @Test func randomTextKeepsRangesConsistent() {
        let pieces = [
            "1", "2", "0", "9", "12", "2024", ".", ",", "/", "-", ":", " ", " ", "\n", "$", "€", "¥", "円", "年",
            "月", "日", "@", "www.", "http://", ".com", ".de", "a", "Z", "é", "TOTAL", "Tel", "(", ")", "+", "%",
            "March", "15", "kr", "EUR", "#", "'", "日本", "－", "０", "１", "T", "PM", "h", "1Z", "LH", "UA", "6E",
            "Street", "straße", "rue", "CA", "94043", "〒", "東京都", "区", "Tracking", "Flight", "SW1A", "1AA", ", ",
            "www. ", ". ", ": //", "O", "l", "S",
            // Digit runs too long for an Int, scale words and CJK units after them.
            "12345678901234567890", "99999999999999999999.99", " billion", "億", "万", "兆",
        ]
        let seed = ProcessInfo.processInfo.environment["DATASCAN_FUZZ_SEED"].flatMap(UInt64.init) ?? 0x6461_7461
        var generator = SplitMix64(seed: seed)
        let detector = DataDetector(
            types: Set(TextContentType.allCases),
            context: DetectionContext(region: "US", languages: ["en", "de", "ja"]))
        for _ in 0..<1500 {
            let text = (0..<Int.random(in: 0...40, using: &generator))
                .map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            for item in detector.detect(in: text) {
                #expect(item.range.lowerBound >= 0 && item.range.upperBound <= text.utf8.count, "\(text.debugDescription)")
                #expect(item.slice(of: text) == item.value, "\(text.debugDescription)")
            }
        }
    }

    /// Numbers too long for an `Int`, where a date, a phone, a compound CJK amount or a receipt's sum reads them:
    /// no overflow, and no amount made of a wrapped value.
    @Test(arguments: [
        "Ref 6605505001880000255018 / 2018020951320023885",
        "12.03.99999999999999999999", "1234567890123456789012-01-01",
        "1億99999999999999999999万円", "3兆 99999999999万円",
        "TOTAL 99999999999999999999.00\nCASH 99999999999999999999.00\nCHANGE 0.00",
        "SUBTOTAL 9000000000000000.00\nTAX 9000000000000000.00\nTOTAL 9000000000000000.00",
    ])
    func numbersTooLongForAnIntAreNoAmounts(_ text: String) {
        let text = text.replacingOccurrences(of: "\\n", with: "\n")
        let detector = DataDetector(types: Set(TextContentType.allCases), context: DetectionContext(region: "JP", languages: ["en", "ja"]))
        for item in detector.detect(in: text) where item.type == .currency {
            #expect(!item.normalized.hasPrefix("-"), "\(text): \(item.normalized)")
        }
    }

    /// A line of thousands of amounts is read in pieces (in linear time), with every byte where it was printed.
    @Test func aLineOfThousandsOfAmountsIsReadInPieces() {
        let line = (1...1500).map { "\($0),00 €" }.joined(separator: " ")
        let broken = DataDetector.breakingLongLines(line)
        #expect(broken.utf8.count == line.utf8.count)
        #expect(zip(broken.utf8, line.utf8).allSatisfy { $0 == $1 || ($0 == 0x0A && $1 == 0x20) })
        #expect(broken.split(separator: "\n").allSatisfy { $0.utf8.count <= DataDetector.longestLine })
        #expect(DataDetector.breakingLongLines("short line\nanother") == "short line\nanother")

        // (A break between an amount and its mark costs that amount: a handful of 1,500.)
        let items = Self.items(line, region: "DE", languages: ["de"], types: [.currency])
        #expect(items.count >= 1495 && items.allSatisfy { $0.normalized.hasSuffix(".00 EUR") })
        #expect(items.first?.normalized == "1.00 EUR" && items.last?.normalized == "1500.00 EUR")
        let detector = DataDetector(types: [.currency], context: DetectionContext(region: "DE", languages: ["de"]))
        #expect(detector.detect(in: line).allSatisfy { $0.slice(of: line) == $0.value })
    }

    /// An Indonesian receipt as CORD's print them: whole rupiah grouped by points or commas, Indonesian labels.
    @Test func indonesianReceipt() {
        let receipt = """
            Kopi Susu Gula Aren x2 @18,000 36,000
            Croissant 1 25,000
            Sub Total 61,000
            PB1 (10%) 6,100
            Grand Total 67,100
            Tunai 70,000
            Kembali 2,900
            """
        let context = DetectionContext(region: "ID", languages: ["en"], regionIsExplicit: true)
        let prices = DataDetector(types: [.currency], context: context).detect(in: receipt)
            .map { Item(type: $0.type, normalized: $0.normalized, label: $0.label) }
        #expect(
            prices == [
                Item(type: .currency, normalized: "18000 IDR"), Item(type: .currency, normalized: "36000 IDR"),
                Item(type: .currency, normalized: "25000 IDR"), Item(type: .currency, normalized: "61000 IDR", label: .subtotal),
                Item(type: .currency, normalized: "6100 IDR", label: .tax), Item(type: .currency, normalized: "67100 IDR", label: .total),
                Item(type: .currency, normalized: "70000 IDR", label: .cash), Item(type: .currency, normalized: "2900 IDR", label: .change),
            ])
    }

    /// A page whose marks name a currency of whole units (`Rp`) is read as that currency's country writes amounts,
    /// whatever the region: its bare amounts count (`SUBTOTAL 51.000` was three decimals of a dollar, no amount).
    @Test func marksOfAWholeUnitCurrencySetHowThePageIsRead() {
        let receipt = "NASI GORENG 35.000\nES TEH 16.000\nSUBTOTAL 51.000\nTAX 10% 5.100\nTOTAL Rp56.100\nTUNAI Rp100.000\nKEMBALI Rp43.900"
        let prices = Self.items(receipt, region: "US", languages: ["en"], types: [.currency])
        #expect(
            prices == [
                Item(type: .currency, normalized: "35000 IDR"), Item(type: .currency, normalized: "16000 IDR"),
                Item(type: .currency, normalized: "51000 IDR", label: .subtotal),
                Item(type: .currency, normalized: "5100 IDR", label: .tax),
                Item(type: .currency, normalized: "56100 IDR", label: .total),
                Item(type: .currency, normalized: "100000 IDR", label: .cash),
                Item(type: .currency, normalized: "43900 IDR", label: .change),
            ])
    }

    @Test func emailIsNotAlsoAURL() {
        #expect(Self.items("info@shop.de", region: "DE", languages: ["de"]) == [Item(type: .emailAddress, normalized: "info@shop.de")])
    }

    @Test func onlyRequestedTypes() {
        let text = "TOTAL $9.00 on 03/15/2024, call (650) 253-0000"
        #expect(
            Self.items(text, region: "US", languages: ["en"], types: [.dateTimeDuration]) == [
                Item(type: .dateTimeDuration, normalized: "2024-03-15")
            ])
        #expect(Self.items(text, region: "US", languages: ["en"], types: [.fullStreetAddress]) == [])
        #expect(DataDetector.makeDetectors([.url, .currency]).map(\.type) == [.url, .currency])
    }

    /// Throughput of the full detector set. Run with `DATASCAN_BENCH=1 swift test -c release --filter throughput`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DATASCAN_BENCH"] != nil))
    func throughput() {
        let page =
            String(
                repeating: """
                    MILK 2% GAL 007874235187 3.48 F
                    Tel (650) 253-0000 www.example.com info@example.com
                    SUBTOTAL 9.96 TAX 0.70 TOTAL $10.66 03/15/24 14:32
                    Artikel 1.234,56 € am 15. März 2024 Rechnung 2024-000123
                    123 Market Street
                    Mountain View, CA 94041
                    Flight LH 400 / UPS 1Z999AA10123456784
                    〒100-0005 東京都千代田区丸の内1-1 合計 ¥1,080

                    """, count: 12) + MultilingualCorpus.documents.map(\.text).joined(separator: "\n")
        let detector = DataDetector(
            types: Set(TextContentType.allCases),
            context: DetectionContext(region: "US", languages: ["en", "de"]))
        let rounds = 200
        var found = 0
        let clock = ContinuousClock()
        let elapsed = clock.measure { for _ in 0..<rounds { found += detector.detect(in: page).count } }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let megabytes = Double(page.utf8.count * rounds) / 1_000_000
        print(
            "detect: \(page.utf8.count) bytes/page, \(String(format: "%.3f", seconds / Double(rounds) * 1000)) ms/page, "
                + "\(String(format: "%.2f", megabytes / seconds)) MB/s, \(found / rounds) items/page")
        #expect(found > 0)
        for type in detector.types.sorted(by: { $0.rawValue < $1.rawValue }) {
            let single = DataDetector(types: [type], context: detector.context)
            let time = clock.measure { for _ in 0..<rounds { _ = single.detect(in: page) } }
            print("  \(type.rawValue): \(time / rounds)")
        }
    }
}

/// A small seeded generator (SplitMix64): the same seed gives the same sequence on every machine.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension DataDetectorTests {
    /// Half-width katakana (`ｸﾚｼﾞｯﾄ`, U+FF61...U+FF9F) shares its lead bytes with the full-width ASCII forms the
    /// detectors fold (`２０２４`), but folds to nothing: the date and price detectors read such a text once, as it is
    /// (they read it again and again, without end, and the process ran out of memory). Mixed with full-width digits,
    /// those are folded.
    @Test func halfWidthKatakanaIsReadAsItIs() {
        let receipt = "ｸﾚｼﾞｯﾄ ¥1,000\n2024/05/11 13:12"
        #expect(
            Self.items(receipt, region: "JP", languages: ["ja"]).filter { $0.type != .telephoneNumber }.map(\.normalized) == [
                "1000 JPY", "2024-05-11T13:12",
            ])
        let mixed = "ｺﾞｳｹｲ １，９８０円\n２０２４年３月１４日"
        #expect(
            Self.items(mixed, region: "JP", languages: ["ja"]).map(\.normalized) == ["1980 JPY", "2024-03-14"])
        #expect(!ASCIIFolding(UTF8Text("ｸﾚｼﾞｯﾄ ｱｲｳ｟")).isFolded)
        #expect(ASCIIFolding(UTF8Text("ｸﾚｼﾞｯﾄ ２")).isFolded)
    }

    /// An OCR that reads Cyrillic puts its letters for digits inside numbers (`О` for 0, `З` for 3, `б` for 6, `В` for
    /// 8): those are read as the letters other OCRs put for them, or as the digit; words and a house's letter stay.
    @Test(arguments: [
        ("Чек от О2.О9.2024 2l:1З", "Чек от O2.O9.2024 2l:13"), ("=116.бб", "=116.bb"), ("=2В9.99", "=2B9.99"),
        ("Сметана 15% ЗООг", "Сметана 15% ЗООг"), ("д. 15б, кв. 2В", "д. 15б, кв. 2В"), ("В 12.00 часов", "В 12.00 часов"),
        ("ИТОГО =1 575.7О.", "ИТОГО =1 575.7O."),
    ])
    func cyrillicDigitsInNumbersAreFolded(_ printed: String, _ folded: String) {
        let folding = ASCIIFolding(UTF8Text(printed), cyrillicDigits: true)
        #expect(folding.text.string(0..<folding.text.count) == folded)
        #expect(!ASCIIFolding(UTF8Text(printed)).isFolded)
    }

    @Test func aDateWithCyrillicZerosIsRead() {
        let found = Self.items("Смена 96  Чек 153\nО2.О9.24 2l:1З", region: "RU", languages: ["ru"])
        #expect(found.filter { $0.type == .dateTimeDuration }.map(\.normalized) == ["2024-09-02"])
    }
}

/// Without a region given, the page's own currency names its country for the dates' order and the phone numbers
/// (`PageRegion`); a region given, or a page whose marks do not agree, keeps the context's.
extension DataDetectorTests {
    static func dates(_ text: String, _ context: DetectionContext) -> [String] {
        DataDetector(types: [.dateTimeDuration, .currency, .telephoneNumber], context: context).detect(in: text)
            .filter { $0.type == .dateTimeDuration }.map(\.normalized)
    }

    static let english = DetectionContext(region: "US", languages: ["en"])

    @Test func aPagePricedInRinggitReadsItsDatesDayFirstWithoutARegion() {
        let receipt = "TOTAL RM 33.92\nCASH RM 50.00\nCHANGE RM 16.10\n12-01-19 21:13\nTEL: 03-8023 3698"
        #expect(Self.dates(receipt, Self.english) == ["2019-01-12T21:13"])
        let phones = DataDetector(types: [.telephoneNumber, .dateTimeDuration, .currency], context: Self.english).detect(in: receipt)
            .filter { $0.type == .telephoneNumber }.map(\.normalized)
        #expect(phones == ["+60380233698"])
        // The region given wins over the page.
        #expect(Self.dates(receipt, DetectionContext(region: "US", languages: ["en"], regionIsExplicit: true)) == ["2019-12-01T21:13"])
        // One code of letters beside an amount with cents is enough; so are two signs.
        #expect(Self.dates("Total GBP 10.20\n04/03/2016", Self.english) == ["2016-03-04"])
        #expect(Self.dates("Tea £2.10\nTotal £4.20\n04/03/2016", Self.english) == ["2016-03-04"])
    }

    @Test func aLoneSignOrMixedCurrenciesLeaveTheLanguagesOrder() {
        // One sign may be a speck the OCR read; a dollar names no country; two currencies name none.
        #expect(Self.dates("Total £4.20\n04/03/2016", Self.english) == ["2016-04-03"])
        #expect(Self.dates("Total $4.20\nCash $5.00\n04/03/2016", Self.english) == ["2016-04-03"])
        #expect(Self.dates("Total RM 4.20\nTotal SGD 5.00\n04/03/2016", Self.english) == ["2016-04-03"])
        // Euros say the day comes first and leave the phone numbers to the language.
        #expect(Self.dates("Total EUR 4.20\n04/03/2016", Self.english) == ["2016-03-04"])
        // Running text may price things in another country's money than its writer's: not a receipt, no inference.
        #expect(
            Self.dates("The plant cost EUR 12.50 million and EUR 3.20 million more; it opened 04/03/2016.", Self.english) == ["2016-04-03"])
        var euros = DetectedText(type: .currency, range: 0..<9, value: "EUR 4.20", normalized: "4.20 EUR", label: .total)
        #expect(PageRegion.context(Self.english, prices: [euros]).region == "US")
        #expect(PageRegion.context(Self.english, prices: [euros]).dateRegion == PageRegion.euroArea)
        euros.label = nil
        #expect(PageRegion.context(Self.english, prices: [euros]).dateRegion == nil)
    }
}
