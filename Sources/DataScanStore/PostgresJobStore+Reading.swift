import DataScanModel
import DataScanSQL

/// Reading the job back: the same queries as `SQLiteJobStore+Reading`, scoped to this job. Item exports read
/// through a cursor in batches, so a job of any size is written with flat memory.
extension PostgresJobStore {
    package func summary() throws(DataScanError) -> JobSummary {
        var s = JobSummary()
        let job: [PostgresValue] = [.text(self.job)]
        let d = try query(
            """
            SELECT COUNT(*), COUNT(*) FILTER (WHERE status = 'skipped'),
              COUNT(*) FILTER (WHERE status = 'failed' AND NOT EXISTS (SELECT 1 FROM pages p WHERE p.document_id = documents.id))
            FROM documents WHERE job = $1
            """, job)
        if d.rowCount > 0 {
            s.documents = Int(d.int(0, 0))
            s.skippedDocuments = Int(d.int(0, 1))
            s.failedDocuments = Int(d.int(0, 2))
        }
        let p = try query("SELECT status, COUNT(*) FROM pages WHERE job = $1 GROUP BY status", job)
        for row in 0..<p.rowCount {
            let n = Int(p.int(row, 1))
            s.pages += n
            switch PageStatus(rawValue: p.text(row, 0) ?? "") {
            case .done: s.done += n
            case .failed: s.failed += n
            case .skipped: s.skipped += n
            case .pending, .running: s.pending += n
            case nil: break
            }
        }
        let w = try query("SELECT COUNT(*) FROM pages WHERE job = $1 AND status = 'done' AND warning IS NOT NULL", job)
        if w.rowCount > 0 { s.partial = Int(w.int(0, 0)) }
        let i = try query("SELECT type, COUNT(*) FROM items WHERE job = $1 GROUP BY type ORDER BY type", job)
        for row in 0..<i.rowCount {
            let n = Int(i.int(row, 1))
            s.items += n
            s.byType[i.text(row, 0) ?? "", default: 0] += n
        }
        return s
    }

    package func documentIDs() throws(DataScanError) -> [Int64] {
        let r = try query("SELECT id FROM documents WHERE job = $1 ORDER BY ordinal, id", [.text(job)])
        return (0..<r.rowCount).map { r.int($0, 0) }
    }

    package func documentRecord(id: Int64) throws(DataScanError) -> DocumentRecord {
        let doc = try query(
            "SELECT display_path, sha256, status, error FROM documents WHERE id = $1 AND job = $2", [.integer(id), .text(job)])
        guard doc.rowCount > 0 else { throw DataScanError(.store, "job store \(storeDescription): document \(id) vanished") }
        let path = doc.text(0, 0) ?? ""
        var record = DocumentRecord(
            path: path, sha256: doc.text(0, 1), status: DocumentStatus(rawValue: doc.text(0, 2) ?? "") ?? .pending, error: doc.text(0, 3),
            pages: [])
        let pages = try query(
            "SELECT id, page, status, width, height, source, seconds, error, warning, lines FROM pages WHERE document_id = $1 ORDER BY page",
            [.integer(id)]
        )
        let items = try query(
            "SELECT p.id, \(SQLiteJobStore.itemColumns.dropFirst("SELECT ".count)) FROM items i JOIN pages p ON p.id = i.page_id WHERE p.document_id = $1 ORDER BY p.page, i.ord",
            [.integer(id)])
        var byPage: [Int64: [(RecognizedItem, Int)]] = [:]
        for row in 0..<items.rowCount {
            byPage[items.int(row, 0), default: []].append((Self.item(items, row: row, offset: 1), Int(items.int(row, 12))))
        }
        for row in 0..<pages.rowCount {
            var page = PageRecord(
                page: Int(pages.int(row, 1)), status: PageStatus(rawValue: pages.text(row, 2) ?? "") ?? .pending,
                width: pages.isNull(row, 3) ? nil : Int(pages.int(row, 3)), height: pages.isNull(row, 4) ? nil : Int(pages.int(row, 4)),
                source: pages.text(row, 5).flatMap(PageSource.init(rawValue:)), seconds: pages.isNull(row, 6) ? nil : pages.double(row, 6),
                error: pages.text(row, 7), warning: pages.text(row, 8))
            page.lineSources = pages.text(row, 9).map(StoredLines.sourceCounts) ?? [:]
            page.items = (byPage[pages.int(row, 0)] ?? []).map { ItemRecord(document: path, page: page.page, item: $0.0, order: $0.1) }
            record.pages.append(page)
        }
        return record
    }

