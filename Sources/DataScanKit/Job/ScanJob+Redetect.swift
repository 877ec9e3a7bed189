extension ScanJob {
    /// `rerun --detect-only`: re-derives every done page's items from the text stored for it, with the new
    /// configuration's types, region, ROI and `--single` — no OCR and no decoding. Barcodes found earlier are
    /// kept (filtered by the new types). Returns the number of pages re-derived and rewrites the manifests.
    public static func redetect(output: String, configuration: ScanConfiguration) throws(DataScanError) -> Int {
        let folder = try JobFolder(path: output, create: false)
        let database = try JobDatabase(path: folder.databasePath)
        let assembler = ItemAssembler(configuration: configuration)
        var pages = 0
        try database.forEachDonePage { pageID, documentKey, page, width, height, lines throws(DataScanError) in
            let barcodes = try database.barcodes(pageID: pageID)
            let items = assembler.items(
                lines: lines, barcodes: barcodes, pageWidth: width, pageHeight: height, documentKey: documentKey, page: page)
            try database.replaceItems(pageID: pageID, items: items)
            pages += 1
        }
        try database.refreshDocumentStatuses()
        try JobOutputs(database: database, folder: folder, configuration: configuration).write(summary: database.summary())
        return pages
    }
}
