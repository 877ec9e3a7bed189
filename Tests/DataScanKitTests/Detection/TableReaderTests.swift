import Testing

@testable import DataScanDetection
@testable import DataScanModel

/// Price columns from where the words stand: a header names them, every number in them is a price.
@Suite struct TableReaderTests {
    /// A line of words at the given x positions (each word 40 px wide per 4 characters), on row `row`.
    private func line(_ row: Int, _ words: [(String, Double)]) -> RecognizedLine {
        RecognizedLine(
            words: words.map { text, x in
                RecognizedWord(
                    text: text, bounds: Quad(Rect(x: x, y: Double(row) * 40, width: Double(text.count) * 10, height: 30)), confidence: 0.9)
            })
    }

    private func prices(_ lines: [RecognizedLine], region: String, languages: [String], uprightTurns: Int = 0) -> [String] {
        let assembler = ItemAssembler(
            configuration: {
                var c = ScanConfiguration()
                c.types = ItemTypeSelection(textContentTypes: [.currency])
                c.region = region
                c.languages = languages.compactMap(Language.init)
                return c
            }())
        return assembler.items(
            lines: lines, barcodes: [], pageWidth: 1000, pageHeight: 1000, documentKey: "k", page: 1, uprightTurns: uprightTurns
        ).map(\.normalized)
    }

    /// A yen invoice: integer unit prices and amounts in their columns, quantities in theirs.
    private var yenInvoice: [RecognizedLine] {
        [
            line(0, [("御請求書", 300)]),
            line(1, [("品名", 50), ("数量", 400), ("単価", 600), ("金額", 800)]),
            line(2, [("りんご", 50), ("2", 410), ("150", 600), ("300", 800)]),
            line(3, [("みかん", 50), ("10", 405), ("80", 605), ("800", 800)]),
            line(4, [("合計", 50), ("¥1,100", 780)]),
        ]
    }

    @Test func aYenInvoicesIntegerUnitPricesAndAmountsArePricesItsQuantitiesAreNot() {
        #expect(prices(yenInvoice, region: "JP", languages: ["ja"]) == ["150 JPY", "300 JPY", "80 JPY", "800 JPY", "1100 JPY"])
    }

    /// The same invoice as PP-OCR's Chinese model reads it: `単価` as `单`, `金額` as `金额`.
    @Test func aYenInvoiceReadByPPOCRKeepsItsUnitPrices() {
        let lines = [
            line(1, [("品名", 50), ("数量", 400), ("单", 610), ("金额", 800)]),
            line(2, [("りんご", 50), ("2", 410), ("150", 600), ("300", 800)]),
            line(3, [("みかん", 50), ("10", 405), ("80", 605), ("800", 800)]),
            line(4, [("合計", 50), ("¥1,100", 780)]),
        ]
        #expect(prices(lines, region: "JP", languages: ["ja"]) == ["150 JPY", "300 JPY", "80 JPY", "800 JPY", "1100 JPY"])
    }

