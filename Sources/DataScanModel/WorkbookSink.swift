/// One cell of a spreadsheet, typed: what a workbook writer turns into a real number, date or string cell.
package enum WorkbookCell: Hashable, Sendable {
    case text(String)
    /// A number shown with `format` (an Excel number format such as `0.00`; nil: General).
    case number(Double, format: String? = nil)
    /// A calendar date, with a time of day when `minute` is set.
    case date(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int? = nil)
    case empty
}

/// Where a workbook is written, sheet after sheet and row after row (so that a writer can stream rows to disk
/// instead of holding the workbook in memory). `WorkbookWriter` (libxlsxwriter) is the real one.
package protocol WorkbookSink: AnyObject {
    /// Starts a sheet: its header row (bold, frozen above the rows) and each column's width in characters. The
    /// previous sheet is finished.
    func beginSheet(named name: String, header: [(title: String, width: Double)]) throws(DataScanError)
    /// Appends a row to the current sheet.
    func appendRow(_ cells: [WorkbookCell]) throws(DataScanError)
    /// Finishes the workbook (an autofilter over each sheet's rows) and writes it; nothing is usable before.
    func close() throws(DataScanError)
}
