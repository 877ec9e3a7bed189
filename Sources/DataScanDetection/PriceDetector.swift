import DataScanEngines
import DataScanModel

/// Finds prices and normalizes them to `AMOUNT CUR` (`1234.50 EUR`, `.` as decimal separator, ISO 4217 code), or
/// just `AMOUNT` when no currency is printed; labels receipt roles (total, tax...) from each line's wording.
///
/// An amount is a price when a currency mark stands beside it (`$12`, `12,00 €`, `USD 12.00`, `1,000円`), or, on
/// a receipt item line, when it has exactly two decimals and ends the line (`Milk 2.49`, `TOTAL 9.00`, an optional
/// tax-class letter after it: `2.49 A`). Quantities, percentages, dates and identifiers are not prices.
struct PriceDetector: TextDetector {
    var type: TextContentType { .currency }

    /// A price as one line reads it, before the page's currency is decided.
    struct Found {
        var text: DetectedText
        /// What the printed currency mark means, nil for a bare amount.
        var meaning: CurrencySymbols.Meaning?
        /// Whether the number alone would be a price (two decimals at the end of its line): what is left when its
        /// mark turns out to be a misread glyph.
        var bare: DetectedText?
        /// The mark is one glyph an OCR can make of a speck or a letter (`$`, `¥`).
        var isGlyphMark = false
        /// The mark is one currency sign (`€`, `£`, `₹`, `$`, `¥`), not a code or a word.
        var isSign = false
        /// The mark is the code of a less common currency (`PKR`, `WST`; see `CurrencySymbols.isMinorCode`).
        var isMinorCode = false
        /// The mark is a code that is also an English word printed beside prices, before the amount or after a whole
        /// number (`PEN 2.50`, `8 PEN`; see `CurrencySymbols.wordCodes`).
        var isWordCode = false
    }

    func detect(in text: String, context: DetectionContext) -> [DetectedText] {
        // Full-width digits and punctuation, as Japanese pages print them (`１，９８０円`), read as ASCII ones.
        if let found = ASCIIFolding.detect(in: text, cyrillicDigits: true, { detect(in: $0, context: context) }) { return found }
        let t = UTF8Text(text)
        let regions = context.regions
        let convention = NumberConvention.of(context).adjusted(to: t)
        var (found, prose) = readLines(of: t, regions: regions, convention: convention)
        var currency = PageCurrency(found, context: context)
        // A page priced in a currency of whole units its own marks name (`Rp`, `円`) where the region's has cents:
        // read again as that currency's country writes amounts, so its bare ones (`TOTAL 61.600`) count.
        if !convention.wholeUnits, let code = currency.code, let own = NumberConvention.ofWholeUnitCurrency(code) {
            (found, prose) = readLines(of: t, regions: regions, convention: own)
            currency = PageCurrency(found, context: context)
        }
        var prices: [DetectedText] = []
        var keptProse = Set<Int>()
        for (index, f) in found.enumerated() {
            guard let price = currency.resolve(f) else { continue }
            if prose.contains(index) { keptProse.insert(prices.count) }
            prices.append(price)
        }
        // Some country's dollar or franc that no table names (`Bermudian dollar 33,995.70`) takes no currency from
        // the page or the region: the amount alone. So does a mark that names no currency where it stands (`100 kr` in
        // a letter from the US, `250 dirhams` where the region pays in neither country's).
        let unknown = Set(found.lazy.filter { $0.meaning != nil && !$0.text.normalized.utf8.contains(0x20) }.map(\.text.range))
        return currency.priceBareAmounts(
            ReceiptReader.read(
                prices, in: t, currency: currency.code, region: regions.first, prose: keptProse, spaceGroups: convention.groupsWithSpace),
            except: unknown)
    }

    /// Every line's prices as printed, before the page's currency is decided, and which of them stand in running text
    /// (`a total of $1,249.00. The work takes…`: their line's wording names no role).
    private func readLines(of t: UTF8Text, regions: [String], convention: NumberConvention) -> (found: [Found], prose: Set<Int>) {
        var found: [Found] = []
        var prose = Set<Int>()
        for line in t.lines where !line.isEmpty {
            var onLine: [Found] = []
            var quantityReadings: [Int: QuantityReading] = [:]
            var i = line.lowerBound
            while i < line.upperBound {
                guard t.isDigit(at: i) else {
                    i += 1
                    continue
                }
                var chainEnd = i
                var number = PrintedNumber.parse(at: i, in: t, chainEnd: &chainEnd)
                if convention.groupsWithSpace, let parsed = number,
                    let grouped = Self.spaceGroupedWithPoint(parsed, line: line, in: t, regions: regions)
                {
                    number = grouped
                    chainEnd = grouped.range.upperBound
                }
                var misread = regions.first == "BR" ? Self.misreadReal(before: i, in: t) : nil
                if misread?.bytes.last == UInt8(ascii: "5") {
                    var restEnd = i + 1
                    if let rest = PrintedNumber.parse(at: i + 1, in: t, chainEnd: &restEnd), rest.fraction?.count == 2,
                        rest.range.upperBound == number?.range.upperBound
                    {
                        number = rest
                    } else {
                        misread = nil
                    }
                }
                // (Only an amount with its cents: `RS1124`, its separator lost as well, stays unread.)
                if number?.fraction?.count != 2 { misread = nil }
                if misread == nil, regions.first == "JP" || regions.first == "CN", let number,
                    Self.isMisreadYen(before: i, in: t),
                    number.groupingSeparator != nil || endsAmountRow(at: number.range.upperBound, line: line, in: t)
                {
                    misread = CurrencySymbols.Mark(bytes: [UInt8(ascii: "Y")], meaning: .yen, isWord: false)
                }
                if let number,
                    let price = price(number, line: line, in: t, regions: regions, convention: convention, misreadMark: misread)
                {
                    if let reading = quantityReading(of: number, line: line, in: t, regions: regions, convention: convention) {
                        quantityReadings[onLine.count] = reading
                    }
                    onLine.append(price)
                    i = max(price.text.range.upperBound, number.range.upperBound)
                } else {
                    i = max(chainEnd, i + 1)
                }
                while i < line.upperBound, t.isDigit(at: i) { i += 1 }
            }
            Self.readQuantities(quantityReadings, of: &onLine, line: line, in: t)
            Self.repairUnitPriceGroup(of: &onLine, line: line, in: t)
            if let repaired = Self.unitPriceByArithmetic(of: onLine, line: line, in: t) {
                onLine.insert(repaired, at: onLine.count - 1)
            } else if let repaired = Self.amountByArithmetic(of: onLine, line: line, in: t) {
                onLine.append(repaired)
            }
            for index in onLine.indices where Self.isInProse(onLine[index].text, line: line, in: t) {
                prose.insert(found.count + index)
                // A `$` or `¥` before an amount with cents in running text was written, not made of a speck by the OCR
                // (`The invoice came to ¥97.88 in the end.` in a letter from Australia): no misread glyph for the
                // page's currency to correct. (A receipt's small print reads as prose too: `¥2`, `$25` stay misreads.)
                if onLine[index].text.normalized.prefix(while: { $0 != " " }).contains(".") { onLine[index].isGlyphMark = false }
            }
            // So is one in a written sentence (`Repairs cost almost $78 so far.`).
            for index in onLine.indices
            where onLine[index].isGlyphMark && Self.isInWrittenSentence(onLine[index].text.range, line: line, in: t) {
                onLine[index].isGlyphMark = false
            }
            found += onLine
        }
        return (found, prose)
    }

    /// `TOTAL 1 216.99`, `R 1 234.50`: thousands grouped by a space, decimals after a point, as tills print them where
    /// the region groups with a space (South Africa) — one amount where no quantity can stand before it: behind a
    /// currency's mark or an amount's label. `PrintedNumber` reads `2 100.00` as two numbers (a quantity and a price),
    /// which would drop the thousands. Nil for other numbers.
    static func spaceGroupedWithPoint(_ number: PrintedNumber, line: Range<Int>, in t: UTF8Text, regions: [String]) -> PrintedNumber? {
        let start = number.range.lowerBound
        guard number.fraction == nil, number.groupingSeparator == nil, (1...3).contains(number.range.count),
            t[number.range.upperBound] == 0x20, t.digitRun(from: number.range.upperBound + 1) == 3
        else { return nil }
        var digits = number.integerDigits
        var k = number.range.upperBound
        while t[k] == 0x20, t.digitRun(from: k + 1) == 3 {
            digits += t.string(k + 1..<k + 4)
            k += 4
        }
        guard t[k] == UInt8(ascii: "."), t.digitRun(from: k + 1) == 2, !t.isDigit(at: k + 3),
            !(".,".utf8.contains(t[k + 3]) && t.isDigit(at: k + 4))
        else { return nil }
        var before = start
        while before > line.lowerBound, t[before - 1] == 0x20 { before -= 1 }
        let marked =
            CurrencySymbols.mark(endingAt: before, in: t) != nil || (regions.first == "ZA" && randSign(endingAt: start, in: t) != nil)
        guard marked || amountRole(of: line.lowerBound..<before, in: t) != nil else { return nil }
        return PrintedNumber(range: start..<k + 3, integerDigits: digits, fraction: t.string(k + 1..<k + 3), groupingSeparator: 0x20)
    }

    /// The rand's `R` before an amount (`R 277.08`, `R45.99`), as a mark: the letter starts its token. Only on a South
    /// African page (the caller's to say): elsewhere an `R` is no currency's. Nil otherwise.
    static func randSign(endingAt index: Int, in t: UTF8Text) -> (mark: CurrencySymbols.Mark, start: Int)? {
        let end = t[index - 1] == 0x20 ? index - 1 : index
        guard end > 0, t[end - 1] == UInt8(ascii: "R"), !t.isWordByte(at: end - 2), t[end - 2] != UInt8(ascii: "$") else { return nil }
        return (CurrencySymbols.Mark(bytes: [UInt8(ascii: "R")], meaning: .code("ZAR"), isWord: false), end - 1)
    }

    /// A number grouped by a space (`1 450,00`) read as a quantity and the amount after it (`1` and `450,00`), as a
    /// table row prints them: `Maintenance annuelle 1 450,00 € 450,00 €`.
    struct QuantityReading {
        var quantity: Int
        var price: Found
    }

    /// The other reading of `number` when one space groups its first digits (`1 450,00`, `12 500`): nil for other
    /// numbers and for a space that is no plain space (a no-break or thin space groups thousands on purpose).
    private func quantityReading(
        of number: PrintedNumber, line: Range<Int>, in t: UTF8Text, regions: [String], convention: NumberConvention
    ) -> QuantityReading? {
        let start = number.range.lowerBound
        let lead = t.digitRun(from: start)
        guard number.groupingSeparator == 0x20, lead < number.integerDigits.utf8.count, t[start + lead] == 0x20,
            let quantity = Int(t.string(start..<start + lead)), quantity > 0
        else { return nil }
        var chainEnd = start
        guard let rest = PrintedNumber.parse(at: start + lead + 1, in: t, chainEnd: &chainEnd),
            let price = price(rest, line: line, in: t, regions: regions, convention: convention)
        else { return nil }
        return QuantityReading(quantity: quantity, price: price)
    }

    /// Reads as a quantity and a price each space-grouped amount of a row whose later amount is that quantity times
    /// that price (`1 450,00 € 450,00 €`, `2 450,00 € 900,00 €`): the row's arithmetic says which reading is meant.
    ///
    /// Where neither reading fits the amount right after it in the row (`Nettoyage 74 488,63 3 420,41`, the OCR's
    /// reading of `7 488,63`), and the grouped one is larger than that amount while the price alone is not, the cell
    /// is a misread: no amount at all rather than a wrong one.
    static func readQuantities(
        _ readings: [Int: QuantityReading], of onLine: inout [Found], line: Range<Int>, in t: UTF8Text
    ) {
        var misread: [Int] = []
        for (index, reading) in readings {
            guard let each = ReceiptReader.cents(reading.price.text.normalized) else { continue }
            let (product, overflow) = each.multipliedReportingOverflow(by: reading.quantity)
            guard !overflow else { continue }
            if onLine[(index + 1)...].contains(where: { ReceiptReader.cents($0.text.normalized) == product })
                || (index == onLine.count - 1
                    && damagedAmount(after: onLine[index].text.range, line: line, in: t)?.readings.contains(product) == true)
            {
                onLine[index] = reading.price
                continue
            }
            guard index + 1 < onLine.count, let grouped = ReceiptReader.cents(onLine[index].text.normalized),
                let next = ReceiptReader.cents(onLine[index + 1].text.normalized), next > 0, each < next, grouped > next,
                t.bytes[onLine[index].text.range.upperBound..<onLine[index + 1].text.range.lowerBound].allSatisfy({ $0 == 0x20 })
            else { continue }
            misread.append(index)
        }
        for index in misread.sorted(by: >) { onLine.remove(at: index) }
    }

