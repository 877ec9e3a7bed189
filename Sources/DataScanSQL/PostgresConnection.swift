import CPostgres
import DataScanModel
import Foundation

/// A failure reported by libpq or the PostgreSQL server: the server's message, its SQLSTATE when it sent one,
/// and whether the connection itself is gone (then the statement can be retried on a new connection).
package struct PostgresError: Error, Sendable, CustomStringConvertible {
    package var message: String
    /// The five-character SQLSTATE code (`40001`, `57P01`), when the server sent one.
    var sqlState: String?
    /// The connection is broken (server restart, network loss): reconnect and retry the whole transaction.
    package var connectionLost: Bool

    package var description: String { message }

    package init(message: String, sqlState: String? = nil, connectionLost: Bool = false) {
        self.message = message
        self.sqlState = sqlState
        self.connectionLost = connectionLost
    }

    /// Errors worth retrying on a fresh connection or in a fresh transaction: the connection dropped, the server
    /// is starting or shutting down (class 57, 08), or the transaction lost a serialization or deadlock race.
    package var isTransient: Bool {
        if connectionLost { return true }
        guard let s = sqlState else { return false }
        return s.hasPrefix("08") || s.hasPrefix("57") || s == "40001" || s == "40P01" || s == "53300"
    }
}

/// One text-format parameter of a statement: a string (PostgreSQL casts it to the column's type) or NULL.
/// Values are always bound, never spliced into SQL text.
package enum PostgresValue {
    case null
    case text(String)
    case integer(Int64)
    case real(Double)
    /// Sent in PostgreSQL's `bytea` hex form (`\x…`), so any bytes survive.
    case bytes([UInt8])

    fileprivate var text: String? {
        switch self {
        case .null: nil
        case .text(let s): s
        case .integer(let n): String(n)
        // Why `description`: Swift prints the shortest text that reads back as the same Double, and PostgreSQL's
        // float8 input reads it exactly; mtime comparisons on resume depend on an exact round trip.
        case .real(let d): d.isFinite ? d.description : (d.isNaN ? "NaN" : (d > 0 ? "Infinity" : "-Infinity"))
        case .bytes(let b): "\\x" + Hex.encode(b)
        }
    }
}

