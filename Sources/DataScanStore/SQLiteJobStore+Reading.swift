import DataScanModel
import DataScanSQL

/// Reading the job back: summaries, documents for the manifest, items for export. Results stream from
/// SQLite one row at a time, so a job of any size is written with flat memory.
extension SQLiteJobStore {
    package func summary() throws(DataScanError) -> JobSummary {
        var s = JobSummary()
        let documents = try db.row(
            "SELECT COUNT(*), SUM(status = 'skipped'), SUM(status = 'failed' AND NOT EXISTS (SELECT 1 FROM pages p WHERE p.document_id = documents.id)) FROM documents"
        ) { (Int($0.int(0)), Int($0.int(1)), Int($0.int(2))) }
        if let (all, skipped, failed) = documents {
            s.documents = all
            s.skippedDocuments = skipped
            s.failedDocuments = failed
        }
        let p = try db.prepare("SELECT status, COUNT(*) FROM pages GROUP BY status")
        while try p.step() {
            let n = Int(p.int(1))
            s.pages += n
            switch PageStatus(rawValue: p.text(0) ?? "") {
            case .done: s.done += n
            case .failed: s.failed += n
            case .skipped: s.skipped += n
            case .pending, .running: s.pending += n
            case nil: break
            }
        }
        s.partial = try db.row("SELECT COUNT(*) FROM pages WHERE status = 'done' AND warning IS NOT NULL") { Int($0.int(0)) } ?? 0
        let i = try db.prepare("SELECT type, COUNT(*) FROM items GROUP BY type ORDER BY type")
        while try i.step() {
            let n = Int(i.int(1))
            s.items += n
            s.byType[i.text(0) ?? "", default: 0] += n
        }
        // Documents that are skipped or could not be opened count as skipped/failed "pages" nowhere:
        // the manifest lists them with their reason.
        return s
    }

    /// The documents' ids in walk order.
    package func documentIDs() throws(DataScanError) -> [Int64] {
        let s = try db.prepare("SELECT id FROM documents ORDER BY ordinal, id")
        var ids: [Int64] = []
        while try s.step() { ids.append(s.int(0)) }
        return ids
    }

    /// One document with its pages and their items.
    package func documentRecord(id: Int64) throws(DataScanError) -> DocumentRecord {
        let read = try db.row("SELECT display_path, sha256, status, error FROM documents WHERE id = ?", [.integer(id)]) { doc in
            DocumentRecord(
                path: doc.text(0) ?? "", sha256: doc.text(1), status: DocumentStatus(rawValue: doc.text(2) ?? "") ?? .pending,
                error: doc.text(3), pages: [])
        }
        guard var record = read else { throw DataScanError(.store, "job database: document \(id) vanished") }
        let path = record.path
        let pages = try db.prepare(
            "SELECT id, page, status, width, height, source, seconds, error, warning, lines FROM pages WHERE document_id = ? ORDER BY page")
        try pages.bind([.integer(id)])
        var pageRows: [(Int64, PageRecord)] = []
        while try pages.step() {
            var page = PageRecord(
                page: Int(pages.int(1)), status: PageStatus(rawValue: pages.text(2) ?? "") ?? .pending,
                width: pages.isNull(3) ? nil : Int(pages.int(3)), height: pages.isNull(4) ? nil : Int(pages.int(4)),
                source: pages.text(5).flatMap(PageSource.init(rawValue:)), seconds: pages.isNull(6) ? nil : pages.double(6),
                error: pages.text(7), warning: pages.text(8))
            page.lineSources = pages.withUTF8(9, StoredLines.sourceCounts) ?? [:]
            pageRows.append((pages.int(0), page))
        }
        // Items of every page of the document in one query (a 5,000-page PDF is one round trip, not 5,000).
        let items = try db.prepare(
            "SELECT p.id, \(Self.itemColumns.dropFirst("SELECT ".count)) FROM items i JOIN pages p ON p.id = i.page_id WHERE p.document_id = ? ORDER BY p.page, i.ord"
        )
        try items.bind([.integer(id)])
        var byPage: [Int64: [RecognizedItem]] = [:]
        var orders: [Int64: [Int]] = [:]
        while try items.step() {
            let pageID = items.int(0)
            byPage[pageID, default: []].append(Self.item(items, offset: 1))
            orders[pageID, default: []].append(Int(items.int(12)))
        }
        for (pageID, var page) in pageRows {
            let list = byPage[pageID] ?? []
            let ord = orders[pageID] ?? []
            page.items = list.indices.map { ItemRecord(document: path, page: page.page, item: list[$0], order: ord[$0]) }
            record.pages.append(page)
        }
        return record
    }

