/// Writes the job folder's `manifest.json` and `items.csv` from the store, each atomically, and records the
/// configuration in the store. With no folder (a shared store run without `--out`) only the configuration is kept.
struct JobOutputs {
    let database: any JobStoreBackend
    let folder: JobFolder?
    let configuration: ScanConfiguration

    func write(summary: JobSummary) throws(DataScanError) {
        do {
            try database.setMeta("configuration", configurationText)
            guard let folder else { return }
            let documents = try StoredDocumentRecords(database)
            try AtomicFile.write(to: folder.manifestPath) { sink in
                try ManifestWriter.write(
                    tool: EngineInfo.toolVersions, job: configuration.jsonValue, summary: summary, documents: documents, to: &sink)
                // A store error cut the sequence short: fail before the partial file replaces the old one.
                if let error = documents.error { throw error }
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

    private var configurationText: String {
        var sink = OutputSink.inMemory()
        var json = JSONWriter(style: .compact)
        try? json.value(configuration.jsonValue, to: &sink)
        return sink.text
    }
}
