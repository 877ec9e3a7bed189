import DataScanModel
import Foundation

/// Reads a receipt as a whole and decides its total, subtotal, tax, cash and change: not line by line, but from
/// all the evidence the receipt prints.
///
/// Each line gets a role from its words (`ReceiptLexicon`: OCR-tolerant) and its amounts: those the price detector
/// read as printed, and amounts the OCR damaged (`DamagedAmount`: `68. 87`, `28 60`, `LL.40`). Every amount on a
/// line that could be the total is a candidate. A candidate is supported by
/// - its label: the final amount (`GRAND TOTAL`, `Total incl. GST`, `Rounded total`) more than a plain `TOTAL`;
/// - the receipt's arithmetic, above all: subtotal + tax (+ service charge, ± rounding, − discount) = total;
///   a total + rounding = the rounded total; cash − change = total; the item lines add up to it; a tax summary
///   row's net + tax = total;
/// - being printed again (a card slip, the amount paid, an unlabelled repeat at the foot of the receipt).
/// The candidate with the most support is the total, on exactly one item; its confidence says how much of the
/// evidence agrees. A damaged amount is used only when a label or the arithmetic agrees with it, and a candidate
/// with weak support is reported with a low confidence, or not at all.
struct ReceiptReader {
    struct Amount {
        var range: Range<Int>
        /// Signed hundredths.
        var cents: Int
        /// The price detector's reading of it (an index into the prices), nil for a damaged amount.
        var price: Int?
        var repair: DamagedAmount.Repair?
        /// A damaged amount printed without decimals, on a receipt that prints none (`¥8, 572`).
        var whole = false
    }

    struct Line {
        var index: Int
        var range: Range<Int>
        var role: ReceiptLexicon.Role?
        var amounts: [Amount]
        /// A row of a tax summary table (`SR @ 6% 68.87 4.13`, `A 19% 10,00 1,90 11,90`).
        var inSummary = false
    }

    let t: UTF8Text
    var lines: [Line] = []
    /// The page prints dollars with their `$` (`TIMTAMS $12.99`), or the OCR read that `$` as an `S` before three or
    /// more amounts (`S0.99`, `S17.97`, `TOTAL AUD S32.91`): an `S` before an amount's digits is then read as the `$`
    /// unless the arithmetic says it is a 5.
    var printsDollarSign: Bool
    /// The smallest step the page's amounts are printed in, in cents: 100 where none prints a minor unit (yen, dong,
    /// won, or whole units), else 1. A tax a till computes is rounded to it.
    var printedStep = 1
    /// A rounding is less than one unit (`Rounding Adj -0.02`), or, on a receipt of whole units, than a thousand
    /// (`Rounding -300` of rupiah or dong); more, on a rounding's line, is the rounded total itself (`Rounding RM 27.30`).
    var largestRounding: Int { printedStep == 100 ? 100_000 : 100 }
    /// What a cash payment is rounded to where the receipt was paid (`CashRounding`), in cents; nil: to the cent.
    var cashRoundingStep: Int?

    /// Labels the prices found on `t` (the price detector's, in text order) as a receipt reads them, and adds the
    /// damaged amounts the evidence confirms. Pages without a receipt's structure keep their line labels.
    /// `prose`: indices of prices that stand in running text; they get no label and are never the total.
    /// `region`: the country the page was printed in, as far as known (what its cash is rounded to).
    static func read(
        _ prices: [DetectedText], in t: UTF8Text, currency: String?, region: String? = nil, prose: Set<Int> = [],
        spaceGroups: Bool = false
    ) -> [DetectedText] {
        if let thousandths = Thousandths(prices, currency: currency) {
            return thousandths.restored(read(thousandths.prices, in: t, currency: currency, region: region, prose: prose, decimals: 3))
        }
        return read(prices, in: t, currency: currency, region: region, prose: prose, decimals: 2, spaceGroups: spaceGroups)
    }

    /// `read` of amounts in the reader's units (`decimals`: 2, or 3 for amounts in thousandths).
    private static func read(
        _ prices: [DetectedText], in t: UTF8Text, currency: String?, region: String?, prose: Set<Int>, decimals: Int,
        spaceGroups: Bool = false
    ) -> [DetectedText] {
        // Amounts in two currencies (a receipt from each of two countries, a total and its conversion) are two
        // receipts: each currency's amounts are read on their own, and never compared with the other's.
        let codes = Set(prices.compactMap(Self.currencyCode))
        let roles = LineRoles(t)
        guard codes.count > 1 else {
            var reader = ReceiptReader(
                t: t, prices: prices, prose: prose, decimals: decimals, spaceGroups: spaceGroups, currency: currency, roles: roles)
            reader.cashRoundingStep = CashRounding.step(currency: currency, region: region)
            if reader.isRefund {
                return readAsRefund(
                    prices, in: t, currency: currency, prose: prose, decimals: decimals, spaceGroups: spaceGroups, roles: roles)
            }
            let read = withoutRatesReadAsAmounts(reader.labelled(prices, currency: currency), in: t)
            return withIntegersDoubted(read, prose: Set(prose.map { prices[$0].range }))
        }
        var out = prices
        for code in codes.sorted() {
            let others = Set(prices.indices.filter { Self.currencyCode(prices[$0]) != code })
            var reader = ReceiptReader(t: t, prices: prices, prose: prose.union(others), damaged: false, roles: roles)
            reader.cashRoundingStep = CashRounding.step(currency: code, region: region)
            let read = reader.labelled(prices, currency: code)
            for i in prices.indices where !others.contains(i) {
                out[i].label = read[i].label
                out[i].confidence = read[i].confidence
            }
        }
        let read = withoutRatesReadAsAmounts(withoutConvertedTotals(out, in: t, currency: currency), in: t)
        return withIntegersDoubted(read, prose: Set(prose.map { prices[$0].range }))
    }

    /// Whether the page is a refund slip: every amount on its total, subtotal, tax, payment and cash lines is below zero,
    /// on two such lines or more, a total's among them (`REFUND TOTAL -14.06`, `VISA CREDIT -14.06`).
    var isRefund: Bool {
        let signed = lines.filter { line in
            !line.inSummary && (Self.isTotalRole(line.role) || [.subtotal, .tax, .payment, .cash].contains(line.role))
        }
        let amounts = signed.flatMap { $0.amounts.filter { $0.price != nil } }
        return signed.count >= 2 && !amounts.isEmpty && amounts.allSatisfy { $0.cents < 0 }
            && signed.contains { Self.isTotalRole($0.role) && $0.amounts.contains { $0.price != nil } }
    }

    /// A refund slip read as a sale with every amount's sign turned (the arithmetic weighs amounts above zero), its
    /// labels and confidences then given to the amounts as printed; an amount the reader added or read again gets its
    /// sign turned back.
    static func readAsRefund(
        _ prices: [DetectedText], in t: UTF8Text, currency: String?, prose: Set<Int>, decimals: Int, spaceGroups: Bool,
        roles: LineRoles
    ) -> [DetectedText] {
        func turned(_ p: DetectedText) -> DetectedText {
            var p = p
            let number = p.normalized.prefix { $0 != " " }
            p.normalized = (number.hasPrefix("-") ? String(number.dropFirst()) : "-" + number) + p.normalized.dropFirst(number.count)
            return p
        }
        let sale = prices.map(turned)
        var reader = ReceiptReader(
            t: t, prices: sale, prose: prose, decimals: decimals, spaceGroups: spaceGroups, currency: currency, roles: roles)
        var out: [DetectedText] = []
        for r in withoutRatesReadAsAmounts(reader.labelled(sale, currency: currency), in: t) {
            guard let i = sale.firstIndex(where: { $0.range == r.range && $0.type == r.type }) else {
                out.append(turned(r))
                continue
            }
            var p = r.normalized == sale[i].normalized ? prices[i] : turned(r)
            (p.label, p.confidence) = (r.label, r.confidence)
            out.append(p)
        }
        return withIntegersDoubted(out, prose: Set(prose.map { prices[$0].range }))
    }

    /// On a receipt that prints its amounts with cents (three or more, and one integer at most), that integer of three
    /// digits or more is read as printed only unsurely: its separator or its decimals were likely lost (`$2450` among
    /// `$0.79`, `$0.99` and `SUB TOTAL $26.28`; `RM 5.969` for 5.96), so its confidence is at most
    /// `doubtedIntegerConfidence`, and one with a leading zero (`$04018600`, a reference number after a misread `S`) is
    /// no amount at all. A total keeps what the arithmetic says of it (`Total Invoice Value: 557` in whole units), and
    /// an amount in running text (`prose`: its range) is no receipt's.
    static func withIntegersDoubted(_ prices: [DetectedText], prose: Set<Range<Int>>) -> [DetectedText] {
        // The digits as printed (the normalized amount has no leading zeros: `RM000` is 0, `$04018600` 4018600).
        func integer(_ p: DetectedText) -> [Character]? {
            let number = p.normalized.split(separator: " ").first ?? ""
            return number.contains(".") ? nil : p.value.filter { $0.isASCII && $0.isNumber }
        }
        let receipt = prices.filter { !prose.contains($0.range) }
        let integers = receipt.indices.filter { integer(receipt[$0]) != nil }
        guard integers.count == 1, receipt.count - integers.count >= 3, let digits = integer(receipt[integers[0]]), digits.count >= 3
        else { return prices }
        let doubted = receipt[integers[0]]
        guard doubted.label != .total, let k = prices.firstIndex(where: { $0.range == doubted.range }) else { return prices }
        var out = prices
        if digits.first == "0", digits.contains(where: { $0 != "0" }) {
            out.remove(at: k)
        } else {
            out[k].confidence = min(out[k].confidence ?? 1, Self.doubtedIntegerConfidence)
        }
        return out
    }

