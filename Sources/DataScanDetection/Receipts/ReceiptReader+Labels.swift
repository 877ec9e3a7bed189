import DataScanModel
import Foundation

/// The labels the reader gives: which price is the total, subtotal, tax, cash, change.
extension ReceiptReader {

    /// The prices with their receipt labels: one total (when the evidence names one), subtotal, tax, cash, change,
    /// discount and tip from the lines' roles, the tax of a tax table where no line names it, and the damaged amounts
    /// that the total's evidence uses.
    mutating func labelled(_ prices: [DetectedText], currency: String?) -> [DetectedText] {
        var out = labelledByTheirLines(prices, currency: currency)
        let total = out.first { $0.label == .total }.flatMap { Self.cents($0.normalized) } ?? 0
        let taxes = Set(taxTableTaxes().map { prices[$0].range })
        for i in out.indices where out[i].label == nil && taxes.contains(out[i].range) {
            guard let cents = Self.cents(out[i].normalized), Self.canBeTax(cents, ofTotal: total) else { continue }
            out[i].label = .tax
        }
        return out
    }

    /// Whether an amount can be a tax of `total` (0 for none): no tax is half the total it is part of (a sales tax or
    /// VAT is at most a fifth of it; Brazil's estimate of all the taxes in a price, `Trib aprox`, up to two fifths).
    static func canBeTax(_ cents: Int, ofTotal total: Int) -> Bool {
        total <= 0 || cents * 2 < total
    }

