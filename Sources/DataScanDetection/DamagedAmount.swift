import DataScanModel

/// An amount the OCR damaged, read back: `68. 87` and `2, 83` (a space beside the decimal separator), `28 60`
/// (the separator lost), `LL.40`, `1O.00`, `5.9O` (letters for digits). `PrintedNumber` reads what is printed
/// correctly; this reads what it refuses, and says how much was repaired, so that the receipt reader uses a
/// repaired amount only where the receipt's other evidence (its label, its arithmetic) agrees with it.
struct DamagedAmount: Hashable, Sendable {
    /// How the printed characters were read.
    enum Repair: Int, Comparable, Sendable {
        /// A space beside the decimal separator, or a currency mark the OCR damaged glued to the amount (`fM1.00`):
        /// the value is not in doubt.
        case spacedSeparator = 1
        /// Letters the OCR puts for digits (`O`→0, `l`/`I`/`|`/`L`→1, `S`→5, `B`→8, `Z`→2): likely.
        case letters = 2
        /// Two digits after a space at the end of the line, read as the cents: only a guess.
        case lostSeparator = 3
        /// An integer on a total line of a receipt that prints cents, read with its separator lost (`TOTAL RM 1000`
        /// for 10.00) and perhaps one or two specks read as digits after it (`Summe EUR 595553` for 59,55): only
        /// when the receipt's arithmetic confirms it (`ReceiptReader`).
        case separatorOfInteger = 4
        /// An `S` before an amount's digits read as the `$` the OCR may have made it (`S8.70` for `$8.70`, beside the
        /// `letters` reading 58.70): only when the receipt's arithmetic confirms it (`dollarReading`).
        case dollarSign = 5
        /// An integer on a total's line of a receipt that prints cents, read as whole units (`Total Invoice Value: 557`
        /// under `SubTotal: 530.00`, `GST@5% 26.50`, `Round Off: 0.50`): beside the `separatorOfInteger` reading, and
        /// like it only when the receipt's arithmetic confirms it.
        case wholeUnits = 6

        static func < (a: Repair, b: Repair) -> Bool { a.rawValue < b.rawValue }

        /// A reading the receipt reader takes only when its arithmetic confirms it.
        var needsArithmetic: Bool { self == .separatorOfInteger || self == .dollarSign || self == .wholeUnits }
    }

    /// UTF-8 byte range of the damaged amount in the text.
    var range: Range<Int>
    /// The amount in hundredths.
    var cents: Int
    var repair: Repair
    /// Printed without decimals (`¥8, 572`): on a receipt that prints no cents, written as a whole number.
    var whole = false

    /// Damaged amounts on `line` (a byte range of `t`), left to right, that do not overlap `taken` (the ranges of
    /// amounts already read as printed). `decimals`: how many the page's currency prints, 2, or 3 for a dinar's
    /// thousandths (`KD l3.O50`, `R.O. 9. 164`): its amounts are then read in thousandths (`cents` holds them), and only
    /// by the readings that do not guess at a lost separator or a sign.
    /// `spaceGroups`: the region groups thousands with a space (`=1 575.7О` on a Russian till is 1,575.70).
    static func find(
        in line: Range<Int>, of t: UTF8Text, avoiding taken: [Range<Int>], decimals: Int = 2, spaceGroups: Bool = false
    ) -> [DamagedAmount] {
        var found: [DamagedAmount] = []
        var i = line.lowerBound
        while i < line.upperBound {
            let hit =
                (spaceGroups && decimals == 2 ? spaceGroupedLettered(at: i, line: line, in: t) : nil)
                ?? amount(at: i, line: line, in: t, decimals: decimals)
            // (A number before a `%` is a rate: `Tax7.25% $2.69`.)
            if let hit, !taken.contains(where: { $0.overlaps(hit.range) }),
                !found.contains(where: { $0.range.overlaps(hit.range) }), !t.percentFollows(hit.range.upperBound)
            {
                found.append(hit)
                i = hit.range.upperBound
            } else {
                i += 1
            }
        }
        return found
    }

    /// The other reading of an amount read with its first letter as a 5 (`S8.70`, `s118.14`, `SB0.19`): the `S` a
    /// misread `$` (receipts that print `$` before their amounts, the ringgit's too), and the amount the characters
    /// after it print, read as the letters reading read them (`B0` as 80), in hundredths. Nil unless the rest is an
    /// amount: up to five characters, a separator, two digits (or letters read as digits, `S38.l3`).
    static func dollarReading(of amount: DamagedAmount, in t: UTF8Text) -> DamagedAmount? {
        guard amount.repair == .letters, t[amount.range.lowerBound] | 0x20 == UInt8(ascii: "s") else { return nil }
        return withoutLeadingFive(amount.range, cents: amount.cents, in: t)
    }