    /// How sure an integer among amounts printed with cents is at most (`withIntegersDoubted`).
    static let doubtedIntegerConfidence = 0.5

    /// `prices` without a number printed right after `@` before a tax's amount on its line: the tax's rate, whose `%`
    /// the OCR read as a digit (`CGST @2.58 13.25` for `CGST @2.5% 13.25`), not an amount. (On an item's line the
    /// number after `@` is a unit price, `2 @ 1.99 3.98`: only a line whose next amount is a tax's.)
    static func withoutRatesReadAsAmounts(_ prices: [DetectedText], in t: UTF8Text) -> [DetectedText] {
        var dropped = Set<Int>()
        for (i, price) in prices.enumerated() where price.label == nil || price.label == .tax {
            var k = price.range.lowerBound - 1
            while k >= 0, t[k] == 0x20 { k -= 1 }
            guard k >= 0, t[k] == UInt8(ascii: "@"), i + 1 < prices.count, prices[i + 1].label == .tax,
                t.lineRange(containing: price.range.lowerBound).contains(prices[i + 1].range.lowerBound)
            else { continue }
            dropped.insert(i)
        }
        return dropped.isEmpty ? prices : prices.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
    }

    /// One total where a page converts its total to another currency at a rate it prints (`Za platiti 0,50 EUR` …
    /// `UKUPNO 3,77 KN (1 euro = 7,53450 kuna)`, a card slip's dynamic currency conversion): the page's own currency's
    /// total, or else the surer one, stays the total, and the converted one is an amount. Without a printed rate two
    /// currencies' totals are two receipts' and both stay.
    static func withoutConvertedTotals(_ prices: [DetectedText], in t: UTF8Text, currency: String?) -> [DetectedText] {
        let totals = prices.indices.filter { prices[$0].label == .total }
        guard Set(totals.compactMap { currencyCode(prices[$0]) }).count > 1, printsExchangeRate(t) else { return prices }
        guard
            let kept = totals.first(where: { currencyCode(prices[$0]) == currency })
                ?? totals.max(by: { (prices[$0].confidence ?? 0) < (prices[$1].confidence ?? 0) })
        else { return prices }
        var out = prices
        for i in totals where currencyCode(prices[i]) != currencyCode(prices[kept]) { out[i].label = nil }
        return out
    }

    /// Whether the page prints an exchange rate: a rate's word (`exchange rate`, `Wechselkurs`, `tečaj`, `курс`,
    /// `taux de change`, `tipo de cambio`), or `=` before a number with four or more decimals (`1 euro = 7,53450`).
    static func printsExchangeRate(_ t: UTF8Text) -> Bool {
        for i in 0..<t.count where t[i] == UInt8(ascii: "=") {
            var k = i + 1
            while k < t.count, t[k] == 0x20 { k += 1 }
            let whole = t.digitRun(from: k)
            if whole > 0, t[k + whole] == UInt8(ascii: ".") || t[k + whole] == UInt8(ascii: ","), t.digitRun(from: k + whole + 1) >= 4 {
                return true
            }
        }
        return t.contains(anyOf: exchangeRateWordBytes, in: 0..<t.count)
    }

    /// The words, byte by byte in small and capital letters (the search ignores only ASCII letters' case).
    static let exchangeRateWordBytes: [[UInt8]] = [
        "exchange rate", "conversion rate", "wechselkurs", "umrechnungskurs", "tečaj", "tecaj", "курс", "taux de change",
        "tipo de cambio", "tasso di cambio", "taxa de câmbio", "taxa de cambio", "wisselkoers", "kurs wymiany", "směnný kurz",
        "árfolyam", "arfolyam",
    ].flatMap { word in Set([word, word.uppercased()]).map { Array($0.utf8) } }

    /// The ISO code in a price's normalized form (`12.50 EUR` → `EUR`), nil without one.
    static func currencyCode(_ price: DetectedText) -> String? {
        guard let space = price.normalized.firstIndex(of: " ") else { return nil }
        return String(price.normalized[price.normalized.index(after: space)...])
    }

    /// The roles of a page's lines and of the labels before its amounts, each read once: a page with amounts in
    /// several currencies is read once for each, and the lexicon is most of the reader's time.
    final class LineRoles {
        private let t: UTF8Text
        private var known: [Range<Int>: ReceiptLexicon.Role?] = [:]

        init(_ t: UTF8Text) { self.t = t }

        func role(_ range: Range<Int>) -> ReceiptLexicon.Role? {
            if let role = known[range] { return role }
            let role = ReceiptLexicon.role(of: t.string(range))
            known[range] = role
            return role
        }

        /// The role of the label at `range`, right before an amount (`ReceiptLexicon.labelRole`).
        func labelRole(_ range: Range<Int>) -> ReceiptLexicon.Role? {
            let role = self.role(range)
            return role == .taxSummary ? ReceiptLexicon.labelRole(of: t.string(range)) : role
        }

        /// The role of the line at `range` read with a space before the currency code its first word ends in
        /// (`TOTALAUD 20.42`, `SUMMEEUR 12,50`: the OCR lost the space), nil when the word ends in none.
        func roleWithCodeApart(_ range: Range<Int>) -> ReceiptLexicon.Role? {
            var start = range.lowerBound
            while start < range.upperBound, t[start] == 0x20 { start += 1 }
            var end = start
            while end < range.upperBound, UTF8Text.isASCIILetter(t[end]) { end += 1 }
            guard end - start >= 6, end == range.upperBound || !t.isWordByte(at: end) else { return nil }
            let code = String(decoding: t.bytes[(end - 3)..<end], as: UTF8.self).uppercased()
            guard CurrencySymbols.commonCodes.contains(code) else { return nil }
            return ReceiptLexicon.role(of: t.string(range.lowerBound..<(end - 3)) + " " + t.string((end - 3)..<range.upperBound))
        }
    }