    /// The prices with the labels their lines and the receipt's arithmetic give them.
    private mutating func labelledByTheirLines(_ prices: [DetectedText], currency: String?) -> [DetectedText] {
        var out = prices
        for i in out.indices { out[i].label = nil }
        if !printsDollarSign, let currency, Self.dollarCurrencies.contains(currency) {
            printsDollarSign = Set(lines.flatMap { $0.amounts.filter { $0.repair == .dollarSign }.map(\.range) }).count >= 3
        }
        // Line roles first (kept on pages that are not receipts: an invoice's `Tax` line).
        for line in lines where !line.inSummary {
            guard let label = Self.label(for: line.role) else { continue }
            for a in line.amounts { if let p = a.price { out[p].label = label } }
        }
        let candidates = evidence().sorted { a, b in
            if a.score != b.score { return a.score > b.score }
            if a.label != b.label { return a.label > b.label }
            let (lineA, lineB) = (a.sites.map(\.line).max() ?? 0, b.sites.map(\.line).max() ?? 0)
            if lineA != lineB { return lineA > lineB }
            return a.cents > b.cents  // the same every run (the candidates come from a dictionary)
        }
        #if DEBUG
            if ProcessInfo.processInfo.environment["DATASCAN_DEBUG_RECEIPT"] != nil { debugPrint(candidates) }
        #endif
        guard var best = candidates.first, best.label > 0 || !best.arithmetic.isEmpty else {
            var labelled = Self.withoutTotal(out)
            if let p = totalOfAFootWithoutLabels() {
                labelled[p].label = .total
                labelled[p].confidence = 0.5
            }
            return labelled
        }
        // The balance left after a partial payment (`TOTAL 39.87`, `EBT SNAP 25.28`, `BALANCE DUE 14.59` paid in cash) is
        // no total: the bill's total above it is.
        if let bill = candidates.first(where: { $0.label >= 2 && !$0.arithmetic.isEmpty && isBalanceAfterDeposit(best, of: $0) }) {
            best = bill
        }
        // A candidate with nothing but a weak label loses to nothing: no total is better than a wrong one. But a card
        // slip (`Kartenzahlung`, `girocard`, then `Betrag EUR 11,28`, the page's only amount) prints what was charged.
        let labelOnly = best.label < 2 && best.arithmetic.isEmpty && best.repeats == 0
        let cardSlip = labelOnly && best.label == 1 && candidates.count == 1 && lines.contains { $0.role == .payment && $0.amounts.isEmpty }
        // Nor does one whose amount stands alone on two more lines, the column of a foot whose labels the OCR lost
        // (a lamp's glare over `SUBTOTAAL`, `TOTAAL`, `PIN`, then the card slip's `BEDRAG 61.61`).
        let printedAlone = labelOnly && best.label == 1 && !cardSlip && linesPrintingAlone(best.cents, besides: best) >= 2
        if labelOnly && !cardSlip && !printedAlone {
            return Self.withoutTotal(out)
        }
        // So does one read only from damaged digits on a payment line (`CB SANS CONTACT 1:13 €`).
        if best.onlyDamaged && best.label < 2 && best.arithmetic.isSubset(of: ["paid"]) { return Self.withoutTotal(out) }
        // A subtotal, which at most the items add up to, is no total when the receipt's arithmetic takes it further
        // (subtotal + tax or cash − change give another amount): the total's own line was misread. Its digits glued to
        // a word (`TOTAL BELAIRD516.816`, `TOTAL12.50`) are read when they are that amount; otherwise no total. (A
        // `Sub Total` that a gross amount and its tax add up to is the total: `Gross 40.00`, `GST 2.40`, `Sub Total
        // 42.40`.)
        if best.sites.allSatisfy({ lines[$0.line].role == .subtotal }), best.arithmetic.isSubset(of: ["lineItems", "items"]) {
            let implied = impliedTotals()
            if !implied.isEmpty, !implied.contains(best.cents) {
                var labelled = Self.withoutTotal(out)
                guard let glued = gluedTotal(among: implied) else { return labelled }
                var total = DetectedText(
                    type: .currency, range: glued.range, value: t.string(glued.range),
                    normalized: Self.plain(glued.cents, whole: glued.whole) + (currency.map { " " + $0 } ?? ""), label: .total)
                total.confidence = 0.8
                labelled.append(total)
                labelled.sort { $0.range.lowerBound < $1.range.lowerBound }
                return labelled
            }
        }
        var confidence = best.confidence
        // The page's terms close on it once the sign the OCR read as their first digit is off: confirmed, not surely.
        let printedWithLetters = currency.map(Self.lettersOnlyCurrencies.contains) ?? false
        if best.arithmetic.isEmpty, best.label >= 2, !printedWithLetters, signedTermsConfirm(best) {
            best.arithmetic.insert("signedTerms")
            confidence = 0.85
        }
        // A close second is a doubt, unless it is the sum before a discount printed between the two (`Tổng cộng 97.000`,
        // `Giảm giá 5.000`, `Thanh toán 92.000`).
        // Nor is the balance left after a deposit printed between them (`Total TTC 217,30`, `Acompte versé -50,00`,
        // `Reste à payer 167,30`).
        if let second = candidates.first(where: { $0.cents != best.cents }), second.score > best.score - 1.0,
            totalADiscountTakesFurther(over: second, among: [best]) == nil, !isBalanceAfterDeposit(second, of: best)
        {
            confidence = min(confidence, 0.7)
        }
        if cardSlip || printedAlone { confidence = min(confidence, 0.5) }
        var contradicted: Int?
        // A label alone (`TOTAL TTC 62:27 1€` read as 1 €) against what the card paid, printed again on the page
        // (`SOUS TOTAL 62,27`, `CB 62,27`): the card paid what was due, and the label's amount is a misreading.
        if best.arithmetic.isEmpty, best.repeats == 0, let paid = paidOverLabelOnly(best, among: candidates) {
            (contradicted, best) = (best.cents, paid)
            confidence = min(paid.confidence, 0.8)
        } else if best.arithmetic.isEmpty, best.repeats == 0, let paid = cashOverLabelOnly(best, among: candidates) {
            (contradicted, best) = (best.cents, paid)
            confidence = min(paid.confidence, 0.8)
        } else if let further = totalADiscountTakesFurther(over: best, among: candidates) {
            best = further
            confidence = min(further.confidence, 0.9)
        } else if let summed = totalTheItemsConfirm(over: best, among: candidates) {
            best = summed
            confidence = min(summed.confidence, 0.85)  // the two disagree
        } else if let named = totalTheArithmeticNames(over: best, among: candidates) {
            (contradicted, best) = (best.cents, named)
            confidence = min(named.confidence, 0.8)
        }
        // A tip line under it and a total's line under the tip whose sum the reader could not close (`+ Tip:` and `=
        // Total:` written by hand and unread; `TIP EUR 12.15`, `TOTAL EUR 110.60` with a digit misread): the card may
        // have been charged more, and the amount before the tip is not sure.
        if tipTakesFurther(best) { confidence = min(confidence, Evidence.contradictedConfidence) }
        // The receipt's own arithmetic says another amount (cash − change, subtotal + tax) and agrees with nothing
        // printed: the OCR misread a digit somewhere; the label alone is not to be trusted.
        if best.arithmetic.isEmpty {
            let implied = impliedTotals()
            if !implied.isEmpty, !implied.contains(best.cents) {
                // Read only from damaged digits as well (`Total TTC 43:89 €` beside cash − change 43,85): no total.
                if best.onlyDamaged { return Self.withoutTotal(out) }
                confidence = min(confidence, 0.45)
            }
        }
        // A subtotal and a tax add up to it, but at less than half the tax line's printed rate: with nothing else sure
        // agreeing, not sure; and a sign read as a digit may explain it (`leadingSignReading`).
        let sumContradicted = best.arithmetic.contains("subtotal") && ratesContradictSum(of: best)
        if sumContradicted, best.arithmetic.intersection(Evidence.sureRelations) == ["subtotal"] {
            confidence = min(confidence, 0.8)
        }
        var reread = misreadDigitReading(of: best, among: candidates)
        // Only a payment names it, and the tax table's gross, printed once, is one digit from it (`TARJETA 27,22` above
        // `21% 955595 115607 67,22`): one of the two is misread, and nothing says which.
        if reread == nil, best.label == 0, best.arithmetic == ["paid"], best.repeats == 0,
            lines.contains(where: { line in
                line.inSummary && line.amounts.last.map { $0.cents != best.cents && Self.oneDigitApart($0.cents, best.cents) } == true
            })
        {
            return Self.withoutTotal(out)
        }
        if reread != nil { confidence = min(confidence, 0.8) }  // the printed digits say otherwise
        // The tax table's nets at their rates come to an amount one digit from it, tens of cents or more away (`SR @ 6%
        // 98.11 6.89`, 104.00, under `Total Incl. of GST 404.00`, `Payment 404.00`: a 1 read as a 4 alike on every line
        // but the net's). A net misread changes its gross by the rate's multiple, not by one digit: the total's digit
        // is the suspect, and it is not sure. (Unless a sum of the foot prints that amount: a card slip's tip on it,
        // `TOTAL EUR 101.10`, `TIP EUR 10.00`, `TOTAL EUR 111.10`.)
        if reread == nil, !best.arithmetic.contains("summary"), let gross = taxTableGrossByRate(), gross != best.cents,
            abs(gross - best.cents) >= 10, Self.oneDigitApart(gross, best.cents),
            !values(where: { Self.isTotalRole($0) || [.subtotal, .payment, .cash].contains($0) }).contains(where: { $0.cents == gross })
        {
            confidence = min(confidence, Evidence.contradictedConfidence)
        }
        // (A currency printed with letters has no sign to read as a first digit: a lost one is read back instead.)
        if reread == nil, best.arithmetic.isEmpty, printedWithLetters, let whole = totalWithLostLeadingDigits(best) {
            reread = whole
            confidence = 0.8
        }
        // The total's separator and its last digit lost (`BALANCE DUE £442]` for £44.21), or its separator and its sign
        // read as a first digit (`TOTAL AUD 51925` for $19.25): cash − change prints them.
        if reread == nil, best.arithmetic.isEmpty,
            let cut = totalWithLostSeparatorAndDigit(best) ?? (printedWithLetters ? nil : totalWithLostSeparatorAndSign(best))
        {
            reread = cut
            confidence = min(confidence, 0.8)
        }
        var signReading: SignReading?
        // A first digit the arithmetic reads otherwise may be a sign the OCR read as a digit before its terms too
        // (`Net Amount 7151.44`, `Cash 2165.00`, `BALANCE 13.56`: ₹151.44, not 2151.44): the sign's reading where it closes.
        let firstDigitReread = reread.map {
            String($0).count == String(best.cents).count && Self.withoutFirstDigit($0) == Self.withoutFirstDigit(best.cents)
        }
        if reread == nil || firstDigitReread == true, !printedWithLetters,
            let sign = leadingSignReading(of: best, printedSumContradicted: sumContradicted), reread == nil || sign.agreements >= 2
        {
            (reread, signReading) = (sign.total, sign)
            confidence = min(best.confidence, sign.agreements >= 3 ? 0.85 : sign.agreements == 2 ? 0.8 : 0.6)
        }
        // The subtotal and the tax add up to the total without its first digit (`SUB TOTAL 67.02`, `GST 3.35`, `Bill
        // Amount 370.37` for 70.37, the sign read as a 3), and too little else agrees to read it so: not sure either way.
        if reread == nil, best.arithmetic.isSubset(of: ["paid"]), let bare = Self.withoutFirstDigit(best.cents),
            impliedTotals().contains(bare)
        {
            confidence = min(confidence, 0.5)
        }
        // The items add up to the subtotal, and the total, which nothing adds up to and no misread digit explains, is
        // nowhere near it (`SUBTOTAL 12:72` under items of 12.72, `BALANCE DUE £12272`): its digits or separator are
        // misread beyond reading back, and no total is better than a wrong one. Only with one subtotal on the page (a
        // receipt of sections has a subtotal for each, and its total is theirs together).
        if reread == nil, best.arithmetic.isEmpty, lines.count(where: { $0.role == .subtotal && !$0.inSummary }) == 1,
            let subtotal = candidates.first(where: { c in
                c.arithmetic.contains("lineItems") && c.sites.contains { lines[$0.line].role == .subtotal }
            }), subtotal.cents > 0, best.cents > subtotal.cents * 2 || best.cents * 2 < subtotal.cents
        {
            return Self.withoutTotal(out)
        }
        // Nothing but its label names it, three or more items before it add up to more than twice as much, on a
        // receipt without a discount, and no subtotal or payment is of its size (`Total TTC 3.26 €`, the 9 of 39,26
        // lost, below items of 49.77 and `sous total 926 €`): a digit is lost, and no total is better than a wrong one.
        // (Items whose `$` the OCR read as a 5 add up to too much as well: `SUBTOTAL $22.00` keeps `BALANCE DUE $23.47`.)
        if reread == nil, best.arithmetic.isEmpty, best.repeats == 0, !lines.contains(where: { $0.role == .discount }) {
            let items = itemAmounts(before: footStart).filter { $0 != best.cents }  // (not its own amount printed again)
            let sized = values { $0 == .subtotal || $0 == .cash || $0 == .payment }.contains { other in
                abs(other.cents) * 2 >= best.cents && abs(other.cents) <= best.cents * 2
            }
            if items.count >= 3, best.cents * 2 < items.reduce(0, +), !sized { return Self.withoutTotal(out) }
        }
        // What was paid says less was due (every card payment read as printed below the total: `Net Amount 36.70`,
        // `CARD 6.70`): a digit of one of them is misread, or the bill was split; either way the total is not sure.
        // Unless what is left to pay is printed below the total (`Payment received 100.00`, `Balance due 46.12` under
        // `Total 146.12`): a deposit, read as printed.
        let payments = cardPayments()
        let left = best.cents - payments.reduce(0, +), totalLine = best.sites.map(\.line).max() ?? 0
        let leftPrinted =
            left > 0 && lines[totalLine...].dropFirst().contains { $0.amounts.contains { $0.price != nil && $0.cents == left } }
        if !payments.isEmpty, payments.allSatisfy({ $0 < best.cents }), !best.arithmetic.contains("cash"), !leftPrinted {
            confidence = min(confidence, 0.8)
        }
        for i in out.indices where out[i].label == .total { out[i].label = nil }
        let site = bestSite(best)
        // Totals printed before the receipt's total are sums on the way to it (`Total` before `Total rounded`, and the
        // plain `Summe` of a German receipt before its `Zu zahlen`): subtotals, unless a subtotal line came first and
        // this one only repeats the total. Those after it repeat it or belong to another part: no label; so do amounts
        // too small or large to be a sum on the way to it, pieces of a reading the OCR split (`合計 ¥2., 548`).
        let subtotalLines = lines.filter { $0.role == .subtotal && !$0.inSummary && !$0.amounts.isEmpty }.map(\.index)
        let firstSubtotal = subtotalLines.first ?? Int.max
        // (Nor is the total printed at the head of the page, above every other amount: `Total $23.47` over a ride's
        // `Trip fare`, `Subtotal`, fees and `Total $23.47`; a page of totals alone, `Summe` / `Gesamtbetrag`, has none.)
        let firstOtherAmount = lines.first { !$0.amounts.isEmpty && !Self.isTotalRole($0.role) }?.index ?? -1
        for line in lines where Self.isTotalRole(line.role) && !line.inSummary {
            // (Nor is the total printed again above a subtotal that comes before the total, as an order's summary
            // heads it: `Order Total: $54.27`, the items, `Item(s) Subtotal: $48.98`, `Grand Total: $54.27`.)
            let aboveASubtotal = subtotalLines.contains { $0 > line.index && $0 < site.line }
            for (k, a) in line.amounts.enumerated() {
                guard let p = a.price else { continue }
                // (A total line read with the sign as a digit, as the total is, repeats it; one the arithmetic
                // contradicted is a misreading of it.)
                let readWithSign = signReading != nil && Self.withoutFirstDigit(a.cents) == reread
                let repeatsTotal =
                    (a.cents == best.cents && (firstSubtotal < line.index || aboveASubtotal || line.index < firstOtherAmount))
                    || readWithSign || a.cents == contradicted
                let term = signReading?.terms.first { site, _ in site.line == line.index && site.amount == k }
                let read = term?.1 ?? a.cents
                let onTheWay = read * 2 >= (reread ?? best.cents) && read <= (reread ?? best.cents) + 100
                out[p].label = line.index < site.line && !repeatsTotal && onTheWay ? .subtotal : nil
            }
        }
        let line = lines[site.line], amount = line.amounts[site.amount]
        if let p = amount.price, let reread {
            out[p].label = .total
            let whole = !out[p].normalized.split(separator: " ")[0].contains(".")
            out[p].normalized = Self.plain(reread, whole: whole) + (Self.currencyCode(out[p]).map { " " + $0 } ?? "")
            out[p].confidence = confidence
        } else if let p = amount.price {
            out[p].label = .total
            out[p].confidence = confidence
        } else {
            var damaged = DetectedText(
                type: .currency, range: amount.range, value: t.string(amount.range),
                normalized: Self.plain(reread ?? amount.cents, whole: reread == nil && amount.whole) + (currency.map { " " + $0 } ?? ""),
                label: .total)
            damaged.confidence = confidence
            // The integer it is a reading of (`RM 1000` read as 10.00) is no amount.
            if amount.repair == .separatorOfInteger { out.removeAll { $0.range == amount.range } }
            out.append(damaged)
        }
        // The terms read without their sign's digit, as the total is.
        for (site, cents) in signReading?.terms ?? [] {
            guard let p = lines[site.line].amounts[site.amount].price else { continue }
            out[p].normalized = Self.plain(cents) + (Self.currencyCode(out[p]).map { " " + $0 } ?? "")
            out[p].confidence = min(out[p].confidence ?? 1, confidence)
        }
        // Labelled lines whose damaged amounts the arithmetic used: the subtotal, tax and change it closed with.
        if !best.arithmetic.isEmpty {
            // (And the integers read as cents, when the total was one of them and they add up to it.)
            let guessed = amount.repair == .separatorOfInteger && best.arithmetic.contains("subtotal")
            for line in lines where !line.inSummary {
                guard let label = Self.label(for: line.role), label != .total else { continue }
                for a in line.amounts
                where a.price == nil && a.cents != 0 && (a.repair == .spacedSeparator || (guessed && a.repair == .separatorOfInteger)) {
                    out.append(
                        DetectedText(
                            type: .currency, range: a.range, value: t.string(a.range),
                            normalized: Self.plain(a.cents, whole: a.whole) + (currency.map { " " + $0 } ?? ""), label: label))
                }
            }
        }
        // An amount on a tax line that cannot be the tax (`canBeTax`) stands there by a misplaced row (`TAX 7.50% 97.66`
        // where the photo's slant put the amount due beside the tax's label) or is the base a misread label no longer
        // names (`(Excuded GST Sb Toal(RM) : 313.50` of 332.30).
        let total = reread ?? best.cents
        for i in out.indices where out[i].label == .tax && !Self.canBeTax(Self.cents(out[i].normalized) ?? 0, ofTotal: total) {
            out[i].label = nil
        }
        out.sort { $0.range.lowerBound < $1.range.lowerBound }
        return out
    }