    /// Every item in document, page and reading order, optionally filtered by type names
    /// (`phone`, `qr`; `barcode` for every symbology) and minimum confidence.
    package func forEachItemRecord(types: Set<String>?, minConfidence: Double?, _ body: (ItemRecord) throws -> Void) throws(DataScanError) {
        var sql =
            "SELECT d.display_path, p.page, \(Self.itemColumns.dropFirst("SELECT ".count)) FROM items i JOIN pages p ON p.id = i.page_id JOIN documents d ON d.id = p.document_id"
        var conditions: [String] = []
        var values: [SQLiteValue] = []
        if let types {
            var names = types
            if names.remove("barcode") != nil {
                conditions.append("(i.kind = 'barcode' OR i.type IN (\(Array(repeating: "?", count: names.count).joined(separator: ","))))")
            } else {
                conditions.append("i.type IN (\(Array(repeating: "?", count: names.count).joined(separator: ",")))")
            }
            values += names.sorted().map { .text($0) }
        }
        if let minConfidence {
            conditions.append("i.confidence >= ?")
            values.append(.real(minConfidence))
        }
        if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
        sql += " ORDER BY d.ordinal, d.id, p.page, i.ord"
        let s = try db.prepare(sql.replacingOccurrences(of: "IN ()", with: "IN (NULL)"))
        try s.bind(values)
        while try s.step() {
            let record = ItemRecord(document: s.text(0) ?? "", page: Int(s.int(1)), item: Self.item(s, offset: 2), order: Int(s.int(13)))
            do { try body(record) } catch let e as DataScanError { throw e } catch { throw DataScanError(.output, "\(error)") }
        }
    }

    /// Failed pages and documents: (document, page or nil, reason).
    package func failures() throws(DataScanError) -> [(document: String, page: Int?, error: String)] {
        var out: [(String, Int?, String)] = []
        let d = try db.prepare(
            "SELECT display_path, error FROM documents WHERE status = 'failed' AND NOT EXISTS (SELECT 1 FROM pages p WHERE p.document_id = documents.id) ORDER BY ordinal, id"
        )
        while try d.step() { out.append((d.text(0) ?? "", nil, d.text(1) ?? "failed")) }
        let p = try db.prepare(
            "SELECT d.display_path, p.page, p.error FROM pages p JOIN documents d ON d.id = p.document_id WHERE p.status = 'failed' ORDER BY d.ordinal, d.id, p.page"
        )
        while try p.step() { out.append((p.text(0) ?? "", Int(p.int(1)), p.text(2) ?? "failed")) }
        return out
    }

    /// Done pages read only in part: (document, page, warning).
    package func partialPages() throws(DataScanError) -> [(document: String, page: Int, warning: String)] {
        let p = try db.prepare(
            "SELECT d.display_path, p.page, p.warning FROM pages p JOIN documents d ON d.id = p.document_id WHERE p.status = 'done' AND p.warning IS NOT NULL ORDER BY d.ordinal, d.id, p.page"
        )
        var out: [(String, Int, String)] = []
        while try p.step() { out.append((p.text(0) ?? "", Int(p.int(1)), p.text(2) ?? "")) }
        return out
    }

    /// Documents skipped by the walk or as unsupported: (document, reason).
    package func skippedDocuments() throws(DataScanError) -> [(document: String, reason: String)] {
        var out: [(String, String)] = []
        let s = try db.prepare("SELECT display_path, error FROM documents WHERE status = 'skipped' ORDER BY ordinal, id")
        while try s.step() { out.append((s.text(0) ?? "", s.text(1) ?? "skipped")) }
        return out
    }

    package func forEachDonePage(_ body: (StoredPage) throws(DataScanError) -> Void) throws(DataScanError) {
        let s = try db.prepare(
            "SELECT p.id, d.sha256, p.page, p.width, p.height, p.rotation, p.lines FROM pages p JOIN documents d ON d.id = p.document_id WHERE p.status = 'done' ORDER BY d.ordinal, p.page"
        )
        var rows: [(Int64, String, Int, Int, Int, Int, String)] = []
        while try s.step() {
            rows.append((s.int(0), s.text(1) ?? "", Int(s.int(2)), Int(s.int(3)), Int(s.int(4)), Int(s.int(5)), s.text(6) ?? "[]"))
        }
        for r in rows {
            try body(
                StoredPage(pageID: r.0, documentKey: r.1, page: r.2, width: r.3, height: r.4, rotation: r.5, lines: StoredLines.decode(r.6))
            )
        }
    }

    package func documentHashes() throws(DataScanError) -> Set<String> {
        let s = try db.prepare("SELECT DISTINCT sha256 FROM documents WHERE sha256 IS NOT NULL")
        var hashes = Set<String>()
        while try s.step() { if let h = s.text(0) { hashes.insert(h) } }
        return hashes
    }