    /// `damaged`: whether to read the amounts the OCR damaged too. `decimals`: those of the amounts' units, 2, or 3 for
    /// amounts in thousandths (`Thousandths`), whose integers are not read as amounts with a lost separator. `roles`:
    /// the page's roles as far as read (shared by the readers of one page). `spaceGroups`: the region groups thousands
    /// with a space (`DamagedAmount.find`). `currency`: the page's, when known.
    init(
        t: UTF8Text, prices: [DetectedText], prose: Set<Int> = [], damaged: Bool = true, decimals: Int = 2, spaceGroups: Bool = false,
        currency: String? = nil, roles: LineRoles? = nil
    ) {
        let roles = roles ?? LineRoles(t)
        self.t = t
        printsDollarSign = prices.contains { p in
            p.value.utf8.contains(UInt8(ascii: "$")) && Self.currencyCode(p).map(Self.dollarCurrencies.contains) == true
        }
        var byLine: [Int: [Int]] = [:]
        let ranges = t.lines
        var lineOfOffset: [Int] = []
        lineOfOffset.reserveCapacity(t.count + 1)
        for (index, range) in ranges.enumerated() {
            while lineOfOffset.count <= range.upperBound { lineOfOffset.append(index) }
        }
        for (i, price) in prices.enumerated() {
            let offset = min(price.range.lowerBound, lineOfOffset.count - 1)
            if offset >= 0 { byLine[lineOfOffset[offset], default: []].append(i) }
        }
        // Whether the receipt prints cents (three or more amounts with two decimals, at most one integer): then an
        // integer on a total line may be an amount whose separator the OCR lost.
        let withCents = prices.count { $0.normalized.split(separator: " ").first?.contains(".") == true }
        let printsCents = damaged && decimals == 2 && withCents >= 3 && prices.count - withCents <= 1
        // A receipt in a currency of whole units prints no cents: amounts with cents among more whole ones are
        // misreadings (`DPP= 55.13S  PPN= 6.06S` for 55,135 and 6,065 rupiah).
        let inWholeUnits = currency.map(CurrencySymbols.wholeUnitCodes.contains) ?? false
        let printsWhole = withCents == 0 || (inWholeUnits && withCents * 2 < prices.count)
        if printsWhole, !prices.isEmpty { printedStep = 100 }
        for (index, range) in ranges.enumerated() {
            // A blank line (an OCR's gap between blocks: `Valor Total R$` / `` / `190,13`) is no line of the receipt:
            // a label above it still labels the amount below it.
            if range.allSatisfy({ UTF8Text.isSpace(t[$0]) }) { continue }
            var amounts: [Amount] = []
            // After a price in running text, only the words since it label the row's own amounts (`Valor total R$
            // 1.234,56 em 15/03/2025; frete grátis acima de R$ 99.`: the total's word is the first amount's).
            let onLine = byLine[index] ?? []
            let hasProse = !prose.isEmpty && onLine.contains(where: prose.contains)
            var cut: Int?
            if hasProse, let first = onLine.filter({ !prose.contains($0) }).map({ prices[$0].range.lowerBound }).min() {
                cut = onLine.filter { prose.contains($0) }.map { prices[$0].range.upperBound }.filter { $0 <= first }.max()
            }
            var role = Self.role(
                of: (cut ?? range.lowerBound)..<range.upperBound, amounts: onLine.map { prices[$0].range }, in: t, roles: roles)
            // `¥687-` on a line of its own: the amount a Japanese receipt slip (領収証) closes with a dash is what was paid.
            if role == nil, onLine.count == 1, Self.isClosedYenAmount(prices[onLine[0]]) { role = .total(strength: 2) }
            for i in byLine[index] ?? [] where !prose.contains(i) {
                // A scale letter glued to the amount (`$12.50m` on a total line) is OCR noise on a receipt: no
                // receipt amount, rather than a total of millions.
                if role != nil, Self.endsInGluedScale(prices[i].value) { continue }
                guard let cents = Self.cents(prices[i].normalized) else { continue }
                amounts.append(Amount(range: prices[i].range, cents: cents, price: i, repair: nil))
                if printsCents, Self.isTotalRole(role) {
                    for alternative in Self.separatorsOfInteger(prices[i].normalized) {
                        amounts.append(Amount(range: prices[i].range, cents: alternative, price: nil, repair: .separatorOfInteger))
                    }
                }
                if printsCents, Self.isTotalRole(role) || role == .subtotal || role == .cash || role == .change,
                    let (joined, whole) = Self.splitIntegerReading(
                        of: prices[i].range, cents: cents, currency: Self.currencyCode(prices[i]), in: t)
                {
                    amounts.append(Amount(range: joined, cents: whole, price: nil, repair: .separatorOfInteger))
                }
                if let dollar = DamagedAmount.prefixedDollarReading(of: prices[i].range, cents: cents, in: t) {
                    amounts.append(Amount(range: dollar.range, cents: dollar.cents, price: nil, repair: .dollarSign))
                }
            }
            // The foot's figures all printed without their separator (`SUBTOTAL 13944`, `TAX 1 7000 458`, `TOTAL
            // 14402` on a faint thermal print): the integer that ends such a line, as cents, which only the
            // arithmetic confirms; or, on a total's line, as whole units, a total rounded to them (`Total Invoice Value:
            // 557` under `SubTotal: 530.00`, `GST@5% 26.50`, `Round Off: 0.50`), which only the arithmetic confirms too
            // (not a subtotal's or a tax's: read so together, a foot printed without separators adds up in whole units
            // as it does in cents).
            // (Not a registration number, `VAT Reg. No: MT 2345 6789`.)
            if printsCents, amounts.isEmpty, role == .subtotal || role == .tax || Self.isTotalRole(role),
                let end = Self.trailingInteger(in: range, of: t), !Self.namesARegistration(range.lowerBound..<end.lowerBound, in: t)
            {
                amounts.append(Amount(range: end, cents: t.intValue(end), price: nil, repair: .separatorOfInteger))
                if Self.isTotalRole(role), t.intValue(end) < Self.largestWholeAmount {
                    amounts.append(Amount(range: end, cents: t.intValue(end) * 100, price: nil, repair: .wholeUnits, whole: true))
                }
            }
            // So are the cash handed over and the change given (their `$` perhaps read as an `S`: `Change S155` for
            // $1.55), which only the arithmetic confirms too.
            // (Not a number an identifier's words stand before: `Cash Inv No.: 7005711` is a cash sale's invoice.)
            if printsCents, amounts.isEmpty, role == .cash || role == .change,
                let end = Self.trailingInteger(in: range, of: t, signed: true), end.count <= 5,
                PhoneLabels.nearest(before: end.lowerBound, in: t)?.kind != .identifier
            {
                amounts.append(Amount(range: end, cents: t.intValue(end), price: nil, repair: .separatorOfInteger))
            }
            // So is an amount with a third decimal, a speck or the `€` after it read as a digit (`Total TTC 4,766` for
            // 4,76 €), or a digit of its cents read twice (`TOTAL 199.550` for 199.50): readings only the arithmetic
            // confirms.
            if printsCents, amounts.isEmpty, role == .subtotal || role == .tax || Self.isTotalRole(role),
                let (end, readings) = Self.trailingThirdDecimal(in: range, of: t)
            {
                for cents in readings { amounts.append(Amount(range: end, cents: cents, price: nil, repair: .separatorOfInteger)) }
            }
            // Damaged amounts only where a receipt's amounts stand: on lines with a role, or at a line's end (a lost
            // separator only behind a currency's mark there: `TOze $34 35`); never on a count (`Qty 2 13`).
            // (On a receipt that prints no cents, none are read into a damaged amount: `FIZETEND0: 7 68S Ft` is 7,685
            // forints, not 7.68.)
            for d in damaged
                ? DamagedAmount.find(
                    in: range, of: t, avoiding: amounts.map(\.range), decimals: decimals, spaceGroups: spaceGroups) : []
            where (role != nil || d.repair != .lostSeparator || Self.currencyMark(endingBefore: d.range.lowerBound, in: t))
                && role != .count && role != .taxSummary && (!d.whole || printsWhole) && (printedStep == 1 || d.cents % 100 == 0)
            {
                amounts.append(Amount(range: d.range, cents: d.cents, price: nil, repair: d.repair, whole: d.whole))
                if let dollar = DamagedAmount.dollarReading(of: d, in: t)
                    ?? DamagedAmount.prefixedDollarReading(of: d.range, cents: d.cents, in: t)
                {
                    amounts.append(Amount(range: dollar.range, cents: dollar.cents, price: nil, repair: .dollarSign))
                }
            }
            amounts.sort { $0.range.lowerBound < $1.range.lowerBound }
            let line = Line(index: lines.count, range: range, role: role, amounts: amounts)
            let printed = hasProse && line.amounts.count >= 2 ? onLine.map { prices[$0].range } : []
            for var piece in Self.labelledPieces(of: line, in: t, roles: roles, printed: printed) {
                // A tax line that prints the amount taxed before the tax (`T = CA TAX 7.250 on 5.49  0.40`): the larger
                // amounts are that base, not tax.
                if piece.role == .tax, piece.amounts.count >= 2, let last = piece.amounts.last?.cents, last > 0,
                    piece.amounts.dropLast().allSatisfy({ $0.cents > last }), !t.string(piece.range).contains("%")
                {
                    piece.amounts = [piece.amounts[piece.amounts.count - 1]]
                }
                // `MwSt 19% von 3,74`, `VAT 20% on 12.50`: the amount after `von`/`on` is the one taxed, not the tax.
                if piece.role == .tax || piece.role == .includedTax {
                    piece.amounts.removeAll { Self.isTaxBase($0.range.lowerBound, in: t) }
                }
                piece.index = lines.count
                lines.append(piece)
            }
        }
        dropSuggestedTips()
        let columns = markLabelColumns()
        markLabelsBelowAmounts()
        markLabelsAboveAmounts(besides: columns)
        markItemCountTotal()
        markBalanceAfterCash()
        markSummaryRows()
        markTotalsWithTheirTax()
        markTaxLinesTheSumsClose()
        markIncludedTaxLines()
        markCreditedGroupTotals()
    }