    /// Digits glued to a word on a total line (`TOTAL BELAIRD516.816`, `TOTAL12.50`), which the price reader refuses
    /// (`A12.50` is a code), when they are one of `implied`: a total the receipt's arithmetic names. Read with cents
    /// when two digits follow their last separator, else as whole units.
    func gluedTotal(among implied: Set<Int>) -> (range: Range<Int>, cents: Int, whole: Bool)? {
        for line in lines where Self.isTotalRole(line.role) && !line.inSummary {
            var i = line.range.lowerBound
            while i < line.range.upperBound {
                guard t.isDigit(at: i), UTF8Text.isASCIILetter(t[i - 1]) else {
                    i += 1
                    continue
                }
                var end = i, digits = 0, value = 0
                while end < line.range.upperBound, t.isDigit(at: end) || (".,".utf8.contains(t[end]) && t.isDigit(at: end + 1)) {
                    if t.isDigit(at: end), digits < 15 {
                        value = value * 10 + Int(t[end] - 0x30)
                        digits += 1
                    }
                    end += 1
                }
                let withCents = end - i >= 4 && ".,".utf8.contains(t[end - 3])
                let cents = withCents ? value : value * 100
                if digits < 15, !t.isDigit(at: end), implied.contains(cents) { return (i..<end, cents, !withCents) }
                i = end
            }
        }
        return nil
    }

    /// The prices with no total label: the evidence names none.
    static func withoutTotal(_ prices: [DetectedText]) -> [DetectedText] {
        prices.map {
            var p = $0
            if p.label == .total { p.label = nil }
            return p
        }
    }

    /// The amount worded as a total that three or more item amounts add up to exactly, when `best` is a total that
    /// only its label supports and is less than that on a receipt without a discount: `best` is then misread
    /// (`zu zahlen 13,37` for 73,57, above the card slip's `Betrag EUR 73,57`). A larger `best` is not doubted: the
    /// items may be one group's (`Total 0% supplies`) of a total of several groups.
    func totalTheItemsConfirm(over best: Evidence, among candidates: [Evidence]) -> Evidence? {
        guard best.arithmetic.isEmpty, !lines.contains(where: { $0.role == .discount }) else { return nil }
        return candidates.first { $0.label >= 1 && $0.arithmetic.contains("lineItems") && $0.cents > best.cents }
    }