    /// An amount the OCR split after its separator (`3,` `000`) is one cell of 3,000 yen, never a price of 0.
    @Test func anAmountSplitAfterItsSeparatorIsOneCell() {
        let lines = [
            line(1, [("品名", 50), ("数量", 400), ("単価", 600), ("金額", 800)]),
            line(2, [("用紙", 50), ("2", 410), ("1,500", 600), ("3,", 770), ("000", 815)]),
            line(3, [("配送料", 50), ("7", 410), ("1,800", 600), ("12,", 760), ("600", 815)]),
            line(4, [("合計", 50), ("¥15,600", 780)]),
        ]
        #expect(prices(lines, region: "JP", languages: ["ja"]) == ["1500 JPY", "3000 JPY", "1800 JPY", "12600 JPY", "15600 JPY"])
        #expect(
            TableReader.isSplitHead("1,234.", tail: "567") && !TableReader.isSplitHead("3,", tail: "00")
                && !TableReader.isSplitHead(",", tail: "000"))
        // A cell's number is read as amounts print them: `1,500` is 1500, `0.503` (a weight) no group of thousands.
        #expect(TableReader.number("1,500") == "1500" && TableReader.number("0.503") == nil && TableReader.number("0,250") == nil)
    }

    /// A header character misread (`单俩` for `单价`) still heads a price column; `単位` (the unit) does not.
    @Test func aMisreadCJKHeaderStillHeadsPrices() {
        #expect(TableReader.isMisreadCJKPriceHeader("单俩"))
        #expect(TableReader.isMisreadCJKPriceHeader("金頷"))
        #expect(!TableReader.isMisreadCJKPriceHeader("単位"))
        #expect(!TableReader.isMisreadCJKPriceHeader("数量"))
        let lines = [
            line(1, [("品名", 50), ("数量", 400), ("单俩", 600), ("金额", 800)]),
            line(2, [("配送料", 50), ("4", 410), ("900", 600), ("3,600", 790)]),
            line(3, [("合計", 50), ("¥3,600", 780)]),
        ]
        #expect(prices(lines, region: "JP", languages: ["ja"]) == ["900 JPY", "3600 JPY", "3600 JPY"])
    }

    @Test func aUnitPriceThatDoesNotEndItsRowIsAPrice() {
        let lines = [
            line(0, [("Description", 50), ("Unit", 400), ("Price", 450), ("Qty", 600), ("Tax", 700), ("Amount", 850)]),
            line(1, [("Cloud", 50), ("storage", 110), ("209.51", 420), ("2", 610), ("20%", 700), ("419.02", 850)]),
            line(2, [("Total", 50), ("£419.02", 840)]),
        ]
        // 20% stands in the tax column, 2 in the quantity column: neither is a price.
        #expect(prices(lines, region: "GB", languages: ["en"]) == ["209.51 GBP", "419.02 GBP", "419.02 GBP"])
    }

    /// A column that prints cents on its rows: a whole number in it is a misread (`15161405` for `1,161.05`).
    @Test func aWholeNumberInAColumnOfCentsIsNoPrice() {
        let lines = [
            line(0, [("Description", 50), ("Qty", 300), ("Unit", 400), ("price", 460), ("Amount", 850)]),
            line(1, [("Printer", 50), ("paper", 130), ("6", 310), ("15161405", 420), ("6,966.30", 850)]),
            line(2, [("Desk", 50), ("lamp", 110), ("2", 310), ("84.50", 440), ("169.00", 850)]),
            line(3, [("Total", 50), ("£7,135.30", 840)]),
        ]
        #expect(prices(lines, region: "GB", languages: ["en"]) == ["6966.30 GBP", "84.50 GBP", "169.00 GBP", "7135.30 GBP"])
    }

    /// The yen invoice on a page scanned sideways, slightly askew, and read turned: its words' boxes stand on the page
    /// as stored, a row running up or down it. The columns are read in the page's reading frame, as on the upright
    /// page; on the stored page a header's words fall out of order (a price column from 6.5 to 4.5 crashed the page).
    @Test(arguments: [1, 3]) func aSidewaysPagesColumnsAreReadInItsReadingFrame(turns: Int) {
        // Stored = upright turned back (the inverse of `ItemAssembler.turn` on a 1000 × 1000 page), 1° askew.
        func stored(_ p: Point) -> Point {
            turns == 1 ? Point(x: p.y - 0.02 * p.x, y: 1000 - p.x) : Point(x: 1000 - p.y - 0.02 * p.x, y: p.x)
        }
        let sideways = yenInvoice.map { line in
            RecognizedLine(words: line.words.map { RecognizedWord(text: $0.text, bounds: $0.bounds.mapped(stored), confidence: 0.9) })
        }
        let found = prices(sideways, region: "JP", languages: ["ja"], uprightTurns: turns)
        #expect(Set(found) == ["150 JPY", "300 JPY", "80 JPY", "800 JPY", "1100 JPY"])
        #expect(found.count == 5)
    }

    @Test func withoutAHeaderRowNumbersStayNumbers() {
        let lines = [
            line(0, [("Width", 50), ("Height", 400)]),
            line(1, [("150", 50), ("300", 400)]),
        ]
        #expect(prices(lines, region: "JP", languages: ["ja"]) == [])
    }
}
