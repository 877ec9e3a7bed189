/// Writes the job folder's `manifest.json` and `items.csv` from the store, each atomically.
struct JobOutputs {
    let database: JobDatabase
    let folder: JobFolder
    let configuration: ScanConfiguration

    func write(summary: JobSummary) throws(DataScanError) {
        do {
            try database.setMeta("configuration", configurationText)
            let documents = try database.documentRecords()
            try ManifestWriter.write(
                to: folder.manifestPath, tool: EngineInfo.toolVersions, job: configuration.jsonValue, summary: summary,
                documents: documents)
            try AtomicFile.write(to: folder.itemsPath) { sink in
                try ItemsCSV.writeHeader(to: &sink)
                for document in documents {
                    for page in document.pages {
                        for item in page.items { try ItemsCSV.write(item, to: &sink) }
                    }
                }
                try sink.flush()
            }
        } catch let e as DataScanError {
            throw e
        } catch {
            throw DataScanError(.output, "cannot write the job's outputs in \(folder.path): \(error)")
        }
    }

    private var configurationText: String {
        var sink = OutputSink.inMemory()
        var json = JSONWriter(style: .compact)
        try? json.value(configuration.jsonValue, to: &sink)
        return sink.text
    }
}
