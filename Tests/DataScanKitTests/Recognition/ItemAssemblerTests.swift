import Testing

@testable import DataScanDetection
@testable import DataScanModel
@testable import DataScanRecognition

@Suite struct ItemAssemblerTests {
    func line(_ text: String, at y: Double, x: Double = 0) -> RecognizedLine {
        RecognizedLine(words: [
            RecognizedWord(text: text, bounds: Quad(Rect(x: x, y: y, width: Double(text.count * 10), height: 20)), confidence: 0.95)
        ])
    }

    func barcode(_ payload: String, x: Double, y: Double) -> RecognizedItem.Barcode {
        .init(
            symbology: .qr, payloadStringValue: payload, payload: Array(payload.utf8), normalized: payload, confidence: 1,
            bounds: Quad(Rect(x: x, y: y, width: 50, height: 50)))
    }

    @Test func readingOrderIsRowsTopToBottomThenLeftToRight() {
        var config = ScanConfiguration()
        config.types = ItemTypeSelection(lines: true, symbologies: [.qr])
        let items = ItemAssembler(configuration: config).items(
            lines: [line("second row", at: 100, x: 300), line("first", at: 0)],
            barcodes: [barcode("B", x: 0, y: 90)], pageWidth: 1000, pageHeight: 1000, documentKey: "d", page: 1)
        #expect(items.map(\.value) == ["first", "B", "second row"])
    }

    @Test func idsAreStableAndDistinctForRepeatedValues() {
        var config = ScanConfiguration()
        config.types = ItemTypeSelection(lines: true)
        let assembler = ItemAssembler(configuration: config)
        let lines = [line("same", at: 0), line("same", at: 50)]
        let a = assembler.items(lines: lines, barcodes: [], pageWidth: 100, pageHeight: 100, documentKey: "d", page: 1)
        let b = assembler.items(lines: lines, barcodes: [], pageWidth: 100, pageHeight: 100, documentKey: "d", page: 1)
        #expect(a.map(\.id) == b.map(\.id))
        #expect(Set(a.map(\.id)).count == 2)
        let otherPage = assembler.items(lines: lines, barcodes: [], pageWidth: 100, pageHeight: 100, documentKey: "d", page: 2)
        #expect(otherPage[0].id != a[0].id)
        #expect(StableHash.hex("abc") == "e71fa2190541574b")
    }

    @Test func regionOfInterestDropsItemsOutside() {
        var config = ScanConfiguration()
        config.types = ItemTypeSelection(lines: true)
        config.regionOfInterest = Rect(x: 0, y: 0.5, width: 1, height: 0.5)
        let items = ItemAssembler(configuration: config).items(
            lines: [line("top", at: 10), line("bottom", at: 800)], barcodes: [], pageWidth: 1000, pageHeight: 1000, documentKey: "d",
            page: 1)
        #expect(items.map(\.value) == ["bottom"])
    }

    @Test func singleKeepsTheMostProminentItemPerType() {
        var config = ScanConfiguration()
        config.types = ItemTypeSelection(lines: true, symbologies: [.qr])
        config.single = true
        let items = ItemAssembler(configuration: config).items(
            lines: [line("a", at: 10), line("much longer line", at: 100)],
            barcodes: [barcode("x", x: 0, y: 300), barcode("y", x: 100, y: 300)], pageWidth: 1000, pageHeight: 1000, documentKey: "d",
            page: 1)
        #expect(items.map(\.value) == ["much longer line", "x"])
    }
}

/// Receipts side by side on one page, whose rows the OCR read across both (`ReceiptColumns`).
extension ItemAssemblerTests {
    /// Rows of words as an OCR reads a page: each row one line, its words wherever their column puts them.
    func rows(_ columns: [(x: Double, rows: [String])], top: Double = 0, confidence: Double = 0.95) -> [RecognizedLine] {
        let count = columns.map(\.rows.count).max() ?? 0
        return (0..<count).map { r in
            var words: [RecognizedWord] = []
            for column in columns where r < column.rows.count {
                var x = column.x
                for word in column.rows[r].split(separator: " ") {
                    let width = Double(word.count * 12)
                    words.append(
                        RecognizedWord(
                            text: String(word), bounds: Quad(Rect(x: x, y: top + Double(r * 30), width: width, height: 20)),
                            confidence: confidence))
                    x += width + 12
                }
            }
            return RecognizedLine(words: words)
        }
    }

