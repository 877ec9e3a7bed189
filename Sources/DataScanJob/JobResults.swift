import DataScanDetection
import DataScanEngines
import DataScanInput
import DataScanModel
import DataScanOutput
import DataScanRecognition
import DataScanStore
import Foundation

/// Read access to an existing job, in its job folder (SQLite) or in a shared PostgreSQL store: its summary,
/// failures, items, exports and the HTML report. Not `Sendable`: use it from one task.
///
/// ```swift
/// let results = try JobResults(folder: URL(fileURLWithPath: "datascan-out"))
/// print(try results.summary().done)
/// try results.export(types: ["phone"], format: .csv, to: URL(fileURLWithPath: "phones.csv"))
/// ```
public final class JobResults {
    private let database: any JobStoreBackend
    /// The job folder (its kept page images); nil for a job in a shared store.
    private let folder: String?

    /// Opens the job folder `folder`; throws a usage error when it holds no job.
    public init(folder: URL) throws(DataScanError) {
        let path = folder.relativePath + "/datascan.sqlite"
        guard FileSystem.exists(path) else {
            throw DataScanError(.usage, "\(folder.relativePath) is not a datascan job folder (no datascan.sqlite in it)")
        }
        database = try SQLiteJobStore(path: path)
        self.folder = folder.relativePath
    }

    /// Opens job `job` in the shared PostgreSQL store at `url`; throws a usage error when the store has no such job.
    public init(storeURL url: String, job: String) throws(DataScanError) {
        let database = try PostgresJobStore(url: url, job: job, retryWindow: 10)
        guard try database.meta("runs") != nil else {
            throw DataScanError(.usage, "\(database.storeDescription): no such job (see `datascan scan … --store … --job \(job)`)")
        }
        self.database = database
        folder = nil
    }

    /// Pages by status, items by type.
    public func summary() throws(DataScanError) -> JobSummary { try database.summary() }

    /// Failed pages (and documents that could not be opened, with `page` nil), with their reasons.
    public func failures() throws(DataScanError) -> [(document: String, page: Int?, error: String)] {
        try database.failures()
    }

    /// Done pages that were read only in part (a truncated image), with why.
    public func partialPages() throws(DataScanError) -> [(document: String, page: Int, warning: String)] {
        try database.partialPages()
    }

    /// Documents that were not analyzed, with the reason.
    public func skipped() throws(DataScanError) -> [(document: String, reason: String)] {
        try database.skippedDocuments()
    }

    /// The configuration the job last ran with, if it has run.
    public func storedConfiguration() throws(DataScanError) -> ScanConfiguration? {
        try database.storedConfiguration()
    }

    /// Documents with their pages and items, in walk order.
    public func documents() throws(DataScanError) -> [DocumentRecord] { try database.documentRecords() }

    /// Calls `body` for every item (document, page, reading order), filtered by type names (`phone`, `qr`,
    /// `barcode` for all symbologies) and minimum confidence.
    public func forEachItem(
        types: Set<String>? = nil, minConfidence: Double? = nil, _ body: (ItemRecord) throws -> Void
    ) throws(DataScanError) {
        try database.forEachItemRecord(types: types, minConfidence: minConfidence, body)
    }

    /// Writes the filtered items in `format` to `file` (atomically), or to standard output when `file` is nil.
    /// `byteOrderMark`: a UTF-8 BOM before a CSV, for spreadsheets that otherwise read it in a legacy code page.
    public func export(
        types: Set<String>? = nil, minConfidence: Double? = nil, format: ExportFormat, byteOrderMark: Bool = false, to file: URL?
    ) throws(DataScanError) {
        if byteOrderMark && format != .csv { throw DataScanError(.usage, "--bom is for --format csv") }
        func body(_ sink: inout OutputSink) throws {
            if byteOrderMark { try sink.write(bytes: [0xEF, 0xBB, 0xBF]) }
            var exporter = ItemExporter(format: format)
            try exporter.begin(to: &sink)
            try database.forEachItemRecord(types: types, minConfidence: minConfidence) { record in
                try exporter.write(record, to: &sink)
            }
            try exporter.finish(to: &sink)
            try sink.flush()
        }
        if let file { try Self.checkWritable(file) }
        do {
            if let file {
                try AtomicFile.write(to: file.relativePath, body)
            } else {
                var sink = OutputSink.standardOutput()
                try body(&sink)
            }
        } catch let e as DataScanError {
            throw e
        } catch {
            throw DataScanError(.output, "cannot export items\(file.map { " to \($0.relativePath)" } ?? ""): \(error)")
        }
    }