    /// The role of the line at `range` whose amounts stand at `amounts`: the role its words name, but for a price
    /// followed by the tax it includes (`Preis 45,00 € (inkl. MwSt.)`, `Hotel 120.00 incl. VAT`), whose role is
    /// that of the words before it (none for `Preis`), not the tax's.
    static func role(of range: Range<Int>, amounts: [Range<Int>], in t: UTF8Text, roles: LineRoles) -> ReceiptLexicon.Role? {
        let role = roles.role(range) ?? roles.roleWithCodeApart(range)
        if role == .taxSummary, let first = amounts.map(\.lowerBound).min(), first > range.lowerBound {
            return roles.labelRole(range.lowerBound..<first)
        }
        // A count in brackets after a label (`TOTAL [Item count 3] $8.97`, `TOTAL (QTY 3)`) is an aside: the words
        // before the bracket name the line.
        if role == .count, let open = range.first(where: { t[$0] == UInt8(ascii: "[") || t[$0] == UInt8(ascii: "(") }),
            open > range.lowerBound, let label = roles.role(range.lowerBound..<open), label != .count
        {
            return label
        }
        // So is a count between a label and its amount in a currency (`TOTAL 8 ITEMS HK$ 83.70`): the words before the
        // count name the line, where they name an amount (`Total items 8 $83.70` is a count, `TOTAL QTY 3` too).
        if role == .count, let first = amounts.map(\.lowerBound).min(), Self.currencyMark(endingBefore: first, in: t),
            let digit = (range.lowerBound..<first).first(where: { t.isDigit(at: $0) }), digit > range.lowerBound,
            t[digit - 1] == 0x20, let label = roles.role(range.lowerBound..<digit), Self.isTotalRole(label) || label == .subtotal
        {
            return label
        }
        // An item row that names a card (`GREETING CARD BIRTHDAY 5.99 H`, `SD CARD 32GB 12.99 T`): the tax class after
        // its amount says it was sold, not paid with.
        if role == .payment, let last = amounts.map(\.upperBound).max(), Self.taxClassEnds(after: last, line: range, in: t) {
            return nil
        }
        // A label glued to its amount's mark (`TOTALRM9.00`): the words before the amount name the role.
        if role == nil, let first = amounts.map(\.lowerBound).min(), first > range.lowerBound, t.isLetter(at: first - 1) {
            return roles.role(range.lowerBound..<first)
        }
        guard role == .includedTax, let first = amounts.map(\.lowerBound).min(), let last = amounts.map(\.upperBound).max(),
            first > range.lowerBound, last < range.upperBound, roles.role(last..<range.upperBound) == .includedTax
        else { return role }
        let label = range.lowerBound..<first
        guard label.count(where: { t.isLetter(at: $0) }) >= 2 else { return role }
        let labelRole = roles.role(label)
        return labelRole == .tax || labelRole == .includedTax ? role : labelRole
    }

    /// Whether one capital letter, a tax class, is all that follows `index` on its line, a space before it (`5.99 H`).
    static func taxClassEnds(after index: Int, line: Range<Int>, in t: UTF8Text) -> Bool {
        var k = index
        while k < line.upperBound, t[k] == 0x20 { k += 1 }
        guard k > index, k < line.upperBound, t[k] >= 0x41, t[k] <= 0x5A else { return false }
        return (k + 1..<line.upperBound).allSatisfy { t[$0] == 0x20 || t[$0] == 0x0D }
    }

    /// Whether a currency's sign or code stands right before `start`, spaces between or not (`HK$ 83.70`).
    static func currencyMark(endingBefore start: Int, in t: UTF8Text) -> Bool {
        var k = start
        while k > 0, t[k - 1] == 0x20 { k -= 1 }
        return CurrencySymbols.mark(endingAt: k, in: t) != nil
    }

    /// A row that prints several labels, each before its amount (`Total €119.00 (incl. VAT €19.00)`, `Subtotal 100.00
    /// VAT 19.00 Total 119.00`, `Cash 50.00 Change 4.10`): one line for each label and the amounts after it, so
    /// that the tax is not read as the total. A row with one label keeps its amounts together (`TAX 7.250 on 5.49 0.40`).
    /// `printed`: every price on the line, also those in running text, which are no amounts of the row but end the
    /// text before the next one (`Subtotal: $1,234.56, tax $98.76, total $1,333.32, due 03/15/2025.`: the first
    /// amount is prose, and `Subtotal` is not the tax's label).
    static func labelledPieces(of line: Line, in t: UTF8Text, roles: LineRoles, printed: [Range<Int>] = []) -> [Line] {
        // Where the amounts stand, in order (a reading's alternatives share one, a damaged reading may overlap another).
        var spans: [Range<Int>] = []
        for a in line.amounts {
            if let last = spans.last, a.range.lowerBound < last.upperBound {
                spans[spans.count - 1] = last.lowerBound..<max(last.upperBound, a.range.upperBound)
            } else {
                spans.append(a.range)
            }
        }
        guard spans.count >= 2, line.range.lowerBound <= spans[0].lowerBound, spans[spans.count - 1].upperBound <= line.range.upperBound
        else { return [line] }
        // The text before each amount, back to the amount before it, and the role it names.
        var pieces: [(range: Range<Int>, role: ReceiptLexicon.Role?)] = []
        for (k, span) in spans.enumerated() {
            let lower = k == 0 ? line.range.lowerBound : spans[k - 1].upperBound
            let upper = k == spans.count - 1 ? line.range.upperBound : span.upperBound
            let labelStart = printed.lazy.map(\.upperBound).filter { $0 > lower && $0 <= span.lowerBound }.max() ?? lower
            pieces.append((lower..<upper, roles.labelRole(labelStart..<span.lowerBound)))
        }
        let roles = pieces.compactMap(\.role)
        guard roles.count >= 2, Set(roles).count >= 2, pieces[0].role != nil else { return [line] }
        // Amounts without a label of their own belong to the label before them.
        var out: [Line] = []
        for piece in pieces {
            let amounts = line.amounts.filter { piece.range.contains($0.range.lowerBound) }
            if piece.role == nil, !out.isEmpty {
                out[out.count - 1].range = out[out.count - 1].range.lowerBound..<piece.range.upperBound
                out[out.count - 1].amounts += amounts
            } else {
                out.append(Line(index: line.index, range: piece.range, role: piece.role, amounts: amounts))
            }
        }
        return out
    }

    /// A restaurant check's table of suggested tips (`Suggested Tip:` / `18%: Tip $7.29, Total $51.38` / `20%: …`;
    /// `15% = $6.08 (Total $50.17)`): none of its tips was paid and none of its totals charged, so its amounts are no
    /// part of the receipt's arithmetic (each row's total is the check's total plus its tip, and would be taken for the
    /// total). The table: the printed lines that give a rate, from the line after a heading that suggests tips, gaps of
    /// one line allowed (an OCR that split a row), or without a heading, two or more rows of a rate, a tip and a total
    /// whose totals less their tips are the same.
    mutating func dropSuggestedTips() {
        // Rows give a rate: a page without one has no such table.
        guard lines.count >= 2, lines.contains(where: { line in line.range.contains { t[$0] == UInt8(ascii: "%") } }) else { return }
        // The printed lines (pieces of one line share it): their ranges, and each line's.
        var printed: [Int] = []
        var ranges: [Range<Int>] = []
        for line in lines {
            let range = t.lineRange(containing: line.range.lowerBound)
            if ranges.last != range { ranges.append(range) }
            printed.append(ranges.count - 1)
        }
        let hasRate = ranges.map { $0.contains { t[$0] == UInt8(ascii: "%") } }
        let namesTips = ranges.map { t.contains(anyOf: Self.tipWords, in: $0) }
        let heading = ranges.indices.map { p in
            (namesTips[p] || (p + 1 < ranges.count && namesTips[p + 1])) && t.contains(anyOf: Self.suggestionWords, in: ranges[p])
        }
        // A row without a heading: a rate and two amounts, a tip and the total with it; the totals less the tips of two
        // rows in a row are the same check.
        var amounts = [[Int]](repeating: [], count: ranges.count)
        for (k, line) in lines.enumerated() { amounts[printed[k]] += line.amounts.map(\.cents) }
        let check = amounts.map { a in a.count == 2 && a.allSatisfy { $0 > 0 } ? abs(a[1] - a[0]) : nil }
        var dropped = Set<Int>()
        var p = 0
        while p < ranges.count {
            // The rows: rate lines after a heading (the heading's own line too when it gives one), or from here when this
            // and the next printed line are rows alike.
            var first: Int
            if heading[p] {
                first = hasRate[p] ? p : p + 1
            } else if hasRate[p], p + 1 < ranges.count, hasRate[p + 1], let c = check[p], c == check[p + 1] {
                first = p
            } else {
                p += 1
                continue
            }
            var last = first - 1
            var k = first
            while k < ranges.count, k - first < Self.suggestionRowsMaximum {
                if hasRate[k] {
                    last = k
                } else if !(k + 1 < ranges.count && hasRate[k + 1] && k > first) {
                    break
                }
                k += 1
            }
            if last >= first { for row in first...last { dropped.insert(row) } }
            p = max(p + 1, last + 1)
        }
        guard !dropped.isEmpty else { return }
        for k in lines.indices where dropped.contains(printed[k]) {
            lines[k].role = nil
            lines[k].amounts = []
        }
    }

    /// Words of a heading over suggested tips (lower case, matched in any case), beside a word for the tip on its line
    /// or the next.
    static let suggestionWords = ["suggest", "sugerid", "sugerencia", "sugg", "guide", "calculat", "for your convenience"].map {
        Array($0.utf8)
    }
    static let tipWords = ["tip", "gratuit", "propina", "pourboire", "trinkgeld"].map { Array($0.utf8) }

    /// The most printed lines a table of suggested tips spans.
    static let suggestionRowsMaximum = 10