    package func forEachItemRecord(types: Set<String>?, minConfidence: Double?, _ body: (ItemRecord) throws -> Void) throws(DataScanError) {
        var sql =
            "SELECT d.display_path, p.page, \(SQLiteJobStore.itemColumns.dropFirst("SELECT ".count)) FROM items i JOIN pages p ON p.id = i.page_id JOIN documents d ON d.id = p.document_id"
        var conditions = ["i.job = $1"]
        var values: [PostgresValue] = [.text(job)]
        if let types {
            var names = types
            let anyBarcode = names.remove("barcode") != nil
            let placeholders = names.sorted().map { name -> String in
                values.append(.text(name))
                return "$\(values.count)"
            }
            let list = placeholders.isEmpty ? "NULL" : placeholders.joined(separator: ",")
            conditions.append(anyBarcode ? "(i.kind = 'barcode' OR i.type IN (\(list)))" : "i.type IN (\(list))")
        }
        if let minConfidence {
            values.append(.real(minConfidence))
            conditions.append("i.confidence >= $\(values.count)")
        }
        sql += " WHERE " + conditions.joined(separator: " AND ") + " ORDER BY d.ordinal, d.id, p.page, i.ord"
        try forEachRow(sql, values) { r, row throws(DataScanError) in
            let record = ItemRecord(
                document: r.text(row, 0) ?? "", page: Int(r.int(row, 1)), item: Self.item(r, row: row, offset: 2),
                order: Int(r.int(row, 13)))
            do { try body(record) } catch let e as DataScanError { throw e } catch { throw DataScanError(.output, "\(error)") }
        }
    }

    package func failures() throws(DataScanError) -> [(document: String, page: Int?, error: String)] {
        var out: [(String, Int?, String)] = []
        let d = try query(
            "SELECT display_path, error FROM documents WHERE job = $1 AND status = 'failed' AND NOT EXISTS (SELECT 1 FROM pages p WHERE p.document_id = documents.id) ORDER BY ordinal, id",
            [.text(job)])
        for row in 0..<d.rowCount { out.append((d.text(row, 0) ?? "", nil, d.text(row, 1) ?? "failed")) }
        let p = try query(
            "SELECT d.display_path, p.page, p.error FROM pages p JOIN documents d ON d.id = p.document_id WHERE p.job = $1 AND p.status = 'failed' ORDER BY d.ordinal, d.id, p.page",
            [.text(job)])
        for row in 0..<p.rowCount { out.append((p.text(row, 0) ?? "", Int(p.int(row, 1)), p.text(row, 2) ?? "failed")) }
        return out
    }

    package func partialPages() throws(DataScanError) -> [(document: String, page: Int, warning: String)] {
        let p = try query(
            "SELECT d.display_path, p.page, p.warning FROM pages p JOIN documents d ON d.id = p.document_id WHERE p.job = $1 AND p.status = 'done' AND p.warning IS NOT NULL ORDER BY d.ordinal, d.id, p.page",
            [.text(job)])
        return (0..<p.rowCount).map { (p.text($0, 0) ?? "", Int(p.int($0, 1)), p.text($0, 2) ?? "") }
    }

    package func skippedDocuments() throws(DataScanError) -> [(document: String, reason: String)] {
        let r = try query(
            "SELECT display_path, error FROM documents WHERE job = $1 AND status = 'skipped' ORDER BY ordinal, id", [.text(job)])
        return (0..<r.rowCount).map { (r.text($0, 0) ?? "", r.text($0, 1) ?? "skipped") }
    }

    package func forEachDonePage(_ body: (StoredPage) throws(DataScanError) -> Void) throws(DataScanError) {
        // Ids first, then the pages in batches: `body` writes to the store between batches.
        let ids = try query(
            "SELECT p.id FROM pages p JOIN documents d ON d.id = p.document_id WHERE p.job = $1 AND p.status = 'done' ORDER BY d.ordinal, p.page",
            [.text(job)])
        let all = (0..<ids.rowCount).map { ids.int($0, 0) }
        for start in stride(from: 0, to: all.count, by: 500) {
            let batch = all[start..<min(start + 500, all.count)]
            let r = try query(
                """
                SELECT p.id, d.sha256, p.page, p.width, p.height, p.rotation, p.lines FROM pages p JOIN documents d ON d.id = p.document_id
                WHERE p.id = ANY($1::bigint[])
                """, [.text("{" + batch.map(String.init).joined(separator: ",") + "}")])
            var rows: [Int64: StoredPage] = [:]
            for row in 0..<r.rowCount {
                rows[r.int(row, 0)] = StoredPage(
                    pageID: r.int(row, 0), documentKey: r.text(row, 1) ?? "", page: Int(r.int(row, 2)), width: Int(r.int(row, 3)),
                    height: Int(r.int(row, 4)), rotation: Int(r.int(row, 5)), lines: StoredLines.decode(r.text(row, 6) ?? "[]"))
            }
            for id in batch { if let page = rows[id] { try body(page) } }
        }
    }