    /// Writes the filtered items to the workbook `file` (.xlsx, atomically): a sheet of items with typed cells (amounts
    /// as numbers with their currency beside them, dates as dates, items.csv's formula guard), its header frozen and
    /// filterable, then a sheet with one row per document (``ItemWorkbook``).
    public func exportWorkbook(types: Set<String>? = nil, minConfidence: Double? = nil, to file: URL) throws(DataScanError) {
        try Self.checkWritable(file)
        let path = file.relativePath
        do {
            try AtomicFile.write(to: path) { (temporary: String) in
                let book = try WorkbookWriter(path: temporary)
                try ItemWorkbook.beginItems(book)
                try database.forEachItemRecord(types: types, minConfidence: minConfidence) { try ItemWorkbook.write($0, to: book) }
                try ItemWorkbook.beginDocuments(book)
                let documents = try StoredDocumentRecords(database)
                for document in documents { try ItemWorkbook.write(document, to: book) }
                if let error = documents.error { throw error }
                try book.close()
            }
        } catch let e as DataScanError {
            throw e
        } catch {
            throw DataScanError(.output, "cannot export items to \(path): \(error)")
        }
    }

    /// Writes the recognized text of every analyzed page, in reading order, to `file` (atomically) or to standard
    /// output: one block per page under a line `==> DOCUMENT page N <==` (``PageTextWriter``).
    public func exportText(to file: URL?) throws(DataScanError) {
        if let file { try Self.checkWritable(file) }
        let ids = try database.documentIDs()
        let sources = try database.documentSources()
        func body(_ sink: inout OutputSink) throws {
            var first = true
            for (id, source) in zip(ids, sources) {
                for page in try database.storedPages(documentID: id) {
                    try PageTextWriter.write(document: source.path.display, page: page.page, lines: page.lines, first: first, to: &sink)
                    first = false
                }
            }
            try sink.flush()
        }
        do {
            if let file {
                try AtomicFile.write(to: file.relativePath, body)
            } else {
                var sink = OutputSink.standardOutput()
                try body(&sink)
            }
        } catch let e as DataScanError {
            throw e
        } catch {
            throw DataScanError(.output, "cannot export the text\(file.map { " to \($0.relativePath)" } ?? ""): \(error)")
        }
    }

    /// Writes one searchable PDF per analyzed document into the folder `folder` (created if missing), laid out like
    /// the inputs: each page's image with the recognized words hidden under it, so that viewers select and search
    /// them and `pdftotext` reads them. A PDF whose every page has its own text layer is copied unchanged. Pictures
    /// come from the inputs while their content is unchanged, else from the job folder's kept page images. A document
    /// that cannot be exported fails alone, listed in the summary.
    public func exportSearchablePDFs(to folder: URL) throws(DataScanError) -> PDFExportSummary {
        let path = folder.relativePath
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
            throw DataScanError(.usage, "--output \(path) is a file: --format pdf writes one PDF per document into a folder")
        }
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw DataScanError(.usage, "--output \(path): cannot create the folder (\(error.localizedDescription))")
        }
        guard access(path, W_OK) == 0 else {
            throw DataScanError(.usage, "--output \(path): cannot write into it (\(String(cString: strerror(errno))))")
        }
        return try SearchablePDFExport(database: database, jobFolder: self.folder, output: path).run()
    }

    /// A usage error, before anything is read or written, when `file` cannot be written: its folder is missing or
    /// read-only, or it is a folder itself.
    static func checkWritable(_ file: URL) throws(DataScanError) {
        let path = file.relativePath
        let folder = file.deletingLastPathComponent().relativePath
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw DataScanError(.usage, "--output \(path) is a folder: give a file name")
        }
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw DataScanError(.usage, "--output \(path): the folder \(folder) does not exist")
        }
        guard access(folder, W_OK) == 0 else {
            throw DataScanError(.usage, "--output \(path): cannot write into \(folder) (\(String(cString: strerror(errno))))")
        }
    }

    /// Writes `folder/report.html`: every page with its items outlined, failures listed, and returns its location.
    /// Page previews are rendered again from the input files (pages whose file is gone are shown without one).
    /// - Parameter embedImagesUpTo: embed the previews when the job has at most this many pages; otherwise they go
    ///   to `folder/report/pages/`.
    @discardableResult
    public func writeReport(to folder: URL, embedImagesUpTo embedLimit: Int = 300) throws(DataScanError) -> URL {
        let previews = PagePreviews()
        // No job lock: like `status`, the report only reads the store, so it can be written while a run goes on
        // (showing the pages done so far).
        let path = try database.readingSnapshot { () throws(DataScanError) -> String in
            try ReportWriter.write(folder: folder.relativePath, source: StoreReportSource(database: database), embedImagesUpTo: embedLimit)
            {
                id, page in
                previews.jpeg(source: try? database.documentSource(id: id), page: page)
            }
        }
        return URL(fileURLWithPath: path)
    }
}