    /// The other reading of an amount whose first digit, a 5, is glued behind the letters of a dollar's prefix
    /// (`HK5231.00` for HK$231.00, `NZ574.00`): the `$` misread, the amount without it. Nil otherwise.
    static func prefixedDollarReading(of range: Range<Int>, cents: Int, in t: UTF8Text) -> DamagedAmount? {
        let i = range.lowerBound
        guard t[i] == UInt8(ascii: "5"),
            dollarPrefixes.contains(where: { t.hasPrefix($0, at: i - $0.utf8.count) && !t.isLetter(at: i - $0.utf8.count - 1) })
        else { return nil }
        return withoutLeadingFive(range, cents: cents, in: t)
    }

    /// `cents` without the 5 its amount at `range` was read with first (up to five characters, a separator, two
    /// digits), as a `dollarSign` reading.
    private static func withoutLeadingFive(_ range: Range<Int>, cents: Int, in t: UTF8Text) -> DamagedAmount? {
        let i = range.lowerBound, end = range.upperBound
        guard end - i >= 5, end - i <= 9, t[end - 3] == UInt8(ascii: ".") || t[end - 3] == UInt8(ascii: ","),
            (end - 2..<end).allSatisfy({ readsAsDigit(at: $0, in: t) })
        else { return nil }
        // The reading took the `S` or the 5 as the integer's first digit: the rest is the amount without it.
        let integerDigits = end - 3 - i
        var place = 100
        for _ in 1..<integerDigits { place *= 10 }
        guard cents >= 5 * place, cents < 6 * place else { return nil }
        return DamagedAmount(range: range, cents: cents - 5 * place, repair: .dollarSign)
    }

    /// The letters before a dollar's `$` (`HK$`, `NZ$`, `S$`), in lower case as `UTF8Text.hasPrefix` compares.
    private static let dollarPrefixes = ["hk", "nz", "us", "au", "a", "c", "ca", "s", "sg", "nt", "mx", "r"]

    /// A damaged amount whose first character is at `i`, or nil.
    private static func amount(at i: Int, line: Range<Int>, in t: UTF8Text, decimals: Int) -> DamagedAmount? {
        // Start of a token: after a space, punctuation or a currency mark, never inside a word or a digit run.
        let before = t[i - 1]
        guard i == line.lowerBound || !UTF8Text.isDigit(before) else { return nil }
        // Nor after a separator behind a digit: a number's group or decimals (`336, 16` of `8.336, 16`).
        if i > line.lowerBound + 1, ".,".utf8.contains(before), t.isDigit(at: i - 2) { return nil }
        if t.isDigit(at: i) {
            // Letters glued before the digits: a currency mark (`RM12.00`) or one the OCR damaged (`fM1.00`, `R28 05`:
            // one to three letters after a space), never the tail of a word.
            let gluedMark =
                UTF8Text.isASCIILetter(before) && !isCurrencyTail(before: i, in: t)
                && PriceDetector.codeGluedToLabel(endingAt: i, line: line, in: t) == nil
            if gluedMark, !isDamagedMark(before: i, line: line, in: t) { return nil }
            let hit: DamagedAmount?
            if decimals == 3 {
                hit =
                    spaced(at: i, line: line, in: t, decimals: 3) ?? spacedGroup(at: i, line: line, in: t, decimals: 3)
                    ?? lettered(at: i, line: line, in: t, decimals: 3) ?? (gluedMark ? printed(at: i, line: line, in: t, decimals: 3) : nil)
            } else {
                hit =
                    spaced(at: i, line: line, in: t) ?? colonSeparated(at: i, line: line, in: t) ?? spacedGroup(at: i, line: line, in: t)
                    ?? letteredSpaceGroup(at: i, line: line, in: t) ?? lostSeparator(at: i, line: line, in: t)
                    ?? lettered(at: i, line: line, in: t)
                    ?? (gluedMark ? printed(at: i, line: line, in: t) : nil) ?? euroRead(at: i, line: line, in: t)
            }
            // An amount that prints its currency after it has no mark before it: letters glued before are a word the
            // OCR damaged, perhaps with the amount's first digits (`Tot H2,64 EUR` for `Tot HT 392,64 EUR`).
            if gluedMark, let hit, hit.range.upperBound < line.upperBound,
                CurrencySymbols.mark(startingAtOrAfterSpace: hit.range.upperBound, in: t) != nil
            {
                return nil
            }
            return hit
        }
        if digitLike[t[i]] != nil, !UTF8Text.isASCIILetter(before) || isCurrencyTail(before: i, in: t) {
            return lettered(at: i, line: line, in: t, decimals: decimals)
        }
        if t[i] == UInt8(ascii: "."), let cents = lostInteger(at: i, line: line, in: t, decimals: decimals) {
            return DamagedAmount(range: i..<(i + 1 + decimals), cents: cents, repair: .spacedSeparator)
        }
        return nil
    }

