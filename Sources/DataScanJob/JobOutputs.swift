import DataScanDetection
import DataScanEngines
import DataScanInput
import DataScanModel
import DataScanOutput
import DataScanRecognition
import DataScanStore
import Foundation

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
            let documents = try StoredDocumentRecords(database)
            try AtomicFile.write(to: folder.manifestPath) { sink in
                try ManifestWriter.write(
                    tool: EngineInfo.toolVersions, job: configurationJSON, summary: summary, documents: documents, to: &sink)
                // A store error cut the sequence short: fail before the partial file replaces the old one.
                if let error = documents.error { throw error as any Error }
            }
            try AtomicFile.write(to: folder.itemsPath) { sink in
                try ItemsCSV.writeHeader(to: &sink)
                try database.forEachItemRecord(types: nil, minConfidence: nil) { try ItemsCSV.write($0, to: &sink) }
                try sink.flush()
            }
        } catch let e as DataScanError {
            throw e
        } catch {
            throw DataScanError(.output, "cannot write the job's outputs in \(folder?.path ?? "the store"): \(error)")
        }
    }
}