    /// A row's unit price whose thousands separator the OCR read as a digit (`Consulting (hours) 5 15322.00 6,610.00`
    /// for 1,322.00), between a quantity and the row's amount, read again without that digit when the quantity times
    /// it is the amount to the cent (and times the price as read is not). The digit is never a 0: no OCR reads a comma
    /// as one.
    static func repairUnitPriceGroup(of onLine: inout [Found], line: Range<Int>, in t: UTF8Text) {
        guard onLine.count >= 2, let last = onLine.last, Self.printsCents(last),
            let amount = ReceiptReader.cents(last.text.normalized), amount > 0
        else { return }
        let index = onLine.count - 2
        let unit = onLine[index].text
        let number = unit.normalized.prefix(while: { $0 != " " })
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        // Printed with its decimal separator only: no group of thousands the OCR kept.
        let separators = unit.value.utf8.count { ".,'".utf8.contains($0) }
        guard parts.count == 2, parts[1].count == 2, (5...7).contains(parts[0].count), separators == 1,
            case let whole = Array(parts[0].utf8), whole[whole.count - 4] != UInt8(ascii: "0"),
            let quantity = rowQuantity(before: unit.range.lowerBound, line: line, in: t),
            let asRead = ReceiptReader.cents(unit.normalized), asRead * quantity != amount,
            let cents = Int(String(decoding: whole.prefix(whole.count - 4) + whole.suffix(3), as: UTF8.self) + parts[1]),
            case let (product, overflow) = cents.multipliedReportingOverflow(by: quantity), !overflow, product == amount
        else { return }
        onLine[index].text.normalized = ReceiptReader.plain(cents) + unit.normalized.drop(while: { $0 != " " })
        if let bare = onLine[index].bare?.normalized {
            onLine[index].bare?.normalized = ReceiptReader.plain(cents) + bare.drop(while: { $0 != " " })
        }
    }

    /// A row's unit price whose separator the OCR lost or misread (`Consulting (hours) 9 2511 225.99`, `Delivery 3
    /// 175:18 525.54`, `Conseil (heures) 7. 9177 642,39`), between a quantity and the row's amount, when the quantity
    /// times it, read with two decimals, is that amount to the cent: the row's arithmetic says where the separator
    /// was. Nil when the row is not so printed.
    static func unitPriceByArithmetic(of onLine: [Found], line: Range<Int>, in t: UTF8Text) -> Found? {
        guard let last = onLine.last else { return nil }
        // The token before the amount: digits, or digits a colon or semicolon splits before two (`175:18`).
        var end = last.text.range.lowerBound
        while end > line.lowerBound, t[end - 1] == 0x20 { end -= 1 }
        var start = end
        while start > line.lowerBound, t[start - 1] != 0x20 { start -= 1 }
        guard start < end, end - start <= 8, !onLine.contains(where: { $0.text.range.overlaps(start..<end) }) else { return nil }
        var token = Array(t.bytes[start..<end])
        if token.count >= 5, token.last == UInt8(ascii: ".") { token.removeLast() }  // a speck after it (`719527.`)
        var readings: [[UInt8]] = []
        if token.allSatisfy(UTF8Text.isDigit) {
            if (3...6).contains(token.count) { readings.append(token) }
            if let digits = separatorReadAsDigit(token) { readings.append(digits) }  // `719527` for 719,27
        } else if token.count >= 4, ":;".utf8.contains(token[token.count - 3]),
            case let whole = token.prefix(token.count - 3), (1...4).contains(whole.count), whole.allSatisfy(UTF8Text.isDigit),
            token.suffix(2).allSatisfy(UTF8Text.isDigit)
        {
            readings.append(Array(whole) + token.suffix(2))
        }
        guard let quantity = rowQuantity(before: start, line: line, in: t), endsWithAmount(last.text.range, line: line, in: t),
            let amount = ReceiptReader.cents(last.text.normalized), amount > 0,
            Self.printsCents(last),
            let cents = readings.lazy.compactMap({ Int(String(decoding: $0, as: UTF8.self)) }).first(where: { cents in
                let (product, overflow) = cents.multipliedReportingOverflow(by: quantity)
                return !overflow && product == amount
            })
        else { return nil }
        let plain = ReceiptReader.plain(cents)
        let text = DetectedText(type: .currency, range: start..<end, value: t.string(start..<end), normalized: plain)
        return Found(text: text, meaning: nil, bare: text)
    }

    /// A row's amount whose decimal separator the OCR read as a digit or lost (`Delivery 5 63.11 315355` for 315,55,
    /// `Papier A4 9 614,58 553122` for 5 531,22), after a quantity and a unit price, when the quantity times the unit
    /// price is the amount so read, to the cent. Nil when the row is not so printed.
    static func amountByArithmetic(of onLine: [Found], line: Range<Int>, in t: UTF8Text) -> Found? {
        guard let last = onLine.last, Self.printsCents(last),
            let each = ReceiptReader.cents(last.text.normalized), each > 0,
            let quantity = rowQuantity(before: last.text.range.lowerBound, line: line, in: t), quantity > 1,
            case let (product, overflow) = each.multipliedReportingOverflow(by: quantity), !overflow,
            let damaged = damagedAmount(after: last.text.range, line: line, in: t), damaged.readings.contains(product)
        else { return nil }
        let text = DetectedText(
            type: .currency, range: damaged.range, value: t.string(damaged.range), normalized: ReceiptReader.plain(product))
        return Found(text: text, meaning: nil, bare: text)
    }

    /// The run of digits after `range` (one or more spaces between) that ends the line, and the amounts in cents it may
    /// be, printed with two decimals whose separator the OCR read as a digit (`315355` for 315,55) or lost (`553122` for
    /// 5 531,22; not where the cents would be `00`, which any whole number has: `9000` is no 90,00). Nil when no such
    /// run ends the line.
    private static func damagedAmount(
        after range: Range<Int>, line: Range<Int>, in t: UTF8Text
    ) -> (range: Range<Int>, readings: [Int])? {
        var start = range.upperBound
        while t[start] == 0x20 { start += 1 }
        let run = t.digitRun(from: start)
        guard start > range.upperBound, run >= 3, !t.isWordByte(at: start + run),
            endsWithAmount(start..<start + run, line: line, in: t)
        else { return nil }
        let token = Array(t.bytes[start..<start + run])
        var readings: [Int] = []
        if let digits = separatorReadAsDigit(token), let cents = Int(String(decoding: digits, as: UTF8.self)) {
            readings.append(cents)
        }
        if run <= 9, token.suffix(2) != [0x30, 0x30], let cents = Int(String(decoding: token, as: UTF8.self)) {
            readings.append(cents)
        }
        return (start..<start + run, readings)
    }

    /// Whether an amount's normalized digits end in a group of two after its point (`63.11`, not `63.1`; a two-digit
    /// whole amount, `63`, passes too).
    private static func printsCents(_ amount: Found) -> Bool {
        amount.text.normalized.prefix(while: { $0 != " " }).split(separator: ".").last?.count == 2
    }

    /// The digits of a number whose decimal separator an OCR read as a digit (`315355` for 315,55): four to seven
    /// digits without the third from the end; nil for other tokens, and where that digit is a 0 (no OCR reads a
    /// comma as one, and round numbers would fit too easily: `90000` is no 90.00).
    private static func separatorReadAsDigit(_ token: [UInt8]) -> [UInt8]? {
        guard (4...7).contains(token.count), token.allSatisfy(UTF8Text.isDigit), token[token.count - 3] != UInt8(ascii: "0")
        else { return nil }
        return Array(token.prefix(token.count - 3) + token.suffix(2))
    }

    /// A row's quantity before `start`: one to three digits, a point the OCR added allowed (`7.`), after a word.
    private static func rowQuantity(before start: Int, line: Range<Int>, in t: UTF8Text) -> Int? {
        var quantityEnd = start
        while quantityEnd > line.lowerBound, t[quantityEnd - 1] == 0x20 { quantityEnd -= 1 }
        if quantityEnd > line.lowerBound, t[quantityEnd - 1] == UInt8(ascii: ".") { quantityEnd -= 1 }
        let run = t.digitRun(endingAt: quantityEnd)
        guard (1...3).contains(run), quantityEnd - run > line.lowerBound, t[quantityEnd - run - 1] == 0x20,
            let quantity = Int(t.string((quantityEnd - run)..<quantityEnd)), quantity > 0
        else { return nil }
        return quantity
    }

    /// Whether only spaces, a currency mark or a tax-class letter follow `range` on its line.
    private static func endsWithAmount(_ range: Range<Int>, line: Range<Int>, in t: UTF8Text) -> Bool {
        var k = range.upperBound
        while k < line.upperBound, t[k] == 0x20 { k += 1 }
        if k < line.upperBound, let mark = CurrencySymbols.mark(startingAt: k, in: t) { k += mark.bytes.count }
        while k < line.upperBound, t[k] == 0x20 || (t[k] >= 0x41 && t[k] <= 0x5A && !t.isLetter(at: k + 1)) { k += 1 }
        return k >= line.upperBound
    }

    /// Whether an amount with cents is glued to the receipt label that is all its line prints before it
    /// (`TOTAL43.85`, `PINNEN43,85`: the OCR, or a PDF's text, lost the space); `MILK2.00`, `A12.50` stay codes.
    static func isGluedToItsLabel(_ number: PrintedNumber, line: Range<Int>, in t: UTF8Text) -> Bool {
        let start = number.range.lowerBound
        // (A leading zero is a currency sign the OCR read as a digit, `COMPLESSIVO0187,74`: not an amount as printed.)
        guard number.fraction?.count == 2, t.isLetter(at: start - 1), t.isLetter(at: start - 2), t.isLetter(at: start - 3),
            t[start] != UInt8(ascii: "0") || number.integerDigits.utf8.count == 1,
            !(line.lowerBound..<start).contains(where: { t.isDigit(at: $0) })
        else { return false }
        return amountRole(of: line.lowerBound..<start, in: t) != nil
    }

    /// A currency code glued to the receipt label before it and ending at `end` (`TOTALRM9.00`, `TOTAL
    /// BELANJARp89. 799`: the OCR lost the space), nil for none; a code glued to any other word (`MILKRM9.00`) is none.
    static func codeGluedToLabel(endingAt end: Int, line: Range<Int>, in t: UTF8Text) -> CurrencySymbols.Mark? {
        guard let code = CurrencySymbols.gluedCode(endingAt: end, in: t),
            amountRole(of: line.lowerBound..<end - code.bytes.count, in: t) != nil
        else { return nil }
        return code
    }

    /// Whether the digits at `start` are an amount whose decimal point the OCR read as a dash (`TOTAL $15-52`): one to
    /// five digits behind a currency mark, a hyphen, two digits that end the line, on a line a receipt's label names.
    /// Such a line prints no range; the receipt reader reads the amount (`DamagedAmount`).
    static func isDashedCents(at start: Int, line: Range<Int>, in t: UTF8Text) -> Bool {
        let integer = t.digitRun(from: start)
        let k = start + integer
        guard (1...5).contains(integer), t[k] == UInt8(ascii: "-"), t.digitRun(from: k + 1) == 2,
            (k + 3..<line.upperBound).allSatisfy({ t[$0] == 0x20 })
        else { return false }
        var markEnd = start
        if t[markEnd - 1] == 0x20 { markEnd -= 1 }
        guard CurrencySymbols.mark(endingAt: markEnd, in: t) != nil else { return false }
        return amountRole(of: line.lowerBound..<start, in: t) != nil
    }

    /// The real's `R$` the OCR read as `RS` or `R5` glued before the digits at `index` (`DETERGENTE RS8,99`, `TOTAL
    /// R59,87` for R$9,87), as a mark of its own; nil otherwise. Only on a Brazilian page (the caller's to say), where
    /// an `R` glued to an amount is no other currency's (the rand's `R59.87` is South Africa's).
    static func misreadReal(before index: Int, in t: UTF8Text) -> CurrencySymbols.Mark? {
        // `R` starting a token, then the misread `$` at `second`.
        func real(_ second: Int) -> CurrencySymbols.Mark? {
            guard t[second - 1] == UInt8(ascii: "R"), !t.isLetter(at: second - 2), !t.isDigit(at: second - 2) else { return nil }
            return CurrencySymbols.Mark(bytes: [UInt8(ascii: "R"), t[second]], meaning: .code("BRL"), isWord: false)
        }
        if t[index] == UInt8(ascii: "5"), let mark = real(index) { return mark }
        return t[index - 1] == UInt8(ascii: "S") ? real(index - 1) : nil
    }