    /// `RM .02`, `$.30`, `TAX .52`, `CHANGE .00`: cents with the integer's 0 not printed (receipt printers drop it on
    /// roundings, taxes and change), after a currency mark or a word. A bare `.02`, or one after a number, is no amount.
    private static func lostInteger(at i: Int, line: Range<Int>, in t: UTF8Text, decimals: Int) -> Int? {
        let end = i + 1 + decimals
        guard t.digitRun(from: i + 1) == decimals, end <= line.upperBound, !continuesNumber(at: end, in: t), !t.isLetter(at: end),
            isCurrencyTail(before: i, in: t) || (t[i - 1] == 0x20 && isCurrencyTail(before: i - 1, in: t))
                || isAfterWord(i, line: line, in: t)
        else { return nil }
        return t.intValue((i + 1)..<end)
    }

    /// Whether a word of two letters or more ends before `i`, spaces between (a label and its amount's column). Not
    /// a word of letters that all stand for digits: `TOTAL: lOI .70` is 101.70 with its integer misread, not 0.70.
    private static func isAfterWord(_ i: Int, line: Range<Int>, in t: UTF8Text) -> Bool {
        var k = i
        while k > line.lowerBound, t[k - 1] == 0x20 { k -= 1 }
        guard k < i, k - 2 >= line.lowerBound, UTF8Text.isASCIILetter(t[k - 1]), UTF8Text.isASCIILetter(t[k - 2]) else { return false }
        var start = k
        while start > line.lowerBound, UTF8Text.isASCIILetter(t[start - 1]) { start -= 1 }
        return !(start..<k).allSatisfy { digitLike[t[$0]] != nil }
    }

    /// `68. 87`, `68 .87`, `2, 83`, `73 . 00`, `61,.13`: digits, a decimal separator with a space on at least one
    /// side (or doubled), two digits (`decimals`).
    private static func spaced(at i: Int, line: Range<Int>, in t: UTF8Text, decimals: Int = 2) -> DamagedAmount? {
        let integer = t.digitRun(from: i)
        guard (1...6).contains(integer) else { return nil }
        var k = i + integer
        var units = t.intValue(i..<k)
        // A group of thousands before them, its separator the other one (`$ 8.336, 16`, `1,234. 50`).
        var group: UInt8?
        if integer <= 3, ".,".utf8.contains(t[k]), t.digitRun(from: k + 1) == 3,
            t[k + 4] == 0x20 || (".,".utf8.contains(t[k + 4]) && t[k + 4] != t[k])
        {
            group = t[k]
            units = units * 1000 + t.intValue((k + 1)..<(k + 4))
            k += 4
        }
        var spaces = 0
        while t[k] == 0x20, spaces < 2 {
            k += 1
            spaces += 1
        }
        guard t[k] == UInt8(ascii: ".") || t[k] == UInt8(ascii: ","), t[k] != group else { return nil }
        // `MAR 22, 24`: a day and a two-digit year after a month's name.
        if t[k] == UInt8(ascii: ","), integer <= 2, MonthNames.standsBefore(i, in: t) { return nil }
        k += 1
        // The separator doubled by a speck (`61,.13`).
        let doubled = spaces == 0 && (t[k] == UInt8(ascii: ".") || t[k] == UInt8(ascii: ",")) ? 1 : 0
        k += doubled
        var after = 0
        while t[k] == 0x20, after < 2 {
            k += 1
            after += 1
        }
        guard spaces + after > 0 || doubled > 0, doubled == 0 || after == 0, k + decimals <= line.upperBound,
            !continuesNumber(at: k + decimals, in: t)
        else { return nil }
        let integerCents = units * unit(decimals)
        if t.digitRun(from: k) == decimals {
            return DamagedAmount(range: i..<(k + decimals), cents: integerCents + t.intValue(k..<(k + decimals)), repair: .spacedSeparator)
        }
        // A digit of the decimals read as a letter as well (`$7. 1O`): likely, not sure.
        guard decimals == 2, let misread = PriceDetector.misreadCents(at: k, in: t) else { return nil }
        return DamagedAmount(range: i..<(k + 2), cents: integerCents + misread, repair: .letters)
    }

