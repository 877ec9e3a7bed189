import DataScanDetection
import DataScanEngines
import DataScanInput
import DataScanModel
import DataScanOutput
import DataScanRecognition
import DataScanStore
import Foundation
import Synchronization

/// Writes the job folder's `manifest.json` and `items.csv` from the store, each atomically, and records the
/// configuration in the store. With no folder (a shared store run without `--out`) only the configuration is kept.
struct JobOutputs {
    let database: any JobStoreBackend
    let folder: JobFolder?
    let configuration: ScanConfiguration

    func write(summary: JobSummary) throws(DataScanError) {
        do {
            let configurationJSON = try configuration.jsonText()
            try database.setMeta("configuration", configurationJSON)
            guard let folder else { return }
            // Why a thread: items.csv is written beside manifest.json from a connection of its own when the store
            // is the job folder's SQLite database (WAL lets two connections read at once), so the two files take the
            // time of the larger, not their sum.
            let items = database is SQLiteJobStore ? ItemsFileThread(database: folder.databasePath, to: folder.itemsPath) : nil
            let manifest = Result { () throws in
                let documents = try StoredDocumentRecords(database)
                try AtomicFile.write(to: folder.manifestPath) { sink in
                    try ManifestWriter.write(
                        tool: EngineInfo.toolVersions, job: configurationJSON, summary: summary, documents: documents, to: &sink)
                    // A store error cut the sequence short: fail before the partial file replaces the old one.
                    if let error = documents.error { throw error as any Error }
                }
            }
            if let items { try items.finish() } else { try Self.writeItems(from: database, to: folder.itemsPath) }
            try manifest.get()
        } catch let e as DataScanError {
            throw e
        } catch {
            throw DataScanError(.output, "cannot write the job's outputs in \(folder?.path ?? "the store"): \(error)")
        }
    }

    fileprivate static func writeItems(from database: any JobStoreBackend, to path: String) throws {
        try AtomicFile.write(to: path) { sink in
            try ItemsCSV.writeHeader(to: &sink)
            try database.forEachItemRecord(types: nil, minConfidence: nil) { try ItemsCSV.write($0, to: &sink) }
            try sink.flush()
        }
    }
}

/// `items.csv` written on a thread of its own, from its own connection to the job's SQLite database.
private final class ItemsFileThread: Sendable {
    private let outcome = Mutex<Result<Void, any Error>>(.success(()))
    private let done = DispatchSemaphore(value: 0)

    init(database: String, to path: String) {
        Thread.detachNewThread { [self] in
            let result = Result { () throws in try JobOutputs.writeItems(from: try SQLiteJobStore(path: database), to: path) }
            outcome.withLock { $0 = result }
            done.signal()
        }
    }

    /// Waits for the file; rethrows what stopped it.
    func finish() throws {
        done.wait()
        try outcome.withLock { $0 }.get()
    }
}