    /// The amount below `best` that a discount printed after it takes it to, when what was paid confirms it (`Tổng
    /// cộng: 97.000`, `Giảm giá: 5.000`, `Thanh toán: 92.000`, cash 100.000 − change 8.000): `best` was the sum before
    /// the discount. (A discount printed after the total that it already holds, `You saved 5.00`, leaves what was paid
    /// at the total: nothing below it then.)
    func totalADiscountTakesFurther(over best: Evidence, among candidates: [Evidence]) -> Evidence? {
        guard let last = best.sites.map(\.line).max(), !best.arithmetic.contains("cash"), !best.arithmetic.contains("paid")
        else { return nil }
        let discounts = Set(
            lines[(last + 1)...].filter { $0.role == .discount && $0.amounts.count == 1 }.map { abs($0.amounts[0].cents) }.filter { $0 > 0 }
        )
        guard !discounts.isEmpty else { return nil }
        return candidates.first { c in
            c.cents < best.cents && discounts.contains(best.cents - c.cents) && !c.arithmetic.isDisjoint(with: ["cash", "paid"])
                && c.sites.allSatisfy { $0.line > last }
        }
    }

    /// The amount the receipt's arithmetic names at least twice, surely (confidence ≥ 0.9), when `best` has nothing but
    /// its label (`Valor Total 914,53` under `Subtotal 51,53`, with `PIX 51,53`, the items and the tax table's gross
    /// adding up to 51,53; `TOTAAL 25,93` under `Subtotaal 55,55` with cash − change and the tax table at 55,55): the OCR
    /// misread the total's line. Nil when one digit separates them (`misreadDigitReading` reads it then).
    func totalTheArithmeticNames(over best: Evidence, among candidates: [Evidence]) -> Evidence? {
        guard best.arithmetic.isEmpty, best.repeats == 0 else { return nil }
        let named = candidates.filter { $0.cents != best.cents && $0.arithmetic.count >= 2 && $0.confidence >= 0.9 }
        guard named.count == 1, let only = named.first, !Self.oneDigitApart(only.cents, best.cents) else { return nil }
        return only
    }

    /// Whether a tip's line (no rate on it: not a suggestion) stands below `best`'s last line and a line with a total's
    /// word right below the tip's, neither of them printing `best`. A card slip's line of one amount whose label the
    /// OCR damaged, right under the slip's base that prints `best`, stands for its tip (`AMOUNT Rp 707.850`, `TEP Rp
    /// 50.000`, `TOTAL Rp 1ST. 850`). So does a surcharge whose amount the OCR lost, rate or not (`SURCHARGE 1.5% NZ$
    /// Lead` above `TOTAL NZS 78.11` on a card's slip).
    func tipTakesFurther(_ best: Evidence) -> Bool {
        guard let last = best.sites.map(\.line).max() else { return false }
        // (Such a line is less than the base, and a total's word stands right under it: not `Due 7.50` above `Fay 20.00`,
        // the cash handed over.)
        let slipBase = lines[last].role.map { Self.totalStrength($0) == 1 } ?? false
        let slipTip =
            slipBase && last + 2 < lines.count && lines[last + 1].role == nil && lines[last + 1].amounts.count == 1
            && lines[last + 1].amounts[0].cents < best.cents && !best.arithmetic.contains("cash")
            && ReceiptLexicon.hasTotalWord(t.string(lines[last + 2].range))
        for i in (last + 1)..<lines.count {
            let lostSurcharge = lines[i].role == .serviceCharge && lines[i].amounts.isEmpty
            guard (lines[i].role == .tip && lines[i].amounts.count <= 1) || (slipTip && i == last + 1) || lostSurcharge else { continue }
            // (A tip of nothing takes it nowhere: `Tip $0.00`, `Balance Due $0.00`.)
            guard lostSurcharge || !t.string(lines[i].range).contains("%"),
                !lines[i].amounts.contains(where: { $0.cents == best.cents || $0.cents == 0 })
            else { continue }
            // (Its label read with the OCR's noise after it, `= Total: ite = ey`, names a count.)
            for j in (i + 1)..<min(lines.count, i + 3)
            where Self.isTotalRole(lines[j].role) || ReceiptLexicon.hasTotalWord(t.string(lines[j].range)) {
                if !lines[j].amounts.contains(where: { $0.cents == best.cents || $0.cents == 0 }) { return true }
            }
        }
        return false
    }

    /// Whether an amount on a line of no role between `best`'s last line and the first cash line (or all of them), with
    /// cash − change, makes `best`: a tender the lexicon does not know paid the rest (`TOTAL LEI 79.24`, `TICHETE DE
    /// MASA 60.00`, `NUMERAR 20.00`, `REST 0.76`).
    func unnamedTendersClose(_ best: Evidence) -> Bool {
        guard let last = best.sites.map(\.line).max(), last + 1 < lines.count,
            let cashLine = lines[(last + 1)...].first(where: { $0.role == .cash })?.index
        else { return false }
        let unnamed = lines[(last + 1)..<cashLine].filter { $0.role == nil && $0.amounts.count == 1 }.map { abs($0.amounts[0].cents) }
        guard !unnamed.isEmpty else { return false }
        let all = unnamed.reduce(0, +)
        return paidLessChange().contains { paid in paid + all == best.cents || unnamed.contains { paid + $0 == best.cents } }
    }

    /// The amount `best` is with one digit misread, when nothing but its label and a payment support it and it is one
    /// digit away from what the receipt's own arithmetic implies: the tax table's gross when every row of it adds up
    /// (`EC-Karte 71,23` above the row `19,0% 64,90 12,33 77,23`), or cash − change when `best` is more than the cash
    /// handed over (`SUMME 39,47` beside `Gegeben Bar 20,00`, `Zurück 0,53`; where it is less, the change may be the
    /// misread one), or an amount two sure relations agree on (`SOUS TOTAL 33,65`, `Espèces 45,00`, `RENDU 11,35` and
    /// the items' sum, under `NET A PAYER 33,05€`), or one and a subtotal line that prints it. A few cents apart is a
    /// rounding, not a misread, unless only a card paid it. Nil otherwise, or when two amounts qualify.
    func misreadDigitReading(of best: Evidence, among candidates: [Evidence]) -> Int? {
        let cash = values { $0 == .cash }.map { abs($0.cents) }
        let change = values { $0 == .change }.map { abs($0.cents) }.filter { $0 > 0 }
        let paidOtherwise = values { $0 == .payment }.map { abs($0.cents) }.reduce(0, +)
        let overpaid =
            !change.isEmpty && cash.max().map { best.cents > $0 + paidOtherwise } == true && !unnamedTendersClose(best)
        // More than the cash handed over for change cannot be what was due, whatever adds up to it (`SUB TOTAL
        // 368.62`, `GST 8.23`, `TOTAL 376.85`, `Cash 80.00`, `BALANCE 3.15`: one digit more in the subtotal and the
        // total, a `₹` read as a 3); unless a card paid the rest (`Paid Card £20.00`, `Paid Cash £20.00`, `Change
        // £4.00` of `Total £36.00`). But not a total its items or its tax table add up to as printed: a misread total
        // takes neither with it; a tender the lexicon does not know paid the rest.
        guard best.arithmetic.isSubset(of: ["paid"]) || (overpaid && best.arithmetic.isDisjoint(with: ["lineItems", "summary"]))
        else { return nil }
        var implied = Set(consistentSummaryGross().map { [$0] } ?? [])
        // The items and the tax table's nets and taxes, each right by its rate, adding up to the same amount: two
        // sums the OCR would have to misread alike (`Zu zahlen 55,38` three times, a font's 0 read as an 8, above
        // items of 55,30 and `A 19,00% 33,28 6,32 39,68`).
        let items = itemAmounts(before: footStart)
        if items.count >= 3, let taxed = netsAndTaxesByRate(), items.reduce(0, +) == taxed { implied.insert(taxed) }
        let labelOnly = best.arithmetic.isEmpty && best.repeats == 0
        for c in candidates {
            // Two sure relations, or one and a subtotal line that prints it (`Subtotale 21,33`, `CONTANTI 35,00`, `RESTO
            // 13,67` under `TOTALE EURO 2,33`); or cash − change alone, against a total that nothing but its label names
            // (`Total Sales 20.90`, `CASH 21.00`, `CHANGE .20`, an item's `20.80`).
            let sure = c.arithmetic.intersection(Evidence.sureRelations).count
            if sure >= 2 || (sure == 1 && c.sites.contains { lines[$0.line].role == .subtotal })
                || (labelOnly && c.arithmetic.contains("cash"))
            {
                implied.insert(c.cents)
            }
        }
        if overpaid { implied.formUnion(Self.differences(cash, change)) }
        // (What a card paid is never rounded: `TARJETA 46,98` under a tax table of 46,93 is a misread 3.)
        let byCard = best.sites.allSatisfy { lines[$0.line].role == .payment } && !lines.contains { $0.role == .rounding }
        implied = implied.filter { (byCard || abs($0 - best.cents) > 5) && $0 != best.cents && Self.oneDigitApart($0, best.cents) }
        return implied.count == 1 ? implied.first : nil
    }