    /// `43:89 €`, `26:29€`: the decimal comma read as a colon, a currency mark after the cents (which no time has);
    /// or `SUBTOTAL 12:72` at a line's end, which no clock shows. Likely, not sure (`letters`): the speck that made the
    /// colon may have hidden a digit's stroke too.
    /// So is `TOTAL $15-52` at a line's end, the point read as a dash, behind a currency mark (not a range on a receipt's
    /// amount line, `PriceDetector.isDashedCents`).
    private static func colonSeparated(at i: Int, line: Range<Int>, in t: UTF8Text) -> DamagedAmount? {
        let integer = t.digitRun(from: i)
        let k = i + integer
        if PriceDetector.isDashedCents(at: i, line: line, in: t) {
            let cents = t.intValue(i..<k) * 100 + t.intValue((k + 1)..<(k + 3))
            return DamagedAmount(range: i..<(k + 3), cents: cents, repair: .letters)
        }
        guard (1...5).contains(integer), t[k] == UInt8(ascii: ":"), t.digitRun(from: k + 1) == 2, k + 3 <= line.upperBound
        else { return nil }
        let markAfter = CurrencySymbols.mark(startingAtOrAfterSpace: k + 3, in: t).map {
            $0.end <= line.upperBound && !t.isDigit(at: $0.end)
        }
        if markAfter != true {
            let (hours, minutes) = (t.intValue(i..<k), t.intValue((k + 1)..<(k + 3)))
            let isTime = integer <= 2 && hours < 24 && minutes < 60
            guard !isTime, (k + 3..<line.upperBound).allSatisfy({ t[$0] == 0x20 }), t[i - 1] != UInt8(ascii: ":") else { return nil }
        }
        let cents = t.intValue(i..<k) * 100 + t.intValue((k + 1)..<(k + 3))
        return DamagedAmount(range: i..<(k + 3), cents: cents, repair: .letters)
    }

    /// `8, 572`, `1. 234,56`, `1, 280.00`, `1,.980`: one to three digits, a grouping separator with a space after it
    /// (or doubled by a speck), three digits, and perhaps the other separator and two decimals. The grouping
    /// separator is the one the decimals do not use; without decimals either, which the receipt reader accepts only
    /// on a receipt that prints no cents (yen, won).
    private static func spacedGroup(at i: Int, line: Range<Int>, in t: UTF8Text, decimals: Int = 2) -> DamagedAmount? {
        let integer = t.digitRun(from: i)
        guard (1...3).contains(integer) else { return nil }
        var k = i + integer
        let group = t[k]
        guard group == UInt8(ascii: ",") || group == UInt8(ascii: ".") else { return nil }
        k += 1
        if t[k] == 0x20 || (t[k] != group && ".,".utf8.contains(t[k])) {
            k += 1
        } else {
            return nil
        }
        guard t.digitRun(from: k) == 3, k + 3 <= line.upperBound else { return nil }
        let units = t.intValue(i..<(i + integer)) * 1000 + t.intValue(k..<(k + 3))
        k += 3
        let decimal = t[k]
        let end = k + 1 + decimals
        if decimal != group, ".,".utf8.contains(decimal), t.digitRun(from: k + 1) == decimals, end <= line.upperBound,
            !continuesNumber(at: end, in: t)
        {
            return DamagedAmount(range: i..<end, cents: units * unit(decimals) + t.intValue((k + 1)..<end), repair: .spacedSeparator)
        }
        // Not a group of digits among others (`03, 123 4567`).
        guard !continuesNumber(at: k, in: t), !t.isLetter(at: k), !(t[k] == 0x20 && t.isDigit(at: k + 1)) else { return nil }
        return DamagedAmount(range: i..<k, cents: units * unit(decimals), repair: .spacedSeparator, whole: true)
    }

