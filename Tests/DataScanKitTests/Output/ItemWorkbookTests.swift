import Testing

@testable import DataScanModel
@testable import DataScanOutput

/// The workbook's cells, through a sink that records them (the real writer is checked with openpyxl end to end).
@Suite struct ItemWorkbookTests {
    final class RecordingSheets: WorkbookSink {
        var sheets: [(name: String, header: [String], rows: [[WorkbookCell]])] = []
        var closed = false
        func beginSheet(named name: String, header: [(title: String, width: Double)]) throws(DataScanError) {
            sheets.append((name, header.map(\.title), []))
        }
        func appendRow(_ cells: [WorkbookCell]) throws(DataScanError) { sheets[sheets.count - 1].rows.append(cells) }
        func close() throws(DataScanError) { closed = true }
    }

    static func record(type: TextContentType, value: String, normalized: String, label: ItemLabel? = nil) -> ItemRecord {
        let quad = Quad(Rect(x: 10.04, y: 20, width: 100, height: 12.56))
        return ItemRecord(
            document: "r.png", page: 2,
            item: .text(
                .init(
                    id: "abc", transcript: value, contentType: type, normalized: normalized, label: label, confidence: 0.93149, bounds: quad
                )),
            order: 3)
    }

    @Test func aPriceIsANumberWithItsCurrencyBesideIt() throws {
        let book = RecordingSheets()
        try ItemWorkbook.beginItems(book)
        try ItemWorkbook.write(Self.record(type: .currency, value: "$23.76", normalized: "23.76 USD", label: .total), to: book)
        let sheet = try #require(book.sheets.first)
        #expect(sheet.name == "Items")
        #expect(sheet.header.count == 21)
        let row = try #require(sheet.rows.first)
        #expect(row.count == 21)
        #expect(row[0] == .text("r.png"))
        #expect(row[1] == .number(2))
        #expect(row[5] == .text("$23.76"))
        #expect(row[7] == .number(23.76, format: "0.00##"))
        #expect(row[8] == .text("USD"))
        #expect(row[9] == .empty)
        #expect(row[10] == .text("total"))
        #expect(row[11] == .number(0.931, format: "0.000"))
        // Coordinates as items.csv rounds them.
        #expect(row[12] == .number(10))
        #expect(row[19] == .number(32.6))
        #expect(row[20] == .number(3))
    }

    @Test func aDateIsADateCellWithItsTimeWhenItHasOne() throws {
        let book = RecordingSheets()
        try ItemWorkbook.beginItems(book)
        try ItemWorkbook.write(Self.record(type: .dateTimeDuration, value: "03/15/2024 14:32", normalized: "2024-03-15T14:32"), to: book)
        try ItemWorkbook.write(Self.record(type: .dateTimeDuration, value: "15.03.2024", normalized: "2024-03-15"), to: book)
        let rows = book.sheets[0].rows
        #expect(rows[0][9] == .date(year: 2024, month: 3, day: 15, hour: 14, minute: 32))
        #expect(rows[1][9] == .date(year: 2024, month: 3, day: 15))
        #expect(rows[0][7] == .empty && rows[0][8] == .empty)
    }

    @Test(arguments: [
        ("1234.50 EUR", 1234.5, "EUR" as String?), ("8", 8.0, nil), ("-2.00 USD", -2.0, "USD"),
    ])
    func amountsAreReadFromTheNormalizedForm(normalized: String, value: Double, currency: String?) throws {
        let amount = try #require(ItemWorkbook.amount(normalized))
        #expect(amount.value == value)
        #expect(amount.currency == currency)
    }

    @Test(arguments: ["", "EUR", "1.2.3 EUR", "12 EUR extra", "nan"])
    func somethingThatIsNoAmountGivesNone(normalized: String) {
        #expect(ItemWorkbook.amount(normalized) == nil)
    }

    @Test(arguments: ["2024-13-01", "2024-02-30T25:00", "1899-12-31", "15.03.2024", ""])
    func somethingThatIsNoSpreadsheetDateStaysEmpty(normalized: String) {
        // 2024-02-30 passes the field ranges but not 25:00; 1899 precedes spreadsheet dates.
        #expect(ItemWorkbook.date(normalized) == nil)
    }

    @Test func textThatASpreadsheetCouldRunGetsItemsCSVsGuard() throws {
        let book = RecordingSheets()
        try ItemWorkbook.beginItems(book)
        try ItemWorkbook.write(Self.record(type: .url, value: "=HYPERLINK(\"http://x\")", normalized: "+1 (650) 253-0000"), to: book)
        let row = book.sheets[0].rows[0]
        #expect(row[5] == .text("'=HYPERLINK(\"http://x\")"))
        #expect(row[6] == .text("'+1 (650) 253-0000"))
        #expect(ItemWorkbook.text("+16502530000") == .text("+16502530000"))
    }

    @Test func aDocumentsRowSumsItsPagesAndNamesItsTotal() throws {
        let book = RecordingSheets()
        try ItemWorkbook.beginDocuments(book)
        let total = Self.record(type: .currency, value: "$23.76", normalized: "23.76 USD", label: .total)
        let due = Self.record(type: .dateTimeDuration, value: "4/1/2024", normalized: "2024-04-01")
        let date = Self.record(type: .dateTimeDuration, value: "3/15/2024", normalized: "2024-03-15", label: .transaction)
        let document = DocumentRecord(
            path: "@evil.png", sha256: "x", status: .partial, error: nil,
            pages: [PageRecord(page: 1, status: .done, items: [due, date, total]), PageRecord(page: 2, status: .failed, error: "timeout")])
        try ItemWorkbook.write(document, to: book)
        #expect(book.sheets[0].header == ["document", "status", "pages", "done", "failed", "items", "total", "currency", "date", "error"])
        #expect(
            book.sheets[0].rows[0] == [
                .text("'@evil.png"), .text("partial"), .number(2), .number(1), .number(1), .number(3), .number(23.76, format: "0.00##"),
                .text("USD"), .date(year: 2024, month: 3, day: 15), .empty,
            ])
    }
}
