import CSQLite
import DataScanModel
import Foundation

/// Why: SQLite's destructor sentinel that makes it copy bound text/blobs before the call returns.
private let SQLITE_TRANSIENT = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A value bound to a statement parameter.
package enum SQLiteValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// A thin SQLite connection: WAL mode, foreign keys on, every statement prepared with bound parameters.
/// Not `Sendable`: one owner (the job store actor) uses it.
package final class SQLiteDatabase {
    /// Why OpaquePointer: the sqlite3 connection is opaque and never leaves this class.
    fileprivate let handle: OpaquePointer
    package let path: String
    private var cache: [String: SQLiteStatement] = [:]

    package init(path: String) throws(DataScanError) {
        self.path = path
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(db)
            throw DataScanError(.store, "cannot open the job database \(path): \(message)")
        }
        handle = db
        sqlite3_busy_timeout(db, 5000)
        try execute("PRAGMA journal_mode=WAL")
        // Why NORMAL: in WAL mode a committed transaction survives a process kill; only an OS crash or power
        // loss may lose the last transactions, which resume then redoes (pages are idempotent).
        try execute("PRAGMA synchronous=NORMAL")
        try execute("PRAGMA foreign_keys=ON")
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs SQL without parameters (schema, pragmas). Never use it with values from input.
    package func execute(_ sql: String) throws(DataScanError) {
        var error: UnsafeMutablePointer<CChar>?
        if sqlite3_exec(handle, sql, nil, nil, &error) != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? lastError
            sqlite3_free(error)
            throw DataScanError(.store, "job database \(path): \(message)")
        }
    }

    /// A prepared statement, cached by its SQL.
    package func prepare(_ sql: String) throws(DataScanError) -> SQLiteStatement {
        if let s = cache[sql] {
            s.reset()
            return s
        }
        var stmt: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &stmt, nil) == SQLITE_OK, let stmt else {
            throw DataScanError(.store, "job database \(path): \(lastError) in \(sql.prefix(60))")
        }
        let s = SQLiteStatement(stmt, database: self)
        cache[sql] = s
        return s
    }

    /// Runs one statement with parameters to completion.
    package func run(_ sql: String, _ values: [SQLiteValue] = []) throws(DataScanError) {
        let s = try prepare(sql)
        try s.bind(values)
        while try s.step() {}
    }

    /// The first row of a query, read by `read`, or nil when it has none. The statement is reset before this
    /// returns: a statement left on a row keeps its read transaction open, and a connection whose snapshot is
    /// older than another's commit cannot write (SQLite answers "database is locked" without waiting).
    package func row<T>(
        _ sql: String, _ values: [SQLiteValue] = [], _ read: (SQLiteStatement) throws(DataScanError) -> T
    ) throws(DataScanError) -> T? {
        let s = try prepare(sql)
        defer { s.reset() }
        try s.bind(values)
        return try s.step() ? try read(s) : nil
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    package func transaction<T>(_ body: () throws(DataScanError) -> T) throws(DataScanError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    package var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    package var changes: Int { Int(sqlite3_changes(handle)) }
    var lastError: String { String(cString: sqlite3_errmsg(handle)) }

    package static var version: String { String(cString: sqlite3_libversion()) }
}

/// A prepared statement, finalized in `deinit`.
package final class SQLiteStatement {
    private let stmt: OpaquePointer
    private unowned let database: SQLiteDatabase

    fileprivate init(_ stmt: OpaquePointer, database: SQLiteDatabase) {
        self.stmt = stmt
        self.database = database
    }

    deinit { sqlite3_finalize(stmt) }

    func reset() {
        sqlite3_reset(stmt)
        sqlite3_clear_bindings(stmt)
    }

    package func bind(_ values: [SQLiteValue]) throws(DataScanError) {
        for (i, v) in values.enumerated() {
            let index = Int32(i + 1)
            let rc: Int32
            switch v {
            case .null: rc = sqlite3_bind_null(stmt, index)
            case .integer(let n): rc = sqlite3_bind_int64(stmt, index, n)
            case .real(let d): rc = sqlite3_bind_double(stmt, index, d)
            case .text(let s): rc = sqlite3_bind_text(stmt, index, s, -1, SQLITE_TRANSIENT)
            case .blob(let b):
                rc = b.withUnsafeBytes { sqlite3_bind_blob(stmt, index, $0.baseAddress, Int32($0.count), SQLITE_TRANSIENT) }
            }
            guard rc == SQLITE_OK else {
                throw DataScanError(.store, "job database: cannot bind parameter \(index): \(database.lastError)")
            }
        }
    }

    /// Advances to the next row; false when done. A statement that is done or failed is reset, which ends its
    /// read transaction (see `SQLiteDatabase.row`).
    package func step() throws(DataScanError) -> Bool {
        switch sqlite3_step(stmt) {
        case SQLITE_ROW: return true
        case SQLITE_DONE:
            sqlite3_reset(stmt)
            return false
        default:
            let error = DataScanError(.store, "job database \(database.path): \(database.lastError)")
            sqlite3_reset(stmt)
            throw error
        }
    }

    package func int(_ column: Int32) -> Int64 { sqlite3_column_int64(stmt, column) }
    package func double(_ column: Int32) -> Double { sqlite3_column_double(stmt, column) }
    package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(stmt, column) == SQLITE_NULL }
    package func text(_ column: Int32) -> String? {
        guard let p = sqlite3_column_text(stmt, column) else { return nil }
        return String(cString: p)
    }
    /// The column's text as UTF-8 bytes, valid only inside `body` (a large column scanned without copying it into a
    /// String); nil when the column is NULL.
    package func withUTF8<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        guard let p = sqlite3_column_text(stmt, column) else { return nil }
        return body(UnsafeBufferPointer(start: p, count: Int(sqlite3_column_bytes(stmt, column))))
    }

    package func blob(_ column: Int32) -> [UInt8] {
        let n = Int(sqlite3_column_bytes(stmt, column))
        guard n > 0, let p = sqlite3_column_blob(stmt, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: p, count: n))
    }
}
