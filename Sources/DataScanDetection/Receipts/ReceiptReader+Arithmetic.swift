/// The receipt's sums: what cash − change, subtotal + tax (± service, rounding, discount), the item lines and a tax
/// summary's rows make the total, for `evidence()` to weigh.
extension ReceiptReader {
    /// Totals the receipt's arithmetic implies, whether or not they are printed: cash − change (change given), and
    /// the one subtotal + the one tax. (Integers read as cents aside: they may confirm a total, never contradict one.)
    func impliedTotals() -> Set<Int> {
        var implied = paidLessChange(readOnlyAsPrinted: true)
        if let sum = subtotalPlusTax() { implied.insert(sum) }
        return implied
    }

    /// What was paid (cash or otherwise) less the change given, for every pair of them: positive amounts only; with
    /// `readOnlyAsPrinted`, of the amounts as printed only (not an integer read as cents, `CASH 50100`).
    func paidLessChange(readOnlyAsPrinted: Bool = false) -> Set<Int> {
        func read(_ accept: (ReceiptLexicon.Role?) -> Bool) -> [Int] {
            values(where: accept).filter {
                !readOnlyAsPrinted || lines[$0.site.line].amounts[$0.site.amount].repair?.needsArithmetic != true
            }
            .map { abs($0.cents) }
        }
        let cash = read { $0 == .cash || $0 == .payment }, change = read { $0 == .change }
        return Self.differences(cash, change.filter { $0 > 0 }).filter { $0 > 0 }
    }

    /// The one subtotal plus the one tax, when the receipt prints exactly one of each (integers read as cents aside:
    /// they may confirm a total, never contradict one).
    func subtotalPlusTax() -> Int? {
        func read(_ role: ReceiptLexicon.Role) -> Set<Int> {
            Set(values { $0 == role }.filter { lines[$0.site.line].amounts[$0.site.amount].repair?.needsArithmetic != true }.map(\.cents))
        }
        let subtotals = read(.subtotal), taxes = read(.tax).filter { $0 > 0 }
        guard subtotals.count == 1, taxes.count == 1, let s = subtotals.first, let x = taxes.first else { return nil }
        return s + x
    }

    /// The amount handed over whose label the OCR lost (`Fay 20.00` for `Pay 20.00`), on a receipt that names no cash
    /// or other payment: the one unlabelled amount on the last line with an amount above the first change, larger than
    /// the change, where that amount less the change is printed elsewhere on the receipt (`Due 7.50`, `Change 12.50`).
    func unnamedTender() -> Int? {
        guard let changeLine = lines.first(where: { $0.role == .change && $0.amounts.count == 1 && !$0.inSummary }),
            let above = lines[..<changeLine.index].last(where: { !$0.amounts.isEmpty }), above.role == nil, !above.inSummary,
            above.amounts.count == 1
        else { return nil }
        let (tender, given) = (above.amounts[0].cents, abs(changeLine.amounts[0].cents))
        guard given > 0, tender > given else { return nil }
        let rest = tender - given
        let printed = lines.contains { line in
            line.index != above.index && line.index != changeLine.index && line.amounts.contains { $0.cents == rest }
        }
        return printed ? tender : nil
    }

    /// The most cents a rounded total differs from the total it rounds (the 0.10 of a few currencies' cash rounding).
    static let roundingReach = 10

    /// The most lines between a total and the later total its charges take it to (`chargedTotals`).
    static let linesBetweenChargedTotals = 8

    /// The most lines from a card slip's base amount to its total, the charges it adds between (`chargedTotals`).
    static let linesOfASlipsCharges = 4

    /// What a total can exceed its subtotal by: at most one tax, one service charge, one rounding, minus one
    /// discount, not all of them zero (a difference of 0 only where a tax or a service charge line has an amount). Computed
    /// once per page, then looked up for every candidate and subtotal. Empty when the page has so many of these
    /// amounts that their combinations pass `maximumRests` (a statement or a list: they would match anything).
    static func rests(taxes: [Int], services: [Int], roundings: [Int], discounts: [Int]) -> Set<Int> {
        // Taxes in parts (India's `CGST 14.25` and `SGST 14.25`, Canada's GST and PST): their sum is one tax too; so
        // are charges (a ride's `Booking Fee`, its `Tolls, Surcharges, and Fees` and the tip).
        func options(_ amounts: [Int]) -> [Int] {
            let parts = amounts.filter { $0 > 0 }
            var options = Set(parts)
            if (2...4).contains(parts.count) { options.insert(parts.reduce(0, +)) }
            return [0] + options.sorted()
        }
        let tax = options(taxes), service = options(services)
        let rounding = [0] + Set(roundings.flatMap { [$0, -$0] }.filter { $0 != 0 }).sorted()
        let discount = [0] + Set(discounts.filter { $0 != 0 }).sorted()
        guard tax.count * service.count * rounding.count * discount.count <= maximumRests else { return [] }
        let zeroAllowed = !(taxes + services).isEmpty
        var out = Set<Int>()
        for x in tax {
            for c in service {
                for r in rounding {
                    for d in discount where x != 0 || c != 0 || r != 0 || d != 0 {
                        let rest = x + c + r - d
                        if rest != 0 || zeroAllowed { out.insert(rest) }
                    }
                }
            }
        }
        return out
    }

