import DataScanEngines
import DataScanModel

/// A number as receipts print amounts: `1,234.56`, `1.234,56`, `1 234,56`, `1'234.50`, `12,5`, `1234`.
struct PrintedNumber: Hashable, Sendable {
    /// UTF-8 byte range of the digits and separators.
    var range: Range<Int>
    /// The integer digits without grouping separators (`1234`).
    var integerDigits: String
    /// The digits after the decimal separator (`56`), nil when there is none.
    var fraction: String?
    /// The byte that groups thousands (`,` in `1,234`), nil without grouping (or grouped by a space or apostrophe).
    var groupingSeparator: UInt8? = nil

    /// `1234.56`: `.` as decimal separator, no grouping, no leading zeros (`01.50` is 1.50).
    var plain: String {
        let integer = integerDigits.drop { $0 == "0" }
        return (integer.isEmpty ? "0" : String(integer)) + (fraction.map { "." + $0 } ?? "")
    }

    /// This number with its one group of three digits read as thousandths (`3.475`, `0,750`), as a currency of three
    /// decimals prints them (`CurrencySymbols.threeDecimalCodes`); nil for a number of another shape. `separators`: the
    /// bytes that may stand before the thousandths.
    func readingThousandths(separators: [UInt8]) -> PrintedNumber? {
        guard fraction == nil, let separator = groupingSeparator, separators.contains(separator),
            range.count == integerDigits.utf8.count + 1
        else { return nil }
        return PrintedNumber(
            range: range, integerDigits: String(integerDigits.dropLast(3)), fraction: String(integerDigits.suffix(3)),
            groupingSeparator: nil)
    }

    /// Grouped thousands whose first group is a 0 (`0.503`, `0,250`): no amount prints them so; a weight or three
    /// decimals read as a group.
    var groupsAZero: Bool { groupingSeparator != nil && integerDigits.hasPrefix("0") }

    /// A separator between digit groups and the digits after it.
    private struct Group {
        var separator: [UInt8]
        var digits: Range<Int>
        var isSpace: Bool { separator != [UInt8(ascii: ",")] && separator != [UInt8(ascii: ".")] && !isApostrophe }
        var isApostrophe: Bool { separator == [UInt8(ascii: "'")] || separator == Array("’".utf8) }
    }

    /// Separators that group thousands besides `,` `.`: apostrophe (Swiss), space, no-break and thin spaces; and the
    /// low quotation mark `‚` that OCR reads for a receipt's decimal comma (`10‚00`), read as `,`.
    private static let groupingSeparators: [[UInt8]] = [
        [UInt8(ascii: ",")], [UInt8(ascii: ".")], [UInt8(ascii: "'")], Array("’".utf8), [0x20],
        Array("\u{00A0}".utf8), Array("\u{202F}".utf8), Array("\u{2009}".utf8), lowComma,
    ]

    private static let lowComma = Array("\u{201A}".utf8)

    /// Parses the number whose first digit is at `start` (the caller makes sure no digit precedes it).
    /// Returns nil, and the end of the whole digit chain in `chainEnd`, when the chain is not one amount
    /// (`12.03.2024`, `1.2.3`, `10,000,00`): such chains are dates, versions or identifiers, never prices.
    static func parse(at start: Int, in t: UTF8Text, chainEnd: inout Int) -> PrintedNumber? {
        var groups: [Group] = []
        var end = start + t.digitRun(from: start)
        let first = start..<end
        while true {
            guard
                let separator = groupingSeparators.first(where: { sep in
                    sep.indices.allSatisfy { t[end + $0] == sep[$0] }
                })
            else { break }
            let digitsStart = end + separator.count
            let run = t.digitRun(from: digitsStart)
            guard run > 0 else { break }
            let group = Group(separator: separator == lowComma ? [UInt8(ascii: ",")] : separator, digits: digitsStart..<digitsStart + run)
            // A space only groups thousands when exactly three digits follow; otherwise it separates two numbers.
            if group.isSpace && run != 3 { break }
            groups.append(group)
            end = digitsStart + run
        }
        chainEnd = end
        if let number = interpret(first: first, groups: groups[...], in: t) { return number }
        // Not one number as a whole: if a space took part, the digits after it may be a number of their own
        // (`2 100.00` is a quantity and a price), so read only up to that space and let the caller go on there.
        guard let split = groups.firstIndex(where: \.isSpace) else { return nil }
        chainEnd = groups[split].digits.lowerBound - groups[split].separator.count
        return interpret(first: first, groups: groups[..<split], in: t)
    }

    private static func interpret(first: Range<Int>, groups: ArraySlice<Group>, in t: UTF8Text) -> PrintedNumber? {
        var grouping = groups
        var fraction: String?
        // Three digits after groups of thousands and the other separator are decimals too (`1,250.500`: a dinar's
        // thousandths).
        let afterThousands = { (last: Group) in
            groups.count >= 2 && groups.dropLast().allSatisfy { $0.separator == groups[groups.startIndex].separator }
                && last.separator != groups[groups.startIndex].separator
        }
        if let last = groups.last, !last.isSpace, !last.isApostrophe,
            last.digits.count <= 2 || (last.digits.count == 3 && afterThousands(last))
        {
            fraction = t.string(last.digits)
            grouping = groups.dropLast()
        }
        var integer = t.string(first)
        if let firstGroup = grouping.first {
            // Thousands: one separator kind, different from the decimal one, 1-3 leading digits, then threes; or
            // India's lakhs and crores: commas between twos before the last three (`1,50,000`, `12,34,567.89`).
            let thousands = first.count <= 3 && grouping.allSatisfy { $0.digits.count == 3 && $0.separator == firstGroup.separator }
            let lakhs =
                first.count <= 2 && grouping.count >= 2 && grouping.last?.digits.count == 3
                && grouping.allSatisfy { $0.separator == [UInt8(ascii: ",")] }
                && grouping.dropLast().allSatisfy { $0.digits.count == 2 }
            guard thousands || lakhs else { return nil }
            if let decimal = groups.last, fraction != nil, decimal.separator == firstGroup.separator { return nil }
            // A space-grouped number uses a decimal comma (`1 234,56`); `2 100.00` is two numbers.
            if firstGroup.isSpace, let decimal = groups.last, fraction != nil, decimal.separator != [UInt8(ascii: ",")] {
                return nil
            }
            for group in grouping { integer += t.string(group.digits) }
        }
        let end = groups.last?.digits.upperBound ?? first.upperBound
        let separator = grouping.first.flatMap { $0.separator.count == 1 ? $0.separator[0] : nil }
        return PrintedNumber(range: first.lowerBound..<end, integerDigits: integer, fraction: fraction, groupingSeparator: separator)
    }
}
