/// Writes JSON as a stream of events (begin object, key, value, end...) straight into an ``OutputSink``, so a
/// manifest of a hundred thousand items never exists in memory as a whole. Keys come out in the order written.
///
/// Strings are escaped as RFC 8259 requires (`"`, `\`, control characters), plus U+2028 and U+2029, which
/// JavaScript before ES2019 does not accept raw inside a string; with `escapesHTML` also `<`, `>` and `&`, so the
/// output can sit inside an HTML `<script>` element without ending it. NaN and infinities are written as `null`.
///
/// The writer keeps only the nesting state; the sink is passed to every call because it is noncopyable and
/// owned by the caller (for instance ``AtomicFile``).
package struct JSONWriter: Sendable {
    /// How the output is laid out.
    package enum Style: Hashable, Sendable {
        /// Everything on one line, no spaces: one JSON Lines record, or machine-only output.
        case compact
        /// One member per line, indented by this many spaces per level; containers begun `inline` stay on one
        /// line (`{"a": 1, "b": [1, 2]}`).
        case pretty(indent: Int)
    }

    private struct Level: Sendable {
        var isObject: Bool
        var isInline: Bool
        var count = 0
    }

    package let style: Style
    package let escapesHTML: Bool
    private var levels: [Level] = []
    private var afterKey = false

    package init(style: Style = .pretty(indent: 2), escapesHTML: Bool = false) {
        self.style = style
        self.escapesHTML = escapesHTML
    }

    /// The nesting depth: 0 once every container begun has ended.
    package var depth: Int { levels.count }

    // MARK: Containers

    /// Starts an object (as a value, or as the value of the key just written).
    /// - Parameter inline: keep this object and everything in it on one line (pretty style only).
    package mutating func beginObject(inline: Bool = false, to sink: inout OutputSink) throws {
        try begin(isObject: true, inline: inline, to: &sink)
    }

    /// Ends the innermost object.
    package mutating func endObject(to sink: inout OutputSink) throws {
        try end(isObject: true, to: &sink)
    }

    /// Starts an array (as a value, or as the value of the key just written).
    /// - Parameter inline: keep this array and everything in it on one line (pretty style only).
    package mutating func beginArray(inline: Bool = false, to sink: inout OutputSink) throws {
        try begin(isObject: false, inline: inline, to: &sink)
    }

    /// Ends the innermost array.
    package mutating func endArray(to sink: inout OutputSink) throws {
        try end(isObject: false, to: &sink)
    }

    // MARK: Members and values

    /// Writes an object key; the next call writes its value.
    package mutating func key(_ key: String, to sink: inout OutputSink) throws {
        assert(levels.last?.isObject == true && !afterKey, "JSONWriter: a key belongs directly inside an object")
        separate(&sink)
        appendString(key, to: &sink)
        sink.appendUnchecked(UInt8(ascii: ":"))
        if case .pretty = style { sink.appendUnchecked(UInt8(ascii: " ")) }
        afterKey = true
        try sink.flushIfFull()
    }

    /// Writes a string value.
    package mutating func string(_ value: String, to sink: inout OutputSink) throws {
        beforeValue(&sink)
        appendString(value, to: &sink)
        try sink.flushIfFull()
    }

    /// Writes a string value, or `null` for nil.
    package mutating func string(_ value: String?, to sink: inout OutputSink) throws {
        if let value { try string(value, to: &sink) } else { try null(to: &sink) }
    }

    /// Writes an integer value.
    package mutating func number(_ value: Int, to sink: inout OutputSink) throws {
        beforeValue(&sink)
        try sink.write(integer: value)
    }

    /// Writes an integer value, or `null` for nil.
    package mutating func number(_ value: Int?, to sink: inout OutputSink) throws {
        if let value { try number(value, to: &sink) } else { try null(to: &sink) }
    }

    /// Writes a number; `null` for NaN and infinities, which JSON cannot express.
    /// - Parameter maxFractionDigits: round to this many decimals (at most 6) and drop trailing zeros
    ///   (`0.93`, `12`); nil writes the shortest form that reads back as exactly the same `Double`.
    package mutating func number(_ value: Double, maxFractionDigits: Int? = nil, to sink: inout OutputSink) throws {
        beforeValue(&sink)
        if let maxFractionDigits {
            if !sink.appendDecimal(value, maxFractionDigits: maxFractionDigits) { appendNull(&sink) }
        } else if value.isFinite {
            try sink.write(value.description)
        } else {
            appendNull(&sink)
        }
        try sink.flushIfFull()
    }

    /// Writes a number, or `null` for nil, NaN and infinities.
    package mutating func number(_ value: Double?, maxFractionDigits: Int? = nil, to sink: inout OutputSink) throws {
        if let value { try number(value, maxFractionDigits: maxFractionDigits, to: &sink) } else { try null(to: &sink) }
    }

    /// Writes `true` or `false`.
    package mutating func bool(_ value: Bool, to sink: inout OutputSink) throws {
        beforeValue(&sink)
        try sink.write(value ? "true" : "false")
    }

    /// Writes `null`.
    package mutating func null(to sink: inout OutputSink) throws {
        beforeValue(&sink)
        appendNull(&sink)
        try sink.flushIfFull()
    }

    /// Writes a value that is already JSON text (a configuration from `JSONEncoder`), as it is.
    package mutating func raw(_ json: String, to sink: inout OutputSink) throws {
        beforeValue(&sink)
        try sink.write(json)
        try sink.flushIfFull()
    }

    // MARK: Layout

    private var isPretty: Bool {
        if case .pretty = style { return true }
        return false
    }

    private mutating func begin(isObject: Bool, inline: Bool, to sink: inout OutputSink) throws {
        beforeValue(&sink)
        sink.appendUnchecked(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        let parentInline = levels.last?.isInline ?? false
        levels.append(Level(isObject: isObject, isInline: inline || parentInline || !isPretty))
        try sink.flushIfFull()
    }

    private mutating func end(isObject: Bool, to sink: inout OutputSink) throws {
        assert(levels.last?.isObject == isObject && !afterKey, "JSONWriter: unbalanced end of container")
        guard let level = levels.popLast() else { return }
        if level.count > 0 && !level.isInline { newline(&sink) }
        sink.appendUnchecked(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        try sink.flushIfFull()
    }

    /// Writes what comes before a value: nothing after a key, else the separator from the previous element.
    private mutating func beforeValue(_ sink: inout OutputSink) {
        if afterKey {
            afterKey = false
            return
        }
        assert(levels.last?.isObject != true, "JSONWriter: a value inside an object needs a key first")
        separate(&sink)
    }

    private mutating func separate(_ sink: inout OutputSink) {
        guard let last = levels.indices.last else { return }
        let level = levels[last]
        if level.count > 0 { sink.appendUnchecked(UInt8(ascii: ",")) }
        if !level.isInline {
            newline(&sink)
        } else if level.count > 0 && isPretty {
            sink.appendUnchecked(UInt8(ascii: " "))
        }
        levels[last].count += 1
    }

    private func newline(_ sink: inout OutputSink) {
        guard case .pretty(let indent) = style else { return }
        sink.appendUnchecked(UInt8(ascii: "\n"))
        for _ in 0..<(max(indent, 0) * levels.count) { sink.appendUnchecked(UInt8(ascii: " ")) }
    }

    private func appendNull(_ sink: inout OutputSink) {
        for byte in "null".utf8 { sink.appendUnchecked(byte) }
    }

    // MARK: Strings

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends `"text"` with everything JSON (and, on request, HTML) needs escaped; unescaped runs are copied
    /// in one go.
    private func appendString(_ text: String, to sink: inout OutputSink) {
        let escapesHTML = self.escapesHTML
        var text = text
        sink.appendUnchecked(UInt8(ascii: "\""))
        text.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                var escape: (UInt8, UInt16)?  // (short escape letter or 0 for \u, code unit)
                var length = 1
                switch byte {
                case UInt8(ascii: "\""): escape = (UInt8(ascii: "\""), 0)
                case UInt8(ascii: "\\"): escape = (UInt8(ascii: "\\"), 0)
                case 0x0A: escape = (UInt8(ascii: "n"), 0)
                case 0x0D: escape = (UInt8(ascii: "r"), 0)
                case 0x09: escape = (UInt8(ascii: "t"), 0)
                case 0x08: escape = (UInt8(ascii: "b"), 0)
                case 0x0C: escape = (UInt8(ascii: "f"), 0)
                case 0x00..<0x20: escape = (0, UInt16(byte))
                case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                    if escapesHTML { escape = (0, UInt16(byte)) }
                case 0xE2:
                    // U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR are E2 80 A8 and E2 80 A9.
                    if index + 2 < bytes.count, bytes[index + 1] == 0x80,
                        bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
                    {
                        escape = (0, bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029)
                        length = 3
                    }
                default:
                    break
                }
                guard let (letter, unit) = escape else {
                    index += 1
                    continue
                }
                sink.appendUnchecked(bytes[runStart..<index])
                sink.appendUnchecked(UInt8(ascii: "\\"))
                if letter != 0 {
                    sink.appendUnchecked(letter)
                } else {
                    sink.appendUnchecked(UInt8(ascii: "u"))
                    for shift in stride(from: 12, through: 0, by: -4) {
                        sink.appendUnchecked(Self.hexDigits[Int((unit >> UInt16(shift)) & 0xF)])
                    }
                }
                index += length
                runStart = index
            }
            sink.appendUnchecked(bytes[runStart...])
        }
        sink.appendUnchecked(UInt8(ascii: "\""))
    }
}