    /// A label on a line of its own above its amount (`TOTAL` / `5.70`, `Amount Due:` / `£5.70`: a layout that prints
    /// the amount below, or an OCR that read the two as separate rows): the amount's line, with nothing else on it but a
    /// currency mark or code, takes the label's role.
    mutating func markLabelsAboveAmounts(besides columns: Set<Int> = []) {
        // A label of a column (below): no digits but a rate's (`Posten: 33` above `SUMME €` / `79,76` and `5,63 IVA 10%`
        // above `Net Total:` / `Subtotal` / `Total` / `61,95` are none; `TOTAL INCLUSIVE GST 6% :` above `ROUNDING
        // ADJUSTMENT :` / `ROUNDED TOTAL (RM):` / `CASH` / `13.50` is one).
        func isColumnLabel(_ line: Line) -> Bool {
            line.role != nil && line.role != .count && line.amounts.isEmpty
                && line.range.allSatisfy { !t.isDigit(at: $0) || isRate(at: $0) } && ReceiptLexicon.isLabelOnly(t.string(line.range))
        }
        for i in lines.indices.dropLast() where !columns.contains(i) {
            guard var role = labelAlone(at: i) else { continue }
            // The last of a column of labels (`SUB-TOTAL` / `18% GRATUITY` / `TOTAL`, then their amounts): an OCR that
            // reads the labels' column before the amounts' puts the first label's amount below the last label. Only a
            // column headed by the total takes it (`TOTAL` / `CASH` / `CHANGE DUE` / `£27.32`): a subtotal heading one
            // is followed by what is added to it, and its amount would be taken for the total.
            var first = i
            while first > 0, isColumnLabel(lines[first - 1]) { first -= 1 }
            if first < i {
                guard let firstRole = lines[first].role, Self.isTotalRole(firstRole) else { continue }
                role = firstRole
            }
            // (A row that prints another figure with cents beside its amount is a tax table's, its header lost: `10
            // 36.34 3.63`, the rate, the net and the tax. Only a tax's label takes it.)
            let taxRow = Self.figures(in: lines[i + 1].range, of: t).count >= 2
            if isAmountAlone(lines[i + 1]), !taxRow || role == .tax || role == .includedTax { lines[i + 1].role = role }
        }
    }

    /// A column of labels followed by the column of their amounts (`Subtotal` / `Tax` / `Total` / `$174.00` / `$14.36` /
    /// `$188.36`: an OCR that stores a receipt's blocks, labels first): each label takes the amount in its place when
    /// that closes the receipt's arithmetic (174.00 + 14.36 = 188.36). Where the amounts' column is longer, the items'
    /// amounts above the foot's (`CELKEM` / `Platba kartou` / `K ÚHRADĚ` / `192,00` / `49,00` / … / `903,00` / `903,00` /
    /// `903,00`), the labels take the column's last amounts when those close it. Returns the labels' lines so matched.
    mutating func markLabelColumns() -> Set<Int> {
        var matched = Set<Int>()
        var i = 0
        while i < lines.count {
            var labels: [ReceiptLexicon.Role] = []
            while i + labels.count < lines.count, let role = labelAlone(at: i + labels.count) { labels.append(role) }
            guard labels.count >= 2 else {
                i += 1
                continue
            }
            let first = i + labels.count
            var count = 0
            while first + count < lines.count, count < Self.amountColumnMaximum, isAmountAlone(lines[first + count], misread: true) {
                count += 1
            }
            let last = first + count - labels.count
            for start in last > first ? [first, last] : [first] where count >= labels.count {
                let column = lines[start..<(start + labels.count)]
                guard closes(zip(labels, column).map { ($0, $1.amounts[0].cents) }) else { continue }
                for (k, role) in labels.enumerated() { lines[start + k].role = role }
                matched.formUnion(i..<first)
                break
            }
            i = first
        }
        return matched
    }

    /// The most amounts alone a column of labels' amounts is looked for in (the items' amounts above the foot's).
    static let amountColumnMaximum = 60

    /// Labels on lines of their own below their amounts (`$38.68` / `SUBTOTAL` / `$38.68` / `TOTAL` / `$40.00` / `CASH` /
    /// `$1.32` / `CHANGE`: an OCR's text stored amount before label, or bottom to top): when two or more labels stand
    /// between amounts alone, each label takes the amount above it where that closes the receipt's arithmetic (cash −
    /// change, subtotal + tax, or a payment equal to the total) and the amounts below them do not.
    mutating func markLabelsBelowAmounts() {
        var above: [(label: Int, role: ReceiptLexicon.Role)] = [], below: [(label: Int, role: ReceiptLexicon.Role)] = []
        for i in lines.indices {
            guard let role = labelAlone(at: i) else { continue }
            if i > 0, isAmountAlone(lines[i - 1]) { above.append((i, role)) }
            if i + 1 < lines.count, isAmountAlone(lines[i + 1]) { below.append((i, role)) }
        }
        guard above.count >= 2, !closes(below.map { ($0.role, lines[$0.label + 1].amounts[0].cents) }),
            closes(above.map { ($0.role, lines[$0.label - 1].amounts[0].cents) })
        else { return }
        for (label, role) in above { lines[label - 1].role = role }
    }

    /// Whether labelled amounts close a receipt's arithmetic: a total that is cash − change, subtotal + tax, or a payment.
    private func closes(_ labelled: [(role: ReceiptLexicon.Role, cents: Int)]) -> Bool {
        func values(_ accept: (ReceiptLexicon.Role) -> Bool) -> [Int] { labelled.filter { accept($0.role) }.map(\.cents) }
        let totals = Set(values(Self.isTotalRole).filter { $0 > 0 })
        let cash = values { $0 == .cash }, change = values { $0 == .change }, payments = values { $0 == .payment }
        let subtotals = values { $0 == .subtotal }, taxes = values { $0 == .tax }
        return cash.contains { c in change.contains { totals.contains(c - $0) } }
            || subtotals.contains { s in taxes.contains { totals.contains(s + $0) } }
            || payments.contains { totals.contains($0) }
    }

    /// The role of the line at `i` when it is a label alone: no digit but a rate's (`Net Total 25. 2` has an amount the
    /// OCR damaged, not one next to it; `GST @ 6% :` is a label; a count of items before it is no amount: `3 BALANCE
    /// DUE`), a few words, not a table's column headers (`GST Rate Amt Excl GST(RM) Tax(RM)`; a language of
    /// one-syllable words spells a label in more: `TONG TIEN PHAI T.TOAN`), and only a label: an item's name with a
    /// label's word in it (`CHANGE PURSE`, `TIP TOP BREAD`) is none.
    func labelAlone(at i: Int) -> ReceiptLexicon.Role? {
        // (Most lines are amounts or have no role: done with before their digits are looked at.)
        guard let role = lines[i].role, role != .count, role != .taxSummary, lines[i].amounts.isEmpty else { return nil }
        var labelStart = lines[i].range.lowerBound
        while labelStart < lines[i].range.upperBound, t[labelStart] == 0x20 { labelStart += 1 }
        let count = t.digitRun(from: labelStart)
        if (1...2).contains(count), t[labelStart + count] == 0x20 { labelStart += count }
        var labelEnd = lines[i].range.upperBound
        // A count in brackets after the label (`TOTAL [Item count 3]`, `TOTAL (QTY 3)`) is an aside, no amount.
        if let open = (labelStart..<labelEnd).first(where: { t[$0] == UInt8(ascii: "[") || t[$0] == UInt8(ascii: "(") }),
            open > labelStart, ReceiptLexicon.role(of: t.string(open..<labelEnd)) == .count
        {
            labelEnd = open
        }
        // (A digit between letters is a letter the OCR misread: `Platba kart0u`.)
        let digits = (labelStart..<labelEnd).filter { t.isDigit(at: $0) && !(t.isLetter(at: $0 - 1) && t.isLetter(at: $0 + 1)) }
        guard digits.allSatisfy({ isRate(at: $0) }), Self.wordCount(lines[i].range.lowerBound..<labelEnd, of: t) <= 6,
            ReceiptLexicon.isLabelOnly(t.string(lines[i].range.lowerBound..<labelEnd))
        else { return nil }
        // A rate labels only a tax above its amount (`TOTAL INCLUDES 6% GST` / `3.98` states the tax a total includes),
        // and not above a tax summary's row (`S:GST(6%)` / `17.83` / `1.07`: the amount taxed, then the tax).
        if !digits.isEmpty, (role != .tax && role != .includedTax) || (i + 2 < lines.count && isAmountAlone(lines[i + 2])) {
            return nil
        }
        return role
    }

    /// Whether the digit at `k` is part of a rate (`6%`, `7,7 %`).
    private func isRate(at k: Int) -> Bool {
        var end = k
        while t.isDigit(at: end) || ((t[end] == UInt8(ascii: ".") || t[end] == UInt8(ascii: ",")) && t.isDigit(at: end + 1)) { end += 1 }
        if t[end] == 0x20 { end += 1 }
        return t[end] == UInt8(ascii: "%")
    }