    /// Whether a `Y` glued before the digits at `index` starts its token: the `¥` as the OCR reads it on a Japanese or
    /// Chinese page (the caller's to say), `合計 Y1,3l8`, where an amount grouped in thousands or ending its row follows.
    static func isMisreadYen(before index: Int, in t: UTF8Text) -> Bool {
        t[index - 1] == UInt8(ascii: "Y") && !t.isWordByte(at: index - 2)
    }

    private func price(
        _ number: PrintedNumber, line: Range<Int>, in t: UTF8Text, regions: [String], convention: NumberConvention,
        misreadMark: CurrencySymbols.Mark? = nil
    ) -> Found? {
        var number = number
        var start = number.range.lowerBound, end = number.range.upperBound
        // `TOTAL $15-52`: one damaged amount, not the range 15–52.
        if Self.isDashedCents(at: start, line: line, in: t) { return nil }
        if t[start - 1] == UInt8(ascii: "-"), t.digitRun(from: start) == 2 {
            let first = start - 1 - t.digitRun(endingAt: start - 1)
            if first < start - 1, Self.isDashedCents(at: first, line: line, in: t) { return nil }
        }
        // Not part of a longer token: `A12.50`, `#12.50`, `1.2.50`, `12.50%`, `12.50.`+digit.
        let before = t[start - 1]
        // After a colon only when a word comes before it (`Total:12.50`, `価格：１，９８０円`), not a number (`12:30`).
        let afterColon = before == UInt8(ascii: ":") && !t.isDigit(at: start - 2)
        if "#/".utf8.contains(before) || (before == UInt8(ascii: ":") && !afterColon)
            || (".,".utf8.contains(before) && t.isDigit(at: start - 2))
            // (`4O,200`: a digit read as a letter before the separator.)
            || (".,".utf8.contains(before) && DamagedAmount.digitLike[t[start - 2]] != nil && t.isDigit(at: start - 3))
        {
            return nil
        }
        // Nor the tail of a compound CJK amount (`2000万円` in `1億2000万円`).
        if AmountWords.isCompoundTail(at: start, in: t) { return nil }
        // Nor a day and a two-digit year after a month's name, a time after them (`JUN 08,24 21:12:34` on a card slip).
        if end - start == 5, t.digitRun(from: start) == 2, t[start + 2] == UInt8(ascii: ","), t.digitRun(from: start + 3) == 2,
            t[end] == 0x20, MonthNames.standsBefore(start, in: t), DateDetector.clockFollows(end, in: t)
        {
            return nil
        }
        // Nor the tail of a number the OCR split after its separator (`68. 87`, `¥8, 572`, `¥7,.846`).
        // (Not one with decimals of its own: `Lampe 7. 68,00 476,00`, a quantity read with a speck after it.)
        if before == 0x20 || ".,".utf8.contains(before), ".,".utf8.contains(t[start - 2]), t.isDigit(at: start - 3),
            case let run = t.digitRun(from: start), (2...3).contains(run), !Self.isOwnAmount(groupAt: start, in: t),
            !(before == 0x20 && ".,".utf8.contains(t[start + run]) && t.digitRun(from: start + run + 1) == 2
                && !t.isDigit(at: start + run + 3))
        {
            return nil
        }
        let after = t[end]
        if t.percentFollows(end) { return nil }
        if ".,/:;".utf8.contains(after), t.isDigit(at: end + 1) { return nil }  // `€71;57`: a misread separator
        if ".,".utf8.contains(after), ".,".utf8.contains(t[end + 1]), t.isDigit(at: end + 2) { return nil }  // `61,.13`
        // Decimals the OCR set apart (`73. 00`, `28 60` at the line's end), or a group of thousands (`¥8, 572`), belong
        // to this number: reading it without them would drop printed digits. The receipt reader reads such amounts
        // (`DamagedAmount`).
        if ".,".utf8.contains(after), t[end + 1] == 0x20 {
            let apart = t.digitRun(from: end + 2)
            if apart == 2 || (apart == 3 && number.fraction == nil && !Self.isOwnAmount(groupAt: end + 2, in: t)) { return nil }
            // So are such decimals with a digit read as a letter (`T0TAL $7. 1O` for $7.10).
            if number.fraction == nil, Self.misreadCents(at: end + 2, in: t) != nil { return nil }
        }
        if after == 0x20, ".,".utf8.contains(t[end + 1]), t.digitRun(from: end + 2 + (t[end + 2] == 0x20 ? 1 : 0)) == 2 { return nil }
        if number.fraction == nil, after == 0x20, t.digitRun(from: end + 1) == 2, !t.isDigit(at: end + 3),
            endsLine(at: end + 3, line: line, in: t)
        {
            return nil
        }
        // …and so are the cents' last digit set apart (`TOTAl $38.1 3`): one decimal would drop it.
        if number.fraction?.utf8.count == 1, after == 0x20, t.digitRun(from: end + 1) == 1, !t.isDigit(at: end + 2),
            endsLine(at: end + 2, line: line, in: t)
        {
            return nil
        }
        // The same cents with a digit read as a letter (`TOTAL £10 Z0` for £10.20 or £10.26): whole units are not what
        // the line printed, and the cents cannot be read.
        if number.fraction == nil, after == 0x20, Self.isMisreadCents(at: end + 1, in: t), endsLine(at: end + 3, line: line, in: t) {
            return nil
        }
        // Cents whose digits the OCR read as letters after the separator (`EUR 5,SO` for 5,50, `RM 12.lO`): whole units
        // would drop them (the receipt reader reads them back, `DamagedAmount`). Zeros so read (`EUR 5,OO`) leave the
        // whole units' value as printed. Not a capitalized word after a sentence's point (`$12.So`).
        if number.fraction == nil, ".,".utf8.contains(after), let cents = Self.misreadCents(at: end + 1, in: t), cents != 0 {
            return nil
        }
        // Nor digits so read glued to the integer (`TOTAL 12O`, `KEMBALI 4O,2OO`): whole units would drop them. (`$5B` in
        // running text is billions.)
        if number.fraction == nil, DamagedAmount.digitLike[after] != nil {
            var k = end
            while DamagedAmount.digitLike[t[k]] != nil { k += 1 }
            if !t.isLetter(at: k), !(k == end + 1 && after == UInt8(ascii: "B")) { return nil }
        }
        // Nor a group of thousands so read (`$25.OOO` for 25.000 pesos): whole units would drop three digits.
        if number.fraction == nil, ".,".utf8.contains(after), !t.isWordByte(at: end + 4),
            (end + 1...end + 3).allSatisfy({ DamagedAmount.readsAsDigit(at: $0, in: t) }),
            (end + 1...end + 3).contains(where: { !t.isDigit(at: $0) })
        {
            return nil
        }
        if after == UInt8(ascii: "x") || after == UInt8(ascii: "X"), !t.isLetter(at: end + 1) { return nil }  // `2x`
        let decimalSeparator = number.fraction.map { t[number.range.upperBound - $0.utf8.count - 1] }
        // One decimal and a letter the OCR reads for a digit (`3,6B` for 3,68, `12.5O`): the amount's last digit,
        // misread; not an amount of its own (the receipt reader reads it back, `DamagedAmount`). But `$2.5B` in running
        // text is billions: a `B` after a decimal point counts as a digit only on a receipt's amount line.
        if number.fraction?.utf8.count == 1, DamagedAmount.digitLike[after] != nil, !t.isLetter(at: end + 1) {
            if after != UInt8(ascii: "B") || decimalSeparator != UInt8(ascii: ".")
                || ReceiptLexicon.role(of: t.string(Self.sentence(around: number.range, line: line, in: t))) != nil
            {
                return nil
            }
        }
        // Two decimals and a zero read as a letter glued to them (`56.00O`, `329.00O` for 56.000 dong): a group of
        // thousands misread, not cents.
        if number.fraction?.utf8.count == 2, DamagedAmount.digitLike[after] == 0, !t.isLetter(at: end + 1) { return nil }

        var negative = false
        var mark: CurrencySymbols.Mark?
        // Before: `-$ 12`, `$-12`, `USD 12`, `(12`, `€12`.
        var k = start
        // The second amount of a range (`10–20 €`, `3,50 €–7,99 €`, `$3.50-4.00`): a dash glued to it and to the
        // amount before. Otherwise an en or em dash glued to the digits is a minus the OCR read long (`BAR EUR —10,00`).
        let gluedDash = t.dashLength(endingAt: k)
        let rangeStart = gluedDash > 0 ? Self.rangeStart(endingAt: k - gluedDash, in: t) : nil
        if gluedDash > 0, rangeStart == nil {
            negative = true
            k -= gluedDash
        }
        var markStart = k
        if let misreadMark {
            mark = misreadMark
            markStart = k - misreadMark.bytes.count
        } else if rangeStart != nil {
            // No mark of its own before it; it may have one after it (`10–20 €`) or share the first amount's.
        } else if let m = CurrencySymbols.mark(endingAt: k, in: t), CurrencySymbols.standsForCurrency(m, regions: regions) {
            mark = m
            markStart = k - m.bytes.count
        } else if case let space = t.markSpaceLength(endingAt: k), space > 0, let m = CurrencySymbols.mark(endingAt: k - space, in: t),
            CurrencySymbols.standsForCurrency(m, regions: regions), !Self.marksPreviousAmount(m, endingAt: k - space, numberEnd: end, in: t)
        {
            mark = m
            markStart = k - space - m.bytes.count
        } else if let m = Self.codeGluedToLabel(endingAt: k, line: line, in: t) {
            mark = m
            markStart = k - m.bytes.count
        } else if regions.first == "ZA", let rand = Self.randSign(endingAt: k, in: t) {
            mark = rand.mark
            markStart = rand.start
        }
        let markBefore = mark != nil
        // Whole units, the euro sign, then the cents (`2€50`, `12 € 90`), as French and German menus and price tags
        // write them: one amount, not 50 euros.
        let units = mark.flatMap { Self.unitsBeforeCents(number, sign: $0, markStart: markStart, in: t) }
        if let units {
            k = units.lowerBound
        } else if mark != nil {
            k = markStart
            // `-$12` is negative; the dash of a range (`$50,000-$60,000`, `$80k-$120k`) is not.
            let dash = t[k - 1] == UInt8(ascii: "-") ? 1 : t.hasPrefix("−", at: k - 3) ? 3 : 0
            if !negative, dash > 0, !t.isDigit(at: k - dash - 1), !UTF8Text.isASCIILetter(t[k - dash - 1]) {
                negative = true
                k -= dash
            }
        } else if (t.isLetter(at: start - 1) && !Self.isQuoteMark(endingAt: start, in: t) && !t.isCJK(endingAt: start) && rangeStart == nil
            // (Russian fiscal receipts print `≡` before every amount, `ИТОГ ≡135.40`: no letter.)
            && !Self.isGluedToItsLabel(number, line: line, in: t) && !t.hasPrefix("≡", at: start - 3))
            || (negative && t.isWordByte(at: k - 1))
        {
            return nil  // glued to a word (`A12`) or a range `10-12`
        } else if negative {
            k = start - (t[start - 1] == UInt8(ascii: "-") ? 1 : 3)
        }
        if mark == nil, !negative { k = start }
        start = k
        // A scale word: `€2.5 million`, `2,5 Mio. €`, `1.000万円`, `$3bn` (only on an amount with a currency), and a
        // compound CJK amount: `1億2000万円`.
        var exponent = 0
        var compound: String?
        // The first amount of a range shares the second's scale and mark (`$1–2 million`, `10–20 €`).
        let rangeEnd = gluedDash == 0 ? Self.rangeEnd(of: number, in: t) : nil
        if let rangeEnd, mark != nil || rangeEnd.mark != nil, let scale = rangeEnd.exponent {
            exponent = scale
        } else if let scale = AmountWords.scale(after: end, in: t, decimalComma: decimalSeparator == UInt8(ascii: ",")) {
            var markAt = scale.end
            let whole =
                number.fraction == nil
                ? AmountWords.cjkCompound(head: number.integerDigits, exponent: scale.exponent, after: scale.end, in: t) : nil
            if let whole { markAt = whole.end }
            if let connector = AmountWords.connectors.first(where: { c in
                scale.end + c.count <= t.count && t.bytes[scale.end..<(scale.end + c.count)].elementsEqual(c)
            }), CurrencySymbols.mark(startingAt: scale.end + connector.count, in: t) != nil {
                markAt += connector.count
            }
            if mark != nil || rangeStart?.mark != nil || CurrencySymbols.mark(startingAtOrAfterSpace: markAt, in: t) != nil {
                exponent = scale.exponent
                end = markAt
                compound = whole?.amount
            }
        }
        // A whole amount's dash (`45,- €`, `1.200,– EUR`, `CHF 45.–`): no cents printed; part of the price when a
        // currency mark stands before the number or after the dash.
        if number.fraction == nil, exponent == 0, let dash = Self.wholeAmountDash(at: end, in: t),
            mark != nil || CurrencySymbols.mark(startingAtOrAfterSpace: end + dash, in: t) != nil
        {
            end += dash
        }
        // Decimals printed and lost: a separator, then a speck the OCR read as a symbol (`TOTAL R$15,%` for 15,26).
        // Dropping them would give a wrong amount.
        if number.fraction == nil, exponent == 0, ".,".utf8.contains(t[end]), Self.lostDecimalsMarks.contains(t[end + 1]) {
            return nil
        }
        // Cents: `99¢`, `50 cents` (of the region's dollar; where the region pays in euros, euro cents).
        var inCents = false
        var centsWritten: String?
        if mark == nil, number.fraction == nil, exponent == 0, number.integerDigits.count <= 3, let after = Self.centsMark(at: end, in: t) {
            let meaning: CurrencySymbols.Meaning = convention.currency == "EUR" ? .code("EUR") : .dollar
            mark = CurrencySymbols.Mark(bytes: Array("¢".utf8), meaning: meaning, isWord: false)
            end = after
            inCents = true
        }
        // After: `12,00 €`, `12.00EUR`, `1,000円`, `12,00-` (a discount), `(2.00)`, `17 dollars`. A mark binds to the
        // number it touches: one followed directly by digits belongs to them (`2 €850.00` is a quantity, then `€850.00`).
        if mark == nil, let after = CurrencySymbols.mark(startingAtOrAfterSpace: end, in: t),
            CurrencySymbols.standsForCurrency(after.mark, regions: regions), !t.isDigit(at: after.end),
            !Self.marksNextAmount(after.mark, endingAt: after.end, in: t)
        {
            // A currency's word in a compound (`5,000 euro-denominated bonds`, `a 100-dollar bill`): what is counted
            // is not money.
            if after.mark.isWord, t.dashLength(startingAt: after.end) > 0, t.isLetter(at: after.end + t.dashLength(startingAt: after.end)) {
                return nil
            }
            // Another country's currency sign glued to an amount of one decimal (`16.0€` among ringgit: the OCR's `€`
            // for a `C`, itself a misread `0`): a misread digit, not an amount.
            if after.mark.bytes.count == after.end - end, number.fraction?.utf8.count == 1, Self.isCurrencySign(after.mark.bytes),
                let code = CurrencySymbols.code(for: after.mark.meaning, regions: regions), code != convention.currency
            {
                return nil
            }
            mark = after.mark
            end = after.end
            // `5 dollars and 50 cents`, `12 euros con 50 céntimos`, `3 Euro und 20 Cent`: one amount.
            if after.mark.isName, number.fraction == nil, exponent == 0, let cents = Self.centsAfterUnits(at: end, in: t) {
                end = cents.end
                centsWritten = cents.digits
            }
        }
        // The region's own currency code as a Cyrillic OCR model or a misread digit writes it (`1 000,00 К2Т` for KZT,
        // `АМD`, `U2S`), a space after the amount: the code.
        if mark == nil, let code = convention.currency, let codeEnd = Self.misreadCode(code, at: end, in: t) {
            mark = CurrencySymbols.Mark(bytes: Array(code.utf8), meaning: .code(code), isWord: true)
            end = codeEnd
        }
        // `¥299元`: the sign is the yuan's, as the `元` after the amount says.
        if markBefore, mark?.meaning == .yen, let after = CurrencySymbols.mark(startingAtOrAfterSpace: end, in: t),
            after.mark.meaning == .yuan
        {
            mark = after.mark
            end = after.end
        }
        // `14,500月です`, `460 寸。`: PP-OCR's Chinese model has no `円` and reads Japanese `円` as `月`, `寸` or `丹`;
        // no month is numbered past 12 or grouped in thousands, and no price is written in those length units. Only
        // where the page's region is Japan.
        let month = end + (t[end] == 0x20 ? 1 : 0)
        if mark == nil, exponent == 0, number.fraction == nil, regions.first == "JP",
            t.hasPrefix("月", at: month) || t.hasPrefix("寸", at: month) || t.hasPrefix("丹", at: month),
            !t.isDigit(at: month + 3), !t.hasPrefix("日", at: month + 3), !t.hasPrefix(" ", at: month + 3) || !t.isDigit(at: month + 4),
            number.groupingSeparator != nil || (Int(number.integerDigits) ?? 0) > 12
        {
            mark = CurrencySymbols.Mark(bytes: Array("円".utf8), meaning: .code("JPY"), isWord: true)
            end = month + 3
        }
        // `料金 86,770 。`, `料金は300`: a number after a Japanese price noun, where the region is Japan, is yen even
        // when no `円` follows (PP-OCR's Chinese model cannot read one); not a count (`合計 12点`).
        // (Japanese prints no space in a number: `配送料 1 550 550` is a table's row.)
        if mark == nil, exponent == 0, number.fraction == nil, regions.first == "JP", number.integerDigits.utf8.count >= 2,
            number.groupingSeparator != 0x20, Self.endsJapanesePhrase(at: end, line: line, in: t),
            Self.followsJapanesePriceNoun(start, line: line, in: t)
        {
            mark = CurrencySymbols.Mark(bytes: Array("円".utf8), meaning: .code("JPY"), isWord: true)
        }
        if mark == nil { mark = rangeStart?.mark ?? rangeEnd?.mark }
        if rangeStart != nil, mark == nil { return nil }  // a range of plain numbers, `10-12`
        // A minus after the amount (`0,25-`, German tills' deposit refunds and discounts), also read as a long dash
        // that ends the amount's word (`Leergutbon 0,25—`; in prose, `$300—a bargain`, a dash joins words).
        let longDash = (t.hasPrefix("—", at: end) || t.hasPrefix("–", at: end)) && [0x20, 0x0A, 0x0D, 0].contains(t[end + 3])
        let trailingDash = t[end] == UInt8(ascii: "-") ? 1 : longDash ? 3 : 0
        // `¥687-`, `￥10,000-`: a Japanese receipt closes a yen amount with a dash (nothing can be written after it),
        // no minus (Japan writes one before the amount, or `△`).
        if markBefore, mark?.meaning == .yen, number.fraction == nil, trailingDash == 1, !t.isDigit(at: end + 1) {
            end += 1
        } else if !negative, trailingDash > 0, !t.isDigit(at: end + trailingDash),
            CurrencySymbols.mark(startingAt: end + trailingDash, in: t) == nil
        {
            negative = true
            end += trailingDash
        }
        // `(2.00)` is an accounting negative; `2.5 billion yen (¥2.5bn)` and `€10 ($12.34)` restate an amount.
        // `inkl. 19% MwSt. (4,79 €)`, `VAT 20% (3.50)`: the tax just named, in brackets.
        // (A tax's bracket the OCR spaced from its digits, `PPN ( 4,370)`; elsewhere a spaced bracket holds an aside, `UNI
        // ( 0.17)=RM 2.83`, no accounting negative.)
        let spacedTax = t[start - 1] == 0x20 && t[start - 2] == UInt8(ascii: "(") && Self.followsTaxLabel(start - 2, line: line, in: t)
        let opener = spacedTax ? start - 2 : start - 1
        // (Nor is a whole amount written `3.350,-` in brackets, an aside: `kale huur (€ 3.350,-)`.)
        let wholeDash = t[end - 1] == UInt8(ascii: "-") && ",.".utf8.contains(t[end - 2])
        if t[opener] == UInt8(ascii: "("), t[end] == UInt8(ascii: ")"), exponent == 0, !wholeDash,
            !Self.restatesAmount(before: opener, in: t)
        {
            negative = !Self.followsTaxLabel(opener, line: line, in: t)
            start = opener
            end += 1
        }

        // A currency of three decimals, marked or the region's (`KD 3.475`, `TOTAL 3.475` in Kuwait): its one group of
        // three digits is the thousandths, not thousands. Three decimals are no other currency's (`$1,234.567`).
        let currency = mark.map { CurrencySymbols.code(for: $0.meaning, regions: regions) } ?? convention.currency
        let inThousandths = currency.map(CurrencySymbols.threeDecimalCodes.contains) ?? false
        if inThousandths, let currency,
            let read = number.readingThousandths(
                separators: CurrencySymbols.thousandthsSeparators(of: currency))
        {
            number = read
        }
        if number.fraction?.utf8.count == 3, !inThousandths { return nil }
        // An amount a sentence or a scale word says is one (`Rent KD 375 per month.`, `KWD 22 million`), where a
        // receipt's line would need more. (Asked only of the few marks below: most numbers never need it.)
        func written() -> Bool {
            exponent > 0 || Self.isInWrittenSentence(number.range, line: line, in: t)
                || Self.isInProse(number.range, sentence: line, in: t)
        }
        // The region's own currency, by its code or its letters, is evidence enough for a short or grouped amount
        // (`total 240 MAD` in Morocco, `KD 210 monthly` in Kuwait); a long run of digits after it is a reference
        // (`CIF RO 12345678`), and one with a leading zero the end of an amount the OCR split (`139, 030 DT`).
        let regionsOwn =
            mark != nil && currency != nil && currency == convention.currency && number.integerDigits.utf8.first != UInt8(ascii: "0")
            && (number.groupingSeparator != nil || number.integerDigits.utf8.count <= 5)
        if let mark, CurrencySymbols.isThreeDecimalAbbreviation(mark), number.fraction?.utf8.count != 3, !regionsOwn, !written() {
            return nil
        }

        // No currency: only a two-decimal amount that ends its line is a price.
        // (With a mark, the number alone is kept in case the mark proves a misread glyph.)
        let bareEnd = mark == nil ? end : number.range.upperBound, bareStart = mark == nil ? start : number.range.lowerBound
        let bareQualifies =
            // (Three decimals of a bare number in running text are as often a weight: `crushing 61,300` / `tonnes`.)
            (number.fraction?.count == 2
                || (inThousandths && number.fraction?.count == 3 && Self.words(in: line.lowerBound..<start, of: t, lowerCaseOnly: true) < 3)
                || isWholeUnitAmount(number, line: line, in: t, convention: convention))
            && (endsAmountRow(at: bareEnd, line: line, in: t) || Self.isInLabelledRow(bareStart..<bareEnd, line: line, in: t)
                || (number.fraction?.count == 2
                    && (Self.endsSumLineWithNoise(at: bareEnd, line: line, in: t)
                        || Self.endsLabelledLineWithTaxNote(bareStart..<bareEnd, line: line, in: t))))
            && !isQuantity(before: bareStart, line: line, in: t)
            && !Self.numbersSomething(number, line: line, in: t)
            && !Self.isProseNumber(bareStart..<bareEnd, line: line, in: t)
        if mark == nil {
            // Glued to a colon, a bare number is an amount only after an amount's label (`Total:12.50`; not
            // `Ref:1234.56`, `Qty:2.00`).
            guard bareQualifies, !afterColon || Self.isAmountLabel(line.lowerBound..<start - 1, in: t),
                !Self.followsPhoneLabel(start, in: t)
            else { return nil }
        } else if t.isLetter(at: end), t.dashLength(startingAt: end) == 0, !t.isCJK(startingAt: end), mark.map({ !$0.isWord }) ?? false,
            t[end - 1] < 0x80
        {
            return nil  // `€12abc`
        } else if markBefore, number.fraction == nil, exponent == 0, units == nil {
            // A plain integer after a currency mark.
            if UTF8Text.isASCIILetter(t[number.range.upperBound]) { return nil }  // a code: `EUR12ABC`, `SEK0PLAS`
            // `RON95`, `RON 97`: a petrol's octane rating on a fuel receipt, not Romanian lei (outside Romania and
            // Moldova).
            if mark?.meaning == .code("RON"), Self.octaneRatings.contains(number.integerDigits),
                !regions.prefix(1).contains(where: { $0 == "RO" || $0 == "MD" })
            {
                return nil
            }
            // A currency's name before it is a name, not an amount (`Jalan Euro 1`, `Dollar 5 Store`): people write
            // `5 Euro`, `EUR 5` or `€5`; `Euro 125,00` and `Euro 1.500` stay amounts.
            if mark?.isName == true, number.range.count == number.integerDigits.utf8.count { return nil }
        }
        // A less common currency's code labels only an amount printed as one, with decimals or grouped thousands
        // (`PKR 50,577.73`): beside a bare number it is as often three capitals of OCR noise (`VES 14`).
        let minorCode = mark.map(CurrencySymbols.isMinorCode) ?? false
        if minorCode, number.fraction == nil, number.groupingSeparator == nil, !regionsOwn, !written() { return nil }
        if let mark, CurrencySymbols.isMisreadSign(mark), number.fraction?.count != 2 { return nil }
        // (So is the rand's one letter apart from it: `R 2 77.08` is 277.08 split by the OCR, not two rand; glued to
        // it, it is the sign of a price list's whole rands, `R450`, `R1 200`, but for the head of a split amount, `R2 01.50`.)
        if let mark, mark.bytes == [UInt8(ascii: "R")], number.fraction?.count != 2,
            markStart + 1 != number.range.lowerBound || (t[number.range.upperBound] == 0x20 && t.isDigit(at: number.range.upperBound + 1))
        {
            return nil
        }
        let code = mark.flatMap { CurrencySymbols.code(for: $0.meaning, regions: regions) }
        // (So are the dirham's two letters before it, which are other things too, `DH 3`: they mark an amount after it,
        // `400 DH`, or one with cents, `DH 12.50`.)
        if let mark, CurrencySymbols.isDirhamLetters(mark), start < number.range.lowerBound, number.fraction == nil { return nil }
        // `7,053` where amounts are written `7,05` (Germany, France…): no amount in the region's own currency (a
        // misread `70,53`, a weight); `$1,200` stays twelve hundred dollars.
        // (A currency of whole units has no decimals to misread: `36,000` on an Indonesian receipt is 36000 rupiah.)
        // (In a written sentence it is thousands: `It cost 2,962 euros last year.` in an English letter from Germany.)
        // (Nor has a currency of three decimals: its thousandths were read above, `LD 4,500` is four and a half thousand.)
        if number.groupingSeparator == UInt8(ascii: ","), number.fraction == nil, convention.decimalComma, !convention.wholeUnits,
            !inThousandths,
            code == nil || code == convention.currency, !Self.isInWrittenSentence(number.range, line: line, in: t)
        {
            return nil
        }
        // No thousands start with a 0 group: `0.503` is a weight or three decimals, not 503.
        if number.groupsAZero { return nil }
        // Nor is `$ 3.459` where amounts are written `3.45` and thousands `3,459` (the United States, Britain…): a price
        // of three decimals (fuel's by the gallon or litre) in the region's own currency, not three thousand.
        if number.groupingSeparator == UInt8(ascii: "."), number.fraction == nil, !convention.decimalComma, !convention.wholeUnits,
            code != nil, code == convention.currency, number.range.count == number.integerDigits.utf8.count + 1,
            !Self.isInWrittenSentence(number.range, line: line, in: t)
        {
            return nil
        }
        let plain =
            inCents
            ? ReceiptReader.plain(Int(number.integerDigits) ?? 0)
            : units.map { t.string($0) + "." + number.integerDigits } ?? centsWritten.map { number.plain + "." + $0 } ?? number.plain
        let amount = (negative ? "-" : "") + (compound ?? (exponent > 0 ? AmountWords.scaled(plain, by: exponent) : plain))
        let range = start..<end
        let text = DetectedText(type: .currency, range: range, value: t.string(range), normalized: code.map { amount + " " + $0 } ?? amount)
        guard mark != nil else { return Found(text: text, meaning: nil, bare: text) }
        let bare =
            bareQualifies && units == nil && centsWritten == nil
            ? DetectedText(type: .currency, range: number.range, value: t.string(number.range), normalized: number.plain) : nil
        // (A scale word after it makes it a sign someone wrote, not a speck: `$28.8 million`.)
        let glyph = exponent == 0 && (mark.map { ["$", "¥", "＄", "￥"].map { Array($0.utf8) }.contains($0.bytes) } ?? false)
        let sign = mark.map { Self.isCurrencySign($0.bytes) } ?? false
        // (After an amount with cents it is the currency again: `25.00 PEN`.)
        let wordCode = (mark.map(CurrencySymbols.isWordCode) ?? false) && (start < number.range.lowerBound || number.fraction == nil)
        return Found(
            text: text, meaning: mark?.meaning, bare: bare, isGlyphMark: glyph, isSign: sign, isMinorCode: minorCode, isWordCode: wordCode)
    }

