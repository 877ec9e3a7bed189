import DataScanDetection
import DataScanEngines
import DataScanInput
import DataScanModel
import DataScanOutput
import DataScanRecognition
import DataScanStore
import Foundation

extension ScanJob {
    /// `rerun --detect-only`: re-derives every done page's items from the text stored for it, with the new
    /// configuration's types, region, ROI and `--single` — no OCR and no decoding. Barcodes found earlier are
    /// kept (filtered by the new types). Returns the number of pages re-derived and rewrites the manifests.
    /// With a PostgreSQL `store`, `output` (optional) receives the manifests.
    public static func redetect(output: URL?, configuration: ScanConfiguration, store: JobStoreLocation = .jobFolder)
        throws(DataScanError) -> Int
    {
        let folder: JobFolder?
        let database: any JobStoreBackend
        switch store {
        case .jobFolder:
            guard let output else { throw DataScanError(.usage, "give the job folder to rerun") }
            let f = try JobFolder(path: output.relativePath, create: false)
            folder = f
            database = try SQLiteJobStore(path: f.databasePath)
        case .postgres(let url, let job):
            folder = try output.map { url throws(DataScanError) in try JobFolder(path: url.relativePath) }
            database = try PostgresJobStore(url: url, job: job)
        }
        let assembler = ItemAssembler(configuration: configuration)
        var pages = 0
        try database.forEachDonePage { p throws(DataScanError) in
            let barcodes = try database.barcodes(pageID: p.pageID)
            let items = assembler.items(
                lines: p.lines, barcodes: barcodes, pageWidth: p.width, pageHeight: p.height, documentKey: p.documentKey, page: p.page,
                uprightTurns: p.rotation / 90)
            try database.replaceItems(pageID: p.pageID, items: items)
            pages += 1
        }
        try database.refreshDocumentStatuses()
        try JobOutputs(database: database, folder: folder, configuration: configuration).write(summary: database.summary())
        return pages
    }
}