    /// Whether `line` is one amount as printed and no more: no role, no rate (a row of a table under its column
    /// headers), nothing else on it but a currency mark or code.
    /// `misread`: also one whose digits the OCR read as letters (`2O9,00` among a column of amounts).
    func isAmountAlone(_ line: Line, misread: Bool = false) -> Bool {
        guard line.role == nil, line.amounts.count == 1,
            line.amounts[0].price != nil || line.amounts[0].repair == .spacedSeparator || (misread && line.amounts[0].repair == .letters),
            !line.range.contains(where: { t[$0] == UInt8(ascii: "%") })
        else { return false }
        var letters = 0
        var k = line.range.lowerBound
        while k < line.range.upperBound {
            if let a = line.amounts.first(where: { $0.range.contains(k) }) {
                k = a.range.upperBound
                continue
            }
            if t.isLetter(at: k) { letters += 1 }
            k += 1
        }
        return letters <= 3
    }

    /// Whether the amount at `start` follows a word that makes it the base a tax is taken of, after the rate
    /// (`19% von 3,74`, `20% on £12.50`, `TVA 20% sur 10,00`), a currency mark between them or not. Without a rate
    /// before it the amount after the word is the tax (`Includes VAT of £3.33`).
    static func isTaxBase(_ start: Int, in t: UTF8Text) -> Bool {
        var end = start
        while end > 0, t[end - 1] == 0x20 { end -= 1 }
        if let mark = CurrencySymbols.mark(endingAt: end, in: t) {
            end -= mark.bytes.count
            while end > 0, t[end - 1] == 0x20 { end -= 1 }
        }
        var begin = end
        while begin > 0, UTF8Text.isASCIILetter(t[begin - 1]) { begin -= 1 }
        guard end - begin >= 2, end - begin <= 5, begin == 0 || !t.isLetter(at: begin - 1),
            taxBaseWords.contains(t.string(begin..<end).lowercased())
        else { return false }
        return (t.lineRange(containing: begin).lowerBound..<begin).contains { t[$0] == UInt8(ascii: "%") }
    }

    private static let taxBaseWords: Set<String> = ["von", "on", "of", "sur", "su", "sobre", "over", "auf"]

    /// The runs of letters in `range` of `t`.
    static func wordCount(_ range: Range<Int>, of t: UTF8Text) -> Int {
        range.count { t.isLetter(at: $0) && !t.isLetter(at: $0 - 1) }
    }

    /// A weak total word right below the cash handed over, with less than that (`Cash 80.00` / `BALANCE 3.15`): the
    /// change given back, as Indian receipts print it, not a balance due.
    mutating func markBalanceAfterCash() {
        for i in lines.indices.dropFirst() where Self.totalStrength(lines[i].role) == 1 && lines[i].amounts.count == 1 {
            guard lines[i - 1].role == .cash, lines[i - 1].amounts.count == 1 else { continue }
            let (given, back) = (lines[i - 1].amounts[0].cents, lines[i].amounts[0].cents)
            if back >= 0, back < given { lines[i].role = .change }
        }
    }

    /// `TOTAL 2 ITEMS 3.68` on a receipt with no other total line: the total, saying how many items it is for (where
    /// another line is the total, such a line is a count of what it sums: no label).
    mutating func markItemCountTotal() {
        guard !lines.contains(where: { Self.isTotalRole($0.role) }) else { return }
        let counted = lines.indices.filter { i in
            let text = t.string(lines[i].range)
            return lines[i].role == .count && !lines[i].amounts.isEmpty && Self.countsItemsBefore(text) && ReceiptLexicon.hasTotalWord(text)
        }
        if counted.count == 1 { lines[counted[0]].role = .total(strength: 2) }
    }

    /// Whether `value` ends in a scale letter right after a digit (`12.50m`, `3bn`; not `12.50EUR`).
    static func endsInGluedScale(_ value: String) -> Bool {
        let b = Array(value.utf8)
        var k = b.count
        while k > 0, UTF8Text.isASCIILetter(b[k - 1]) { k -= 1 }
        guard k < b.count, k > 0, UTF8Text.isDigit(b[k - 1]) else { return false }
        return AmountWords.englishShortScales.contains(String(decoding: b[k...], as: UTF8.self))
    }

    /// Whether `line` prints a number right before an item-count noun (`2 Artikel`, `3 ITEMS`, `4 pcs`), as a total
    /// line does that says how many items it is for; a count line prints the noun first (`Item Count 3`, `Qty 2`).
    static func countsItemsBefore(_ line: String) -> Bool {
        let t = UTF8Text(line)
        for i in 0..<t.count where t.isDigit(at: i) && !t.isDigit(at: i + 1) {
            var j = i + 1
            while t[j] == 0x20 { j += 1 }
            for noun in countNouns where t.hasPrefix(noun, at: j) { return true }
        }
        return false
    }

    private static let countNouns = [
        "item", "artikel", "article", "articoli", "articulo", "artículo", "artikelen", "pcs", "stk", "stück", "posten", "unit",
    ]

    /// Lines worded as a total that state the tax a total includes (`TOTAL INCLUDES 6% GST 3.98`, `Total incl. 19%
    /// MwSt 1,23`): the line prints a rate and one amount, and that amount is the rate's share of a total, payment or
    /// cash amount of the receipt (3.98 = 70.30 × 6 / 106, to the cent). Such a line is the tax, not the total.
    mutating func markIncludedTaxLines() {
        var wholes = Set<Int>()
        for line in lines where Self.isTotalRole(line.role) || line.role == .payment || line.role == .cash {
            for a in line.amounts where a.cents > 0 { wholes.insert(a.cents) }
        }
        guard !wholes.isEmpty else { return }
        for i in lines.indices where Self.isTotalRole(lines[i].role) && lines[i].amounts.count == 1 {
            let a = lines[i].amounts[0].cents
            guard a > 0, let rate = Self.rate(in: t.string(lines[i].range)) else { continue }
            if wholes.contains(where: { Self.isIncludedShare(a, rate: rate, of: $0, step: printedStep) }) { lines[i].role = .tax }
        }
    }

    /// Tax lines worded as a total too, whose one amount is the gross of the tax the receipt prints elsewhere
    /// (`Total Selec Inchcive GST @6% 28.40`, the OCR's `Total Sales Inclusive GST`, read as `Total GST`, beside a tax
    /// summary's `1.61`: 28.40 × 6 / 106 = 1.61, to the cent). Such a line is the total, not the tax.
    mutating func markTotalsWithTheirTax() {
        var taxes = Set<Int>()
        for line in lines where line.role == .tax || line.role == .includedTax || line.inSummary {
            for a in line.amounts where a.cents > 0 { taxes.insert(a.cents) }
        }
        for i in lines.indices where lines[i].role == .tax && !lines[i].inSummary && lines[i].amounts.count == 1 {
            let a = lines[i].amounts[0].cents
            let text = t.string(lines[i].range)
            guard a > 0, let rate = Self.rate(in: text), ReceiptLexicon.hasTotalWord(text) else { continue }
            if taxes.contains(where: { $0 != a && Self.isIncludedShare($0, rate: rate, of: a, step: printedStep) }) {
                lines[i].role = .total(strength: 3)
            }
        }
    }

    /// A credited group's total printed right below its negative net and tax without its own minus (`Total 6%
    /// supplies (excl. GST): -17.73`, `GST: -1.07` or the OCR's `(ST: = -1.07`, `Total 6% supplies (Inc. GST): 18.80`):
    /// read as the credit it is, so that the groups add up to the amount payable (`Total 0% supplies: 39.01`, `Total
    /// Payable: 20.21`).
    mutating func markCreditedGroupTotals() {
        for i in lines.indices where Self.isTotalRole(lines[i].role) && lines[i].amounts.count == 1 && lines[i].amounts[0].cents > 0 {
            let credited = lines[i].amounts[0].cents
            let above = lines[max(0, i - 3)..<i].filter { $0.amounts.count == 1 && $0.amounts[0].cents < 0 && !$0.inSummary }
            guard let net = above.first(where: { $0.role == .subtotal }),
                above.contains(where: {
                    ($0.role == nil || $0.role == .tax) && $0.index != net.index
                        && $0.amounts[0].cents > net.amounts[0].cents && net.amounts[0].cents + $0.amounts[0].cents == -credited
                })
            else { continue }
            lines[i].amounts[0].cents = -credited
        }
    }

    /// Whether the words in `range` name a registration or an identifier (`VAT Reg. No:`, `GST ID`, `TRN`): the number
    /// after them is none of the receipt's amounts.
    static func namesARegistration(_ range: Range<Int>, in t: UTF8Text) -> Bool {
        let words = t.string(range).lowercased().split { !$0.isLetter }
        return words.contains { registrationWords.contains(String($0)) }
    }

    private static let registrationWords: Set<String> = [
        "reg", "regn", "registration", "registered", "id", "trn", "tin", "nr", "no", "number", "uid", "nip", "idnr",
    ]