    /// Whether a Japanese price noun stands right before `index`, a `は`, a colon or spaces between (`料金は`, `価格：`,
    /// `料 金` as PP-OCR spaces it, and its readings `俩格`, `年会费`).
    static func followsJapanesePriceNoun(_ index: Int, line: Range<Int>, in t: UTF8Text) -> Bool {
        var k = index
        while k > line.lowerBound, t[k - 1] == 0x20 || t[k - 1] == UInt8(ascii: ":") { k -= 1 }
        if k - 3 >= line.lowerBound, t.hasPrefix("：", at: k - 3) || t.hasPrefix("は", at: k - 3) { k -= 3 }
        var characters: [UInt8] = []
        while characters.count < 12, k - 3 >= line.lowerBound, t.isCJK(endingAt: k) {
            characters.insert(contentsOf: t.bytes[(k - 3)..<k], at: 0)
            k -= 3
            if t[k - 1] == 0x20, t.isCJK(endingAt: k - 1) { k -= 1 }
        }
        return japanesePriceNouns.contains { characters.count >= $0.count && characters.suffix($0.count).elementsEqual($0) }
    }

    private static let japanesePriceNouns: [[UInt8]] = [
        "料金", "価格", "代金", "金額", "会費", "入場料", "送料", "手数料", "費用", "税込", "金额", "俩格", "价格", "会费", "费用",
    ].map { Array($0.utf8) }

