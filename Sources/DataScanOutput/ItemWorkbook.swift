import DataScanModel

/// The workbook of `datascan export --format xlsx`: a sheet **Items** with items.csv's rows as typed cells, then a
/// sheet **Documents** with one row per document. Written through a ``WorkbookSink`` row by row, so a job of any size
/// is never in memory.
///
/// Items has items.csv's columns, with three typed ones after `normalized`: `amount` (a price's amount as a number),
/// `currency` (its ISO 4217 code) and `date` (a date's value as a spreadsheet date, with its time when it has one).
/// `page`, `confidence`, the coordinates and `order` are numbers. Text cells get items.csv's formula guard (a leading
/// `'` on a cell a spreadsheet could run, ``CSVWriter/needsFormulaProtection(_:)``): a string cell of an .xlsx is never
/// evaluated, but the same text saved again as CSV from the spreadsheet would be, and the values stay equal to
/// items.csv's. Documents has `document, status, pages, done, failed, items, total, currency, date, error`: `total`
/// is the first price labeled `total`, `date` the receipt's transaction date (else the first date on the document),
/// both as typed cells.
package enum ItemWorkbook {
    static let itemColumns: [(title: String, width: Double)] = [
        ("document", 36), ("page", 6), ("item", 18), ("kind", 8), ("type", 10), ("value", 30), ("normalized", 26),
        ("amount", 12), ("currency", 9), ("date", 17), ("label", 9), ("confidence", 11),
        ("x1", 8), ("y1", 8), ("x2", 8), ("y2", 8), ("x3", 8), ("y3", 8), ("x4", 8), ("y4", 8), ("order", 6),
    ]

    static let documentColumns: [(title: String, width: Double)] = [
        ("document", 36), ("status", 9), ("pages", 6), ("done", 6), ("failed", 7), ("items", 6), ("total", 12),
        ("currency", 9), ("date", 17), ("error", 40),
    ]

    /// Starts the Items sheet.
    package static func beginItems(_ book: any WorkbookSink) throws(DataScanError) {
        try book.beginSheet(named: "Items", header: itemColumns)
    }

    /// One item's row.
    package static func write(_ record: ItemRecord, to book: any WorkbookSink) throws(DataScanError) {
        let item = record.item
        var cells: [WorkbookCell] = [text(record.document), .number(Double(record.page))]
        cells += [item.id, item.kind, item.type, item.value, item.normalized].map(text)
        let price = item.type == TextContentType.currency.rawValue ? amount(item.normalized) : nil
        cells.append(price.map { WorkbookCell.number($0.value, format: "0.00##") } ?? .empty)
        cells.append(price?.currency.map(text) ?? .empty)
        cells.append(item.type == TextContentType.dateTimeDuration.rawValue ? date(item.normalized) ?? .empty : .empty)
        cells.append(item.label.map { text($0.rawValue) } ?? .empty)
        cells.append(.number(rounded(item.confidence, 3), format: "0.000"))
        let quad = item.bounds
        for corner in [quad.topLeft, quad.topRight, quad.bottomRight, quad.bottomLeft] {
            cells += [.number(rounded(corner.x, 1)), .number(rounded(corner.y, 1))]
        }
        cells.append(.number(Double(record.order)))
        try book.appendRow(cells)
    }

    /// Starts the Documents sheet.
    package static func beginDocuments(_ book: any WorkbookSink) throws(DataScanError) {
        try book.beginSheet(named: "Documents", header: documentColumns)
    }

    /// One document's summary row.
    package static func write(_ document: DocumentRecord, to book: any WorkbookSink) throws(DataScanError) {
        let items = document.pages.flatMap(\.items)
        let total = items.first { $0.item.type == TextContentType.currency.rawValue && $0.item.label == .total }
            .flatMap { amount($0.item.normalized) }
        let dates = items.filter { $0.item.type == TextContentType.dateTimeDuration.rawValue }
        let firstDate = (dates.first { $0.item.label == .transaction } ?? dates.first).flatMap { date($0.item.normalized) }
        let done = document.pages.filter { $0.status == .done }.count
        let failed = document.pages.filter { $0.status == .failed }.count
        var cells: [WorkbookCell] = [text(document.path), text(document.status.rawValue)]
        cells += [Double(document.pages.count), Double(done), Double(failed), Double(items.count)].map { WorkbookCell.number($0) }
        cells.append(total.map { WorkbookCell.number($0.value, format: "0.00##") } ?? .empty)
        cells.append(total?.currency.map(text) ?? .empty)
        cells.append(firstDate ?? .empty)
        cells.append(document.error.map(text) ?? .empty)
        try book.appendRow(cells)
    }

    /// A text cell with items.csv's formula guard.
    static func text(_ value: String) -> WorkbookCell {
        .text(CSVWriter.needsFormulaProtection(value) ? "'" + value : value)
    }

    /// A price's normalized form (`1234.50 EUR`, or `1234.50` when no currency is known) as a number and a code.
    static func amount(_ normalized: String) -> (value: Double, currency: String?)? {
        let parts = normalized.split(separator: " ")
        guard (1...2).contains(parts.count), let value = Double(parts[0]), value.isFinite else { return nil }
        return (value, parts.count == 2 ? String(parts[1]) : nil)
    }

    /// A date's normalized form (`2024-03-15`, `2024-03-15T14:30`) as a date cell.
    static func date(_ normalized: String) -> WorkbookCell? {
        let match = normalized.wholeMatch(of: /(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/)
        guard let m = match, let year = Int(m.1), let month = Int(m.2), let day = Int(m.3), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        // Spreadsheet dates start in 1900.
        guard year >= 1900 else { return nil }
        guard let h = m.4, let mm = m.5 else { return .date(year: year, month: month, day: day) }
        guard let hour = Int(h), let minute = Int(mm), hour < 24, minute < 60 else { return nil }
        return .date(year: year, month: month, day: day, hour: hour, minute: minute)
    }

    /// As items.csv rounds: the workbook shows the same numbers.
    static func rounded(_ value: Double, _ digits: Int) -> Double {
        let scale = digits == 3 ? 1000.0 : 10.0
        return (value * scale).rounded() / scale
    }
}