    /// Lines read as a tax whose one amount the receipt's sums close as its total twice over: a subtotal and another
    /// tax line (and a rounding, where one is printed) come to it, and so does the cash handed over less the change
    /// (`Yhtal Sales (lnclusive of GST) : 32.70`, the OCR's `Total Sales (Inclusive of GST)`, below `Total Sales
    /// (Excluding GST) : 31.03`, `Total GST : 1.65`, `Rounding : 0.02`, above `CASH : 40.00`, `Change : 7.30`). A tax
    /// is never its subtotal plus another tax: such a line is the total. So is a line read as the tax a total
    /// includes (`lnclusive of GST`, its `In` misread, no longer `Total`'s).
    mutating func markTaxLinesTheSumsClose() {
        func single(_ role: ReceiptLexicon.Role) -> [Int] {
            lines.indices.filter { lines[$0].role == role && !lines[$0].inSummary && lines[$0].amounts.count == 1 }
        }
        let (taxLines, subtotals, cash, change) = (single(.tax), single(.subtotal), single(.cash), single(.change))
        let included = single(.includedTax)
        // One receipt's sums: a text of many receipts (or none) has more of them than any receipt prints.
        guard !taxLines.isEmpty, !subtotals.isEmpty, !cash.isEmpty, taxLines.count <= 12, subtotals.count <= 6, cash.count <= 6,
            change.count <= 6
        else { return }
        func amount(_ i: Int) -> Int { lines[i].amounts[0].cents }
        let roundings = [0] + single(.rounding).prefix(6).map(amount).flatMap { [$0, -$0] }
        let (subtotalAmounts, cashAmounts, changeAmounts) = (subtotals.map(amount).filter { $0 > 0 }, cash.map(amount), change.map(amount))
        for i in taxLines + included.prefix(6) {
            let a = amount(i)
            let taxes = taxLines.filter { $0 != i }.map(amount).filter { $0 > 0 && $0 < a }
            let sums = subtotalAmounts.contains { s in taxes.contains { t in roundings.contains { s + t + $0 == a } } }
            let paid = cashAmounts.contains { c in changeAmounts.isEmpty ? c == a : changeAmounts.contains { c - $0 == a } }
            if a > 0, sums, paid { lines[i].role = .total(strength: 2) }
        }
    }

    /// Whether `tax` is the share of `whole` that a tax at `rate` percent included in it comes to, to the cent
    /// (3.98 of 70.30 at 6 %), or within a unit where the page prints whole units (`step` 100: 25.745 ₫ of 283.200 ₫ at
    /// 10 %; Japanese tills round the tax down, `(内消費税 90)` of ¥1,000).
    static func isIncludedShare(_ tax: Int, rate: Double, of whole: Int, step: Int = 1) -> Bool {
        whole > tax && abs(Double(whole) * rate / (100 + rate) - Double(tax)) <= (step == 1 ? 0.5 : Double(step - 1))
    }

    /// Tax amounts read with a currency sign as their first digit (`CGST+SGST 5% 70.42` for ₹0.42 of a subtotal of
    /// 8.45): larger than the rate their line prints allows on the receipt's largest amount, and without that digit
    /// the rate's share of an amount printed on the receipt. No term of the arithmetic (a total misread the same way,
    /// `TOTAL 78.87`, would add up with them). (A `6% supplies` line's gross keeps its place.)
    func implausibleTaxAmounts() -> Set<Int> {
        let amounts = Set(lines.lazy.filter { !$0.inSummary && $0.role != .tax }.flatMap(\.amounts).map(\.cents).filter { $0 > 0 })
        guard let largest = amounts.max() else { return [] }
        var out = Set<Int>()
        for line in lines where line.role == .tax && !line.inSummary && line.amounts.count == 1 {
            let tax = line.amounts[0].cents
            guard tax >= 100, let rate = Self.rate(in: t.string(line.range)), Double(tax) > Double(largest) * rate / 100 * 1.1 + 3
            else { continue }
            guard let rest = Int(String(tax).dropFirst()) else { continue }
            let isShare = { (whole: Int) in
                abs(Double(whole) * rate / 100 - Double(rest)) <= 1 || Self.isIncludedShare(rest, rate: rate, of: whole, step: printedStep)
            }
            if amounts.contains(where: isShare) { out.insert(tax) }
        }
        return out
    }

    /// The one tax rate a line prints (`6%`, `19 %`, `7,7%`), between 0.5 and 30; nil for none or several.
    static func rate(in line: String) -> Double? {
        let t = UTF8Text(line)
        var rates: [Double] = []
        for k in 0..<t.count where t[k] == UInt8(ascii: "%") {
            let end = t[k - 1] == 0x20 ? k - 1 : k
            var start = end
            // Digits, and one decimal separator between digits (`7,7`).
            while t.isDigit(at: start - 1) || (".,".utf8.contains(t[start - 1]) && t.isDigit(at: start - 2) && start < end) {
                start -= 1
            }
            let digits = t.string(start..<end).replacingOccurrences(of: ",", with: ".")
            guard start < end, let value = Double(digits), value >= 0.5, value <= 30 else { continue }
            rates.append(value)
        }
        return rates.count == 1 ? rates[0] : nil
    }

    /// Whether a price is a yen amount closed with a dash, `¥687-`, `￥10,000-` (`PriceDetector`: no minus).
    static func isClosedYenAmount(_ price: DetectedText) -> Bool {
        let v = price.value
        return v.hasSuffix("-") && (v.hasPrefix("¥") || v.hasPrefix("￥")) && !price.normalized.hasPrefix("-")
    }

    /// The digits that end `line` after a space (trailing spaces aside), three to seven of them, or with `signed` also
    /// after an `S` or a `$` glued to them (`Change S155`): nil otherwise.
    static func trailingInteger(in line: Range<Int>, of t: UTF8Text, signed: Bool = false) -> Range<Int>? {
        var end = line.upperBound
        while end > line.lowerBound, t[end - 1] == 0x20 { end -= 1 }
        let start = end - t.digitRun(endingAt: end)
        guard (3...7).contains(end - start), start > line.lowerBound else { return nil }
        if t[start - 1] == 0x20 { return start..<end }
        let sign = t[start - 1]
        guard signed, sign == UInt8(ascii: "S") || sign == UInt8(ascii: "$"), start - 1 > line.lowerBound, t[start - 2] == 0x20 else {
            return nil
        }
        return start..<end
    }

    /// `AMOUNT DUE R2 01.50`: an amount printed with a leading 0 after one to three digits and a space is one amount
    /// the OCR split (`R201.50`): the digits together, in cents, which only the arithmetic confirms. So is one of a
    /// single integer digit (`JUMLAH BESAR 4 6.90`, split after its first digit), and one whose
    /// head digits stand right after a currency's mark (`TOTAL DUE R 2 77.08`: the rand's `R` unless `currency`, the
    /// amount's code, is another's), where no quantity is printed.
    static func splitIntegerReading(of range: Range<Int>, cents: Int, currency: String?, in t: UTF8Text) -> (Range<Int>, Int)? {
        let start = range.lowerBound
        let integer = t.digitRun(from: start)
        guard integer >= 1, t[start - 1] == 0x20 else { return nil }
        let head = t.digitRun(endingAt: start - 1)
        let first = start - 1 - head
        guard (1...3).contains(head), !".,".utf8.contains(t[first - 1]) else { return nil }
        let marked =
            currencyMark(endingBefore: first, in: t)
            || ((currency ?? "ZAR") == "ZAR" && PriceDetector.randSign(endingAt: first, in: t) != nil)
        guard (t[start] == UInt8(ascii: "0") && integer >= 2) || integer == 1 || marked else { return nil }
        var place = 100
        for _ in 0..<integer { place *= 10 }
        return (first..<range.upperBound, t.intValue(first..<(start - 1)) * place + cents)
    }

    /// The amount that ends the line with three decimals (`4,766`, `29.906`, `199.550`), and its values in cents: with
    /// the third decimal dropped, and where the first two are one digit, with the first of them dropped (a digit of the
    /// cents read twice: 199.50).
    static func trailingThirdDecimal(in line: Range<Int>, of t: UTF8Text) -> (Range<Int>, [Int])? {
        var end = line.upperBound
        while end > line.lowerBound, t[end - 1] == 0x20 { end -= 1 }
        let separator = end - 4
        guard t.digitRun(endingAt: end) == 3, t[separator] == UInt8(ascii: ",") || t[separator] == UInt8(ascii: ".") else { return nil }
        let integer = t.digitRun(endingAt: separator)
        let start = separator - integer
        guard (1...5).contains(integer), start > line.lowerBound, t[start - 1] == 0x20 else { return nil }
        let units = t.intValue(start..<separator) * 100
        var readings = [units + t.intValue(separator + 1..<separator + 3)]
        if t[separator + 1] == t[separator + 2] { readings.append(units + t.intValue(separator + 2..<end)) }
        return (start..<end, readings)
    }