    /// Whether a Japanese phrase's amount ends at `index`: the line's end, `。`, `、` or a bracket follow (spaces
    /// between), not a counter (`12点`).
    private static func endsJapanesePhrase(at index: Int, line: Range<Int>, in t: UTF8Text) -> Bool {
        var k = index
        while k < line.upperBound, t[k] == 0x20 { k += 1 }
        return k >= line.upperBound || ["。", "、", "（", "(", ")", "）", "．", "."].contains { t.hasPrefix($0, at: k) }
    }

    /// The end of `code` (three capitals) written a space after `index` with some of its letters misread, nil
    /// otherwise: each letter as printed, as the Cyrillic capital of its shape (`К`, `Т`, `М`, `А`…), or as the digit
    /// the OCR reads for it (`2` for `Z`, `0` for `O`, `5` for `S`, `8` for `B`, `1` for `I` or `L`), at least one
    /// letter misread, one as printed, and no letter or digit glued after it.
    static func misreadCode(_ code: String, at index: Int, in t: UTF8Text) -> Int? {
        let letters = Array(code.utf8)
        guard letters.count == 3, t[index] == 0x20 else { return nil }
        var k = index + 1, exact = 0, misread = 0
        for letter in letters {
            if t[k] == letter {
                exact += 1
                k += 1
            } else if let digit = misreadDigits[letter], t[k] == digit {
                misread += 1
                k += 1
            } else if let shape = ReceiptLexicon.cyrillicLookAlike[letter], t.matches(shape, at: k) {
                misread += 1
                k += shape.count
            } else {
                return nil
            }
        }
        guard misread >= 1, exact + misread == 3, !t.isLetter(at: k), !t.isDigit(at: k) else { return nil }
        // (A code of only Cyrillic shapes is a Cyrillic word: `АКТ`, `СОК`. A printed letter or a digit says Latin.)
        return exact >= 1 || (index + 1..<k).contains { UTF8Text.isDigit(t[$0]) } ? k : nil
    }

    private static let misreadDigits: [UInt8: UInt8] = Dictionary(
        uniqueKeysWithValues: zip(Array("ZOSBIL".utf8), Array("205811".utf8)))

    /// The cents written after an amount's currency word (`5 dollars and 50 cents`, `12 euros con 50 céntimos`, `3 Euro
    /// und 20 Cent`): their two digits and the end of the cents word.
    private static func centsAfterUnits(at index: Int, in t: UTF8Text) -> (digits: String, end: Int)? {
        guard t[index] == 0x20 else { return nil }
        var connector = index + 1
        while connector < t.count, UTF8Text.isASCIILetter(t[connector]) { connector += 1 }
        guard centsConnectors.contains(Array(t.bytes[(index + 1)..<connector])), t[connector] == 0x20 else { return nil }
        let start = connector + 1
        let run = t.digitRun(from: start)
        guard (1...2).contains(run), t[start + run] == 0x20 else { return nil }
        let word = start + run + 1
        for cents in centsWords where t.matches(cents, at: word) && !t.isLetter(at: word + cents.count) {
            let digits = t.string(start..<(start + run))
            return (run == 1 ? "0" + digits : digits, word + cents.count)
        }
        return nil
    }

    private static let centsConnectors: Set<[UInt8]> = Set(
        ["and", "et", "und", "y", "con", "e", "en", "och", "og", "i"].map { Array($0.utf8) })
    private static let centsWords: [[UInt8]] = [
        "cents", "cent", "Cents", "Cent", "céntimos", "centimos", "centimes", "centavos", "centesimi", "öre",
    ].map { Array($0.utf8) }

    /// The whole units of an amount written with the euro sign or word between them and its cents (`2€50`, `12 € 90`,
    /// `5 Euro 50`, `12 euros 50`): the digits before the sign, when `number` is two digits and nothing else (no
    /// currency after it, no more digits), the sign stands glued to both or a space from each (a word a space from
    /// each), and the units are one to four digits of their own.
    private static func unitsBeforeCents(_ number: PrintedNumber, sign: CurrencySymbols.Mark, markStart: Int, in t: UTF8Text) -> Range<Int>?
    {
        guard sign.meaning == .code("EUR"), sign.bytes.elementsEqual("€".utf8) || sign.isName, number.fraction == nil,
            number.groupingSeparator == nil,
            number.range.count == 2, !t.isDigit(at: number.range.upperBound),
            !(".,".utf8.contains(t[number.range.upperBound]) && t.isDigit(at: number.range.upperBound + 1)),
            CurrencySymbols.mark(startingAtOrAfterSpace: number.range.upperBound, in: t) == nil
        else { return nil }
        let gap = number.range.lowerBound - markStart - sign.bytes.count
        guard gap == 0 || (gap == 1 && t[number.range.lowerBound - 1] == 0x20), gap == 1 || !sign.isName else { return nil }
        let end = markStart - gap
        guard gap == 0 || t[end] == 0x20 else { return nil }
        let run = t.digitRun(endingAt: end)
        guard (1...4).contains(run) else { return nil }
        let start = end - run
        if t.isLetter(at: start - 1) || (".,".utf8.contains(t[start - 1]) && t.isDigit(at: start - 2)) { return nil }
        return start..<end
    }

    /// Whether a phone label stands one or two words before the token at `index` (`Call us: +48 729 403 135`,
    /// `Tel. 0123 456 78`): its digits are a phone number's, not a bare amount.
    private static func followsPhoneLabel(_ index: Int, in t: UTF8Text) -> Bool {
        var start = index
        while start > 0, t[start - 1] == UInt8(ascii: "+") || t[start - 1] == UInt8(ascii: "(") { start -= 1 }
        guard let label = PhoneLabels.nearest(before: start, in: t) else { return false }
        return label.kind == .phone && label.distance <= 2
    }

