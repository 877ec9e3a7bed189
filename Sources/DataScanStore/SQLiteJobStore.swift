import DataScanModel
import DataScanSQL
import Foundation

/// A document as the store knows it.
package struct StoredDocument: Hashable, Sendable {
    package var id: Int64
    var path: RawPath
    package var size: Int64
    package var modified: Double
    package var sha256: String?
    var format: DocumentFormat?
    package var status: DocumentStatus
    package var error: String?
}

/// A page waiting for analysis.
package struct PendingPage: Hashable, Sendable {
    package var pageID: Int64
    package var request: PageRequest
    var attempts: Int
}

/// The job's state in `OUT/datascan.sqlite`: configuration, documents, pages (status, attempts, error,
/// timings, recognized lines) and items. The source of truth every output is written from.
/// Not `Sendable`: one owner uses it (the `JobStore` actor during a run, a command otherwise).
package final class SQLiteJobStore: JobStoreBackend {
    let db: SQLiteDatabase
    /// 2: `pages.warning` (a page read only in part).
    static let schemaVersion = 2
    /// The SQLite library's version.
    package static var sqliteVersion: String { SQLiteDatabase.version }

    package var storeDescription: String { db.path }

    package init(path: String) throws(DataScanError) {
        db = try SQLiteDatabase(path: path)
        try migrate()
    }

    /// Brings the schema to `schemaVersion`. A store already there is only read: opening it takes no write lock,
    /// so `status` and `export` open a job while a run writes to it, and two of them side by side, without
    /// waiting on each other. The whole migration is one transaction: a killed one leaves the old schema.
    private func migrate() throws(DataScanError) {
        let current = try storedSchemaVersion()
        if current == Self.schemaVersion { return }
        if let current, current > Self.schemaVersion { throw newerSchema(current) }
        try db.transaction { () throws(DataScanError) in try createOrUpgrade() }
    }

    /// The schema version the database records, nil when it has none yet (new, or from before the version).
    private func storedSchemaVersion() throws(DataScanError) -> Int? {
        guard try db.row("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'", [], { _ in true }) != nil else {
            return nil
        }
        return try meta("schemaVersion").flatMap(Int.init)
    }

    private func newerSchema(_ stored: Int) -> DataScanError {
        DataScanError(.store, "job database \(db.path) was written by a newer datascan (schema \(stored)); use that version")
    }

    private func createOrUpgrade() throws(DataScanError) {
        try db.execute(
            """
            CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS documents(
              id INTEGER PRIMARY KEY,
              path BLOB NOT NULL UNIQUE,
              display_path TEXT NOT NULL,
              ordinal INTEGER NOT NULL DEFAULT 0,
              size INTEGER NOT NULL DEFAULT 0,
              mtime REAL NOT NULL DEFAULT 0,
              sha256 TEXT,
              format TEXT,
              status TEXT NOT NULL,
              error TEXT,
              run INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE IF NOT EXISTS pages(
              id INTEGER PRIMARY KEY,
              document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
              page INTEGER NOT NULL,
              status TEXT NOT NULL,
              attempts INTEGER NOT NULL DEFAULT 0,
              error TEXT,
              warning TEXT,
              width INTEGER, height INTEGER, source TEXT, rotation INTEGER NOT NULL DEFAULT 0,
              seconds REAL, timings TEXT, lines TEXT,
              started_at REAL, finished_at REAL,
              UNIQUE(document_id, page));
            CREATE INDEX IF NOT EXISTS pages_status ON pages(status);
            CREATE TABLE IF NOT EXISTS items(
              id INTEGER PRIMARY KEY,
              page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
              item_id TEXT NOT NULL,
              ord INTEGER NOT NULL,
              kind TEXT NOT NULL, type TEXT NOT NULL, value TEXT NOT NULL, normalized TEXT NOT NULL,
              label TEXT, confidence REAL NOT NULL,
              x1 REAL, y1 REAL, x2 REAL, y2 REAL, x3 REAL, y3 REAL, x4 REAL, y4 REAL,
              payload BLOB);
            CREATE INDEX IF NOT EXISTS items_page ON items(page_id, ord);
            CREATE INDEX IF NOT EXISTS items_type ON items(type);
            """)
        // Read again inside the transaction: another process may have migrated since the check.
        let stored = try meta("schemaVersion").flatMap(Int.init) ?? 0
        if stored > Self.schemaVersion { throw newerSchema(stored) }
        if stored < 2, try !hasColumn("pages", "warning") {
            try db.execute("ALTER TABLE pages ADD COLUMN warning TEXT")
        }
        try setMeta("schemaVersion", String(Self.schemaVersion))
    }

    /// Whether `table` has `column` (a database from before the column was added lacks it).
    private func hasColumn(_ table: String, _ column: String) throws(DataScanError) -> Bool {
        try db.row("SELECT 1 FROM pragma_table_info(?) WHERE name = ?", [.text(table), .text(column)]) { _ in true } ?? false
    }

    // MARK: meta

    package func meta(_ key: String) throws(DataScanError) -> String? {
        try db.row("SELECT value FROM meta WHERE key = ?", [.text(key)]) { $0.text(0) } ?? nil
    }

    package func setMeta(_ key: String, _ value: String) throws(DataScanError) {
        try db.run(
            "INSERT INTO meta(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", [.text(key), .text(value)])
    }

    /// A new run number, stamped on every document the run sees.
    package func beginRun() throws(DataScanError) -> Int64 {
        let n = (try meta("runs").flatMap(Int64.init) ?? 0) + 1
        try setMeta("runs", String(n))
        return n
    }

    // MARK: documents

    package func document(path: RawPath) throws(DataScanError) -> StoredDocument? {
        try db.row("SELECT id, size, mtime, sha256, format, status, error FROM documents WHERE path = ?", [.blob(path.bytes)]) { s in
            StoredDocument(
                id: s.int(0), path: path, size: s.int(1), modified: s.double(2), sha256: s.text(3),
                format: s.text(4).flatMap(DocumentFormat.init(rawValue:)),
                status: s.text(5).flatMap(DocumentStatus.init(rawValue:)) ?? .pending, error: s.text(6))
        }
    }

    /// Records a document seen in this run, unchanged: keeps its pages and items.
    package func touch(documentID: Int64, ordinal: Int, run: Int64) throws(DataScanError) {
        try db.run(
            "UPDATE documents SET ordinal = ?, run = ? WHERE id = ?", [.integer(Int64(ordinal)), .integer(run), .integer(documentID)])
    }

    /// Inserts or replaces a document; its old pages and items go. `pages` pending pages are created.
    /// Status: pending with pages, else `status` (failed/skipped) with `error`.
    @discardableResult
    package func upsertDocument(
        file: WalkedFile, ordinal: Int, run: Int64, sha256: String?, format: DocumentFormat?, pages: Int,
        status: DocumentStatus, error: String?
    ) throws(DataScanError) -> Int64 {
        try db.transaction { () throws(DataScanError) -> Int64 in
            let existing = try document(path: file.path)
            let values: [SQLiteValue] = [
                .text(file.path.display), .integer(Int64(ordinal)), .integer(file.size), .real(file.modified),
                sha256.map(SQLiteValue.text) ?? .null, format.map { .text($0.rawValue) } ?? .null, .text(status.rawValue),
                error.map(SQLiteValue.text) ?? .null, .integer(run),
            ]
            let id: Int64
            if let existing {
                id = existing.id
                try db.run("DELETE FROM pages WHERE document_id = ?", [.integer(id)])
                try db.run(
                    "UPDATE documents SET display_path = ?, ordinal = ?, size = ?, mtime = ?, sha256 = ?, format = ?, status = ?, error = ?, run = ? WHERE id = ?",
                    values + [.integer(id)])
            } else {
                try db.run(
                    "INSERT INTO documents(display_path, ordinal, size, mtime, sha256, format, status, error, run, path) VALUES(?,?,?,?,?,?,?,?,?,?)",
                    values + [.blob(file.path.bytes)])
                id = db.lastInsertRowID
            }
            for p in 0..<pages {
                try db.run("INSERT INTO pages(document_id, page, status) VALUES(?, ?, 'pending')", [.integer(id), .integer(Int64(p + 1))])
            }
            return id
        }
    }

    /// Marks documents of earlier runs that this run did not see: they keep their results but are reported
    /// as vanished (skipped, with the reason).
    package func markVanished(run: Int64) throws(DataScanError) {
        try db.run(
            "UPDATE documents SET status = 'skipped', error = 'file no longer present' WHERE run < ? AND status != 'skipped'",
            [.integer(run)])
    }

    /// Recomputes each document's status from its pages: done, partial (some failed or read in part), failed (all
    /// failed).
    package func refreshDocumentStatuses() throws(DataScanError) {
        try db.execute(
            """
            UPDATE documents SET status = (
              SELECT CASE
                WHEN COUNT(*) = 0 THEN documents.status
                WHEN SUM(p.status = 'failed') = COUNT(*) THEN 'failed'
                WHEN SUM(p.status = 'failed') > 0 THEN 'partial'
                WHEN SUM(p.status IN ('pending','running')) > 0 THEN 'pending'
                WHEN SUM(p.warning IS NOT NULL) > 0 THEN 'partial'
                ELSE 'done' END
              FROM pages p WHERE p.document_id = documents.id),
            error = (
              SELECT CASE WHEN SUM(p.status = 'failed') = COUNT(*) AND COUNT(*) > 0
                THEN 'every page failed' ELSE documents.error END
              FROM pages p WHERE p.document_id = documents.id)
            WHERE EXISTS (SELECT 1 FROM pages p WHERE p.document_id = documents.id)
            """)
    }

    // MARK: pages

    /// Pages left `running` by a run that was killed go back to `pending`.
    package func requeueInterrupted() throws(DataScanError) -> Int {
        try db.run("UPDATE pages SET status = 'pending' WHERE status = 'running'")
        return db.changes
    }

    package func requeueFailed() throws(DataScanError) -> Int { try requeue(where: "status = 'failed'") }

    package func requeueFinished() throws(DataScanError) -> Int { try requeue(where: "status IN ('done', 'failed')") }

    package func requeuePage(document: String, page: Int) throws(DataScanError) -> Int {
        try requeue(
            where: "page = ? AND document_id IN (SELECT id FROM documents WHERE display_path = ?)",
            [.integer(Int64(page)), .text(document)])
    }

    /// Sets the chosen pages back to pending (for `rerun`).
    func requeue(where condition: String, _ values: [SQLiteValue] = []) throws(DataScanError) -> Int {
        try db.run("UPDATE pages SET status = 'pending', error = NULL WHERE \(condition)", values)
        return db.changes
    }

    package func pendingPages() throws(DataScanError) -> [PendingPage] {
        let s = try db.prepare(
            """
            SELECT p.id, p.page, p.attempts, d.path, d.format, d.sha256 FROM pages p JOIN documents d ON d.id = p.document_id
            WHERE p.status = 'pending' AND d.format IS NOT NULL ORDER BY d.ordinal, d.id, p.page
            """)
        var out: [PendingPage] = []
        while try s.step() {
            guard let format = s.text(4).flatMap(DocumentFormat.init(rawValue:)) else { continue }
            let path = RawPath(bytes: s.blob(3))
            out.append(
                PendingPage(
                    pageID: s.int(0),
                    request: PageRequest(
                        path: path, displayPath: path.display, format: format, index: Int(s.int(1)) - 1, documentKey: s.text(5) ?? ""),
                    attempts: Int(s.int(2))))
        }
        return out
    }

    package func markRunning(pageID: Int64) throws(DataScanError) {
        try db.run(
            "UPDATE pages SET status = 'running', attempts = attempts + 1, started_at = ? WHERE id = ?",
            [.real(Date().timeIntervalSince1970), .integer(pageID)])
    }

    package func markRunning(pageIDs: [Int64]) throws(DataScanError) {
        try db.transaction { () throws(DataScanError) in
            for id in pageIDs { try markRunning(pageID: id) }
        }
    }

    /// Every outcome in one transaction (each of `complete`, `fail` and `release` is one otherwise).
    package func record(_ outcomes: [PageCompletion]) throws(DataScanError) {
        try db.transaction { () throws(DataScanError) in
            inBatch = true
            defer { inBatch = false }
            for outcome in outcomes { try apply(outcome) }
        }
    }

    /// Set while `record` holds the transaction: the per-page methods then run inside it.
    private var inBatch = false

    private func transaction(_ body: () throws(DataScanError) -> Void) throws(DataScanError) {
        if inBatch { return try body() }
        try db.transaction(body)
    }

    /// Stores a finished page and its items in one transaction (replacing any earlier items of the page).
    package func complete(pageID: Int64, analysis a: ImageAnalysis, storedLines: String?, seconds: Double) throws(DataScanError) {
        try transaction { () throws(DataScanError) in
            try db.run("DELETE FROM items WHERE page_id = ?", [.integer(pageID)])
            try insertItems(a.items, pageID: pageID)
            try db.run(
                """
                UPDATE pages SET status = 'done', error = NULL, warning = ?, width = ?, height = ?, source = ?, rotation = ?,
                  seconds = ?, timings = ?, lines = ?, finished_at = ? WHERE id = ?
                """,
                [
                    a.warning.map(SQLiteValue.text) ?? .null,
                    .integer(Int64(a.width)), .integer(Int64(a.height)), .text(a.source.rawValue), .integer(Int64(a.rotation)),
                    .real(seconds),
                    .text(StoredLines.encode(timings: a.timings)), .text(storedLines ?? StoredLines.encode(a.lines)),
                    .real(Date().timeIntervalSince1970),
                    .integer(pageID),
                ])
        }
    }

    /// Replaces a done page's items (for `rerun --detect-only`).
    package func replaceItems(pageID: Int64, items: [RecognizedItem]) throws(DataScanError) {
        try db.transaction { () throws(DataScanError) in
            try db.run("DELETE FROM items WHERE page_id = ?", [.integer(pageID)])
            try insertItems(items, pageID: pageID)
        }
    }

    private func insertItems(_ items: [RecognizedItem], pageID: Int64) throws(DataScanError) {
        for (order, item) in items.enumerated() {
            let c = item.bounds.corners
            var payload: SQLiteValue = .null
            if case .barcode(let b) = item { payload = .blob(b.payload) }
            try db.run(
                "INSERT INTO items(page_id, item_id, ord, kind, type, value, normalized, label, confidence, x1, y1, x2, y2, x3, y3, x4, y4, payload) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                [
                    .integer(pageID), .text(item.id), .integer(Int64(order)), .text(item.kind), .text(item.type), .text(item.value),
                    .text(item.normalized), item.label.map { .text($0.rawValue) } ?? .null, .real(item.confidence),
                    .real(c[0].x), .real(c[0].y), .real(c[1].x), .real(c[1].y), .real(c[2].x), .real(c[2].y), .real(c[3].x), .real(c[3].y),
                    payload,
                ])
        }
    }

    package func fail(pageID: Int64, error: String, seconds: Double?) throws(DataScanError) {
        try transaction { () throws(DataScanError) in
            try db.run("DELETE FROM items WHERE page_id = ?", [.integer(pageID)])
            try db.run(
                "UPDATE pages SET status = 'failed', error = ?, warning = NULL, seconds = ?, finished_at = ? WHERE id = ?",
                [.text(error), seconds.map(SQLiteValue.real) ?? .null, .real(Date().timeIntervalSince1970), .integer(pageID)])
        }
    }

    /// Puts a page that was running back to pending (cancelled before it finished).
    package func release(pageID: Int64) throws(DataScanError) {
        try db.run(
            "UPDATE pages SET status = 'pending', attempts = MAX(attempts - 1, 0) WHERE id = ? AND status = 'running'", [.integer(pageID)])
    }
}