    /// `28 60` at the end of the line (a tax-class mark may follow): 1–5 digits, one space, two digits.
    private static func lostSeparator(at i: Int, line: Range<Int>, in t: UTF8Text) -> DamagedAmount? {
        let integer = t.digitRun(from: i)
        // The cents' last digit set apart at the line's end (`TOTAl $38.1 3`): likely, not sure.
        if (1...5).contains(integer), ".,".utf8.contains(t[i + integer]), t.digitRun(from: i + integer + 1) == 1,
            t[i + integer + 2] == 0x20, t.digitRun(from: i + integer + 3) == 1, !continuesNumber(at: i + integer + 4, in: t),
            endsLine(at: i + integer + 4, line: line, in: t)
        {
            let (tens, units) = (t[i + integer + 1] - 0x30, t[i + integer + 3] - 0x30)
            let cents = t.intValue(i..<(i + integer)) * 100 + Int(tens) * 10 + Int(units)
            return DamagedAmount(range: i..<(i + integer + 4), cents: cents, repair: .letters)
        }
        guard (1...5).contains(integer), t[i + integer] == 0x20 else { return nil }
        let k = i + integer + 1
        guard t.digitRun(from: k) == 2, !continuesNumber(at: k + 2, in: t), endsLine(at: k + 2, line: line, in: t) else { return nil }
        // Not the tail of a longer group of numbers (`03-6253 71`, `12 34 56`).
        if ".,-/:".utf8.contains(t[i - 1]) || (t[i - 1] == 0x20 && t.isDigit(at: i - 2)) { return nil }
        let cents = t.intValue(i..<(i + integer)) * 100 + t.intValue(k..<(k + 2))
        return DamagedAmount(range: i..<(k + 2), cents: cents, repair: .lostSeparator)
    }

    /// `7 6B6`, `10 0O0`, `7 68S Ft`: a whole amount's thousands grouped by a space, with a letter for a digit in the
    /// group (forints; digits alone are `PrintedNumber`'s to read): whole units, which the receipt reader takes only on
    /// a receipt that prints no cents.
    private static func letteredSpaceGroup(at i: Int, line: Range<Int>, in t: UTF8Text) -> DamagedAmount? {
        let integer = t.digitRun(from: i)
        let k = i + integer
        guard (1...3).contains(integer), t[k] == 0x20, (1...3).allSatisfy({ readsAsDigit(at: k + $0, in: t) }),
            (1...3).contains(where: { !t.isDigit(at: k + $0) }), !t.isWordByte(at: k + 4), !continuesNumber(at: k + 4, in: t),
            k + 4 <= line.upperBound
        else { return nil }
        let value = (k + 1...k + 3).reduce(t.intValue(i..<k)) { $0 * 10 + (digitValue(t[$1]) ?? 0) }
        return DamagedAmount(range: i..<k + 4, cents: value * 100, repair: .letters, whole: true)
    }

    /// `1 575.7O`, `12 4O0,00`: where the region groups thousands with a space, one to three digits after a space or a
    /// sign and before one, then an amount with letters for digits (`lettered`) of three integer digits.
    private static func spaceGroupedLettered(at i: Int, line: Range<Int>, in t: UTF8Text) -> DamagedAmount? {
        let integer = t.digitRun(from: i)
        let k = i + integer
        guard (1...3).contains(integer), i == line.lowerBound || !t.isWordByte(at: i - 1), !".,".utf8.contains(t[i - 1]),
            t[k] == 0x20, k + 4 < line.upperBound, ".,".utf8.contains(t[k + 4]), let rest = lettered(at: k + 1, line: line, in: t)
        else { return nil }
        return DamagedAmount(
            range: i..<rest.range.upperBound, cents: t.intValue(i..<k) * 100_000 + rest.cents, repair: .letters)
    }

