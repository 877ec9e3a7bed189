import DataScanModel
import DataScanSQL
import Foundation

/// One job's state in a shared PostgreSQL database: the same documents/pages/items as `SQLiteJobStore`, every row
/// keyed by the job's name so that many jobs share one database, plus the lease columns (`worker_id`,
/// `lease_until`) that let many workers drain one job (`PageQueue`).
///
/// A lost connection (server restart, network) is retried with backoff for up to `retryWindow` seconds; each
/// state change is one transaction, so a retry redoes all of it or none of it was kept.
/// Not `Sendable`: one owner uses it (the `JobStore` actor during a run, a command otherwise).
package final class PostgresJobStore: JobStoreBackend {
    let url: String
    let job: String
    /// Seconds a lost connection is retried before the operation fails.
    let retryWindow: Double
    private var connection: PostgresConnection?
    /// The folder relative document paths are resolved against (the enqueuing process's working directory).
    private var baseDirectory: String??

    /// Times a page may lose its worker (killed, out of memory) before it is failed instead of claimed again.
    static let maxLostLeases = 3

    /// The migrations, in order; `schema_migrations` records which ran. Never edit one that shipped: add another.
    static let migrations: [String] = [
        """
        CREATE TABLE meta(job TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, PRIMARY KEY(job, key));
        CREATE TABLE documents(
          id BIGSERIAL PRIMARY KEY,
          job TEXT NOT NULL,
          path BYTEA NOT NULL,
          display_path TEXT NOT NULL,
          ordinal BIGINT NOT NULL DEFAULT 0,
          size BIGINT NOT NULL DEFAULT 0,
          mtime DOUBLE PRECISION NOT NULL DEFAULT 0,
          sha256 TEXT,
          format TEXT,
          status TEXT NOT NULL,
          error TEXT,
          run BIGINT NOT NULL DEFAULT 0,
          UNIQUE(job, path));
        CREATE INDEX documents_order ON documents(job, ordinal, id);
        CREATE TABLE pages(
          id BIGSERIAL PRIMARY KEY,
          job TEXT NOT NULL,
          document_id BIGINT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
          page INTEGER NOT NULL,
          status TEXT NOT NULL,
          attempts INTEGER NOT NULL DEFAULT 0,
          error TEXT,
          width INTEGER, height INTEGER, source TEXT, rotation INTEGER NOT NULL DEFAULT 0,
          seconds DOUBLE PRECISION, timings TEXT, lines TEXT,
          started_at DOUBLE PRECISION, finished_at DOUBLE PRECISION,
          worker_id TEXT, lease_until TIMESTAMPTZ,
          UNIQUE(document_id, page));
        CREATE INDEX pages_queue ON pages(job, status, id);
        CREATE TABLE items(
          id BIGSERIAL PRIMARY KEY,
          job TEXT NOT NULL,
          page_id BIGINT NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
          item_id TEXT NOT NULL,
          ord INTEGER NOT NULL,
          kind TEXT NOT NULL, type TEXT NOT NULL, value TEXT NOT NULL, normalized TEXT NOT NULL,
          label TEXT, confidence DOUBLE PRECISION NOT NULL,
          x1 DOUBLE PRECISION, y1 DOUBLE PRECISION, x2 DOUBLE PRECISION, y2 DOUBLE PRECISION,
          x3 DOUBLE PRECISION, y3 DOUBLE PRECISION, x4 DOUBLE PRECISION, y4 DOUBLE PRECISION,
          payload BYTEA);
        CREATE INDEX items_page ON items(page_id, ord);
        CREATE INDEX items_type ON items(job, type);
        """,
        // 2: why a done page was read only in part (a truncated image).
        "ALTER TABLE pages ADD COLUMN warning TEXT",
    ]

    /// Why a constant key: migrations from many workers starting at once serialize on this advisory lock.
    private static let migrationLock: Int64 = 0x6461_7461_7363_616e  // "datascan"

    /// Opens job `job` in the database at `url` (creating the tables on first use). The first connection is not
    /// retried: a wrong URL or password fails at once.
    package init(url: String, job: String, retryWindow: Double = 300) throws(DataScanError) {
        try Self.validate(job: job)
        self.url = url
        self.job = job
        self.retryWindow = retryWindow
        do {
            connection = try PostgresConnection(url: url)
        } catch {
            // Nothing can run without the store: an environment error (exit 3), like a missing library.
            throw DataScanError(.environment, "job store \(PostgresConnection.redacted(url)) is unreachable: \(error.message)")
        }
        try retrying { c throws(PostgresError) in try Self.migrate(c) }
    }

    package var storeDescription: String { "\(PostgresConnection.redacted(url)) job \(job)" }

    /// `url` with its password replaced by `***`, for messages and logs.
    package static func redacted(_ url: String) -> String { PostgresConnection.redacted(url) }

    /// Job names: letters, digits, `.`, `_`, `-` (they appear in commands, manifests and orchestrator configs).
    package static func validate(job: String) throws(DataScanError) {
        let allowed = job.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0))
        }
        guard !job.isEmpty, job.count <= 100, allowed else {
            throw DataScanError(.usage, "--job '\(job)': give a name of letters, digits, '.', '_' and '-' (up to 100)")
        }
    }

    /// Applies the migrations not applied yet, in one transaction under an advisory lock.
    static func migrate(_ c: PostgresConnection) throws(PostgresError) {
        try c.transaction { () throws(PostgresError) in
            try c.execute("SELECT pg_advisory_xact_lock($1::bigint)", [.integer(migrationLock)])
            try c.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations(version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())")
            let r = try c.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations")
            let applied = Int(r.int(0, 0))
            if applied > migrations.count {
                throw PostgresError(
                    message: "the job store was written by a newer datascan (schema \(applied)); use that version", sqlState: nil,
                    connectionLost: false)
            }
            for version in (applied + 1)..<(migrations.count + 1) {
                for statement in migrations[version - 1].split(separator: ";").map({ $0.trimmingCharacters(in: .whitespacesAndNewlines) })
                where !statement.isEmpty {
                    try c.execute(statement)
                }
                try c.execute("INSERT INTO schema_migrations(version) VALUES($1)", [.integer(Int64(version))])
            }
        }
    }

    /// The schema version recorded in the database.
    func schemaVersion() throws(DataScanError) -> Int {
        try retrying { c throws(PostgresError) in Int(try c.execute("SELECT MAX(version) FROM schema_migrations").int(0, 0)) }
    }

    // MARK: connection and retries

    /// Runs `body` on a live connection. When the connection is lost (or the server says to retry), reconnects
    /// with exponential backoff (0.1 s doubling to 5 s) and runs `body` again, for up to `retryWindow` seconds.
    /// `body` must be one transaction or one statement, so that running it again is safe.
    func retrying<T>(_ body: (PostgresConnection) throws(PostgresError) -> T) throws(DataScanError) -> T {
        let deadline = Date().addingTimeInterval(retryWindow)
        var delay = 0.1
        var lastError: PostgresError?
        while true {
            do throws(PostgresError) {
                if connection == nil || connection?.isConnected == false {
                    connection = nil
                    connection = try PostgresConnection(url: url)
                }
                guard let c = connection else { throw PostgresError(message: "not connected", sqlState: nil, connectionLost: true) }
                return try body(c)
            } catch {
                guard error.isTransient else { throw DataScanError(.store, "job store \(storeDescription): \(error.message)") }
                if error.connectionLost { connection = nil }
                lastError = error
            }
            if Date().addingTimeInterval(delay) > deadline {
                throw DataScanError(
                    .store,
                    "job store \(storeDescription): unreachable for \(Int(retryWindow)) s: \(lastError?.message ?? "connection lost")")
            }
            // Why sleep here: this runs on the store's own queue (never the cooperative pool), and nothing else can
            // use the store until it is reachable again.
            Thread.sleep(forTimeInterval: delay)
            delay = min(delay * 2, 5)
        }
    }

    func execute(_ sql: String, _ values: [PostgresValue] = []) throws(DataScanError) -> PostgresResult {
        try retrying { c throws(PostgresError) in try c.execute(sql, values) }
    }

    /// One statement, retried on a lost connection (reads in the `+Reading` extension).
    func query(_ sql: String, _ values: [PostgresValue] = []) throws(DataScanError) -> PostgresResult {
        try execute(sql, values)
    }

    /// Streams the rows of `sql` through a cursor, `batch` at a time, to `body`. Not retried once rows flow:
    /// `body` has effects (an export half written) that a retry would repeat.
    func forEachRow(
        _ sql: String, _ values: [PostgresValue], batch: Int = 2000, _ body: (PostgresResult, Int) throws(DataScanError) -> Void
    ) throws(DataScanError) {
        _ = try execute("SELECT 1")  // connects (with retries) before the stream starts
        guard let c = connection else { throw DataScanError(.store, "job store \(storeDescription): not connected") }
        var failure: DataScanError?
        do throws(PostgresError) {
            try c.execute("BEGIN READ ONLY")
            try c.execute("DECLARE datascan_rows NO SCROLL CURSOR FOR " + sql, values)
            rows: while true {
                let r = try c.execute("FETCH \(batch) FROM datascan_rows")
                if r.rowCount == 0 { break }
                for row in 0..<r.rowCount {
                    do throws(DataScanError) { try body(r, row) } catch {
                        failure = error
                        break rows
                    }
                }
            }
            try c.execute(failure == nil ? "COMMIT" : "ROLLBACK")
        } catch {
            if c.isConnected { _ = try? c.execute("ROLLBACK") } else { connection = nil }
            throw DataScanError(.store, "job store \(storeDescription): \(error.message)")
        }
        if let failure { throw failure }
    }

    func transaction<T>(_ body: (PostgresConnection) throws(PostgresError) -> T) throws(DataScanError) -> T {
        try retrying { c throws(PostgresError) in try c.transaction { () throws(PostgresError) -> T in try body(c) } }
    }

    // MARK: meta

    package func meta(_ key: String) throws(DataScanError) -> String? {
        let r = try execute("SELECT value FROM meta WHERE job = $1 AND key = $2", [.text(job), .text(key)])
        return r.rowCount > 0 ? r.text(0, 0) : nil
    }

    package func setMeta(_ key: String, _ value: String) throws(DataScanError) {
        _ = try execute(
            "INSERT INTO meta(job, key, value) VALUES($1, $2, $3) ON CONFLICT(job, key) DO UPDATE SET value = excluded.value",
            [.text(job), .text(key), .text(value)])
    }

    package func beginRun() throws(DataScanError) -> Int64 {
        let r = try execute(
            "INSERT INTO meta(job, key, value) VALUES($1, 'runs', '1') ON CONFLICT(job, key) DO UPDATE SET value = ((meta.value)::bigint + 1)::text RETURNING value",
            [.text(job)])
        return Int64(r.text(0, 0) ?? "") ?? 1
    }

    // MARK: documents

    package func document(path: RawPath) throws(DataScanError) -> StoredDocument? {
        let r = try execute(
            "SELECT id, size, mtime, sha256, format, status, error FROM documents WHERE job = $1 AND path = $2",
            [.text(job), .bytes(path.bytes)])
        guard r.rowCount > 0 else { return nil }
        return StoredDocument(
            id: r.int(0, 0), path: path, size: r.int(0, 1), modified: r.double(0, 2), sha256: r.text(0, 3),
            format: r.text(0, 4).flatMap(DocumentFormat.init(rawValue:)),
            status: r.text(0, 5).flatMap(DocumentStatus.init(rawValue:)) ?? .pending, error: r.text(0, 6))
    }

    package func touch(documentID: Int64, ordinal: Int, run: Int64) throws(DataScanError) {
        _ = try execute(
            "UPDATE documents SET ordinal = $1, run = $2 WHERE id = $3 AND job = $4",
            [.integer(Int64(ordinal)), .integer(run), .integer(documentID), .text(job)])
    }

    @discardableResult
    package func upsertDocument(
        file: WalkedFile, ordinal: Int, run: Int64, sha256: String?, format: DocumentFormat?, pages: Int,
        status: DocumentStatus, error: String?
    ) throws(DataScanError) -> Int64 {
        let values: [PostgresValue] = [
            .text(job), .bytes(file.path.bytes), .text(file.path.display), .integer(Int64(ordinal)), .integer(file.size),
            .real(file.modified),
            sha256.map(PostgresValue.text) ?? .null, format.map { .text($0.rawValue) } ?? .null, .text(status.rawValue),
            error.map(PostgresValue.text) ?? .null, .integer(run),
        ]
        let job = self.job
        return try transaction { c throws(PostgresError) -> Int64 in
            let r = try c.execute(
                """
                INSERT INTO documents(job, path, display_path, ordinal, size, mtime, sha256, format, status, error, run)
                VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
                ON CONFLICT(job, path) DO UPDATE SET display_path = excluded.display_path, ordinal = excluded.ordinal,
                  size = excluded.size, mtime = excluded.mtime, sha256 = excluded.sha256, format = excluded.format,
                  status = excluded.status, error = excluded.error, run = excluded.run
                RETURNING id
                """, values)
            let id = r.int(0, 0)
            try c.execute("DELETE FROM pages WHERE document_id = $1", [.integer(id)])
            if pages > 0 {
                // Why generate_series: a 5,000-page PDF registers in one round trip.
                try c.execute(
                    "INSERT INTO pages(job, document_id, page, status) SELECT $1, $2, g, 'pending' FROM generate_series(1, $3::integer) g",
                    [.text(job), .integer(id), .integer(Int64(pages))])
            }
            return id
        }
    }

    package func markVanished(run: Int64) throws(DataScanError) {
        _ = try execute(
            "UPDATE documents SET status = 'skipped', error = 'file no longer present' WHERE job = $1 AND run < $2 AND status != 'skipped'",
            [.text(job), .integer(run)])
    }

    package func refreshDocumentStatuses() throws(DataScanError) {
        _ = try execute(
            """
            UPDATE documents d SET
              status = CASE
                WHEN s.failed = s.total THEN 'failed'
                WHEN s.failed > 0 THEN 'partial'
                WHEN s.unfinished > 0 THEN 'pending'
                WHEN s.warned > 0 THEN 'partial'
                ELSE 'done' END,
              error = CASE WHEN s.failed = s.total THEN 'every page failed' ELSE d.error END
            FROM (
              SELECT document_id, COUNT(*) AS total,
                COUNT(*) FILTER (WHERE status = 'failed') AS failed,
                COUNT(*) FILTER (WHERE status IN ('pending', 'running')) AS unfinished,
                COUNT(*) FILTER (WHERE warning IS NOT NULL) AS warned
              FROM pages WHERE job = $1 GROUP BY document_id) s
            WHERE d.id = s.document_id AND d.job = $1
            """, [.text(job)])
    }

    // MARK: pages

    package func requeueInterrupted() throws(DataScanError) -> Int {
        // Only pages whose lease ran out: the others belong to workers that are still running.
        try execute(
            """
            UPDATE pages SET status = 'pending', worker_id = NULL, lease_until = NULL
            WHERE job = $1 AND status = 'running' AND (lease_until IS NULL OR lease_until < clock_timestamp())
            """, [.text(job)]
        ).affectedRows
    }

    package func requeueFailed() throws(DataScanError) -> Int {
        try execute(
            "UPDATE pages SET status = 'pending', error = NULL, worker_id = NULL, lease_until = NULL WHERE job = $1 AND status = 'failed'",
            [.text(job)]
        ).affectedRows
    }

    package func requeueFinished() throws(DataScanError) -> Int {
        try execute(
            "UPDATE pages SET status = 'pending', error = NULL, worker_id = NULL, lease_until = NULL WHERE job = $1 AND status IN ('done', 'failed')",
            [.text(job)]
        ).affectedRows
    }

    package func requeuePage(document: String, page: Int) throws(DataScanError) -> Int {
        try execute(
            """
            UPDATE pages SET status = 'pending', error = NULL, worker_id = NULL, lease_until = NULL
            WHERE job = $1 AND page = $2 AND document_id IN (SELECT id FROM documents WHERE job = $1 AND display_path = $3)
            """, [.text(job), .integer(Int64(page)), .text(document)]
        ).affectedRows
    }

    package func pendingPages() throws(DataScanError) -> [PendingPage] {
        let r = try execute(
            """
            SELECT p.id, p.page, p.attempts, d.path, d.format, d.sha256 FROM pages p JOIN documents d ON d.id = p.document_id
            WHERE p.job = $1 AND p.status = 'pending' AND d.format IS NOT NULL ORDER BY d.ordinal, d.id, p.page
            """, [.text(job)])
        let base = try resolvedBase()
        return (0..<r.rowCount).compactMap { row in pendingPage(r, row: row, base: base) }
    }

    /// A page request from columns (id, page, attempts, path, format, sha256).
    func pendingPage(_ r: PostgresResult, row: Int, base: String?) -> PendingPage? {
        guard let format = r.text(row, 4).flatMap(DocumentFormat.init(rawValue:)) else { return nil }
        let stored = RawPath(bytes: r.bytes(row, 3))
        var path = stored
        if let base, stored.bytes.first != UInt8(ascii: "/") { path = RawPath(base).appending(stored.bytes) }
        return PendingPage(
            pageID: r.int(row, 0),
            request: PageRequest(
                path: path, displayPath: stored.display, format: format, index: Int(r.int(row, 1)) - 1, documentKey: r.text(row, 5) ?? ""),
            attempts: Int(r.int(row, 2)))
    }

    /// The enqueuing process's working directory (meta `baseDirectory`), read once.
    func resolvedBase() throws(DataScanError) -> String? {
        if let cached = baseDirectory { return cached }
        let value = try meta("baseDirectory")
        baseDirectory = .some(value)
        return value
    }

    package func markRunning(pageID: Int64) throws(DataScanError) {
        _ = try execute(
            "UPDATE pages SET status = 'running', attempts = attempts + 1, started_at = $1 WHERE id = $2 AND job = $3",
            [.real(Date().timeIntervalSince1970), .integer(pageID), .text(job)])
    }

    package func complete(pageID: Int64, analysis a: ImageAnalysis, storedLines: String?, seconds: Double) throws(DataScanError) {
        let job = self.job
        try transaction { c throws(PostgresError) in
            try c.execute("SELECT 1 FROM pages WHERE id = $1 AND job = $2 FOR UPDATE", [.integer(pageID), .text(job)])
            try Self.store(a, storedLines: storedLines, pageID: pageID, seconds: seconds, job: job, on: c)
        }
    }

    package func replaceItems(pageID: Int64, items: [RecognizedItem]) throws(DataScanError) {
        let job = self.job
        try transaction { c throws(PostgresError) in
            try c.execute("DELETE FROM items WHERE page_id = $1", [.integer(pageID)])
            try Self.insertItems(items, pageID: pageID, job: job, on: c)
        }
    }

    package func fail(pageID: Int64, error: String, seconds: Double?) throws(DataScanError) {
        try transaction { c throws(PostgresError) in try Self.storeFailure(error, pageID: pageID, seconds: seconds, on: c) }
    }

    package func release(pageID: Int64) throws(DataScanError) {
        _ = try execute(
            "UPDATE pages SET status = 'pending', attempts = GREATEST(attempts - 1, 0), worker_id = NULL, lease_until = NULL WHERE id = $1 AND status = 'running'",
            [.integer(pageID)])
    }

    /// The page's items (replacing any earlier ones) and its `done` row; call inside a transaction.
    static func store(_ a: ImageAnalysis, storedLines: String?, pageID: Int64, seconds: Double, job: String, on c: PostgresConnection)
        throws(PostgresError)
    {
        try c.execute("DELETE FROM items WHERE page_id = $1", [.integer(pageID)])
        try insertItems(a.items, pageID: pageID, job: job, on: c)
        try c.execute(
            """
            UPDATE pages SET status = 'done', error = NULL, width = $1, height = $2, source = $3, rotation = $4, seconds = $5,
              timings = $6, lines = $7, finished_at = $8, lease_until = NULL, warning = $10 WHERE id = $9
            """,
            [
                .integer(Int64(a.width)), .integer(Int64(a.height)), .text(a.source.rawValue), .integer(Int64(a.rotation)), .real(seconds),
                .text(StoredLines.encode(timings: a.timings)), .text(storedLines ?? StoredLines.encode(a.lines)),
                .real(Date().timeIntervalSince1970), .integer(pageID), a.warning.map(PostgresValue.text) ?? .null,
            ])
    }

    static func storeFailure(_ error: String, pageID: Int64, seconds: Double?, on c: PostgresConnection) throws(PostgresError) {
        try c.execute("DELETE FROM items WHERE page_id = $1", [.integer(pageID)])
        try c.execute(
            "UPDATE pages SET status = 'failed', error = $1, warning = NULL, seconds = $2, finished_at = $3, lease_until = NULL WHERE id = $4",
            [.text(error), seconds.map(PostgresValue.real) ?? .null, .real(Date().timeIntervalSince1970), .integer(pageID)])
    }

    static func insertItems(_ items: [RecognizedItem], pageID: Int64, job: String, on c: PostgresConnection) throws(PostgresError) {
        for (order, item) in items.enumerated() {
            let q = item.bounds.corners
            var payload: PostgresValue = .null
            if case .barcode(let b) = item { payload = .bytes(b.payload) }
            try c.execute(
                """
                INSERT INTO items(job, page_id, item_id, ord, kind, type, value, normalized, label, confidence, x1, y1, x2, y2, x3, y3, x4, y4, payload)
                VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)
                """,
                [
                    .text(job), .integer(pageID), .text(item.id), .integer(Int64(order)), .text(item.kind), .text(item.type),
                    .text(item.value),
                    .text(item.normalized), item.label.map { .text($0.rawValue) } ?? .null, .real(item.confidence),
                    .real(q[0].x), .real(q[0].y), .real(q[1].x), .real(q[1].y), .real(q[2].x), .real(q[2].y), .real(q[3].x), .real(q[3].y),
                    payload,
                ])
        }
    }

}