    /// A whole number where the region's currency has no minor units (`合計 9,994`, `お預り 10000`): an amount
    /// without its mark when it is grouped in thousands (`9,994`) or its line names a receipt role; a number alone on an
    /// item line may be a count or a code. Never with a leading zero (`担当 052`).
    private func isWholeUnitAmount(_ number: PrintedNumber, line: Range<Int>, in t: UTF8Text, convention: NumberConvention) -> Bool {
        guard convention.wholeUnits, number.fraction == nil, t[number.range.lowerBound] != UInt8(ascii: "0") else { return false }
        // A tax number (`RUT 76.042.014-K`, `NIT: 890.900.608-9`): grouped like an amount, but with a check digit after
        // a dash, or after its label.
        let after = number.range.upperBound
        if t[after] == UInt8(ascii: "-"), t.isDigit(at: after + 1) || UTF8Text.isASCIILetter(t[after + 1]), !t.isWordByte(at: after + 2),
            !(".,".utf8.contains(t[after + 2]) && t.isDigit(at: after + 3))
        {
            return false
        }
        var labelEnd = number.range.lowerBound
        while labelEnd > line.lowerBound, t[labelEnd - 1] == 0x20 || t[labelEnd - 1] == UInt8(ascii: ":") { labelEnd -= 1 }
        if Self.follows(Self.taxNumberWords, before: labelEnd, line: line, in: t) { return false }
        // Grouped by a comma or a point: digits grouped by a space are as often two columns (`150 300`).
        let grouped = number.groupingSeparator == UInt8(ascii: ",") || number.groupingSeparator == UInt8(ascii: ".")
        if grouped { return true }
        // Not before the line's amount (`PPN 108 Rp24.310`, `TAX 118 31.548`: a rate whose `%` the OCR read as an 8),
        // nor after a card's words (`PIN 1234`).
        if Self.amountFollows(number.range.upperBound, line: line, in: t) { return false }
        return Self.amountRole(of: line, in: t).map { $0 != .payment } ?? false
    }

    /// Whether the next token after `index` on its line is a number, or one with its currency mark before it
    /// (`31.548`, `Rp24.310`, `Rp 24.310`), not one with a label of its own between (`お預り 10000 お釣り ¥500`).
    private static func amountFollows(_ index: Int, line: Range<Int>, in t: UTF8Text) -> Bool {
        var k = index
        while k < line.upperBound, t[k] == 0x20 { k += 1 }
        guard k > index else { return false }
        if t.isDigit(at: k) { return true }
        guard let mark = CurrencySymbols.mark(startingAt: k, in: t) else { return false }
        var after = k + mark.bytes.count
        if t[after] == 0x20 { after += 1 }
        return t.isDigit(at: after)
    }

    /// The end of a cents mark right after `index` (`¢` glued to the number, ` cents`, ` cent`), nil for none. (A `¢`
    /// apart from digits is as often the OCR's reading of a speck or a `c`.)
    private static func centsMark(at index: Int, in t: UTF8Text) -> Int? {
        if t.hasPrefix("¢", at: index) { return index + "¢".utf8.count }
        guard t[index] == 0x20 else { return nil }
        for word in ["cents", "cent"] where t.hasPrefix(word, at: index + 1) && !t.isLetter(at: index + 1 + word.utf8.count) {
            return index + 1 + word.utf8.count
        }
        return nil
    }

    /// Whether `bytes` are one Unicode currency sign (`€`, `£`, `₹`; not `円`, `元`, `원`, which are letters).
    static func isCurrencySign(_ bytes: [UInt8]) -> Bool {
        let scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars
        return scalars.count == 1 && scalars.first.map { $0.properties.generalCategory == .currencySymbol && !$0.isASCII } == true
    }

    /// Symbols that stand where decimals were after a separator: what the OCR makes of faint or cut digits.
    static let lostDecimalsMarks = Set("%*#?'\"~^_|\\<>=+&@".utf8)

    /// The length of a whole amount's dash at `index` (`,-`, `.–`, `,—`: a separator, then a hyphen or dash that no
    /// digit follows), or nil.
    static func wholeAmountDash(at index: Int, in t: UTF8Text) -> Int? {
        guard ".,".utf8.contains(t[index]) else { return nil }
        let length =
            t[index + 1] == UInt8(ascii: "-") ? 2 : t.hasPrefix("–", at: index + 1) || t.hasPrefix("—", at: index + 1) ? 4 : 0
        guard length > 0, !t.isDigit(at: index + length) else { return nil }
        return length
    }

    /// Whether a price stands in running text rather than on a receipt line: three or more words follow it on its
    /// line (`a total of $1,249.00. The work takes about one day.`), or it ends a sentence of words (five or more
    /// before it, one or more after it, then `.`, `!` or `?`: `He paid for it and another 300 dollars for repairs.`). Its line's
    /// wording then names no role.
    private static func isInProse(_ price: DetectedText, line: Range<Int>, in t: UTF8Text) -> Bool {
        if isInProse(price.range, sentence: line, in: t) || followsConnector(price.range, line: line, in: t) { return true }
        // A text layer or a letter runs sentences into one line: the amount's own sentence, where it ends one with
        // three lower-case words before it (`The grant is worth 882 million dollars. Telephone …`; `Total amount due
        // $9.00.` keeps its label).
        let sentence = sentence(around: price.range, line: line, in: t)
        guard sentence != line else { return false }
        if isInProse(price.range, sentence: sentence, in: t) { return true }
        var end = sentence.upperBound
        while end > price.range.upperBound, UTF8Text.isSpace(t[end - 1]) { end -= 1 }
        return end == price.range.upperBound + 1 && ".!?".utf8.contains(t[end - 1])
            && words(in: sentence.lowerBound..<price.range.lowerBound, of: t, lowerCaseOnly: true) >= 3
    }

    /// Whether the amount at `range` stands in a written sentence: one that ends with `.`, `!` or `?` after it and
    /// has three lower-case words besides it (`Repairs cost almost $78 so far.`, `It cost 7,388 euros last year.`,
    /// `In the end the total was ¥3,231.21.`; currency words do not count).
    /// A receipt's lines are labels and amounts, not sentences.
    private static func isInWrittenSentence(_ range: Range<Int>, line: Range<Int>, in t: UTF8Text) -> Bool {
        let sentence = sentence(around: range, line: line, in: t)
        var end = sentence.upperBound
        while end > range.upperBound, UTF8Text.isSpace(t[end - 1]) { end -= 1 }
        guard end > range.upperBound, ".!?".utf8.contains(t[end - 1]) else { return false }
        return words(in: sentence.lowerBound..<range.lowerBound, of: t, lowerCaseOnly: true)
            + words(in: range.upperBound..<end, of: t, lowerCaseOnly: true) >= 3
    }

    /// Three words after the amount, or one after it and five before it in a sentence that ends with `.`, `!` or `?`.
    private static func isInProse(_ range: Range<Int>, sentence: Range<Int>, in t: UTF8Text) -> Bool {
        let after = words(in: range.upperBound..<sentence.upperBound, of: t)
        if after >= 3 { return true }
        var end = sentence.upperBound
        while end > range.upperBound, UTF8Text.isSpace(t[end - 1]) { end -= 1 }
        guard after >= 1, end > range.upperBound, ".!?".utf8.contains(t[end - 1]) else { return false }
        return words(in: sentence.lowerBound..<range.lowerBound, of: t) >= 5
    }

    /// Whether a word that joins amounts in a sentence stands right before the amount (`They paid US$ 300 and A$50`,
    /// `between $5 and $10`): no receipt prints one there, and the line's label is not this amount's.
    private static func followsConnector(_ range: Range<Int>, line: Range<Int>, in t: UTF8Text) -> Bool {
        var end = range.lowerBound
        while end > line.lowerBound, t[end - 1] == 0x20 { end -= 1 }
        var start = end
        while start > line.lowerBound, t[start - 1] >= 0x61, t[start - 1] <= 0x7A { start -= 1 }
        guard end - start >= 2, end - start <= 7, start == line.lowerBound || t[start - 1] == 0x20 else { return false }
        return connectors.contains(Array(t.bytes[start..<end]))
    }

    private static let connectors: Set<[UInt8]> = Set(
        ["and", "or", "to", "than", "between", "und", "oder", "bis", "et", "ou"].map { Array($0.utf8) })

    /// The sentence of `line` that holds `range`: from after the `.`, `!` or `?` before it that a space and a capital
    /// or a digit follow, to such a mark after it (included), else the line's ends. A text layer or a letter runs
    /// several sentences into one line (`Pay by card 6011…. The grant is worth 882 million dollars. Telephone …`).
    private static func sentence(around range: Range<Int>, line: Range<Int>, in t: UTF8Text) -> Range<Int> {
        func endsSentence(_ k: Int) -> Bool {
            guard ".!?".utf8.contains(t[k]), t[k + 1] == 0x20 else { return false }
            var next = k + 1
            while next < line.upperBound, t[next] == 0x20 { next += 1 }
            return next < line.upperBound && ((t[next] >= 0x41 && t[next] <= 0x5A) || UTF8Text.isDigit(t[next]))
        }
        var start = range.lowerBound
        while start > line.lowerBound, !endsSentence(start - 1) { start -= 1 }
        var end = range.upperBound
        while end < line.upperBound, !endsSentence(end) { end += 1 }
        return start..<min(line.upperBound, end + 1)
    }

    /// The words of two letters or more in `range`; currency marks are no words (`Total €119.00 (incl. VAT €19.00)`,
    /// `12.00 EUR incl. VAT`).
    private static func words(in range: Range<Int>, of t: UTF8Text, lowerCaseOnly: Bool = false) -> Int {
        var words = 0, i = range.lowerBound
        while i < range.upperBound {
            if !t.isLetter(at: i - 1), let mark = CurrencySymbols.mark(startingAt: i, in: t) {
                i += mark.bytes.count
                continue
            }
            guard t.isLetter(at: i) else {
                i += 1
                continue
            }
            let start = i
            while i < range.upperBound, t.isLetter(at: i) { i += 1 }
            if i - start >= 2, !lowerCaseOnly || (t[start] >= 0x61 && t[start] <= 0x7A) { words += 1 }
        }
        return words
    }

    /// Whether a number without a currency is a figure of running text, not an amount: glued to a sentence's last
    /// word as a citation's superscript (`in adults.29,30`, `findings.81,82`), or ending a clause of a sentence that
    /// runs on to the next line (`scores of 6 to 6.99, 7 to 7.99,`, `placebo (11.2 vs. 4.0 months; HR, 0.28;`). No
    /// receipt's row ends in a comma after three lower-case words.
    static func isProseNumber(_ range: Range<Int>, line: Range<Int>, in t: UTF8Text) -> Bool {
        if t[range.lowerBound - 1] == UInt8(ascii: ".") {
            var start = range.lowerBound - 1
            while start > line.lowerBound, t[start - 1] >= 0x61 && t[start - 1] <= 0x7A { start -= 1 }
            if range.lowerBound - 1 - start >= 4, !t.isLetter(at: start - 1) { return true }
        }
        guard t[range.upperBound] == UInt8(ascii: ",") || t[range.upperBound] == UInt8(ascii: ";") else { return false }
        var end = range.upperBound + 1
        while end < line.upperBound, t[end] == 0x20 || t[end] == 0x0D { end += 1 }
        return end == line.upperBound && words(in: line.lowerBound..<range.lowerBound, of: t, lowerCaseOnly: true) >= 3
    }

    /// Whether the amount at `range` stands in a row of labelled amounts (`Subtotal 100.00 VAT 19.00 Total 119.00`):
    /// a receipt label before it and another label, then a number, after it.
    static func isInLabelledRow(_ range: Range<Int>, line: Range<Int>, in t: UTF8Text) -> Bool {
        var next = range.upperBound
        while next < line.upperBound, !t.isDigit(at: next) { next += 1 }
        guard next < line.upperBound, next - range.upperBound >= 3 else { return false }
        var previous = range.lowerBound
        while previous > line.lowerBound {
            if t.isDigit(at: previous - 1) {
                // A rate is part of the label before (`MwSt 19% 0,96 Netto 5,03`).
                guard t.percentFollows(previous) else { break }
                previous = max(line.lowerBound, Self.startOfNumber(endingAt: previous, in: t))
            } else {
                previous -= 1
            }
        }
        return isAmountLabel(previous..<range.lowerBound, in: t) && isAmountLabel(range.upperBound..<next, in: t)
    }