    /// `LL.40`, `1O.00`, `5.9O`, `l2.5O`: digits and digit-like letters, a decimal separator, two digits or digit-like
    /// letters, with at least one real digit and at least one letter read as a digit.
    private static func lettered(at i: Int, line: Range<Int>, in t: UTF8Text, decimals: Int = 2) -> DamagedAmount? {
        var digits: [Int] = []
        var k = i
        var letters = 0
        func take() -> Bool {
            guard let d = digitValue(t[k]) else { return false }
            digits.append(d)
            if !t.isDigit(at: k) { letters += 1 }
            k += 1
            return true
        }
        while digits.count < 6, take() {}
        // A group of thousands (`2,O49.00`, `1.2O0,50`): one to three digits, the separator the decimals do not use,
        // three more.
        let group = t[k]
        let groupFollows =
            (1...3).contains(digits.count) && ".,".utf8.contains(group) && (1...3).allSatisfy({ readsAsDigit(at: k + $0, in: t) })
        if groupFollows, t[k + 4] != group, ".,".utf8.contains(t[k + 4]) {
            k += 1
            for _ in 0..<3 { _ = take() }
        } else if groupFollows, decimals == 2, t.isDigit(at: i) || !"Ss".utf8.contains(t[i]), !t.isWordByte(at: k + 4),
            !continuesNumber(at: k + 4, in: t), !".,".utf8.contains(t[k + 4])
        {
            // A whole amount's group of thousands with a letter for a digit (`$25.OOO`, `59,B00` for pesos and rupiah,
            // `Z62.44O` for dong): whole units, which the receipt reader takes only on a receipt that prints no cents.
            // (Not from an `S`, as often the dollar's sign: `S9.27O` is $9.270, which `dollarReading` reads.)
            k += 1
            for _ in 0..<3 { _ = take() }
            guard letters > 0, letters < digits.count, (i..<k).contains(where: { t.isDigit(at: $0) }) else { return nil }
            return DamagedAmount(range: i..<k, cents: digits.reduce(0) { $0 * 10 + $1 } * 100, repair: .letters, whole: true)
        }
        let integer = digits
        guard (1...5).contains(integer.count) else { return nil }
        if t[k] == 0x20, ".,".utf8.contains(t[k + 1]) { k += 1 }
        guard t[k] == UInt8(ascii: ".") || t[k] == UInt8(ascii: ",") else { return nil }
        k += 1
        if t[k] == 0x20 { k += 1 }
        digits = []
        while digits.count < decimals, take() {}
        // The cents' last 0 read as a sign glued to them (`CASH 50.0€`, `CHANGE 21.6¢`, `6.0C`): no amount prints
        // one decimal before a currency sign.
        if decimals == 2, digits.count == 1, let width = zeroReadAsSign(at: k, in: t) {
            digits.append(0)
            letters += 1
            k += width
        }
        guard digits.count == decimals, letters > 0, letters < integer.count + decimals, !continuesNumber(at: k, in: t), !t.isLetter(at: k)
        else { return nil }
        // At least one real digit: `OO.OO` or `SS.IO` is a word, not an amount.
        let real = (i..<k).filter { t.isDigit(at: $0) }.count
        guard real > 0 else { return nil }
        let cents = (integer.reduce(0) { $0 * 10 + $1 }) * unit(decimals) + digits.reduce(0) { $0 * 10 + $1 }
        return DamagedAmount(range: i..<k, cents: cents, repair: .letters)
    }

    /// A two-decimal amount as printed, behind a currency mark the OCR damaged (`fM1.00`, `RN60.00`).
    private static func printed(at i: Int, line: Range<Int>, in t: UTF8Text, decimals: Int = 2) -> DamagedAmount? {
        var end = i
        guard let parsed = PrintedNumber.parse(at: i, in: t, chainEnd: &end),
            case let number = decimals == 3 ? parsed.readingThousandths(separators: [UInt8(ascii: ".")]) ?? parsed : parsed,
            number.fraction?.count == decimals,
            let cents = Int(number.integerDigits).map({ $0 * unit(decimals) + (Int(number.fraction ?? "0") ?? 0) }),
            !continuesNumber(at: number.range.upperBound, in: t),
            // (Nor a zero read as a letter after its two decimals, `S23.41O` for $23.410: a group of thousands.)
            digitLike[t[number.range.upperBound]] != 0 || t.isLetter(at: number.range.upperBound + 1)
        else { return nil }
        return DamagedAmount(range: number.range, cents: cents, repair: .spacedSeparator)
    }

    /// An amount with cents and the `€` after it read as a small letter glued to it (`TOTAL 23,21c`, `Total 17,98e`):
    /// the value is not in doubt. Only where the letter is the last of its word.
    private static func euroRead(at i: Int, line: Range<Int>, in t: UTF8Text) -> DamagedAmount? {
        guard var amount = printed(at: i, line: line, in: t) else { return nil }
        let k = amount.range.upperBound
        guard t[k] == UInt8(ascii: "c") || t[k] == UInt8(ascii: "e"), k + 1 >= line.upperBound || t[k + 1] == 0x20 else { return nil }
        amount.range = amount.range.lowerBound..<k + 1
        return amount
    }