    static let first = [
        "SHOP ONE SDN BHD", "PENCIL BOX 4.00", "NOTE BOOK 6.00", "ERASER SET 2.50", "SUBTOTAL 12.50", "TAX 6% 0.75",
        "TOTAL 13.25", "CASH 20.00", "CHANGE 6.75", "12/01/2019 10:15",
    ]
    static let second = [
        "CAFE TWO", "LATTE 8.50", "SCONE 5.00", "MUFFIN 4.50", "SUBTOTAL 18.00", "SERVICE 10% 1.80", "TOTAL 19.80",
        "CASH 50.00", "CHANGE 30.20", "03/02/2019 16:40",
    ]

    func totals(_ lines: [RecognizedLine]) -> [String] {
        var config = ScanConfiguration()
        config.types = ItemTypeSelection(textContentTypes: [.currency, .dateTimeDuration])
        config.region = "MY"
        return ItemAssembler(configuration: config).items(
            lines: lines, barcodes: [], pageWidth: 1400, pageHeight: 400, documentKey: "d", page: 1
        )
        .filter { $0.label == .total || $0.label == .transaction }.map(\.normalized)
    }

    @Test func receiptsSideBySideEachGetTheirTotalAndDate() {
        let page = rows([(0, Self.first), (700, Self.second)])
        // One receipt's total and date, then the other's: the items are listed receipt by receipt.
        #expect(totals(page) == ["13.25 MYR", "2019-01-12T10:15", "19.80 MYR", "2019-02-03T16:40"])
        // One receipt alone reads as before.
        #expect(totals(rows([(0, Self.first)])) == ["13.25 MYR", "2019-01-12T10:15"])
    }

    @Test func receiptsOneAboveAnotherEachGetTheirTotalAndDate() {
        // The second receipt 200 px (ten text heights) below the first's last line; a line of noise the paper's edge
        // read as (unsure) stands in the gap.
        let bottom = Double(Self.first.count * 30)
        let page =
            rows([(0, Self.first)]) + rows([(0, ["~~] '22 a che"])], top: bottom + 90, confidence: 0.3)
            + rows([(0, Self.second)], top: bottom + 200)
        #expect(totals(page) == ["13.25 MYR", "2019-01-12T10:15", "19.80 MYR", "2019-02-03T16:40"])
        #expect(ReceiptColumns.rows(page)?.parts.count == 2)
        // Three text heights apart, as a receipt's own blank lines stand: one receipt, one total.
        let close = rows([(0, Self.first)]) + rows([(0, Self.second)], top: bottom + 60)
        #expect(ReceiptColumns.rows(close) == nil)
        #expect(totals(close).filter { $0.hasSuffix("MYR") }.count == 1)
    }

    @Test func aReceiptsHeaderFarAboveItsLinesStaysWithIt() {
        // The shop's name and address ten text heights above the first receipt's lines (a logo's space between): a
        // part without a total, read with the lines below it; the second receipt below them is one of its own.
        let header = ["SHOP ONE SDN BHD", "LOT 12 JALAN BESAR", "TEL 03-5555 1234 ADDRESS"]
        let body = Array(Self.first.dropFirst())
        let page =
            rows([(0, header)]) + rows([(0, body)], top: 290) + rows([(0, Self.second)], top: 290 + Double(body.count * 30) + 200)
        #expect(ReceiptColumns.rows(page)?.parts.count == 3)
        #expect(totals(page) == ["13.25 MYR", "2019-01-12T10:15", "19.80 MYR", "2019-02-03T16:40"])
        // One receipt alone with its header far above: one receipt.
        #expect(totals(rows([(0, header)]) + rows([(0, body)], top: 290)) == ["13.25 MYR", "2019-01-12T10:15"])
    }

    @Test func aReceiptWhoseAmountsStandFarFromTheirLabelsIsOneReceipt() {
        // Twenty items of 1.00 and the foot, the amounts' column far to the right with an empty band between: two
        // columns large enough to be receipts, but the amounts alone name no total: still one receipt, one total.
        let items = (1...20).map { "ITEM \($0)" }
        let labels = items + ["SUBTOTAL", "TAX 6%", "TOTAL", "CASH", "CHANGE"]
        let amounts = Array(repeating: "1.00", count: 20) + ["20.00", "1.20", "21.20", "50.00", "28.80"]
        #expect(ReceiptColumns.columns(rows([(0, labels), (900, amounts)]))?.parts.count == 2)
        #expect(totals(rows([(0, labels), (900, amounts)])) == ["21.20 MYR"])
    }
}