    /// What two or three amounts tendered add up to (a bill paid part by card and part in cash, or by two cards); nil
    /// for one tender or more than three. A tender of nothing is none (`GIFT CARD REMAINING BALANCE 0.00`).
    static func splitTender(_ tenders: [Int]) -> Int? {
        guard tenders.allSatisfy({ $0 >= 0 }) else { return nil }
        let paid = tenders.filter { $0 > 0 }
        guard (2...3).contains(paid.count) else { return nil }
        return paid.reduce(0, +)
    }

    /// What every two or three of the tenders add up to, where `splitTender`'s sum of them all may not be the bill:
    /// four to six of them, or three with one amount twice (a card's amount printed again on its own slip). More are
    /// no receipt's tenders.
    static func partSums(of tenders: [Int]) -> Set<Int> {
        let paid = tenders.filter { $0 > 0 }
        guard (4...6).contains(paid.count) || (paid.count == 3 && Set(paid).count < 3) else { return [] }
        var out = Set<Int>()
        for i in paid.indices {
            for j in paid.indices where j > i {
                out.insert(paid[i] + paid[j])
                for k in paid.indices where k > j { out.insert(paid[i] + paid[j] + paid[k]) }
            }
        }
        return out
    }

    /// Every `a − b` of an entry of `a` and one of `b` (cash − change), built once per page; empty when there would
    /// be more than `maximumRests` (a page that is not one receipt).
    static func differences(_ a: [Int], _ b: [Int]) -> Set<Int> {
        sums(Set(a), Set(b.map { -$0 }))
    }

    /// Every `a + b` of an entry of `a` and one of `b` (a subtotal and what a total may exceed it by), built once per
    /// page; empty when there would be more than `maximumRests`.
    static func sums(_ a: Set<Int>, _ b: Set<Int>) -> Set<Int> {
        guard a.count * b.count <= maximumRests else { return [] }
        return Set(a.flatMap { x in b.map { x + $0 } })
    }

    /// The most combinations `rests` builds (a receipt has a few taxes, one service charge, a rounding or two).
    static let maximumRests = 20_000

    /// The entries of the first two or three distinct `values` that add up to `target`; none with more than
    /// `maximumGroupTotals` distinct values.
    static func summands(of values: [Int], equal target: Int) -> [Int] {
        let distinct = Set(values)
        guard distinct.count <= maximumGroupTotals else { return [] }
        let v = distinct.sorted()
        for i in v.indices {
            for j in v.indices where j > i {
                if v[i] + v[j] == target { return [v[i], v[j]] }
                for k in v.indices where k > j && v[i] + v[j] + v[k] == target { return [v[i], v[j], v[k]] }
            }
        }
        return []
    }

    /// The most group totals `someSum` compares: a receipt prints a few (one per tax rate or department); a page
    /// with more is a statement or a list, where some two or three of its totals add up to nearly anything, and
    /// comparing them all would take n³ steps for each of n candidates.
    static let maximumGroupTotals = 16

    /// Whether two or three distinct entries of `values` add up to `target`; false with more than
    /// `maximumGroupTotals` distinct values.
    static func someSum(of values: [Int], equals target: Int) -> Bool {
        !summands(of: values, equal: target).isEmpty
    }

    /// The amount that ends each item line (before the receipt's foot): what the items cost.
    func itemAmounts(before foot: Int) -> [Int] {
        let rows = lines[..<foot].filter { line in line.role == nil && !line.inSummary && line.amounts.last?.price != nil }
        return rows.indices.compactMap { k in
            // A unit price on a line of its own (`7 @ $0.23` below `BANANA EACH $1.61`) is part of the item beside it.
            if let count = Self.unitCount(of: rows[k], in: t), let cents = rows[k].amounts.last?.cents,
                [k - 1, k + 1].contains(where: { rows.indices.contains($0) && rows[$0].amounts.last?.cents == count * cents })
            {
                return nil
            }
            // So is a price by weight or measure (`0.905 kg @ £0.91/kg`, `1,17 kg x 2,00 EUR/kg`).
            if let last = rows[k].amounts.last, isPricePerUnit(endingAt: last.range.upperBound) { return nil }
            return rows[k].amounts.last?.cents
        }
    }

    /// Whether a unit of measure follows the amount ending at `end` after a slash, with perhaps a currency mark or
    /// code between (`£0.91/kg`, `2,00 EUR/kg`, `$3.49/lb`, `1,99 €/l`): a price per unit, not what an item costs.
    func isPricePerUnit(endingAt end: Int) -> Bool {
        var k = end
        while t[k] == 0x20 { k += 1 }
        if let mark = CurrencySymbols.mark(startingAt: k, in: t) {
            k += mark.bytes.count
            while t[k] == 0x20 { k += 1 }
        }
        return t[k] == UInt8(ascii: "/") && t.isLetter(at: k + 1)
    }