    /// A total read with the currency sign before it as a digit, and the terms that add up to it read the same way.
    struct SignReading {
        var total: Int
        /// How many relations agree on `total`, a subtotal and a tax at a printed rate counting as two.
        var agreements: Int
        /// Subtotal, tax and cash amounts whose first digit was the sign, and their values without it.
        var terms: [(Site, Int)]
    }

    /// The total `best` is with its first digits lost at the receipt's edge (`Total Bayad.130.030` for 1.130.030):
    /// the one subtotal and the one tax add up to it, and so does cash − change, and its digits end with `best`'s
    /// (three or more of them). Nil otherwise. Only where the currency is printed with letters: where a sign such as
    /// `₹` may be read as a digit, the longer amounts may be the misread ones (`Sub Total 334.45`, `Cash Tendered
    /// 350.00` for ₹34.45 and ₹50.00, beside a right `Net Amount 38.58`).
    func totalWithLostLeadingDigits(_ best: Evidence) -> Int? {
        guard best.cents >= 100, let sum = subtotalPlusTax(), sum > best.cents, paidLessChange().contains(sum),
            String(sum).hasSuffix(String(best.cents))
        else { return nil }
        return sum
    }

    /// The one amount cash − change gives whose digits are `best`'s whole units and one more (`BALANCE DUE £442]`,
    /// `Cash £50.00`, `Change £5.79`: 44.21), when `best` printed no cents: the OCR lost its separator and last digit.
    func totalWithLostSeparatorAndDigit(_ best: Evidence) -> Int? {
        guard best.cents % 100 == 0, best.cents >= 1000 else { return nil }
        let units = String(best.cents / 100)
        let cut = paidLessChange().filter { c in
            let digits = String(c)
            return digits.count == units.count + 1 && digits.hasPrefix(units)
        }
        return cut.count == 1 ? cut.first : nil
    }

    /// The one amount cash − change gives whose digits are `best`'s whole units without their first digit (`TOTAL AUD
    /// 51925`, `CASH $30.00`, `CHANGE $10.75`: 19.25), when `best` printed no cents: the OCR lost its separator and read
    /// its sign as a digit.
    func totalWithLostSeparatorAndSign(_ best: Evidence) -> Int? {
        guard best.cents % 100 == 0, best.cents >= 10000 else { return nil }
        let rest = String(best.cents / 100).dropFirst()
        guard rest.first != "0" else { return nil }
        let read = paidLessChange().filter { String($0) == rest }
        return read.count == 1 ? read.first : nil
    }

    /// Currencies printed with letters only (`Rp`, `Fr.`, `zł`, `kr`): no sign of theirs reads as a digit (`Total Bayar
    /// 130.030` for 1.130.030 is no `₹30.030`).
    static let lettersOnlyCurrencies: Set<String> = ["IDR", "CHF", "PLN", "CZK", "HUF", "SEK", "NOK", "DKK", "ISK", "RON", "BGN"]