    /// The byte width of a `C`, `¢` or `€` at `k` that is the last of its word: the shapes Tesseract gives a 0 whose
    /// right-hand stroke the print left faint. Nil for anything else.
    private static func zeroReadAsSign(at k: Int, in t: UTF8Text) -> Int? {
        let width: Int
        if t[k] == UInt8(ascii: "C") {
            width = 1
        } else if t[k] == 0xC2, t[k + 1] == 0xA2 {
            width = 2
        } else if t[k] == 0xE2, t[k + 1] == 0x82, t[k + 2] == 0xAC {
            width = 3
        } else {
            return nil
        }
        let after = t[k + width]
        return after == 0 || after == 0x20 || after == 0x0A || ")|".utf8.contains(after) ? width : nil
    }

    /// Letters the OCR reads for digits in amounts.
    static let digitLike: [UInt8: Int] = [
        UInt8(ascii: "O"): 0, UInt8(ascii: "o"): 0, UInt8(ascii: "D"): 0, UInt8(ascii: "Q"): 0, UInt8(ascii: "I"): 1,
        UInt8(ascii: "l"): 1, UInt8(ascii: "L"): 1, UInt8(ascii: "|"): 1, UInt8(ascii: "i"): 1, UInt8(ascii: "S"): 5,
        UInt8(ascii: "s"): 5, UInt8(ascii: "B"): 8, UInt8(ascii: "Z"): 2, UInt8(ascii: "z"): 2, UInt8(ascii: "b"): 6,
        // A slashed or dotted zero, as tills print it, read as an at sign (`HK$72@.00`, `TIPS HK$33.6@`, `@.10`).
        UInt8(ascii: "@"): 0,
    ]

    /// Minor units in a whole one: 100 cents, or a dinar's 1,000 fils.
    private static func unit(_ decimals: Int) -> Int { decimals == 3 ? 1000 : 100 }

    /// The digit `byte` is, or the one the OCR reads it for (`digitLike`); nil for anything else.
    static func digitValue(_ byte: UInt8) -> Int? {
        UTF8Text.isDigit(byte) ? Int(byte - 0x30) : digitLike[byte]
    }

    /// Whether the character at `index` is a digit or a letter the OCR reads for one (`digitLike`).
    static func readsAsDigit(at index: Int, in t: UTF8Text) -> Bool {
        digitValue(t[index]) != nil
    }

    /// Whether digits go on after `index` as part of the same number (`12.345`, `12.34.5`).
    private static func continuesNumber(at index: Int, in t: UTF8Text) -> Bool {
        t.isDigit(at: index) || (".,".utf8.contains(t[index]) && t.isDigit(at: index + 1))
    }

    /// Whether only spaces, a tax-class mark (`A`, `SR`, `ZRL`, `*`) or stray punctuation follow `index` on its line.
    private static func endsLine(at index: Int, line: Range<Int>, in t: UTF8Text) -> Bool {
        var k = index
        while k < line.upperBound, t[k] == 0x20 { k += 1 }
        var letters = 0
        while k < line.upperBound {
            let b = t[k]
            if UTF8Text.isASCIILetter(b) || b == UInt8(ascii: "*") {
                letters += 1
            } else if !"|'\"`.,;:~-_!".utf8.contains(b), b != 0x20, b < 0x80 {
                return false
            } else if b >= 0x80 {
                return false
            }
            k += 1
        }
        return letters <= 3
    }

    /// One to three letters standing alone before the digits, after a space, `:` or the line's start: a currency mark
    /// the OCR damaged (`fM1.00`, `R28 05`, `RN60`).
    private static func isDamagedMark(before i: Int, line: Range<Int>, in t: UTF8Text) -> Bool {
        var k = i
        while k > line.lowerBound, UTF8Text.isASCIILetter(t[k - 1]), i - k < 4 { k -= 1 }
        let letters = i - k
        return (1...3).contains(letters) && (k == line.lowerBound || " :;=([".utf8.contains(t[k - 1]))
    }

    /// `RM12.00` and `RMLL.40`: letters before the amount that are a currency mark, not a word the amount is part of.
    private static func isCurrencyTail(before i: Int, in t: UTF8Text) -> Bool {
        CurrencySymbols.mark(endingAt: i, in: t) != nil
    }
}
