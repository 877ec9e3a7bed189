/// A minimal RFC 4180 reader for the tests: rows of fields, quoted fields may hold commas, quotes and line breaks.
enum CSVRows {
    static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var iterator = Array(text.unicodeScalars).makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let p = pending {
                pending = nil
                return p
            }
            return iterator.next()
        }
        while let c = next() {
            if quoted {
                if c == "\"" {
                    if let n = next() {
                        if n == "\"" {
                            field.unicodeScalars.append("\"")
                        } else {
                            quoted = false
                            pending = n
                        }
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case "\"": quoted = true
            case ",":
                row.append(field)
                field = ""
            case "\r": break
            case "\n":
                row.append(field)
                rows.append(row)
                row = []
                field = ""
            default: field.unicodeScalars.append(c)
            }
        }
        if !field.isEmpty || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }

    /// The rows as dictionaries keyed by the header row.
    static func records(_ text: String) -> [[String: String]] {
        let rows = parse(text)
        guard let header = rows.first else { return [] }
        return rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0).map { ($0, $1) }) }
    }

    /// A value as it was before items.csv guarded it against spreadsheet formulas (the leading `'`).
    static func unguarded(_ value: String) -> String {
        guard value.hasPrefix("'"), let second = value.dropFirst().first, "=+-@\t\r".contains(second) else { return value }
        return String(value.dropFirst())
    }
}