    /// `best` without its first digit, when that digit is a currency sign the OCR read as one (`₹` as `2`, `3`, `7`:
    /// `Gross Amount 3182.87`, `GST 5% 39.14`, `TOTAL 2192.01`, `CASH RECEIVED 2200.00`, `Change 7.99` for 182.87,
    /// 9.14, 192.01 and 200.00) and the receipt's arithmetic closes only that way: a subtotal and a tax, each as
    /// printed or without its first digit, add up to it (two agreements when the tax is its line's rate of the
    /// subtotal, one otherwise), a payment is it, or cash − change is it, where the printed total has no such
    /// payment or cash, or cash handed over covers it and not the printed total; at least two agreements (one where
    /// the page's arithmetic contradicts the printed total and the sum reads a sign before a term too). Nil when the printed total has items that add up to it or a
    /// rounding, or a subtotal and a tax of its own, unless the tax lines' printed rates contradict that sum
    /// (`printedSumContradicted`, from `ratesContradictSum`): a sign read as the same digit before the subtotal and the
    /// total keeps their sum (`Sub Total 744.04`, `GST 12% 5.28`, `Net Amount 749.32`, `CARD 49.32`); then the reading
    /// without it must add up at the printed rate and a payment or cash − change agree too.
    func leadingSignReading(of best: Evidence, printedSumContradicted: Bool = false) -> SignReading? {
        // The printed total's own sure relations stand as they are (items that add up to it hold with any sign).
        let printedSumHolds = best.arithmetic.contains("subtotal")
        guard best.arithmetic.isDisjoint(with: ["lineItems", "rounding"]), !printedSumHolds || printedSumContradicted,
            let total = Self.withoutFirstDigit(best.cents)
        else { return nil }
        let forms = Self.signForms
        var agreements = 0
        var terms: [(Site, Int)] = []
        let bases = sumBases()
        let taxes = singleTaxLines()
            .map { (line: $0, rate: Self.rate(in: t.string($0.range))) }
        let cashAmounts = values { $0 == .cash }
        // A receipt prints a few of each; a page with many (a statement, a book of receipts read as one page) would
        // have sums that close by chance, and take time quadratic in them.
        guard bases.count <= Self.signReadingTerms, taxes.count <= Self.signReadingTerms, cashAmounts.count <= Self.signReadingTerms
        else { return nil }
        var sums: [(agreements: Int, terms: [(Site, Int)])] = []
        for base in bases {
            for (tax, rate) in taxes {
                for b in forms(base.cents) {
                    for x in forms(tax.amounts[0].cents) where b.cents + x.cents == total {
                        let rated = rate.map { abs(Double(b.cents) * $0 / 100 - Double(x.cents)) <= 1 } ?? false
                        var used: [(Site, Int)] = []
                        if b.sign != nil { used.append((base.site, b.cents)) }
                        if x.sign != nil { used.append((Site(line: tax.index, amount: 0), x.cents)) }
                        sums.append((rated ? 2 : 1, used))
                    }
                }
            }
        }
        // A tax line that prints its rate and lost its amount (`SUBTOTAL 13 46`, `HST 15%`, `AMOUNT DUE 515.48`): the
        // subtotal and its tax at that rate come to the reading to the cent, as a subtotal and a tax at their line's
        // rate do.
        let ratesAlone = lines.filter { $0.role == .tax && !$0.inSummary && $0.amounts.isEmpty }
            .compactMap { Self.rate(in: t.string($0.range)) }
        if sums.isEmpty, taxes.isEmpty, ratesAlone.count == 1, let rate = ratesAlone.first {
            for base in bases {
                for b in forms(base.cents) where abs(b.cents + Int((Double(b.cents) * rate / 100).rounded()) - total) <= 1 {
                    sums.append((2, b.sign != nil ? [(base.site, b.cents)] : []))
                }
            }
        }
        if let sum = sums.max(by: { $0.agreements < $1.agreements }) {
            agreements += sum.agreements
            terms += sum.terms
        }
        // A payment or cash − change counts where it holds for this reading only: one misread as the total is (`CASH
        // 2200.00` for 200.00 under `TOTAL 2192.01`) agrees with both.
        let payments = values { $0 == .payment }.map { abs($0.cents) }.filter { $0 != best.cents }
        if payments.contains(where: { p in forms(p).contains { $0.cents == total } }) { agreements += 1 }
        let change = values { $0 == .change }.map { abs($0.cents) }.filter { $0 > 0 }
        var cashAgrees = false
        for cash in cashAmounts {
            for c in forms(abs(cash.cents)) where change.contains(c.cents - total) {
                if !best.arithmetic.contains("cash") { agreements += 1 }
                cashAgrees = true
                if c.sign != nil { terms.append((cash.site, c.cents)) }
            }
        }
        // Cash handed over that covers this reading and not the printed total (`Cash Tendered 35.00` under `Grand
        // Total 332.78`): nobody hands over less than is due.
        if !cashAgrees, cashAmounts.contains(where: { total <= abs($0.cents) && abs($0.cents) < best.cents }) { agreements += 1 }
        // One agreement is enough where the printed total is contradicted by the page's arithmetic and the sum that
        // closes reads a sign before its terms too (`Taxable Amount 391.14`, `GST 10.94`, `TOTAL 7102.08` for ₹91.14,
        // ₹10.94 and ₹102.08): `labelled` keeps it unsure.
        // (Not when a sign read before a term closes the printed total's sum as well: `Sub Total 51.69`, `GST 36.20`,
        // `Net Amount 57.89` is ₹6.20 of tax, and 1.69 + 6.20 = 7.89 only because the subtotal and the total share
        // their first digit.)
        let implied = impliedTotals()
        let printedContradicted = best.arithmetic.isEmpty && !implied.isEmpty && !implied.contains(best.cents)
        let signedSum = sums.contains { $0.agreements == agreements && !$0.terms.isEmpty }
        func closesPrinted() -> Bool {
            bases.contains { b in
                taxes.contains { x in
                    forms(b.cents).contains { p in forms(x.line.amounts[0].cents).contains { p.cents + $0.cents == best.cents } }
                }
            }
        }
        guard agreements >= 2 || (agreements == 1 && printedContradicted && signedSum && !closesPrinted()) else { return nil }
        // Cash and a card that pay the printed total between them, less the change (`TOTAL 4O4.19`, `NUMERAR 2OO.OO`,
        // `CARD 204.19`, `REST 0.00`), say it as printed: what was paid read without first digits is no sum.
        if best.arithmetic.contains("cash"), sums.isEmpty { return nil }
        if printedSumHolds {
            guard agreements >= 3, sums.contains(where: { $0.agreements == 2 }) else { return nil }
        }
        return SignReading(total: total, agreements: agreements, terms: terms)
    }

    /// Whether the page's arithmetic closes on `best` as printed once the currency sign the OCR read as a first digit
    /// is taken off the terms (`Total $52.62` over `SUBTOTAL 54576`, `GST15% 56.86` and `INTERAC 552.62`: $45.76 +
    /// $6.86, paid $52.62): a subtotal and a tax, at least one of them without its first digit, add up to it, and a
    /// payment or cash − change read so is it too; every digit taken off is the same (the one sign, misread one way).
    func signedTermsConfirm(_ best: Evidence) -> Bool {
        guard best.cents >= 100 else { return false }
        let bases = sumBases(), taxes = singleTaxLines(), cash = values { $0 == .cash }
        guard bases.count <= Self.signReadingTerms, taxes.count <= Self.signReadingTerms, cash.count <= Self.signReadingTerms
        else { return false }
        let forms = Self.signForms
        var signs: Set<Character> = []
        for base in bases {
            for tax in taxes {
                for b in forms(base.cents) {
                    for x in forms(tax.amounts[0].cents) where b.cents + x.cents == best.cents && (b.sign != nil || x.sign != nil) {
                        guard b.sign == nil || x.sign == nil || b.sign == x.sign, let sign = b.sign ?? x.sign else { continue }
                        signs.insert(sign)
                    }
                }
            }
        }
        guard !signs.isEmpty else { return false }
        let payments = values { $0 == .payment }.map { abs($0.cents) }.filter { $0 != best.cents }
        let change = values { $0 == .change }.map { abs($0.cents) }.filter { $0 > 0 }
        let confirmations =
            payments.flatMap { forms($0) }.filter { $0.cents == best.cents }.compactMap(\.sign)
            + cash.flatMap { c in forms(abs(c.cents)).filter { f in change.contains(f.cents - best.cents) } }.compactMap(\.sign)
        return confirmations.contains { signs.contains($0) }
    }

    /// Whether the subtotals (or gross amounts) and taxes that add up to `best` all do so at less than half the rate
    /// their tax lines print (`Sub Total 744.04`, `GST 12% 5.28`, `Net Amount 749.32`: 12 % of 744.04 is 89.28): the
    /// sum holds by a misread its terms share (a currency sign read as the same digit before the subtotal and the
    /// total), not by what was charged. Zero-rated items lower a tax below its rate's share of the subtotal, but
    /// rarely below half of it. False when no such pair adds up (the sum took a service charge or a rounding) or a
    /// tax line prints no rate.
    func ratesContradictSum(of best: Evidence) -> Bool {
        let taxes = singleTaxLines()
        guard taxes.count <= Self.signReadingTerms else { return false }
        let bases = sumBases().map(\.cents)
        var pairs = 0
        for line in taxes {
            let x = line.amounts[0].cents
            for b in bases where b + x == best.cents {
                guard let rate = Self.rate(in: t.string(line.range)), Double(x) * 2 < Double(b) * rate / 100 else { return false }
                pairs += 1
            }
        }
        return pairs > 0
    }

    /// The amounts a tax is added to: subtotals and weakly labelled totals (`Gross Amount`), above zero.
    func sumBases() -> [(cents: Int, site: Site)] {
        values { $0 == .subtotal || Self.totalStrength($0) == 1 }.filter { $0.cents > 0 }
    }

    /// The tax lines outside a tax summary that print one amount, above zero.
    func singleTaxLines() -> [Line] {
        lines.filter { $0.role == .tax && !$0.inSummary && $0.amounts.count == 1 && $0.amounts[0].cents > 0 }
    }

    /// The most subtotals, taxes or cash amounts a page may print for `leadingSignReading` to read it.
    static let signReadingTerms = 6

    /// An amount as printed, and without its first digit (a currency sign the OCR may have read as one) with that
    /// digit: `219201` → `219201`, and `19201` with `2`.
    static func signForms(_ cents: Int) -> [(cents: Int, sign: Character?)] {
        [(cents, nil)] + (withoutFirstDigit(cents).map { [($0, String(cents).first)] } ?? [])
    }

    /// An amount in cents without its first digit (`219201` → `19201`); nil below 1.00 or when nothing is left.
    static func withoutFirstDigit(_ cents: Int) -> Int? {
        guard cents >= 100, let rest = Int(String(cents).dropFirst()), rest > 0 else { return nil }
        return rest
    }