    /// The sum of a bill's charges whose taxes or fees stand between them (a hotel's folio: `GUEST ROOM 189.00`, `ROOM
    /// TAX 29.28`, night after night, `PARKING 45.00`), down to its first total line: three or more unlabelled charges,
    /// a tax or service line below one of them and above another, and no subtotal, discount or rounding among them (a
    /// payment is a credit, not a charge). Nil for other receipts, whose foot starts at their first labelled line.
    func chargedItems() -> Int? {
        var count = 0, sum = 0, chargeAfterItem = false, interleaved = false
        for line in lines where !line.inSummary {
            if Self.isTotalRole(line.role), !line.amounts.isEmpty { break }
            guard let last = line.amounts.last, last.price != nil else { continue }
            switch line.role {
            case nil:
                count += 1
                sum += last.cents
                if chargeAfterItem { interleaved = true }
            case .tax, .serviceCharge:
                sum += last.cents
                if count > 0 { chargeAfterItem = true }
            case .payment, .cash:
                continue
            default:
                return nil
            }
        }
        return count >= 3 && interleaved ? sum : nil
    }

    /// The count of a line that is a count times a unit price and nothing else (`7 @ $0.23`, `2 x 2.29`), or nil.
    static func unitCount(of line: Line, in t: UTF8Text) -> Int? {
        guard line.amounts.count == 1 else { return nil }
        var k = line.range.lowerBound
        while t[k] == 0x20 { k += 1 }
        let digits = t.digitRun(from: k)
        guard (1...3).contains(digits) else { return nil }
        var j = k + digits
        while t[j] == 0x20 { j += 1 }
        guard t[j] == UInt8(ascii: "@") || t[j] | 0x20 == UInt8(ascii: "x") || t.hasPrefix("×", at: j) else { return nil }
        return t.intValue(k..<k + digits)
    }

    /// Gross amounts a tax summary implies: net + tax on a row of two amounts, or the third amount when it is their
    /// sum, or the amount a row's tax is its rate's share of, and the rows' net + tax added up.
    func summaryTotals() -> Set<Int> {
        var gross = Set<Int>()
        var net = 0, tax = 0
        // The gross column's sum too, when one row shows the last column is the gross (its net and tax add up to it):
        // another row's tax may be misread (`A 7,0 32,54 28 34,82`, `B 19,0 21,81 4,14 25,95`: 60.77).
        // But not when a row's net and tax are right by its rate and its gross is not their sum (`A 19,00% 33,28 6,32
        // 39,68`, a 0 read as an 8): that gross is the misread one.
        var grossColumn: [[Int]] = [], grossShown = false, grossMisread = false
        for line in lines where line.inSummary && !line.amounts.isEmpty {
            let a = line.amounts.map(\.cents)
            // (A row of fewer amounts, the others misread, counts when its last one ends the line.)
            var end = line.range.upperBound
            while end > line.range.lowerBound, t[end - 1] == 0x20 { end -= 1 }
            if !Self.isTotalRole(line.role), line.amounts[a.count - 1].range.upperBound == end {
                let figures = Self.figures(in: line.range, of: t)
                grossColumn.append(figures.last == a[a.count - 1] ? figures : [a[a.count - 1]])
                grossShown = grossShown || (Self.lastThreeAddUp(figures) && figures.last == a[a.count - 1])
                if figures.count >= 3, !Self.lastThreeAddUp(figures), let rate = Self.rate(in: t.string(line.range)) {
                    let (net, tax) = (figures[figures.count - 3], figures[figures.count - 2])
                    grossMisread = grossMisread || (tax > 0 && Self.isShareToTheCent(tax, of: net, at: rate))
                }
            }
            guard a.count >= 2 else { continue }
            let n = a[a.count >= 3 ? a.count - 3 : a.count - 2], x = a[a.count >= 3 ? a.count - 2 : a.count - 1]
            // A row that prints a rate counts only where its tax is the rate's share and its figures add up (`20% 28,02
            // 5,01 33,03` is misread: 20 % of 28,02 is 5,60); its gross, where the tax is the share of it the rate comes
            // to, also with its net misread (`20% 11455 22,91 137,46`).
            if Self.rate(in: t.string(line.range)) != nil, !Self.isTotalRole(line.role) {
                guard let row = taxRow(at: line.index), a.count < 3 || n + x == a[a.count - 1] else { continue }
                if let g = row.gross { gross.insert(g) }
            }
            if a.count >= 3, n + x == a[a.count - 1] { gross.insert(a[a.count - 1]) }
            gross.insert(n + x)
            if !Self.isTotalRole(line.role) {
                net += n
                tax += x
            }
        }
        if net + tax > 0 { gross.insert(net + tax) }
        // (A total row repeats the sum of the rows above it in every column, not in the gross alone.)
        if grossColumn.count >= 2, grossShown, !grossMisread {
            gross.insert(Self.withoutTotalRow(grossColumn).reduce(0) { $0 + ($1.last ?? 0) })
        }
        return gross
    }
}