    /// Whether the rest of the line, from `index`, is the end of an item row: other amounts, quantities, currency
    /// marks, `x`/`×`/`@`/`=`, percentages and at most a tax-class mark (`2  209.51  419.02`, `1.60 1.60 ZRL`,
    /// `x 1,49 2,98 A`), after a row that has words before its numbers, or a tax table's row led by its rate (`A 20%
    /// 3.67 0.73`, `5,5% 6,23 0,34 6,57`). The unit prices of a table's row are prices as its amount is; a row of
    /// numbers alone (a measurement table) is not.
    private func endsAmountRow(at index: Int, line: Range<Int>, in t: UTF8Text) -> Bool {
        if endsLine(at: index, line: line, in: t) { return true }
        // No item's row runs this long (and a line of thousands of numbers must not cost time squared).
        guard line.count <= Self.longestRow else { return false }
        var k = index
        var sawAmount = false
        while k < line.upperBound {
            let b = t[k]
            if b == 0x20 || "x×@=*/-%:".utf8.contains(b) || Self.specks.contains(b) {
                k += 1
            } else if t.hasPrefix("×", at: k) {
                k += "×".utf8.count
            } else if UTF8Text.isDigit(b) {
                k = Self.endOfNumber(from: k, in: t)  // (a line's end stops it: no digit, no separator)
                sawAmount = true
            } else if let mark = CurrencySymbols.mark(startingAt: k, in: t) {
                k += mark.bytes.count
            } else if b >= 0x41 && b <= 0x5A {
                // A tax-class mark of capitals (`A`, `SR`, `ZRL`), only as the row's last word.
                var end = k
                while end < line.upperBound, t[end] >= 0x41 && t[end] <= 0x5A { end += 1 }
                guard end - k <= 3, endsLine(at: end, line: line, in: t) else { return false }
                k = end
            } else {
                return false
            }
        }
        // Words before the row's numbers (it is an item's row), or a quantity times a unit price (`2 @ 1.99 3.98`).
        var j = index
        var times = false
        while j > line.lowerBound, !(t.isLetter(at: j - 1) && t.isLetter(at: j - 2)) {
            if "x@*".utf8.contains(t[j - 1]) || t.hasPrefix("×", at: j - 2) { times = true }
            j -= 1
        }
        return j > line.lowerBound || (times && sawAmount) || Self.isLedByRate(line.lowerBound..<index, in: t)
    }

    /// Whether `range`, the start of a row, is a tax rate and the figures after it: at most a tax class's two capitals
    /// or one digit before the rate (`A=`, `B)`, `SR @`, `1`), the rate its first number (`19,0%`, `7 %`), then only
    /// numbers, as a tax table's rows print them (`A= 19,0% 5,03 0,96 5,99`, `1 2.6% 7.25 0.18`). (A longer number
    /// before the rate, `2023: 5.5% 6.23`, is no table's tax class.)
    static func isLedByRate(_ range: Range<Int>, in t: UTF8Text) -> Bool {
        var k = range.lowerBound
        while k < range.upperBound, t[k] == 0x20 { k += 1 }
        var capitals = 0
        while k < range.upperBound, t[k] >= 0x41 && t[k] <= 0x5A { (k, capitals) = (k + 1, capitals + 1) }
        guard capitals <= 2 else { return false }
        if capitals == 0, t.isDigit(at: k), t[k + 1] == 0x20 { k += 1 }
        while k < range.upperBound, " =):@-*".utf8.contains(t[k]) { k += 1 }
        let digits = t.digitRun(from: k)
        guard digits > 0, digits <= 2 else { return false }
        k += digits
        if ".,".utf8.contains(t[k]), t.isDigit(at: k + 1) { k += 1 + t.digitRun(from: k + 1) }
        guard t.percentFollows(k) else { return false }
        k += t[k] == 0x20 ? 2 : 1
        // Then numbers, spaces and marks only (the caller's own scan checks the rest of the row).
        return (k..<range.upperBound).allSatisfy { !t.isLetter(at: $0) }
    }

    /// Two characters at `index`, a digit and a letter the OCR reads for one (`Z0`, `2O`, `S5`), then no word byte.
    static func isMisreadCents(at index: Int, in t: UTF8Text) -> Bool {
        misreadCents(at: index, in: t) != nil && t.isDigit(at: index) != t.isDigit(at: index + 1)
    }

    /// The cents two characters at `index` stand for, digits or letters the OCR reads for digits, at least one a
    /// letter and not a capital then a small letter (`SO` 50, `OO` 0, `0l` 1; not `So`, `Is`), then no word byte.
    static func misreadCents(at index: Int, in t: UTF8Text) -> Int? {
        let (a, b) = (t[index], t[index + 1])
        let capitalized = (0x41...0x5A).contains(a) && (0x61...0x7A).contains(b)
        guard let tens = DamagedAmount.digitValue(a), let units = DamagedAmount.digitValue(b),
            !(t.isDigit(at: index) && t.isDigit(at: index + 1)), !capitalized,
            !t.isWordByte(at: index + 2)
        else { return nil }
        return tens * 10 + units
    }

    /// Whether only spaces and at most a tax-class mark (`A`, `T`, `*`, `F`, or a symbol a glare or a speck made of
    /// one: `§`, `©`, `°`) follow `index` on its line (and the specks of punctuation an OCR reads from a receipt's
    /// edge: `.`, `'`, `|`, `:`).
    private func endsLine(at index: Int, line: Range<Int>, in t: UTF8Text) -> Bool {
        var start = index, end = line.upperBound
        while end > start {
            if t[end - 1] == 0x20 || t[end - 1] == 0x0D || (end - start > 1 && Self.specks.contains(t[end - 1])) {
                end -= 1
            } else if end - start > 3, t[end - 3] == 0xE2, t[end - 2] == 0x80, (0x93...0x94).contains(t[end - 1]) {
                end -= 3  // an en or em dash from a rule or a speck
            } else if Self.isQuoteMark(endingAt: end, in: t), case let length = t[end - 2] == 0xC2 ? 2 : 3, end - start > length {
                end -= length  // a quote mark read from a speck (`Grand Total 27.93 ‘`)
            } else {
                break
            }
        }
        while start < end, t[start] == 0x20 { start += 1 }
        if start == end { return true }
        let mark = t[start]
        if start > index, mark >= 0xC2, end - start <= 3 { return Self.isSpeckSymbol(t.string(start..<end)) }
        return end - start == 1 && start > index && ((mark >= 0x41 && mark <= 0x5A) || mark == UInt8(ascii: "*"))
    }

    /// Whether `s` is one symbol or punctuation mark beyond ASCII that is no currency's (`§`, `©`, `®`, `°`, `¶`, `•`):
    /// what an OCR makes of a tax-class letter in a glare, or of a speck.
    static func isSpeckSymbol(_ s: String) -> Bool {
        guard s.unicodeScalars.count == 1, let scalar = s.unicodeScalars.first else { return false }
        switch scalar.properties.generalCategory {
        case .otherSymbol, .mathSymbol, .modifierSymbol, .otherPunctuation, .initialPunctuation, .finalPunctuation: return true
        default: return false
        }
    }

    /// Whether the three digits at `start`, after `, ` or `. `, are an amount of their own, not a group of thousands
    /// the OCR set apart: their own currency mark follows them (`$100, 300元`, `€5, 200 dollars`).
    static func isOwnAmount(groupAt start: Int, in t: UTF8Text) -> Bool {
        t.digitRun(from: start) == 3 && !t.isDigit(at: start + 3) && CurrencySymbols.mark(startingAtOrAfterSpace: start + 3, in: t) != nil
    }

    /// The first amount of a range that ends at `index`, where its dash starts (`10–20 €`, `3,50 €–7,99 €`,
    /// `$3.50-4.00`): a number that stands on its own (not the tail of a date or a code: `2023-10-20`, `A10-20`), or the
    /// currency mark after one. Nil when no amount ends there (`EUR —10,00` is a minus). Its mark, if it has one.
    struct RangeStart {
        var mark: CurrencySymbols.Mark?
    }

    static func rangeStart(endingAt index: Int, in t: UTF8Text) -> RangeStart? {
        if let mark = CurrencySymbols.mark(endingAt: index, in: t), !mark.isWord {
            let before = index - mark.bytes.count
            return t.isDigit(at: before - 1) || (t[before - 1] == 0x20 && t.isDigit(at: before - 2)) ? RangeStart(mark: mark) : nil
        }
        guard t.isDigit(at: index - 1) else { return nil }
        var start = index
        while t.isDigit(at: start - 1) || (".,'".utf8.contains(t[start - 1]) && t.isDigit(at: start - 2)) { start -= 1 }
        let before = t[start - 1]
        if let mark = CurrencySymbols.mark(endingAt: start, in: t) { return RangeStart(mark: mark) }
        if before == 0x20, let mark = CurrencySymbols.mark(endingAt: start - 1, in: t), !mark.isWord { return RangeStart(mark: mark) }
        guard before == 0 || before == 0x20 || before == 0x0A || before == UInt8(ascii: "(") else { return nil }
        return RangeStart(mark: nil)
    }

    /// The second amount of a range that starts right after `end` (`10–20 €`, `$1–2 million`, `3.50 – £7.99`): a
    /// dash glued to both numbers or with a space on each side, then a number, with its scale word and currency
    /// mark. Nil when no range follows.
    static func rangeEnd(of first: PrintedNumber, in t: UTF8Text) -> (mark: CurrencySymbols.Mark?, exponent: Int?)? {
        guard let (separatorEnd, needsOpener) = rangeSeparatorEnd(at: first.range.upperBound, in: t),
            !needsOpener || opensRange(before: first.range.lowerBound, in: t)
        else { return nil }
        var k = separatorEnd
        var mark = CurrencySymbols.mark(startingAt: k, in: t)
        if let before = mark {
            guard !before.isWord else { return nil }
            k += before.bytes.count
        }
        // A range runs upwards between amounts printed alike (`10–20`, `3,50 €–7,99 €`; `Page 3 and 12.50 EUR` and
        // `Menü 2 – 8,90 €` are none).
        var chainEnd = k
        guard t.isDigit(at: k), let second = PrintedNumber.parse(at: k, in: t, chainEnd: &chainEnd),
            first.fraction?.count == second.fraction?.count, let low = Double(first.plain), let high = Double(second.plain), low < high
        else { return nil }
        k = second.range.upperBound
        let scale = AmountWords.scale(after: k, in: t)
        if t.isLetter(at: k) || t.isDigit(at: k), scale == nil, CurrencySymbols.mark(startingAt: k, in: t) == nil {
            return nil  // `10-20abc`
        }
        if let scale { k = scale.end }
        // A mark after it is its own only as `price` binds marks: not one that reads as the next amount's (`Zimmer
        // 101-105 EUR 89,00`).
        if mark == nil, let after = CurrencySymbols.mark(startingAtOrAfterSpace: k, in: t), !t.isDigit(at: after.end),
            !marksNextAmount(after.mark, endingAt: after.end, in: t)
        {
            mark = after.mark
        }
        return (mark, scale?.exponent)
    }

    /// The end of what joins a range's two amounts at `index`: a dash glued to both or with a space on each side
    /// (`10–20`, `10 - 20`), a wave dash (`1,000〜2,000円`), or a word between spaces (`10 bis 20 Euro`, `10 to 20
    /// dollars`, `zwischen 10 und 20 Euro`), and whether that word joins a range only after a word that opens one
    /// (`and`, `und`: `between 10 and 20 dollars`, not `Page 3 and 12.50 EUR`). Nil for anything else.
    static func rangeSeparatorEnd(at index: Int, in t: UTF8Text) -> (end: Int, needsOpener: Bool)? {
        let glued = t.dashLength(startingAt: index)
        if glued > 0 { return (index + glued, false) }
        for wave in rangeWaves where t.hasPrefix(wave, at: index) { return (index + wave.utf8.count, false) }
        guard t[index] == 0x20 else { return nil }
        let dash = t.dashLength(startingAt: index + 1)
        if dash > 0 { return t[index + 1 + dash] == 0x20 ? (index + 2 + dash, false) : nil }
        for (words, needsOpener) in [(rangeWords, false), (listWords, true)] {
            for word in words where t.hasPrefix(word, at: index + 1) && t[index + 1 + word.utf8.count] == 0x20 {
                return (index + 2 + word.utf8.count, needsOpener)
            }
        }
        return nil
    }

    /// Whether the word before `index` (a space between) opens a range: `between`, `zwischen`, `entre`.
    static func opensRange(before index: Int, in t: UTF8Text) -> Bool {
        guard t[index - 1] == 0x20 else { return false }
        return rangeOpeners.contains { word in
            let start = index - 1 - word.utf8.count
            return t.hasPrefix(word, at: start) && !t.isLetter(at: start - 1)
        }
    }

