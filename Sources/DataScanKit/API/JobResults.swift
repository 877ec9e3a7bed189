/// Read access to an existing job folder: its summary, failures, items and export. Not `Sendable`:
/// use it from one task.
///
/// ```swift
/// let results = try JobResults(folder: "datascan-out")
/// print(try results.summary().done)
/// try results.export(types: ["phone"], format: .csv, to: "phones.csv")
/// ```
public final class JobResults {
    private let database: any JobStoreBackend

    /// Opens `folder`; throws a usage error when it holds no job.
    public init(folder: String) throws(DataScanError) {
        let path = folder + "/datascan.sqlite"
        guard FileSystem.exists(path) else {
            throw DataScanError(.usage, "\(folder) is not a datascan job folder (no datascan.sqlite in it)")
        }
        database = try JobDatabase(path: path)
    }

    /// Opens job `job` in the shared PostgreSQL store at `url`; throws a usage error when the store has no such job.
    public init(storeURL url: String, job: String) throws(DataScanError) {
        let database = try PostgresJobDatabase(url: url, job: job, retryWindow: 10)
        guard try database.meta("runs") != nil else {
            throw DataScanError(.usage, "\(database.storeDescription): no such job (see `datascan scan … --store … --job \(job)`)")
        }
        self.database = database
    }

    /// Pages by status, items by type.
    public func summary() throws(DataScanError) -> JobSummary { try database.summary() }

    /// Failed pages (and documents that could not be opened, with `page` nil), with their reasons.
    public func failures() throws(DataScanError) -> [(document: String, page: Int?, error: String)] {
        try database.failures()
    }

    /// Documents that were not analyzed, with the reason.
    public func skipped() throws(DataScanError) -> [(document: String, reason: String)] {
        try database.skippedDocuments()
    }

    /// The configuration the job last ran with, as JSON text (compact), if any.
    public func storedConfiguration() throws(DataScanError) -> String? { try database.meta("configuration") }

    /// Documents with their pages and items, in walk order.
    public func documents() throws(DataScanError) -> [DocumentRecord] { try database.documentRecords() }

    /// Calls `body` for every item (document, page, reading order), filtered by type names (`phone`, `qr`,
    /// `barcode` for all symbologies) and minimum confidence.
    public func forEachItem(
        types: Set<String>? = nil, minConfidence: Double? = nil, _ body: (ItemRecord) throws -> Void
    ) throws(DataScanError) {
        try database.forEachItemRecord(types: types, minConfidence: minConfidence, body)
    }

    /// Writes the filtered items in `format` to `path` (atomically), or to standard output when `path` is nil.
    public func export(types: Set<String>? = nil, minConfidence: Double? = nil, format: ExportFormat, to path: String?)
        throws(DataScanError)
    {
        func body(_ sink: inout OutputSink) throws {
            var exporter = ItemExporter(format: format)
            try exporter.begin(to: &sink)
            try database.forEachItemRecord(types: types, minConfidence: minConfidence) { record in
                try exporter.write(record, to: &sink)
            }
            try exporter.finish(to: &sink)
            try sink.flush()
        }
        do {
            if let path {
                try AtomicFile.write(to: path, body)
            } else {
                var sink = OutputSink.standardOutput()
                try body(&sink)
            }
        } catch let e as DataScanError {
            throw e
        } catch {
            throw DataScanError(.output, "cannot export items\(path.map { " to \($0)" } ?? ""): \(error)")
        }
    }
}

enum FileSystem {
    static func exists(_ path: String) -> Bool {
        DocumentWalker.stat(RawPath(path), follow: true) != nil
    }
}
