import Foundation

/// Decodes JSON written by people (job files) and by datascan (stored configurations) with Foundation's
/// `JSONDecoder`, after a strict RFC 8259 syntax check. Why the check: Foundation's parser on Linux accepts trailing
/// commas and reports a syntax error without saying where; a job file's author needs the line and column.
public enum StrictJSON {
    /// Decodes `data`; a usage error says what is wrong and where (`line 4, column 12: trailing comma before '}'`).
    /// Errors thrown by the type's own validating `init(from:)` (`DataScanError`) pass through unchanged.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(DataScanError) -> T {
        let bytes = [UInt8](data)
        var check = SyntaxCheck(bytes)
        if let problem = check.firstProblem() {
            throw DataScanError(.usage, "line \(problem.line), column \(problem.column): \(problem.message)")
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DataScanError {
            throw error
        } catch let DecodingError.typeMismatch(expected, context) {
            throw DataScanError(.usage, "\(path(context)) must be \(describe(expected))")
        } catch let DecodingError.valueNotFound(expected, context) {
            throw DataScanError(.usage, "\(path(context)) must be \(describe(expected)), not null")
        } catch let DecodingError.keyNotFound(key, context) {
            throw DataScanError(.usage, "\(path(context, appending: key.stringValue)) is missing")
        } catch let DecodingError.dataCorrupted(context) {
            throw DataScanError(.usage, "\(path(context)): \(context.debugDescription)")
        } catch {
            throw DataScanError(.usage, "\(error)")
        }
    }

    private static func path(_ context: DecodingError.Context, appending key: String? = nil) -> String {
        var keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        if let key { keys.append(key) }
        guard !keys.isEmpty else { return "the document" }
        return "\"" + keys.joined(separator: ".").replacingOccurrences(of: ".[", with: "[") + "\""
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type: "a whole number"
        case is Double.Type: "a number"
        case is [String].Type: "a list of strings"
        default: "of another type (\(type))"
        }
    }

    /// Where the syntax first goes wrong: 1-based line and column (columns count Unicode scalars).
    struct Problem: Equatable {
        var line: Int
        var column: Int
        var message: String
    }

    /// A recursive-descent check of RFC 8259 JSON text: values, nothing after the top-level value, no trailing
    /// commas, no comments, strings with valid escapes and no raw control characters. Depth is capped so a hostile
    /// file cannot exhaust the stack.
    struct SyntaxCheck {
        private let b: [UInt8]
        private var i = 0
        private static let maxDepth = 512

        init(_ bytes: [UInt8]) { b = bytes }

        mutating func firstProblem() -> Problem? {
            do throws(Problem) {
                // A UTF-8 byte order mark is allowed before the text.
                if b.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
                skipSpace()
                try value(depth: 0)
                skipSpace()
                if i < b.count, b[i] == UInt8(ascii: "/") { throw fail("comments are not allowed in JSON") }
                if i < b.count { throw fail("unexpected \(here) after the end of the JSON value") }
                return nil
            } catch {
                return error
            }
        }

        private var here: String {
            guard i < b.count else { return "end of file" }
            let c = b[i]
            return c >= 0x20 && c < 0x7F ? "'\(Character(Unicode.Scalar(c)))'" : String(format: "byte 0x%02X", c)
        }

        private func fail(_ message: String) -> Problem {
            var line = 1, column = 1, k = 0
            while k < min(i, b.count) {
                if b[k] == 0x0A {
                    line += 1
                    column = 1
                } else if b[k] & 0xC0 != 0x80 {
                    column += 1
                }
                k += 1
            }
            return Problem(line: line, column: column, message: message)
        }

        private mutating func skipSpace() {
            while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
        }

        private mutating func value(depth: Int) throws(Problem) {
            guard depth < Self.maxDepth else { throw fail("nested more than \(Self.maxDepth) levels deep") }
            guard i < b.count else { throw fail("unexpected end of file: expected a value") }
            switch b[i] {
            case UInt8(ascii: "{"): try container(close: UInt8(ascii: "}"), depth: depth, member: true)
            case UInt8(ascii: "["): try container(close: UInt8(ascii: "]"), depth: depth, member: false)
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "/"): throw fail("comments are not allowed in JSON")
            case UInt8(ascii: "'"): throw fail("strings need double quotes (\")")
            default: throw fail("unexpected \(here): expected a value")
            }
        }

        private mutating func container(close: UInt8, depth: Int, member: Bool) throws(Problem) {
            let closing = Character(Unicode.Scalar(close))
            i += 1
            skipSpace()
            if i < b.count, b[i] == close {
                i += 1
                return
            }
            while true {
                if member {
                    guard i < b.count, b[i] == UInt8(ascii: "\"") else {
                        throw fail("unexpected \(here): expected a key in double quotes")
                    }
                    try string()
                    skipSpace()
                    guard i < b.count, b[i] == UInt8(ascii: ":") else { throw fail("unexpected \(here): expected ':' after the key") }
                    i += 1
                    skipSpace()
                }
                try value(depth: depth + 1)
                skipSpace()
                guard i < b.count else { throw fail("unexpected end of file: expected ',' or '\(closing)'") }
                if b[i] == UInt8(ascii: "/") { throw fail("comments are not allowed in JSON") }
                if b[i] == close {
                    i += 1
                    return
                }
                guard b[i] == UInt8(ascii: ",") else { throw fail("unexpected \(here): expected ',' or '\(closing)'") }
                let comma = i
                i += 1
                skipSpace()
                if i < b.count, b[i] == close {
                    i = comma
                    throw fail("trailing comma before '\(closing)'")
                }
            }
        }

        private mutating func string() throws(Problem) {
            i += 1
            while i < b.count {
                let c = b[i]
                if c == UInt8(ascii: "\"") {
                    i += 1
                    return
                }
                if c < 0x20 { throw fail("a control character (newline, tab) inside a string must be escaped") }
                if c == UInt8(ascii: "\\") {
                    i += 1
                    guard i < b.count else { break }
                    switch b[i] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        i += 1
                    case UInt8(ascii: "u"):
                        guard i + 4 < b.count, b[(i + 1)...(i + 4)].allSatisfy(Self.isHex) else { throw fail("invalid \\u escape") }
                        i += 5
                    default: throw fail("invalid escape \\\(Character(Unicode.Scalar(b[i])))")
                    }
                    continue
                }
                i += 1
            }
            throw fail("unterminated string")
        }

        private static func isHex(_ c: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(c | 0x20)
        }

        private mutating func number() throws(Problem) {
            func digits() -> Int {
                let start = i
                while i < b.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[i]) { i += 1 }
                return i - start
            }
            let start = i
            if b[i] == UInt8(ascii: "-") { i += 1 }
            let leadingZero = i < b.count && b[i] == UInt8(ascii: "0")
            let n = digits()
            guard n > 0 else { throw fail("invalid number: expected a digit") }
            if leadingZero, n > 1 {
                i = start
                throw fail("invalid number: no leading zeros")
            }
            if i < b.count, b[i] == UInt8(ascii: ".") {
                i += 1
                guard digits() > 0 else { throw fail("invalid number: expected a digit after '.'") }
            }
            if i < b.count, b[i] | 0x20 == UInt8(ascii: "e") {
                i += 1
                if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { throw fail("invalid number: expected a digit in the exponent") }
            }
        }

        private mutating func literal(_ word: String) throws(Problem) {
            let w = Array(word.utf8)
            guard i + w.count <= b.count, Array(b[i..<(i + w.count)]) == w else { throw fail("unexpected \(here): expected a value") }
            i += w.count
        }
    }
}

extension StrictJSON.Problem: Error {}
