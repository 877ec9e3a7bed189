import DataScanModel

/// Writes CSV as RFC 4180 describes it, in UTF-8: fields that contain `,` `"` CR or LF are quoted, a `"` inside
/// is doubled, and every row ends with CRLF (RFC 4180's line break, which Excel and every CSV reader accept).
///
/// Every text field is protected against formula injection as the contract says: a cell that starts with `=`,
/// `@`, tab or CR, or with `+` or `-` and is not a plain number (`^[+-]?[0-9][0-9.,' ]*$`), gets a leading `'`,
/// so a spreadsheet shows it as text instead of running it. `+16502530000` and `-1,234.50` stay as they are;
/// `+1 (650) 253-0000` becomes `'+1 (650) 253-0000`.
enum CSVWriter {
    /// The end of every row.
    static let rowEnd = "\r\n"

    /// Writes one row of text fields, each protected and quoted as needed, and the row end.
    static func writeRow(_ fields: [String], to sink: inout OutputSink) throws {
        for (index, field) in fields.enumerated() {
            if index > 0 { sink.appendUnchecked(UInt8(ascii: ",")) }
            appendField(field, to: &sink)
        }
        appendRowEnd(to: &sink)
        try sink.flushIfFull()
    }

    /// Writes one text field (no separator), protected and quoted as needed.
    static func writeField(_ field: String, to sink: inout OutputSink) throws {
        appendField(field, to: &sink)
        try sink.flushIfFull()
    }

    /// The field as it is written in a row: `a,b` → `"a,b"`, `=1+1` → `'=1+1`.
    static func encodedField(_ field: String) -> String {
        var sink = OutputSink.inMemory()
        appendField(field, to: &sink)
        return sink.text
    }

    /// True when a spreadsheet could read `field` as a formula, so it must be written with a leading `'`.
    static func needsFormulaProtection(_ field: String) -> Bool {
        var field = field
        return field.withUTF8 { needsFormulaProtection($0) }
    }

    static func needsFormulaProtection(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        switch first {
        case UInt8(ascii: "="), UInt8(ascii: "@"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
            return true
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            return !isPlainNumber(bytes)
        default:
            return false
        }
    }

    /// `^[+-]?[0-9][0-9.,' ]*$`, by hand: this runs on every cell of every row, and a byte loop is many
    /// times faster than a regular expression.
    static func isPlainNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
        guard index < bytes.count, isDigit(bytes[index]) else { return false }
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "'"),
                UInt8(ascii: " "):
                index += 1
            default:
                return false
            }
        }
        return true
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Appends the field without flushing; callers flush once per row.
    static func appendField(_ field: String, to sink: inout OutputSink) {
        var field = field
        field.withUTF8 { bytes in
            let protect = needsFormulaProtection(bytes)
            var needsQuotes = false
            for byte in bytes {
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n")
                    || byte == UInt8(ascii: "\r")
                {
                    needsQuotes = true
                    break
                }
            }
            guard needsQuotes else {
                if protect { sink.appendUnchecked(UInt8(ascii: "'")) }
                sink.appendUnchecked(bytes)
                return
            }
            sink.appendUnchecked(UInt8(ascii: "\""))
            if protect { sink.appendUnchecked(UInt8(ascii: "'")) }
            // Copy runs between quotes in one go; each quote is written twice.
            var runStart = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\"") {
                sink.appendUnchecked(bytes[runStart...index])
                sink.appendUnchecked(UInt8(ascii: "\""))
                runStart = index + 1
            }
            sink.appendUnchecked(bytes[runStart...])
            sink.appendUnchecked(UInt8(ascii: "\""))
        }
    }

    static func appendRowEnd(to sink: inout OutputSink) {
        sink.appendUnchecked(UInt8(ascii: "\r"))
        sink.appendUnchecked(UInt8(ascii: "\n"))
    }
}
