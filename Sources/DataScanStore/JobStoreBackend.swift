import DataScanModel
import DataScanSQL

/// The job's state, wherever it is kept: `SQLiteJobStore` (SQLite in the job folder, the default) or
/// `PostgresJobStore` (one job of a shared PostgreSQL database). Registration, the runner, the outputs and the
/// readers speak only this protocol. Every method is synchronous and blocking (run it on the store's queue), and
/// every state change is one transaction.
/// Not `Sendable`: one owner uses a backend (the `JobStore` actor during a run, a command otherwise).
package protocol JobStoreBackend: AnyObject {
    /// Where the state lives, for messages (a file path, or a URL without its password and the job name).
    var storeDescription: String { get }

    // MARK: meta

    func meta(_ key: String) throws(DataScanError) -> String?
    func setMeta(_ key: String, _ value: String) throws(DataScanError)
    /// A new run number, stamped on every document the run sees.
    func beginRun() throws(DataScanError) -> Int64

    // MARK: documents

    func document(path: RawPath) throws(DataScanError) -> StoredDocument?
    /// Records a document seen in this run, unchanged: keeps its pages and items.
    func touch(documentID: Int64, ordinal: Int, run: Int64) throws(DataScanError)
    /// Inserts or replaces a document; its old pages and items go. `pages` pending pages are created.
    @discardableResult
    func upsertDocument(
        file: WalkedFile, ordinal: Int, run: Int64, sha256: String?, format: DocumentFormat?, pages: Int,
        status: DocumentStatus, error: String?
    ) throws(DataScanError) -> Int64
    /// Marks documents of earlier runs that this run did not see as skipped ("file no longer present").
    func markVanished(run: Int64) throws(DataScanError)
    /// Recomputes each document's status from its pages: done, partial (some failed or read in part), failed (all
    /// failed).
    func refreshDocumentStatuses() throws(DataScanError)

    // MARK: pages

    /// Pages left `running` by a run that is gone go back to `pending`; returns how many.
    func requeueInterrupted() throws(DataScanError) -> Int
    /// Failed pages back to pending (`rerun --failed`); returns how many.
    func requeueFailed() throws(DataScanError) -> Int
    /// Done and failed pages back to pending (`rerun --all`); returns how many.
    func requeueFinished() throws(DataScanError) -> Int
    /// One page (document as shown in output, 1-based page) back to pending; returns 0 when there is no such page.
    func requeuePage(document: String, page: Int) throws(DataScanError) -> Int
    func pendingPages() throws(DataScanError) -> [PendingPage]
    func markRunning(pageID: Int64) throws(DataScanError)
    /// Stores a finished page and its items in one transaction (replacing any earlier items of the page).
    /// `storedLines`: the page's lines already in `StoredLines` form (as a page process sends them), or nil to
    /// encode `analysis.lines`.
    func complete(pageID: Int64, analysis: ImageAnalysis, storedLines: String?, seconds: Double) throws(DataScanError)
    /// Replaces a done page's items (for `rerun --detect-only`).
    func replaceItems(pageID: Int64, items: [RecognizedItem]) throws(DataScanError)
    func fail(pageID: Int64, error: String, seconds: Double?) throws(DataScanError)
    /// Puts a page that was running back to pending (cancelled before it finished).
    func release(pageID: Int64) throws(DataScanError)
    /// `markRunning` for many pages, in one transaction where the store has them.
    func markRunning(pageIDs: [Int64]) throws(DataScanError)
    /// What became of many pages (a batch of text-layer pages), in one transaction where the store has them: a
    /// transaction per page of a few milliseconds costs more than the page.
    func record(_ outcomes: [PageCompletion]) throws(DataScanError)

    // MARK: reading

    func summary() throws(DataScanError) -> JobSummary
    /// The documents' ids in walk order.
    func documentIDs() throws(DataScanError) -> [Int64]
    /// One document with its pages and their items.
    func documentRecord(id: Int64) throws(DataScanError) -> DocumentRecord
    /// Every item in document, page and reading order, optionally filtered by type names
    /// (`phone`, `qr`; `barcode` for every symbology) and minimum confidence.
    func forEachItemRecord(types: Set<String>?, minConfidence: Double?, _ body: (ItemRecord) throws -> Void) throws(DataScanError)
    /// Failed pages and documents: (document, page or nil, reason).
    func failures() throws(DataScanError) -> [(document: String, page: Int?, error: String)]
    /// Done pages read only in part: (document, page, warning).
    func partialPages() throws(DataScanError) -> [(document: String, page: Int, warning: String)]
    /// Documents skipped by the walk or as unsupported: (document, reason).
    func skippedDocuments() throws(DataScanError) -> [(document: String, reason: String)]
    /// Done pages with their stored lines (for `rerun --detect-only`).
    func forEachDonePage(_ body: (StoredPage) throws(DataScanError) -> Void) throws(DataScanError)
    /// The content hashes (sha256) of the job's documents (which kept page images are still the job's).
    func documentHashes() throws(DataScanError) -> Set<String>
    /// The done pages of one document with their stored lines, in page order (the text and PDF exports).
    func storedPages(documentID: Int64) throws(DataScanError) -> [StoredPage]
    /// Stored barcodes of a page (kept when text items are re-derived).
    func barcodes(pageID: Int64) throws(DataScanError) -> [RecognizedItem.Barcode]
    /// Each document's file path and format, in the same order as `documentRecords()`.
    func documentSources() throws(DataScanError) -> [(path: RawPath, format: DocumentFormat?)]
    /// The file path and format of one document.
    func documentSource(id: Int64) throws(DataScanError) -> (path: RawPath, format: DocumentFormat?)?
    /// Failed, skipped and unfinished documents (those without pages) and pages, in walk order.
    func problems() throws(DataScanError) -> [JobProblem]
    /// Runs `body`'s reads as one consistent snapshot where the store can (SQLite: one read transaction, so a
    /// report written while a run goes on shows one moment of it; PostgreSQL: each read sees the latest commits).
    func readingSnapshot<T>(_ body: () throws(DataScanError) -> T) throws(DataScanError) -> T
}