    package func documentHashes() throws(DataScanError) -> Set<String> {
        let r = try query("SELECT DISTINCT sha256 FROM documents WHERE job = $1 AND sha256 IS NOT NULL", [.text(job)])
        return Set((0..<r.rowCount).compactMap { r.text($0, 0) })
    }

    package func storedPages(documentID: Int64) throws(DataScanError) -> [StoredPage] {
        let r = try query(
            """
            SELECT p.id, d.sha256, p.page, p.width, p.height, p.rotation, p.lines FROM pages p JOIN documents d ON d.id = p.document_id
            WHERE p.document_id = $1 AND p.job = $2 AND p.status = 'done' ORDER BY p.page
            """, [.integer(documentID), .text(job)])
        return (0..<r.rowCount).map { row in
            StoredPage(
                pageID: r.int(row, 0), documentKey: r.text(row, 1) ?? "", page: Int(r.int(row, 2)), width: Int(r.int(row, 3)),
                height: Int(r.int(row, 4)), rotation: Int(r.int(row, 5)), lines: StoredLines.decode(r.text(row, 6) ?? "[]"))
        }
    }

    package func barcodes(pageID: Int64) throws(DataScanError) -> [RecognizedItem.Barcode] {
        let r = try query(
            "\(SQLiteJobStore.itemColumns) FROM items WHERE page_id = $1 AND kind = 'barcode' ORDER BY ord", [.integer(pageID)])
        return (0..<r.rowCount).compactMap { row in
            if case .barcode(let b) = Self.item(r, row: row, offset: 0) { return b }
            return nil
        }
    }

    package func documentSources() throws(DataScanError) -> [(path: RawPath, format: DocumentFormat?)] {
        let r = try query("SELECT path, format FROM documents WHERE job = $1 ORDER BY ordinal, id", [.text(job)])
        return (0..<r.rowCount).map { (RawPath(bytes: r.bytes($0, 0)), r.text($0, 1).flatMap(DocumentFormat.init(rawValue:))) }
    }

    /// Decodes an item from `SQLiteJobStore.itemColumns` starting at `offset`.
    package static func item(_ r: PostgresResult, row: Int, offset o: Int) -> RecognizedItem {
        func d(_ c: Int) -> Double { r.double(row, o + c) }
        let quad = Quad(
            topLeft: Point(x: d(7), y: d(8)), topRight: Point(x: d(9), y: d(10)), bottomRight: Point(x: d(12), y: d(13)),
            bottomLeft: Point(x: d(14), y: d(15)))
        let id = r.text(row, o) ?? "", type = r.text(row, o + 2) ?? "", value = r.text(row, o + 3) ?? "",
            normalized = r.text(row, o + 4) ?? ""
        let confidence = d(6)
        if r.text(row, o + 1) == "barcode", let symbology = Symbology(rawValue: type) {
            return .barcode(
                .init(
                    id: id, symbology: symbology, payloadStringValue: value, payload: r.bytes(row, o + 16), normalized: normalized,
                    confidence: confidence,
                    bounds: quad))
        }
        return .text(
            .init(
                id: id, transcript: value, contentType: TextContentType(rawValue: type), normalized: normalized,
                label: r.text(row, o + 5).flatMap(ItemLabel.init(rawValue:)), confidence: confidence, bounds: quad))
    }

    package func documentSource(id: Int64) throws(DataScanError) -> (path: RawPath, format: DocumentFormat?)? {
        let r = try query("SELECT path, format FROM documents WHERE id = $1 AND job = $2", [.integer(id), .text(job)])
        guard r.rowCount > 0 else { return nil }
        return (RawPath(bytes: r.bytes(0, 0)), r.text(0, 1).flatMap(DocumentFormat.init(rawValue:)))
    }

    package func problems() throws(DataScanError) -> [JobProblem] {
        let r = try query(
            """
            SELECT d.id, d.display_path, NULL::integer, d.status, d.error, d.ordinal FROM documents d
              WHERE d.job = $1 AND d.status <> 'done' AND NOT EXISTS (SELECT 1 FROM pages p WHERE p.document_id = d.id)
            UNION ALL
            SELECT d.id, d.display_path, p.page, p.status, p.error, d.ordinal FROM pages p JOIN documents d ON d.id = p.document_id
              WHERE d.job = $1 AND p.status <> 'done'
            ORDER BY 6, 1, 3
            """, [.text(job)])
        return (0..<r.rowCount).map { row in
            JobProblem(
                documentID: r.int(row, 0), document: r.text(row, 1) ?? "", page: r.isNull(row, 2) ? nil : Int(r.int(row, 2)),
                status: r.text(row, 3) ?? "", reason: r.text(row, 4))
        }
    }

    package func readingSnapshot<T>(_ body: () throws(DataScanError) -> T) throws(DataScanError) -> T { try body() }
}