extension ItemAssemblerTests {
    /// `auto` asks for a second reading when any receipt of a page of several is unsure, not only when the surest is.
    @Test func aPageOfReceiptsIsAsSureAsItsLeastSureReceipt() throws {
        let unsure = [
            "SHOP ONE SDN BHD", "PENCIL BOX 4.00", "NOTE BOOK 6.00", "ERASER SET 2.50", "GLUE STICK 1.20", "RULER 30CM 0.90",
            "TOTAL 16.85", "THANK YOU", "12/01/2019 10:15",
        ]
        let context = DetectionContext(region: "MY", languages: ["en"], regionIsExplicit: true)
        let alone = [
            ReceiptAssessment.assess(rows([(0, unsure)]), context: context),
            ReceiptAssessment.assess(rows([(0, Self.second)]), context: context),
        ]
        #expect(alone[0].needsSecondReading && !alone[1].needsSecondReading)
        let both = ReceiptAssessment.assess(rows([(0, unsure), (700, Self.second)]), context: context)
        #expect(both.needsSecondReading)
        #expect(both.totalConfidence == alone[0].totalConfidence)
        #expect(!ReceiptAssessment.assess(rows([(0, Self.first), (700, Self.second)]), context: context).needsSecondReading)
    }
}

extension ItemAssemblerTests {
    /// Four receipts scanned two by two: two columns, each of two receipts one above the other; the items listed
    /// column by column, top to bottom in each.
    @Test func receiptsTwoByTwoEachGetTheirTotalAndDate() {
        let third = [
            "KEDAI TIGA", "NASI LEMAK 6.50", "TEH TARIK 2.20", "ROTI CANAI 1.80", "SUBTOTAL 10.50", "TAX 6% 0.63",
            "TOTAL 11.13", "CASH 20.00", "CHANGE 8.87", "15/03/2019 08:05",
        ]
        let fourth = [
            "BOOK FOUR", "NOVEL 39.90", "MAGAZINE 12.00", "BOOKMARK 3.10", "SUBTOTAL 55.00", "TAX 6% 3.30",
            "TOTAL 58.30", "CASH 100.00", "CHANGE 41.70", "20/04/2019 19:30",
        ]
        let bottom = Double(Self.first.count * 30)
        let page = rows([(0, Self.first), (700, Self.second)]) + rows([(0, third), (700, fourth)], top: bottom + 200)
        #expect(
            totals(page) == [
                "13.25 MYR", "2019-01-12T10:15", "11.13 MYR", "2019-03-15T08:05", "19.80 MYR", "2019-02-03T16:40", "58.30 MYR",
                "2019-04-20T19:30",
            ])
        // Two receipts side by side and one alone below the first: three receipts.
        let three = rows([(0, Self.first), (700, Self.second)]) + rows([(0, third)], top: bottom + 200)
        #expect(totals(three).filter { $0.hasSuffix("MYR") } == ["13.25 MYR", "11.13 MYR", "19.80 MYR"])
    }
}

extension ItemAssemblerTests {
    /// A total whose arithmetic closes (cash − change) is sure, unless the OCR was unsure of the total's own characters:
    /// digits misread alike close it too (`Total 2,18`, `CASH 5.18`, `CHANGE 3,00` printed as 2.10, 5.10 and 3.00).
    @Test func aTotalTheOCRReadUnsurelyIsNoSureTotal() throws {
        var config = ScanConfiguration()
        config.types = ItemTypeSelection(textContentTypes: [.currency])
        config.region = "MY"
        let receipt = ["GARDENIA SQUIGGLES RM 2.18", "Total Sales (Inclusive GST) RM 2.18", "CASH RM 5.18", "CHANGE RM 3.00"]
        func total(totalConfidence: Double) throws -> RecognizedItem {
            var lines = TextLines.page(receipt, confidence: 0.95)
            lines[1] = TextLines.line(receipt[1], y: 40, confidence: totalConfidence)
            let items = ItemAssembler(configuration: config).items(
                lines: lines, barcodes: [], pageWidth: 1000, pageHeight: 1000, documentKey: "d", page: 1)
            return try #require(items.first { $0.label == .total })
        }
        #expect(try total(totalConfidence: 0.95).confidence >= 0.9)
        let unsure = try total(totalConfidence: 0.4)
        #expect(unsure.value == "RM 2.18")
        #expect(unsure.confidence == ReceiptAssessment.unsureTotal)
    }
}
