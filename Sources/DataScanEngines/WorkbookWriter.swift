import CXlsxWriter
import DataScanModel

/// An .xlsx workbook written by libxlsxwriter, in its constant-memory mode: each sheet's rows go to a temporary file
/// as they come, so a job of any size is written with one row in memory. The file appears at `path` when
/// ``close()`` succeeds. Not thread-safe.
package final class WorkbookWriter: WorkbookSink {
    private var workbook: UnsafeMutablePointer<lxw_workbook>?
    private let path: String
    private var sheet: UnsafeMutablePointer<lxw_worksheet>?
    private var columns = 0
    private var rows = 0
    private var formats: [String: UnsafeMutablePointer<lxw_format>] = [:]
    private let header: UnsafeMutablePointer<lxw_format>
    /// Excel's limit for one cell's text.
    static let maxTextLength = 32767

    /// Starts a workbook to be written to `path`.
    package init(path: String) throws(DataScanError) {
        self.path = path
        var options = lxw_workbook_options()
        options.constant_memory = UInt8(LXW_TRUE.rawValue)
        guard let workbook = workbook_new_opt(path, &options), let bold = workbook_add_format(workbook) else {
            throw DataScanError(.output, "cannot create \(path): libxlsxwriter could not start a workbook")
        }
        format_set_bold(bold)
        self.workbook = workbook
        self.header = bold
    }

    deinit {
        // Not closed (an error on the way): free it without writing anything.
        if let workbook { lxw_workbook_free(workbook) }
    }

    package func beginSheet(named name: String, header titles: [(title: String, width: Double)]) throws(DataScanError) {
        finishSheet()
        guard let workbook, let sheet = workbook_add_worksheet(workbook, name) else {
            throw DataScanError(.output, "\(path): cannot add the sheet \(name)")
        }
        self.sheet = sheet
        columns = titles.count
        rows = 0
        for (column, entry) in titles.enumerated() {
            worksheet_set_column(sheet, lxw_col_t(column), lxw_col_t(column), entry.width, nil)
        }
        try appendRow(titles.map { .text($0.title) }, format: header)
        worksheet_freeze_panes(sheet, 1, 0)
    }

    package func appendRow(_ cells: [WorkbookCell]) throws(DataScanError) {
        try appendRow(cells, format: nil)
    }

    private func appendRow(_ cells: [WorkbookCell], format rowFormat: UnsafeMutablePointer<lxw_format>?) throws(DataScanError) {
        guard let sheet else { throw DataScanError(.output, "\(path): a row before any sheet") }
        let row = lxw_row_t(rows)
        for (index, cell) in cells.enumerated() {
            let column = lxw_col_t(index)
            let result: lxw_error
            switch cell {
            case .text(let text):
                guard text.utf16.count <= Self.maxTextLength else {
                    throw DataScanError(
                        .output, "\(path): a cell of row \(rows + 1) has \(text.count) characters, more than Excel's \(Self.maxTextLength)")
                }
                result = worksheet_write_string(sheet, row, column, text, rowFormat)
            case .number(let value, let format):
                result = worksheet_write_number(
                    sheet, row, column, value, try format.map { f throws(DataScanError) in try numberFormat(f) })
            case .date(let year, let month, let day, let hour, let minute):
                var value = lxw_datetime(
                    year: Int32(year), month: Int32(month), day: Int32(day), hour: Int32(hour), min: Int32(minute ?? 0), sec: 0)
                result = worksheet_write_datetime(
                    sheet, row, column, &value, try numberFormat(minute == nil ? "yyyy-mm-dd" : "yyyy-mm-dd hh:mm"))
            case .empty:
                continue
            }
            guard result == LXW_NO_ERROR else {
                throw DataScanError(
                    .output, "\(path): cannot write row \(rows + 1), column \(index + 1): \(String(cString: lxw_strerror(result)))")
            }
        }
        rows += 1
    }

    package func close() throws(DataScanError) {
        finishSheet()
        guard let workbook else { return }
        self.workbook = nil
        // workbook_close frees the workbook whatever it returns.
        let result = workbook_close(workbook)
        guard result == LXW_NO_ERROR else {
            throw DataScanError(.output, "cannot write \(path): \(String(cString: lxw_strerror(result)))")
        }
    }

    /// An autofilter over the finished sheet's header and rows.
    private func finishSheet() {
        guard let sheet, columns > 0 else { return }
        worksheet_autofilter(sheet, 0, 0, lxw_row_t(max(0, rows - 1)), lxw_col_t(columns - 1))
        self.sheet = nil
    }

    private func numberFormat(_ code: String) throws(DataScanError) -> UnsafeMutablePointer<lxw_format> {
        if let format = formats[code] { return format }
        guard let workbook, let format = workbook_add_format(workbook) else {
            throw DataScanError(.output, "\(path): cannot add the number format \(code)")
        }
        format_set_num_format(format, code)
        formats[code] = format
        return format
    }

    /// libxlsxwriter's version (`1.1.4`).
    package static var version: String { LXW_VERSION }
}