    /// The amounts an integer may be with its decimal separator lost, in cents: its last two digits the cents, with
    /// none, one or two trailing digits dropped as specks (`1000` → 10.00; `595553` → 5955.53, 595.55, 59.55); at
    /// least three digits kept. Empty for a number with decimals.
    static func separatorsOfInteger(_ normalized: String) -> [Int] {
        let number = normalized.split(separator: " ").first.map(String.init) ?? ""
        guard !number.contains("."), !number.hasPrefix("-"), (3...15).contains(number.count) else { return [] }
        return (0...2).compactMap { dropped in number.count - dropped >= 3 ? Int(number.dropLast(dropped)) : nil }
    }

    /// Hundredths of a normalized price (`12.34 EUR`, `-0.02`, `1000`); nil for three decimals and more, and for
    /// amounts of ten trillion and more (`Rp 15 trillion`), so that sums of a page's amounts cannot overflow.
    static func cents(_ normalized: String) -> Int? {
        let number = normalized.split(separator: " ").first.map(String.init) ?? ""
        let negative = number.hasPrefix("-")
        let digits = negative ? String(number.dropFirst()) : number
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard let whole = Int(parts[0]), whole < Self.largestWholeAmount, parts.count <= 2 else { return nil }
        var fraction = 0
        if parts.count == 2 {
            guard parts[1].count <= 2, let f = Int(parts[1]) else { return nil }
            fraction = parts[1].count == 1 ? f * 10 : f
        }
        let value = whole * 100 + fraction
        return negative ? -value : value
    }

    /// The bound of `cents`' amounts: ten trillion.
    static let largestWholeAmount = 10_000_000_000_000

    /// Rows of a tax summary: the lines after a summary header (`GST Summary`), and rows shaped like one anywhere
    /// (a tax code or rate, then a net and a tax amount: `SR @ 6% 68.87 4.13`, `ZR 0.00 0.00`, `B 7% 9,35 0,65`).
    mutating func markSummaryRows() {
        var inTable = false
        var rows = 0
        var widestRow = 0
        for i in lines.indices {
            let hasPercent = lines[i].range.contains { t[$0] == UInt8(ascii: "%") }
            // (A header names a tax, so the lexicon reads its line as a tax line.)
            if lines[i].role == .taxSummary
                || (lines[i].role == .tax && lines[i].amounts.isEmpty
                    && (Self.isTableHeader(t.string(lines[i].range)) || rowAddsUp(within: i + 1..<min(lines.count, i + 3))))
            {
                lines[i].role = .taxSummary
                inTable = true
                rows = 0
                widestRow = 0
                continue
            }
            // A row with a rate whose last three figures add up (`5,5% 21,63 1,19 22,82`: net + tax = gross), also
            // below a header the OCR did not read, and a tax's line whose last three do, its rate's `%` misread (`TVA
            // 75 : 4,30 0,30 4,60`: its net and gross are no tax).
            let shaped =
                !Self.isTotalRole(lines[i].role)
                && ((hasPercent && (lines[i].amounts.count >= 2 || Self.lastThreeAddUp(Self.figures(in: lines[i].range, of: t))))
                    || (lines[i].role == .tax && lines[i].amounts.count >= 3
                        && Self.lastThreeAddUp(lines[i].amounts.suffix(3).map(\.cents))))
            if inTable {
                let figureCount = Self.figures(in: lines[i].range, of: t).count
                // The table ends at the receipt's next part: a payment line, words without amounts (the shop's
                // thank-you, its return policy), or once it has rows, words without digits (`TICKET CLIENT` above a
                // card slip). Its column headers (`Amount Tax`), its rows and its total row stay in it.
                switch lines[i].role {
                case .cash, .change, .payment: inTable = false
                // A total with one amount and its currency mark below rows of several (`IMPORTE 11,15 €` after `4%
                // 10,72 0,43 11,15`) is the receipt's own, a card slip's; the table's total row has its columns, and
                // where the OCR lost them (`Tatal: kee en 77.93`), prints no mark.
                case .total where widestRow >= 2 && figureCount == 1 && Self.printsCurrencyMark(lines[i].range, in: t):
                    inTable = false
                default:
                    let text = t.string(lines[i].range)
                    let words = rows > 0 && !text.contains(where: \.isNumber) ? 1 : 3
                    if lines[i].amounts.isEmpty, !hasPercent, Self.proseWordCount(text) >= words { inTable = false }
                    // A date (`02-02-2020 18:08`) is the receipt's foot or its card slip, no row of the table.
                    if lines[i].amounts.isEmpty, Self.printsNumericDate(lines[i].range, in: t) { inTable = false }
                }
                if !lines[i].amounts.isEmpty { rows += 1 }
                if inTable { widestRow = max(widestRow, figureCount) }
            }
            if inTable || shaped { lines[i].inSummary = true }
        }
    }

    /// Whether `range` prints a numeric date: one or two digits, a separator (`-`, `/`, `.`), one or two digits, the
    /// same separator, and two or four digits (`02-02-2020`, `18/02/22`, glued to a time too: `07-04-202314:11`).
    static func printsNumericDate(_ range: Range<Int>, in t: UTF8Text) -> Bool {
        var k = range.lowerBound
        while k < range.upperBound {
            let a = t.digitRun(from: k)
            guard a > 0 else {
                k += 1
                continue
            }
            let separator = t[k + a]
            if (1...2).contains(a), !t.isDigit(at: k - 1), "-/.".utf8.contains(separator) {
                let b = t.digitRun(from: k + a + 1)
                if (1...2).contains(b), t[k + a + 1 + b] == separator, t.digitRun(from: k + a + b + 2) >= 2 { return true }
            }
            k += a
        }
        return false
    }

    /// Whether one of `candidates`' lines is a tax table's row whose last three figures add up (net + tax = gross): a
    /// tax line without amounts above it heads the table even where the OCR damaged its column names (`MWST MRST + t`
    /// above `A 7.0 32.54 28 34,B2` and `B 19,0 21,81 4,14 25,95`).
    func rowAddsUp(within candidates: Range<Int>) -> Bool {
        candidates.contains { k in !Self.isTotalRole(lines[k].role) && Self.lastThreeAddUp(Self.figures(in: lines[k].range, of: t)) }
    }

    /// Whether a currency mark stands in `range` before or after digits (`11,15 €`, `EUR 11,28`, `RM9.00`).
    static func printsCurrencyMark(_ range: Range<Int>, in t: UTF8Text) -> Bool {
        for k in range where t.isDigit(at: k) {
            let markBefore = CurrencySymbols.mark(endingAt: t[k - 1] == 0x20 ? k - 1 : k, in: t) != nil
            if !t.isDigit(at: k - 1), markBefore { return true }
            if !t.isDigit(at: k + 1), CurrencySymbols.mark(startingAtOrAfterSpace: k + 1, in: t) != nil { return true }
        }
        return false
    }

    /// Whether `tax` is `rate` percent of `net`, to the cent (a tax table's row read right, whatever its gross says).
    static func isShareToTheCent(_ tax: Int, of net: Int, at rate: Double) -> Bool {
        abs(Double(net) * rate / 100 - Double(tax)) <= 1
    }

    /// Whether the last three of `figures` are a net, its tax and their sum.
    static func lastThreeAddUp(_ figures: [Int]) -> Bool {
        let n = figures.count
        return n >= 3 && figures[n - 3] + figures[n - 2] == figures[n - 1] && figures[n - 1] > 0
    }

    /// A tax table's column headers (`TVA HT TVA TTC`, `VAT RATE NET VAT TOTAL`, `税率 対象額 税額`): three or more
    /// words, every one a header word, one of them a tax's name.
    static func isTableHeader(_ text: String) -> Bool {
        let words = text.split { !$0.isLetter }.map { $0.lowercased() }
        return words.count >= 3 && words.allSatisfy(tableHeaderWords.contains) && words.contains(where: taxWords.contains)
    }

    private static let taxWords: Set<String> = [
        "tax", "gst", "vat", "sst", "mwst", "steuer", "ust", "tva", "iva", "btw", "imposta", "cuota", "税額", "消費税",
    ]

    /// Words of three letters or more that are not a tax table's column headers.
    static func proseWordCount(_ text: String) -> Int {
        text.split { !$0.isLetter }.filter { $0.count >= 3 && !tableHeaderWords.contains($0.lowercased()) }.count
    }

    private static let tableHeaderWords: Set<String> = [
        "amount", "amt", "tax", "gst", "vat", "sst", "rate", "code", "net", "gross", "total", "excl", "incl", "summary", "mwst",
        "netto", "brutto", "steuer", "satz", "ust", "tva", "iva", "base", "ttc", "value", "sales", "before", "after",
        "ht", "taux", "cuota", "imponible", "imponibile", "imposta", "aliq", "aliquota", "btw", "eur", "税率", "対象額", "税額",
        "消費税",
    ]

    static func isTotalRole(_ role: ReceiptLexicon.Role?) -> Bool {
        if case .total = role { return true }
        return false
    }

    static func totalStrength(_ role: ReceiptLexicon.Role?) -> Int {
        if case .total(let s) = role { return s }
        return 0
    }
}