    /// Whether two amounts in cents are one misread digit apart: one digit different (`7123`, `7723`), or one more
    /// (`51572`, `5172`: a speck read as a digit).
    static func oneDigitApart(_ a: Int, _ b: Int) -> Bool {
        let (x, y) = (Array(String(a).utf8), Array(String(b).utf8))
        if x.count == y.count { return zip(x, y).count(where: { $0 != $1 }) == 1 }
        let (long, short) = x.count > y.count ? (x, y) : (y, x)
        guard long.count == short.count + 1 else { return false }
        return long.indices.contains { k in Array(long[..<k] + long[(k + 1)...]) == short }
    }

    /// The gross of the receipt's tax table when every row of it with a net, a tax and a gross adds up (`19,0% 64,90
    /// 12,33 77,23`), at the rate the row prints if it prints one: the sum of the rows' gross; nil without such rows,
    /// or when one does not add up (`20% 28,02 5,01 33,03`, where 20 % of 28,02 is 5,60: the OCR read 5,61 and 33,63
    /// with a 0 for the 6 alike).
    func consistentSummaryGross() -> Int? {
        // The rows' figures as printed (the price detector takes only the last one of such a row as an amount).
        let table = lines.filter(\.inSummary).map { (line: $0, figures: Self.figures(in: $0.range, of: t)) }
        // Rows of a net and its tax only (`10% 19,24 1,92`), as Spanish tills print them: the last row, the table's
        // total, must be the sum of the rows above it, column by column.
        let pairs = table.filter { $0.figures.count == 2 }.map { (net: $0.figures[0], tax: $0.figures[1]) }
        if pairs.count >= 3, let last = pairs.last, last.net > 0,
            pairs.dropLast().reduce(0, { $0 + $1.net }) == last.net, pairs.dropLast().reduce(0, { $0 + $1.tax }) == last.tax,
            table.allSatisfy({ $0.figures.count < 3 })
        {
            return last.net + last.tax
        }
        // (Either of a row's two first figures may be the tax; taxes summed per item round apart from the net's share
        // by a few cents.)
        func isShare(_ x: Int, of base: Int, at rate: Double) -> Bool {
            abs(Double(base) * rate / 100 - Double(x)) <= max(2, Double(base) * 0.002)
        }
        var rows: [[Int]] = []  // net, tax, gross
        for (line, a) in table where !Self.isTotalRole(line.role) {
            guard a.count >= 3 else { continue }
            let (net, tax) = (a[a.count - 3], a[a.count - 2])
            guard net + tax == a[a.count - 1], a[a.count - 1] > 0 else { return nil }
            if let rate = Self.rate(in: t.string(line.range)), !isShare(tax, of: net, at: rate), !isShare(net, of: tax, at: rate) {
                return nil
            }
            rows.append([net, tax, a[a.count - 1]])
        }
        guard !rows.isEmpty else { return nil }
        return Self.withoutTotalRow(rows).reduce(0) { $0 + $1[2] }
    }

    /// The sum of a tax table's nets and taxes, when every row of it prints a rate, a net and a tax that is the rate's
    /// share of the net (to the cent), whatever its gross says; nil otherwise.
    func netsAndTaxesByRate() -> Int? {
        var sum = 0, rows = 0
        for line in lines where line.inSummary && !Self.isTotalRole(line.role) {
            let figures = Self.figures(in: line.range, of: t)
            guard figures.count >= 3, let rate = Self.rate(in: t.string(line.range)) else { continue }
            let (net, tax) = (figures[figures.count - 3], figures[figures.count - 2])
            guard net > 0, Self.isShareToTheCent(tax, of: net, at: rate) else { return nil }
            sum += net + tax
            rows += 1
        }
        return rows > 0 ? sum : nil
    }

    /// What a tax table's nets come to at the rates their rows print, each rounded to the cent (`SR @ 6% 98.11 6.89` →
    /// 104.00, whatever the tax reads): the net is a row's third figure from the end where it prints three or more
    /// (`19,0% 64,90 12,33 77,23`), the larger where it prints two. Nil without such rows, or where a row of the table
    /// prints figures without a rate (a zero-rated row, `ZRL 5.00 0.00`, or one whose rate the OCR lost).
    func taxTableGrossByRate() -> Int? {
        var sum = 0, rows = 0
        for line in lines where line.inSummary && !Self.isTotalRole(line.role) && line.role != .taxSummary {
            let figures = Self.figures(in: line.range, of: t)
            guard !figures.isEmpty else { continue }
            guard figures.count >= 2, let rate = Self.rate(in: t.string(line.range)) else { return nil }
            let net = figures.count >= 3 ? figures[figures.count - 3] : figures.max() ?? 0
            guard net > 0 else { return nil }
            sum += Int((Double(net) * (100 + rate) / 100).rounded())
            rows += 1
        }
        return rows > 0 ? sum : nil
    }

    /// A tax table's rows without its total row: the last row when its every column is the sum of the rows above it
    /// (`B 19,0% 45,62 8,67 54,29` then `Gesamt 45,62 8,67 54,29`, its label read as `G` or lost), which a sum of
    /// the rows would count twice.
    static func withoutTotalRow(_ rows: [[Int]]) -> ArraySlice<[Int]> {
        guard rows.count >= 2, let last = rows.last, rows.allSatisfy({ $0.count == last.count }) else { return rows[...] }
        let above = rows.dropLast()
        let isTotal = last.indices.allSatisfy { k in above.reduce(0) { $0 + $1[k] } == last[k] }
        return isTotal ? above : rows[...]
    }

    /// The numbers with two decimals in `range` of `t`, in cents, in order (`A 7,0% 60,11 4,21 64,32` → 6011, 421,
    /// 6432), as `PrintedNumber` reads them: not a rate (`7,0%`), not part of a date or a longer chain.
    static func figures(in range: Range<Int>, of t: UTF8Text) -> [Int] {
        var out: [Int] = []
        var i = range.lowerBound
        while i < range.upperBound {
            guard t.isDigit(at: i), !t.isDigit(at: i - 1) else {
                i += 1
                continue
            }
            var chainEnd = i
            if let number = PrintedNumber.parse(at: i, in: t, chainEnd: &chainEnd), number.fraction?.count == 2,
                number.range.upperBound <= range.upperBound, t[number.range.upperBound] != UInt8(ascii: "%"),
                let cents = cents(number.plain)
            {
                out.append(cents)
            }
            i = max(chainEnd, i + 1)
        }
        return out
    }

    /// Where the total is labelled: the site on the line with the strongest total label (the last of equals), else an
    /// unlabelled line at the foot, else a payment line, else any.
    func bestSite(_ e: Evidence) -> Site {
        // Among total lines, an integer read as cents (`Total Incl. GST: 2700`) only where no other prints the value as
        // it is (`Total Payable: 27.00`); a total line's before a subtotal's (`Sub Total $33.15`, `Total $3315`).
        func rank(_ s: Site) -> (Int, Int, Int, Int, Int) {
            let line = lines[s.line]
            let kind: Int
            switch line.role {
            case .total(let strength): kind = 10 + strength
            // `Rounding RM 27.30`: the rounded total's own line (its amounts here are the total's value).
            case .rounding: kind = 6
            case nil: kind = 5
            case .payment: kind = 4
            case .subtotal: kind = 2
            default: kind = 1
            }
            let printed = line.amounts[s.amount].price != nil ? 1 : 0
            let read = line.amounts[s.amount].repair?.needsArithmetic == true ? 0 : 1
            return (kind >= 10 ? 1 : 0, read, kind, printed, s.line)
        }
        return e.sites.max { rank($0) < rank($1) } ?? e.sites[0]
    }