/// The store as the report reads it.
private struct StoreReportSource: ReportSource {
    let database: any JobStoreBackend
    func summary() throws(DataScanError) -> JobSummary { try database.summary() }
    func problems() throws(DataScanError) -> [JobProblem] { try database.problems() }
    func storedConfiguration() throws(DataScanError) -> ScanConfiguration? { try database.storedConfiguration() }
    func documentIDs() throws(DataScanError) -> [Int64] { try database.documentIDs() }
    func documentRecord(id: Int64) throws(DataScanError) -> DocumentRecord { try database.documentRecord(id: id) }
}

/// Page images for the report, rendered again from the input files.
final class PagePreviews {
    private let loader = PageLoader()

    /// A JPEG of the page at most `ReportWriter.previewSize` on its longest side, or nil when the page cannot be
    /// loaded again (the file moved, or the page failed for a reason that would fail here too).
    func jpeg(source: (path: RawPath, format: DocumentFormat?)?, page: PageRecord) -> Data? {
        guard let source, let format = source.format, let w = page.width, let h = page.height, w > 0, h > 0 else { return nil }
        // A page that failed may have failed for its size or its content; only retry pages that could be shown cheaply.
        guard page.status == .done || Double(w) * Double(h) <= 50_000_000 else { return nil }
        let request = PageRequest(
            path: source.path, displayPath: source.path.display, format: format, index: page.page - 1, documentKey: "")
        // PDFs: render at about the DPI that gives the preview size directly (the job's page pixels are at its render DPI,
        // 300 at most), instead of rendering at full size and shrinking.
        let size = ReportWriter.previewSize
        let scale = min(1, size / Double(max(w, h)))
        guard
            let loaded = try? loader.load(
                request, needText: false, needRaster: true, quality: .balanced, maxMegapixels: 1000, renderDPI: 300 * scale),
            let raster = loaded.raster, let pix = LeptonicaImage.from(raster)
        else { return nil }
        let factor = min(1, size / Double(max(raster.width, raster.height)))
        guard let small = factor < 1 ? pix.scaled(by: factor) : pix, let jpeg = small.jpegData(quality: ReportWriter.jpegQuality)
        else { return nil }
        return Data(jpeg)
    }
}

extension JobStoreBackend {
    /// The configuration stored by the job's last run (nil before the first). A configuration a newer or older
    /// datascan stored that this one cannot read is a store error naming the reason.
    func storedConfiguration() throws(DataScanError) -> ScanConfiguration? {
        guard let text = try meta("configuration") else { return nil }
        do {
            return try StrictJSON.decode(ScanConfiguration.self, from: Data(text.utf8))
        } catch {
            throw DataScanError(.store, "\(storeDescription): the job's stored configuration cannot be read (\(error.message))")
        }
    }
}

enum FileSystem {
    static func exists(_ path: String) -> Bool {
        DocumentWalker.stat(RawPath(path), follow: true) != nil
    }

    /// Whether something is at `path`, a dangling symbolic link included (the walk reports that one itself).
    static func existsOrIsLink(_ path: String) -> Bool {
        DocumentWalker.stat(RawPath(path), follow: false) != nil
    }
}
