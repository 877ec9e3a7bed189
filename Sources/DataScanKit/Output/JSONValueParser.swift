extension JSONValue {
    /// Why a text is not valid JSON, and where.
    struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The UTF-8 byte offset of the problem.
        var offset: Int
        var reason: String

        var description: String { "invalid JSON at byte \(offset): \(reason)" }
    }

    /// Parses JSON text (RFC 8259) keeping the order of object keys, e.g. a job configuration stored as text.
    /// When a key appears twice in an object, the later value replaces the earlier one in its place.
    /// Nesting deeper than 512 levels is refused rather than risking the stack.
    init(parsing text: String) throws(ParseError) {
        var text = text
        let result: Result<JSONValue, ParseError> = text.withUTF8 { bytes in
            var parser = JSONValueParser(bytes: bytes)
            return Result { () throws(ParseError) in try parser.parseDocument() }
        }
        self = try result.get()
    }
}

/// A recursive-descent parser over UTF-8 bytes.
struct JSONValueParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    static let maximumDepth = 512

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func parseDocument() throws(JSONValue.ParseError) -> JSONValue {
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw failure("unexpected text after the value") }
        return value
    }

    private func failure(_ reason: String) -> JSONValue.ParseError {
        JSONValue.ParseError(offset: index, reason: reason)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONValue.ParseError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of text, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character, expected a value")
        }
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws(JSONValue.ParseError) -> JSONValue {
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw failure("expected \(word)") }
            index += 1
        }
        return value
    }

    private mutating func enter() throws(JSONValue.ParseError) {
        depth += 1
        if depth > Self.maximumDepth { throw failure("nested deeper than \(Self.maximumDepth) levels") }
        index += 1
    }

    private mutating func parseObject() throws(JSONValue.ParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var members: [(key: String, value: JSONValue)] = []
        var positions: [String: Int] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object([])
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw failure("expected ':' after a key")
            }
            index += 1
            let value = try parseValue()
            if let position = positions[key] {
                members[position].value = value
            } else {
                positions[key] = members.count
                members.append((key, value))
            }
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of text in an object") }
            let separator = bytes[index]
            index += 1
            if separator == UInt8(ascii: "}") { return .object(members) }
            guard separator == UInt8(ascii: ",") else {
                index -= 1
                throw failure("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray() throws(JSONValue.ParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array([])
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end of text in an array") }
            let separator = bytes[index]
            index += 1
            if separator == UInt8(ascii: "]") { return .array(elements) }
            guard separator == UInt8(ascii: ",") else {
                index -= 1
                throw failure("expected ',' or ']' in an array")
            }
        }
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    private mutating func parseNumber() throws(JSONValue.ParseError) -> JSONValue {
        let start = index
        func digits(_ parser: inout JSONValueParser) -> Int {
            let first = parser.index
            while parser.index < parser.bytes.count,
                parser.bytes[parser.index] >= UInt8(ascii: "0") && parser.bytes[parser.index] <= UInt8(ascii: "9")
            {
                parser.index += 1
            }
            return parser.index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw failure("expected a digit") }
        if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
            index = integerStart
            throw failure("a number cannot start with 0")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw failure("expected a digit after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits(&self) > 0 else { throw failure("expected a digit in the exponent") }
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let number = Double(literal), number.isFinite else {
            index = start
            throw failure("number out of range")
        }
        return .number(number)
    }

    private mutating func parseString() throws(JSONValue.ParseError) -> String {
        index += 1  // the opening quote
        var output: [UInt8] = []
        var runStart = index
        while true {
            guard index < bytes.count else { throw failure("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                output.append(contentsOf: bytes[runStart..<index])
                index += 1
                return String(decoding: output, as: UTF8.self)
            }
            if byte < 0x20 { throw failure("control character in a string: escape it") }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            output.append(contentsOf: bytes[runStart..<index])
            index += 1
            guard index < bytes.count else { throw failure("unterminated string") }
            let letter = bytes[index]
            index += 1
            switch letter {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(letter)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try parseHex4()
                if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                {
                    let resume = index
                    index += 2
                    let low = try parseHex4()
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = resume  // not a pair: the high surrogate alone becomes U+FFFD below
                    }
                }
                // A lone surrogate cannot be represented in UTF-8; U+FFFD as everywhere else for bad text.
                let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                output.append(contentsOf: Array(String(Character(character)).utf8))
            default:
                index -= 1
                throw failure("unknown escape in a string")
            }
            runStart = index
        }
    }

    private mutating func parseHex4() throws(JSONValue.ParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw failure("expected 4 hex digits after \\u") }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("expected 4 hex digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