    package func storedPages(documentID: Int64) throws(DataScanError) -> [StoredPage] {
        let s = try db.prepare(
            "SELECT p.id, d.sha256, p.page, p.width, p.height, p.rotation, p.lines FROM pages p JOIN documents d ON d.id = p.document_id WHERE p.document_id = ? AND p.status = 'done' ORDER BY p.page"
        )
        try s.bind([.integer(documentID)])
        var pages: [StoredPage] = []
        while try s.step() {
            pages.append(
                StoredPage(
                    pageID: s.int(0), documentKey: s.text(1) ?? "", page: Int(s.int(2)), width: Int(s.int(3)), height: Int(s.int(4)),
                    rotation: Int(s.int(5)), lines: StoredLines.decode(s.text(6) ?? "[]")))
        }
        return pages
    }

    /// Stored barcodes of a page (kept when text items are re-derived).
    package func barcodes(pageID: Int64) throws(DataScanError) -> [RecognizedItem.Barcode] {
        let s = try db.prepare("\(Self.itemColumns) FROM items WHERE page_id = ? AND kind = 'barcode' ORDER BY ord")
        try s.bind([.integer(pageID)])
        var out: [RecognizedItem.Barcode] = []
        while try s.step() {
            if case .barcode(let b) = Self.item(s, offset: 0) { out.append(b) }
        }
        return out
    }

    static let itemColumns =
        "SELECT item_id, kind, type, value, normalized, label, confidence, x1, y1, x2, y2, ord, x3, y3, x4, y4, payload"

    /// Decodes an item from `itemColumns` starting at `offset`.
    package static func item(_ s: SQLiteStatement, offset o: Int32) -> RecognizedItem {
        let quad = Quad(
            topLeft: Point(x: s.double(o + 7), y: s.double(o + 8)), topRight: Point(x: s.double(o + 9), y: s.double(o + 10)),
            bottomRight: Point(x: s.double(o + 12), y: s.double(o + 13)), bottomLeft: Point(x: s.double(o + 14), y: s.double(o + 15)))
        let id = s.text(o) ?? "", type = s.text(o + 2) ?? "", value = s.text(o + 3) ?? "", normalized = s.text(o + 4) ?? ""
        let confidence = s.double(o + 6)
        if s.text(o + 1) == "barcode", let symbology = Symbology(rawValue: type) {
            return .barcode(
                .init(
                    id: id, symbology: symbology, payloadStringValue: value, payload: s.blob(o + 16), normalized: normalized,
                    confidence: confidence, bounds: quad))
        }
        return .text(
            .init(
                id: id, transcript: value, contentType: TextContentType(rawValue: type), normalized: normalized,
                label: s.text(o + 5).flatMap(ItemLabel.init(rawValue:)), confidence: confidence, bounds: quad))
    }
}

extension SQLiteJobStore {
    /// Each document's file path and format, in the same order as `documentRecords()`.
    package func documentSources() throws(DataScanError) -> [(path: RawPath, format: DocumentFormat?)] {
        let s = try db.prepare("SELECT path, format FROM documents ORDER BY ordinal, id")
        var out: [(RawPath, DocumentFormat?)] = []
        while try s.step() { out.append((RawPath(bytes: s.blob(0)), s.text(1).flatMap(DocumentFormat.init(rawValue:)))) }
        return out
    }

    package func documentSource(id: Int64) throws(DataScanError) -> (path: RawPath, format: DocumentFormat?)? {
        try db.row("SELECT path, format FROM documents WHERE id = ?", [.integer(id)]) { s in
            (RawPath(bytes: s.blob(0)), s.text(1).flatMap(DocumentFormat.init(rawValue:)))
        }
    }

    package func problems() throws(DataScanError) -> [JobProblem] {
        let s = try db.prepare(
            """
            SELECT d.id, d.display_path, NULL, d.status, d.error, d.ordinal FROM documents d
              WHERE d.status <> 'done' AND NOT EXISTS (SELECT 1 FROM pages p WHERE p.document_id = d.id)
            UNION ALL
            SELECT d.id, d.display_path, p.page, p.status, p.error, d.ordinal FROM pages p JOIN documents d ON d.id = p.document_id
              WHERE p.status <> 'done'
            ORDER BY 6, 1, 3
            """)
        var out: [JobProblem] = []
        while try s.step() {
            out.append(
                JobProblem(
                    documentID: s.int(0), document: s.text(1) ?? "", page: s.isNull(2) ? nil : Int(s.int(2)), status: s.text(3) ?? "",
                    reason: s.text(4)))
        }
        return out
    }

    package func readingSnapshot<T>(_ body: () throws(DataScanError) -> T) throws(DataScanError) -> T {
        try db.execute("BEGIN")
        defer { try? db.execute("COMMIT") }
        return try body()
    }
}