/// A page's outcome as `JobStoreBackend.record` stores it.
package enum PageCompletion: Sendable {
    case done(pageID: Int64, analysis: ImageAnalysis, storedLines: String?, seconds: Double)
    case failed(pageID: Int64, error: String, seconds: Double?)
    /// Back to pending (not reached, or sent again alone).
    case released(pageID: Int64)
}

extension JobStoreBackend {
    /// One page at a time (a store without a transaction spanning calls).
    package func markRunning(pageIDs: [Int64]) throws(DataScanError) {
        for id in pageIDs { try markRunning(pageID: id) }
    }

    /// One page at a time (a store without a transaction spanning calls).
    package func record(_ outcomes: [PageCompletion]) throws(DataScanError) {
        for outcome in outcomes { try apply(outcome) }
    }

    func apply(_ outcome: PageCompletion) throws(DataScanError) {
        switch outcome {
        case .done(let id, let analysis, let lines, let seconds):
            try complete(pageID: id, analysis: analysis, storedLines: lines, seconds: seconds)
        case .failed(let id, let error, let seconds): try fail(pageID: id, error: error, seconds: seconds)
        case .released(let id): try release(pageID: id)
        }
    }

    /// Documents in walk order, each with its pages and items.
    package func documentRecords() throws(DataScanError) -> [DocumentRecord] {
        try documentIDs().map { id throws(DataScanError) in try documentRecord(id: id) }
    }

    /// Calls `body` for each document in walk order, with its pages and items (one document in memory at a time).
    func forEachDocumentRecord(_ body: (DocumentRecord) throws -> Void) throws(DataScanError) {
        for id in try documentIDs() {
            let record = try documentRecord(id: id)
            do { try body(record) } catch let e as DataScanError { throw e } catch { throw DataScanError(.output, "\(error)") }
        }
    }
}

/// A done page as stored: what `rerun --detect-only` re-derives items from.
package struct StoredPage {
    package var pageID: Int64
    package var documentKey: String
    package var page: Int
    package var width: Int
    package var height: Int
    /// Degrees the page was turned to read it.
    package var rotation: Int
    package var lines: [RecognizedLine]
}

/// Documents in walk order, loaded one at a time as the sequence is iterated (the manifest of a job
/// of any size is written with one document in memory). A store error ends the sequence early and is
/// kept in `error`.
package final class StoredDocumentRecords: Sequence, IteratorProtocol {
    private let database: any JobStoreBackend
    private var ids: IndexingIterator<[Int64]>
    package private(set) var error: DataScanError?

    package init(_ database: any JobStoreBackend) throws(DataScanError) {
        self.database = database
        ids = try database.documentIDs().makeIterator()
    }

    package func next() -> DocumentRecord? {
        guard error == nil, let id = ids.next() else { return nil }
        do throws(DataScanError) {
            return try database.documentRecord(id: id)
        } catch {
            self.error = error
            return nil
        }
    }
}