    #if DEBUG
        /// Prints the lines' roles and amounts and the candidates' evidence (set `DATASCAN_DEBUG_RECEIPT` in a debug build).
        private func debugPrint(_ candidates: [Evidence]) {
            var out = "--- receipt\n"
            for line in lines where line.role != nil || !line.amounts.isEmpty {
                let amounts = line.amounts.map { Self.plain($0.cents) + ($0.price == nil ? "~\($0.repair.map { "\($0)" } ?? "")" : "") }
                out +=
                    "\(line.inSummary ? "S" : " ") \(line.role.map { "\($0)" } ?? "-")  \(amounts.joined(separator: " "))  | \(t.string(line.range))\n"
            }
            for c in candidates.prefix(5) {
                out +=
                    "  \(Self.plain(c.cents)) score \(c.score) conf \(c.confidence) label \(c.label) arith \(c.arithmetic.sorted()) repeats \(c.repeats) damaged \(c.onlyDamaged)\n"
            }
            FileHandle.standardError.write(Data(out.utf8))
        }
    #endif

    /// How many lines other than `evidence`'s print `cents` and nothing else but punctuation or a currency mark.
    func linesPrintingAlone(_ cents: Int, besides evidence: Evidence) -> Int {
        lines.count { line in
            line.amounts.first?.cents == cents && !evidence.sites.contains(where: { $0.line == line.index }) && printsAmountAlone(line)
        }
    }

    /// Whether `line` prints one amount as the price detector read it and nothing else but punctuation or a currency
    /// mark.
    func printsAmountAlone(_ line: Line) -> Bool {
        guard line.amounts.count == 1, line.amounts[0].price != nil else { return false }
        let a = line.amounts[0].range
        return !line.range.contains { k in !a.contains(k) && t.isLetter(at: k) && CurrencySymbols.mark(startingAt: k, in: t) == nil }
    }

    /// The price that a receipt's foot prints first when the OCR lost its labels (a glare over `SUMME`, `BAR` and the
    /// card slip's `Betrag`): no amount's line names a total, subtotal or payment, and the page's largest amount stands alone
    /// on two or more lines after the last item, with nothing but amounts alone between them. Nil otherwise.
    func totalOfAFootWithoutLabels() -> Int? {
        let named = lines.contains { line in
            guard !line.inSummary, !line.amounts.isEmpty, let role = line.role else { return false }
            switch role {
            case .total, .subtotal, .cash, .payment, .change: return true
            default: return false
            }
        }
        let priced = lines.filter { !$0.inSummary && $0.amounts.contains { $0.price != nil } }
        guard !named, let largest = priced.flatMap(\.amounts).filter({ $0.price != nil }).map(\.cents).max(), largest > 0 else {
            return nil
        }
        guard let first = priced.firstIndex(where: { printsAmountAlone($0) && $0.amounts[0].cents == largest }) else { return nil }
        let items = priced[..<first].filter { !printsAmountAlone($0) }
        let foot = priced[first...]
        guard items.count >= 2, foot.allSatisfy(printsAmountAlone), foot.count(where: { $0.amounts[0].cents == largest }) >= 2
        else { return nil }
        return priced[first].amounts[0].price
    }

    /// Whether `second` is what is left of `best` after a deposit paid before (a payment line between the two whose
    /// amount, as printed or as a deduction, is their difference).
    func isBalanceAfterDeposit(_ second: Evidence, of best: Evidence) -> Bool {
        guard let first = best.sites.map(\.line).min(), let then = second.sites.map(\.line).min(), first + 1 < then,
            second.cents > 0, second.cents < best.cents
        else { return false }
        return lines[(first + 1)..<then].contains { line in
            line.role == .payment && line.amounts.contains { $0.price != nil && abs($0.cents) == best.cents - second.cents }
        }
    }

    /// The amounts card and other payment lines print as read (not repaired), above zero.
    func cardPayments() -> [Int] {
        lines.filter { $0.role == .payment && !$0.inSummary }.flatMap(\.amounts).filter { $0.price != nil && $0.cents > 0 }.map(\.cents)
    }

    /// The amount a card paid, printed as the subtotal too, when it is above a total named by its label alone and every
    /// card payment is; or printed as the tax table's gross, a digit from the label's amount (`TOTAL A PAGAR 115.00`,
    /// `VISA 115.01`, `10% 104,55 10.46 115.01`: two prints against one). Nil otherwise. (A payment alone above the
    /// total may be the total misread the other way: `Grand Total 391.97`, `PAYTM 791.97` for 91.97 with the `₹` read
    /// as two digits.) Or, on a slip paid by card alone that prints its change, what the cards paid when the label's
    /// amount is more than that (`Total Sales (Inclusive GST) RM 48.34` for 45.34, `Rounding RM 45.35`, `CREDIT RM =
    /// 45.35`, `CHANGE RM 0.00`): nobody paid it.
    func paidOverLabelOnly(_ best: Evidence, among candidates: [Evidence]) -> Evidence? {
        let payments = cardPayments()
        guard !payments.isEmpty else { return nil }
        let above = payments.allSatisfy { $0 > best.cents }
        let grossAmounts = Set(lines.lazy.filter(\.inSummary).compactMap { $0.amounts.last?.cents })
        let paidByCardAlone =
            lines.contains { $0.role == .change && !$0.amounts.isEmpty } && !lines.contains { $0.role == .cash && !$0.amounts.isEmpty }
        let cardsPaid = payments.reduce(0, +)
        return candidates.first { c in
            guard c.arithmetic.contains("paid"), payments.contains(c.cents) else { return false }
            if above, c.cents > best.cents, c.sites.contains(where: { lines[$0.line].role == .subtotal && !lines[$0.line].inSummary }) {
                return true
            }
            if paidByCardAlone, c.cents == cardsPaid, best.cents > cardsPaid + Self.roundingReach { return true }
            return grossAmounts.contains(c.cents) && Self.oneDigitApart(c.cents, best.cents)
        }
    }

    /// The amount the receipt's one cash payment less its one change names, printed on another line, against a total
    /// named by its label alone that it contradicts by more than a misread digit (`合計` above `¥148` in a text stored
    /// labels first, then `お預り ¥10,003`, `お釣り ¥6,240` and `¥3,763`): nil otherwise.
    func cashOverLabelOnly(_ best: Evidence, among candidates: [Evidence]) -> Evidence? {
        let cash = Set(values { $0 == .cash }.map { abs($0.cents) }), change = Set(values { $0 == .change }.map { abs($0.cents) })
        guard cash.count == 1, change.count == 1, let paid = cash.first, let given = change.first, given > 0 else { return nil }
        let due = paid - given
        guard due > 0, due != best.cents, !Self.oneDigitApart(due, best.cents) else { return nil }
        return candidates.first { c in
            c.cents == due && c.arithmetic.contains("cash")
                && c.sites.contains { lines[$0.line].role != .cash && lines[$0.line].role != .change }
        }
    }

    static func label(for role: ReceiptLexicon.Role?) -> ItemLabel? {
        switch role {
        case .total: .total
        case .subtotal: .subtotal
        case .tax, .includedTax: .tax
        case .discount: .discount
        case .tip: .tip
        case .cash: .cash
        case .change: .change
        default: nil
        }
    }

    /// `12.30`; `8572` for a `whole` amount (printed without decimals) that has no cents.
    static func plain(_ cents: Int, whole: Bool = false) -> String {
        let sign = cents < 0 ? "-" : ""
        let v = abs(cents)
        if whole, v % 100 == 0 { return "\(sign)\(v / 100)" }
        return "\(sign)\(v / 100).\(v % 100 < 10 ? "0" : "")\(v % 100)"
    }
}