    private static let rangeWaves = ["~", "〜", "～"]
    /// Words that join the two ends of a range, lower-case: `10 bis 20 Euro`, `de 10 à 20 euros`.
    private static let rangeWords = ["to", "bis", "à", "a", "tot", "till", "til"]
    /// Words that join a range after an opener: `between 10 and 20`, `entre 10 y 20`.
    private static let listWords = ["and", "und", "et", "y", "e", "en", "och", "og"]
    private static let rangeOpeners = ["between", "zwischen", "entre", "tra", "fra", "tussen", "mellan", "mellem"]

    /// Whether an amount stands right before the parenthesis at `index` (`€10 (`, `2.5 billion yen (`): the
    /// parenthesized amount then restates it in another currency or unit; it is no accounting negative.
    static func restatesAmount(before index: Int, in t: UTF8Text) -> Bool {
        var end = index
        while t[end - 1] == 0x20 { end -= 1 }
        if let mark = CurrencySymbols.mark(endingAt: end, in: t), mark.isWord {
            end -= mark.bytes.count
            while t[end - 1] == 0x20 { end -= 1 }
        } else if let scale = AmountWords.scaleWord(endingAt: end, in: t) {
            end -= scale
            while t[end - 1] == 0x20 { end -= 1 }
        }
        return t.isDigit(at: end - 1)
    }

    /// `«`, `»`, `“`, `”`, `‘`, `’` ending at `index`: OCR reads them from specks before an amount (`«15.90`); they
    /// do not glue the amount to a word.
    static func isQuoteMark(endingAt index: Int, in t: UTF8Text) -> Bool {
        (t[index - 2] == 0xC2 && (t[index - 1] == 0xAB || t[index - 1] == 0xBB))
            || (t[index - 3] == 0xE2 && t[index - 2] == 0x80 && (0x98...0x9D).contains(t[index - 1]))
    }

    /// Whether one or two lower-case letters, the OCR's reading of specks, are all that follow `index` on the line of a
    /// receipt's total or another of its sums (`INNEN TOTAL 21.40 wo`, `Rounding Adj: -0.01 i`): not a count's or a tax
    /// table's header.
    private static func endsSumLineWithNoise(at index: Int, line: Range<Int>, in t: UTF8Text) -> Bool {
        guard t[index] == 0x20 else { return false }
        var k = index
        while k < line.upperBound, t[k] == 0x20 { k += 1 }
        let start = k
        while k < line.upperBound, t[k] >= 0x61 && t[k] <= 0x7A { k += 1 }
        guard (1...2).contains(k - start) else { return false }
        while k < line.upperBound, t[k] == 0x20 || t[k] == 0x0D { k += 1 }
        guard k == line.upperBound, let role = ReceiptLexicon.role(of: t.string(line.lowerBound..<index)) else { return false }
        switch role {
        case .count, .taxSummary: return false
        default: return true
        }
    }

    /// Whether `mark`, which ends at `markEnd` a space before a number ending at `numberEnd`, is the mark of the
    /// amount before it: a row that writes its marks after the amounts (`95,00 € 285,00 €`), as the row's end shows:
    /// from the number on, amounts and marks alternate up to a mark. A row that ends with an amount writes them before
    /// (`1 € 75,00 € 75,00`: a quantity, then two amounts).
    static func marksPreviousAmount(_ mark: CurrencySymbols.Mark, endingAt markEnd: Int, numberEnd: Int, in t: UTF8Text) -> Bool {
        var before = markEnd - mark.bytes.count
        if t[before - 1] == 0x20 { before -= 1 }
        guard t.isDigit(at: before - 1) else { return false }
        // A lone digit after the mark that ends the line (`ÖSSZESEN 2 535 Ft 1`: a rule or a speck read as a 1) is no
        // amount: the mark is the one before's.
        let next = markEnd + (t[markEnd] == 0x20 ? 1 : 0)
        var lineEnd = numberEnd
        while t[lineEnd] == 0x20 { lineEnd += 1 }
        if numberEnd - next == 1, [0x0A, 0x0D, 0].contains(t[lineEnd]), before - startOfNumber(endingAt: before, in: t) >= 3 {
            return true
        }
        var k = numberEnd
        while true {
            guard let own = CurrencySymbols.mark(startingAtOrAfterSpace: k, in: t), own.mark.bytes == mark.bytes else { return false }
            k = own.end
            if t[k] == 0x20 { k += 1 }
            guard t.isDigit(at: k) else { return true }
            k = Self.endOfNumber(from: k, in: t)
        }
    }

    /// Whether `mark`, which ends at `markEnd` between a number and another, a space from each, is the mark of the
    /// other one: the row writes its marks before the amounts (`1 € 75,00 € 75,00`). A mark glued to a number is
    /// its own (`-12EUR 5.00`).
    static func marksNextAmount(_ mark: CurrencySymbols.Mark, endingAt markEnd: Int, in t: UTF8Text) -> Bool {
        guard t[markEnd - mark.bytes.count - 1] == 0x20, t[markEnd] == 0x20, t.isDigit(at: markEnd + 1) else { return false }
        return !marksPreviousAmount(mark, endingAt: markEnd, numberEnd: endOfNumber(from: markEnd + 1, in: t), in: t)
    }

    /// The end of the digits and decimal or grouping marks from `start` (`1.234,56`).
    private static func endOfNumber(from start: Int, in t: UTF8Text) -> Int {
        var k = start
        while t.isDigit(at: k) || (".,".utf8.contains(t[k]) && t.isDigit(at: k + 1)) { k += 1 }
        return k
    }

    /// The start of the digits and decimal or grouping marks that end right before `end` (`endOfNumber` backwards).
    private static func startOfNumber(endingAt end: Int, in t: UTF8Text) -> Int {
        var k = end
        while t.isDigit(at: k - 1) || (".,".utf8.contains(t[k - 1]) && t.isDigit(at: k - 2)) { k -= 1 }
        return k
    }

    /// Whether the text at `range` names an amount's role (`Total`, `Cash`; not a count, `Qty`).
    static func isAmountLabel(_ range: Range<Int>, in t: UTF8Text) -> Bool { amountRole(of: range, in: t) != nil }

    /// The amount's role the text at `range` names, nil for none or another (a count, `Qty`; a tax summary's header).
    static func amountRole(of range: Range<Int>, in t: UTF8Text) -> ReceiptLexicon.Role? {
        guard let role = ReceiptLexicon.labelRole(of: t.string(range)), role != .count, role != .taxSummary else { return nil }
        return role
    }

    /// Whether the amount at `range` follows an amount's label and is followed by nothing but the tax it includes or
    /// leaves out (`Total 120.00 incl. VAT`, `Summe 30,00 inkl. 19% MwSt.`, `Net 100.00 excl. VAT`).
    static func endsLabelledLineWithTaxNote(_ range: Range<Int>, line: Range<Int>, in t: UTF8Text) -> Bool {
        guard t[range.upperBound] == 0x20, line.upperBound - range.upperBound <= 48 else { return false }
        let note = t.string(range.upperBound..<line.upperBound)
        // Digits only in a rate (`19%`).
        let digitsOutsideRates = note.split(separator: " ").contains { $0.contains(where: \.isNumber) && !$0.hasSuffix("%") }
        guard !digitsOutsideRates, let noteRole = ReceiptLexicon.role(of: note), noteRole == .includedTax || noteRole == .tax
        else { return false }
        return isAmountLabel(line.lowerBound..<range.lowerBound, in: t)
    }

    /// Whether the `(` at `index` comes right after a tax label with nothing but a rate between (`inkl. 19% MwSt.
    /// (4,79 €)`, `VAT 20% (3.50)`): the amount in brackets is that tax, not an accounting negative.
    static func followsTaxLabel(_ index: Int, line: Range<Int>, in t: UTF8Text) -> Bool {
        // Back to the end of the amount before, if any (a rate's digits are part of the label).
        var start = index
        while start > line.lowerBound {
            if t.isDigit(at: start - 1) {
                // A rate: `%` right after the digits or after spaces.
                var k = start
                while k < index, t[k] == 0x20 { k += 1 }
                guard t[k] == UInt8(ascii: "%") else { break }
                start -= 1
                while start > line.lowerBound, t.isDigit(at: start - 1) || ",.".utf8.contains(t[start - 1]) { start -= 1 }
            } else {
                start -= 1
            }
        }
        guard start < index, let role = ReceiptLexicon.role(of: t.string(start..<index)) else { return false }
        return role == .tax || role == .includedTax
    }

    /// The longest line, in bytes, read as an item's row of amounts.
    static let longestRow = 512

    /// Octane ratings petrol is sold by (`RON95`).
    private static let octaneRatings: Set<String> = ["91", "92", "95", "97", "98", "100", "102"]

    /// Punctuation an OCR reads from specks and edges beside a receipt's amounts, and `?`, Tesseract's reading of a
    /// sign its model does not know (the ruble's `₽` after every amount: `ИТОГО К ОПЛАТЕ 10.76 ?`, `1.29?`).
    static let specks: Set<UInt8> = Set("|'\".,:;`~_?".utf8)

    /// Quantity columns: `Qty 2.00`, `Menge 1,00`. (In `2 x 1.00` and `2 @ 1.00` the number after the `x` is the
    /// unit price; the quantity is the integer before it.)
    private func isQuantity(before index: Int, line: Range<Int>, in t: UTF8Text) -> Bool {
        Self.follows(Self.quantityWords, before: index, line: line, in: t)
    }

    /// Whether one of `words` (lower-case, compared ignoring ASCII case) is the whole word right before `index` on
    /// its line, spaces between.
    static func follows(_ words: [String], before index: Int, line: Range<Int>, in t: UTF8Text) -> Bool {
        var end = index
        while end > line.lowerBound, t[end - 1] == 0x20 { end -= 1 }
        return words.contains { word in
            let start = end - word.utf8.count
            guard start >= line.lowerBound, t.hasPrefix(word, at: start) else { return false }
            return start == line.lowerBound || !t.isLetter(at: start - 1)
        }
    }

    /// `Version 2.14`, `Kapitel 3.08`, `Room 4.12`: a bare number printed as such numbers are (a point, at most three
    /// digits before it, no grouping) right after a word that numbers things is that thing's number, not an item's
    /// price (`Milch 2,14`, `Lampe de bureau 9 816,24 7 346,16`). A place's number ending in `00` can still be a
    /// charge (`Room 120.00` on a hotel's bill).
    static func numbersSomething(_ number: PrintedNumber, line: Range<Int>, in t: UTF8Text) -> Bool {
        guard let fraction = number.fraction, number.groupingSeparator == nil, number.integerDigits.utf8.count <= 3,
            t[number.range.upperBound - fraction.utf8.count - 1] == UInt8(ascii: ".")
        else { return false }
        let start = number.range.lowerBound
        return follows(numberingWords, before: start, line: line, in: t)
            || (fraction != "00" && follows(placeWords, before: start, line: line, in: t))
    }

    /// Labels (lower-case) of a business's tax or registration number, which Latin American and other tills print in
    /// their head grouped in thousands like an amount (`RUT 76.042.014-K`, `NIT 890.900.608`).
    private static let taxNumberWords: [String] = [
        "rut", "r.u.t.", "r.u.t", "nit", "ruc", "r.u.c.", "cuit", "c.u.i.t.", "cuil", "rfc", "nif", "cif", "cnpj", "cpf",
        "ntn", "abn", "gstin", "trn", "rif", "afm", "αφμ", "α.φ.μ.", "ein", "tin",
    ]

    /// Words (lower-case) before a number that numbers a text's parts or a program's versions.
    private static let numberingWords: [String] = [
        "version", "ver.", "release", "build", "chapter", "kapitel", "chapitre", "capítulo", "capitolo", "section",
        "abschnitt", "paragraph", "figure", "fig.", "abb.", "abbildung", "tabelle", "page", "seite", "step", "schritt",
        "étape", "§",
    ]
    /// Words (lower-case) before a number that names a place in a building or a station.
    private static let placeWords: [String] = [
        "room", "raum", "zimmer", "salle", "bureau", "büro", "floor", "etage", "étage", "gate", "platform", "gleis",
        "quai", "level", "ebene", "niveau",
    ]

    /// Words (lower-case) that head a quantity column; `UTF8Text.hasPrefix` compares them ignoring ASCII case.
    private static let quantityWords: [String] = [
        "qty", "qty:", "qté", "qte", "menge", "anz", "anz.", "anzahl", "cant", "cant.", "cantidad", "quantità", "qtd",
        "aantal", "pcs", "stk", "数量", "수량",
    ]
}