/// A thin libpq connection (`PQconnectdb`): statements run through `PQexecParams` with bound text parameters,
/// results are owned by `PostgresResult`. Not `Sendable`: one owner uses it (the job store's queue).
package final class PostgresConnection {
    /// Why OpaquePointer: `PGconn` is an opaque libpq struct and never leaves this class.
    private let handle: OpaquePointer
    /// The URL without its password, for messages.
    let displayURL: String

    /// Connects to `url` (`postgres://user:password@host:port/database?…`, or any libpq connection string).
    package init(url: String) throws(PostgresError) {
        displayURL = Self.redacted(url)
        guard let conn = PQconnectdb(url) else {
            throw PostgresError(message: "cannot connect to \(displayURL): out of memory", sqlState: nil, connectionLost: true)
        }
        guard PQstatus(conn) == CONNECTION_OK else {
            let message = Self.oneLine(String(cString: PQerrorMessage(conn)))
            PQfinish(conn)
            throw PostgresError(message: "cannot connect to \(displayURL): \(message)", sqlState: nil, connectionLost: true)
        }
        handle = conn
        // Why: libpq prints server notices ("relation already exists, skipping") to stderr by default.
        PQsetNoticeProcessor(conn, { _, _ in }, nil)
    }

    deinit { PQfinish(handle) }

    /// Whether the connection is still usable.
    package var isConnected: Bool { PQstatus(handle) == CONNECTION_OK }

    /// Runs one statement with `$1, $2, …` bound to `parameters`, and returns its result.
    @discardableResult
    package func execute(_ sql: String, _ parameters: [PostgresValue] = []) throws(PostgresError) -> PostgresResult {
        let texts = parameters.map(\.text)
        // Why strdup: libpq needs C strings that live for the call; each is freed right after it.
        let cStrings: [UnsafeMutablePointer<CChar>?] = texts.map { $0.flatMap { strdup($0) } }
        defer { for p in cStrings { free(p) } }
        let raw: OpaquePointer? = cStrings.map { UnsafePointer($0) }.withUnsafeBufferPointer { values in
            PQexecParams(handle, sql, Int32(values.count), nil, values.baseAddress, nil, nil, 0)
        }
        guard let raw else {
            throw PostgresError(message: Self.oneLine(String(cString: PQerrorMessage(handle))), sqlState: nil, connectionLost: !isConnected)
        }
        let result = PostgresResult(raw)
        let status = PQresultStatus(raw)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let field = PQresultErrorField(raw, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            var message = String(cString: PQresultErrorMessage(raw))
            if message.isEmpty { message = String(cString: PQerrorMessage(handle)) }
            throw PostgresError(message: Self.oneLine(message), sqlState: field, connectionLost: !isConnected)
        }
        return result
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws. A connection lost
    /// on the way leaves nothing behind: the server rolls back what it did not see committed.
    package func transaction<T>(_ body: () throws(PostgresError) -> T) throws(PostgresError) -> T {
        try execute("BEGIN")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            if isConnected { _ = try? execute("ROLLBACK") }
            throw error
        }
    }

    /// The libpq version, e.g. `15.18`.
    static var libraryVersion: String {
        let v = PQlibVersion()
        return "\(v / 10000).\(v % 10000)"
    }

    /// `url` with any password replaced by `***` (messages and logs must not show it).
    package static func redacted(_ url: String) -> String {
        guard let scheme = url.range(of: "://"), let at = url[scheme.upperBound...].firstIndex(of: "@") else {
            return url.replacingOccurrences(of: #"password=\S+"#, with: "password=***", options: .regularExpression)
        }
        let userInfo = url[scheme.upperBound..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + ":***" + String(url[at...])
    }

    private static func oneLine(_ s: String) -> String {
        s.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: "; ")
    }
}

/// The result of one statement, cleared in `deinit`. Values arrive in text format.
package final class PostgresResult {
    /// Why OpaquePointer: `PGresult` is opaque and owned here.
    private let raw: OpaquePointer

    fileprivate init(_ raw: OpaquePointer) { self.raw = raw }

    deinit { PQclear(raw) }

    package var rowCount: Int { Int(PQntuples(raw)) }

    /// Rows changed by an INSERT/UPDATE/DELETE.
    package var affectedRows: Int { Int(String(cString: PQcmdTuples(raw))) ?? 0 }

    package func isNull(_ row: Int, _ column: Int) -> Bool { PQgetisnull(raw, Int32(row), Int32(column)) == 1 }

    package func text(_ row: Int, _ column: Int) -> String? {
        guard !isNull(row, column), let p = PQgetvalue(raw, Int32(row), Int32(column)) else { return nil }
        return String(cString: p)
    }

    package func int(_ row: Int, _ column: Int) -> Int64 { text(row, column).flatMap { Int64($0) } ?? 0 }

    package func double(_ row: Int, _ column: Int) -> Double {
        guard let t = text(row, column) else { return 0 }
        switch t {
        case "NaN": return .nan
        case "Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: return Double(t) ?? 0
        }
    }

    /// A `bytea` column in hex output form (`\x6869`).
    package func bytes(_ row: Int, _ column: Int) -> [UInt8] {
        guard let t = text(row, column), t.hasPrefix("\\x") else { return [] }
        return Hex.decode(t.utf8.dropFirst(2))
    }
}

/// Lower-case hex for `bytea` values.
enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func decode<S: Sequence>(_ text: S) -> [UInt8] where S.Element == UInt8 {
        func value(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var out: [UInt8] = []
        var high: UInt8?
        for c in text {
            guard let v = value(c) else { continue }
            if let h = high {
                out.append(h << 4 | v)
                high = nil
            } else {
                high = v
            }
        }
        return out
    }
}
