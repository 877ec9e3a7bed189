import Foundation

/// What supports each value as the receipt's total: where it is printed, its label, the arithmetic it closes, its
/// repeats (`evidence()`), and how sure that makes it (`Evidence.confidence`).
extension ReceiptReader {
    /// One place a candidate value is printed.
    struct Site {
        var line: Int
        var amount: Int
    }

    /// What supports one value as the total.
    struct Evidence {
        var cents: Int
        var sites: [Site] = []
        var label = 0
        var arithmetic: Set<String> = []
        var repeats = 0
        var onlyDamaged = true
        /// The receipt's one subtotal and one tax add up to a value no line prints, and no sure relation (nor group
        /// totals adding up to it) ties this one to the receipt's amounts (`Taxable Amount 715.43`, `GST 30.77`, `Net
        /// Amount 716.20` and a payment of 716.20: the `₹` read as a 7 before all three): it may be the total, not
        /// surely.
        var contradicted = false
        var score: Double {
            let s = Double(label) * 1.5 + (label >= 3 ? 0.5 : 0) + Double(min(repeats, 3)) * 0.6 - (onlyDamaged ? 1.0 : 0)
            // Counted, not summed over the set: a set's order changes from run to run, and so would the rounding.
            let strong = arithmetic.filter(Self.strongRelations.contains).count
            return s + Double(strong) * 2.2 + Double(arithmetic.count - strong) * 1.2
        }

        /// Relations that tie the value to other labelled amounts of the receipt; the others (the items' sum, a tax
        /// summary, group totals) are weaker.
        static let strongRelations: Set<String> = ["subtotal", "rounding", "cash"]
        /// Relations that make a value as sure as the strong ones do, but choose among candidates only as weak ones:
        /// three or more item amounts that add up to it exactly (`lineItems`; two items, `items`, can be one item
        /// and its own line total). A labelled total the items add up to was 0.888, below the 0.9 that skips a second
        /// reading, on every invoice without a subtotal.
        static let sureRelations = strongRelations.union(["lineItems"])
        /// The most a contradicted value is sure: below the 0.9 that skips a second reading.
        static let contradictedConfidence = 0.85
        /// The most a value is sure that only cash paid as the value rounded to a coin (and weaker relations) confirms.
        static let roundedCashConfidence = 0.89

        /// How likely the value is the receipt's total, from independent pieces of evidence (calibrated on real
        /// receipts: see `make eval-receipts`).
        var confidence: Double {
            var doubt = 1.0
            switch label {
            case 3...: doubt *= 0.25
            case 2: doubt *= 0.4
            case 1: doubt *= 0.7
            default: break
            }
            let strong = arithmetic.filter(Self.sureRelations.contains).count
            doubt *= pow(0.2, Double(strong)) * pow(0.45, Double(arithmetic.count - strong))
            if repeats > 1 { doubt *= 0.6 }
            var p = 1 - doubt
            if onlyDamaged { p = min(p, arithmetic.count + (label >= 2 ? 1 : 0) >= 2 ? 0.88 : 0.6) }
            // Cash paid as it rounded to a coin confirms every digit but the last, and a rounded total the OCR lost
            // entirely, its rounding line with it, would look the same: it makes a total likely, never sure alone.
            if strong == 0, arithmetic.contains("cashRounding") { p = min(p, Self.roundedCashConfidence) }
            if contradicted { p = min(p, Self.contradictedConfidence) }
            return (p * 1000).rounded() / 1000
        }
    }

    /// The values of the amounts on lines with `role`, and their sites.
    func values(where accept: (ReceiptLexicon.Role?) -> Bool) -> [(cents: Int, site: Site)] {
        var out: [(Int, Site)] = []
        for line in lines where !line.inSummary && accept(line.role) {
            for (k, a) in line.amounts.enumerated() { out.append((a.cents, Site(line: line.index, amount: k))) }
        }
        return out
    }

    /// The line that starts the receipt's foot: its first subtotal, total, tax or payment line.
    var footStart: Int {
        lines.firstIndex { line in
            guard let role = line.role, !line.amounts.isEmpty else { return false }
            switch role {
            case .count, .taxSummary, .discount: return false
            default: return true
            }
        } ?? lines.count
    }

    /// Currencies written with a `$`.
    static let dollarCurrencies: Set<String> = [
        "USD", "CAD", "AUD", "NZD", "SGD", "HKD", "TWD", "MXN", "CLP", "COP", "ARS", "JMD", "TTD", "FJD",
    ]

    /// Whether the amount at `site` reads an `S` before its digits as a 5 where a reading of it as a `$` stands too.
    func readsDollarSignAsFive(_ site: Site) -> Bool {
        lines[site.line].amounts[site.amount].repair == .letters && dollarTwin(of: site) != nil
    }

    /// The cents of the `$` reading of the amount at `site`, when it has one.
    func dollarTwin(of site: Site) -> Int? {
        let amounts = lines[site.line].amounts, range = amounts[site.amount].range
        return amounts.first { $0.repair == .dollarSign && $0.range == range }?.cents
    }

    /// Every value that could be the receipt's total, each with what supports it: the lines that print it and their
    /// labels, the relations of the receipt's arithmetic it closes, its repeats at the foot. Values the receipt shows to
    /// be something else (cash tendered, the parts of a grand total, the amount before rounding, a subtotal the
    /// arithmetic takes further) are left out; `labelled` weighs the rest.
    func evidence() -> [Evidence] {
        let foot = footStart
        var byValue: [Int: Evidence] = [:]
        // (value, line) pairs seen: a value printed on thousands of lines is looked up, not searched for.
        var placed = Set<SIMD2<Int>>()
        func site(_ cents: Int, _ s: Site, label: Int = 0) {
            guard cents > 0 else { return }
            var e = byValue[cents] ?? Evidence(cents: cents)
            if placed.insert(SIMD2(cents, s.line)).inserted { e.sites.append(s) }
            e.label = max(e.label, label)
            if lines[s.line].amounts[s.amount].repair == nil || lines[s.line].amounts[s.amount].repair == .spacedSeparator {
                e.onlyDamaged = false
            }
            byValue[cents] = e
        }
        // Candidates: amounts on total, payment and cash lines, and unlabelled amounts at the foot of the receipt.
        for line in lines where !line.inSummary {
            for (k, a) in line.amounts.enumerated() {
                let s = Site(line: line.index, amount: k)
                switch line.role {
                case .total(let strength): site(a.cents, s, label: strength)
                // `Rounding RM 27.30`: the OCR cut `Total after rounding`; a rounding is a few cents, this is the total.
                case .rounding where abs(a.cents) >= largestRounding: site(a.cents, s, label: 2)
                case .payment, .cash: site(abs(a.cents), s)
                case nil where line.index >= foot: site(a.cents, s)
                case .subtotal: site(a.cents, s)
                default: break
                }
            }
        }
        var cash = values { $0 == .cash }.map { abs($0.cents) }
        let change = values { $0 == .change }.map { abs($0.cents) }
        let givenChange = change.filter { $0 > 0 }
        let payments = values { $0 == .payment }.map { abs($0.cents) }
        if cash.isEmpty, payments.isEmpty, let tender = unnamedTender() { cash.append(tender) }
        let tenders = cash + payments
        let paidAmounts = Set(tenders)
        var paidLessChange = Self.differences(Array(paidAmounts), givenChange)
        // A bill paid in two or three parts (`Paid Card £20.00`, `Paid Cash £20.00`, `Change £4.00` under `Total
        // £36.00`): what the parts add up to, less the change.
        var splits = Set<Int>()
        if let split = Self.splitTender(tenders) {
            splits.insert(split)
            paidLessChange.formUnion(givenChange.isEmpty ? [split] : givenChange.map { split - $0 }.filter { $0 > 0 })
        }
        // Or two or three of the tenders that a total's line prints, where there are more (a card's amount printed
        // again on its own slip: `GIFT CARD 10.00`, `VISA 20.00`, `VISA SALE 20.00` under `TOTAL 30.00`).
        let totalsByLine = values { Self.isTotalRole($0) }.map { (cents: $0.cents, line: $0.site.line) }
        let totals = totalsByLine.map(\.cents)
        if givenChange.isEmpty {
            let partSums = Self.partSums(of: tenders).intersection(totals)
            splits.formUnion(partSums)
            paidLessChange.formUnion(partSums)
        }
        // Cash − change printed on a line read as something else (`Qty: 1 TotalRM 11.60`, `TOTAL SAVING: 0.00 TOTAL
        // 12.00`, where the line's first words gave it its role): the arithmetic names it a candidate.
        for line in lines
        where !line.inSummary && (line.role == .count || line.role == .discount || (line.role == nil && line.index < foot)) {
            for (k, a) in line.amounts.enumerated() where paidLessChange.contains(a.cents) {
                site(a.cents, Site(line: line.index, amount: k))
            }
        }
        // And the gross a tax summary's row ends with, when no other line prints it (`10% 17.39 1.74 19.13` beside cash
        // 25.00 and change 5.87, where the total's own line is misread).
        // So is the gross of a tax table whose every row adds up (`10% 70.14 7.01 77.15` under `AMOUNT DUE 1ZA5`).
        let tableGross = consistentSummaryGross()
        for line in lines where line.inSummary && !line.amounts.isEmpty && line.role != .includedTax {
            let k = line.amounts.count - 1, gross = line.amounts[k]
            if paidLessChange.contains(gross.cents) || gross.cents == tableGross, gross.price != nil, byValue[gross.cents] == nil {
                site(gross.cents, Site(line: line.index, amount: k))
            }
        }
        let implausibleTaxes = implausibleTaxAmounts()
        let subtotals = values { $0 == .subtotal }.map(\.cents)
        let taxes = values { $0 == .tax }.map(\.cents).filter { !implausibleTaxes.contains($0) }
        // A tip is added as a service charge is (`Sub Total USD$ 25.23`, `Tip: 3.78`, `Total USD$ 29.01` on a card slip).
        let services = values { $0 == .serviceCharge || $0 == .tip }.map(\.cents)
        let roundingLines = lines.contains { $0.role == .rounding }
        // What was paid in cash where the till rounds cash to a coin (`CashRounding`) and the receipt prints no rounding:
        // cash − change, or the cash alone where no change was given. (Where it prints one, the amount paid is the
        // rounded total, and the total as printed is the amount it was rounded from.)
        var paidInCoins = Set<Int>()
        if let step = cashRoundingStep, !roundingLines {
            let handed = givenChange.isEmpty ? Set(cash) : paidLessChange
            paidInCoins = handed.filter { $0 > 0 && $0 % step == 0 }
        }
        let roundings = values { $0 == .rounding }.map(\.cents).filter { abs($0) < largestRounding }
        let discounts = values { $0 == .discount }.map { abs($0.cents) }
        let finalTotalsByLine = values { $0 == .total(strength: 3) }.map { (cents: $0.cents, line: $0.site.line) }
        let bases = values { Self.totalStrength($0) == 1 }.map(\.cents)
        let items = itemAmounts(before: foot)
        let itemSum = items.reduce(0, +)
        let folio = chargedItems()
        // A tax table whose every row adds up (`A 7,0% 41,99 2,94 44,93`, `B 19,0% 20,13 3,82 23,95`): its gross too.
        let summaryGross = summaryTotals().union(tableGross.map { [$0] } ?? [])
        // Totals a rounded total was rounded from: the amount before the rounding, not the one paid.
        var roundedFrom = Set<Int>()
        // The taxes a total includes add up with its net (`Netto 98,60`, `enth. MwSt 7% 6,27`, `enth. MwSt 19% 1,72`,
        // `Total 106,59`): they count as taxes on top of a subtotal too.
        let included = values { $0 == .includedTax }.map(\.cents)
        let includedShares: [(cents: Int, rate: Double)] = lines.compactMap { line in
            guard !line.inSummary, line.role == .includedTax || line.role == .tax, line.amounts.count == 1, line.amounts[0].cents > 0,
                let rate = Self.rate(in: t.string(line.range))
            else { return nil }
            return (line.amounts[0].cents, rate)
        }
        let rests = Self.rests(taxes: taxes + included, services: services, roundings: roundings, discounts: discounts)
        // (A tax printed with its base and rate on one line reads as a tax table's row, `Tax: $7.89 @ 8.625% $0.68`: the
        // only such row's last amount is the tax the items' sum takes.)
        let taxRows = lines.filter { $0.inSummary && $0.role == .tax && $0.amounts.count >= 2 }
        let itemRests = taxes.isEmpty && taxRows.count == 1 ? Set(taxRows[0].amounts.suffix(1).map(\.cents)) : []
        // Every relation below is a lookup per candidate, in sets built once: a page that is not one receipt (a
        // statement, a book read as one page) has thousands of candidates and of labelled amounts.
        // subtotal + tax (+ service) (± rounding) (− discount) = total, with at least one term besides the subtotal;
        // the base may also be printed as a gross or plain amount (`Gross Amount 40.00`, `GST 2.40`, `Sub Total 42.40`).
        // A total worded as one but printed before the tax (`Total Amount : 155.50`, `GST 6% 9.31`, `Rounding Adj -0.01`,
        // `Total Amount: 164.80`) is a base too, for the totals after it.
        let lastTotalLine = totalsByLine.map(\.line).max() ?? 0
        let earlierTotals = Set(totalsByLine.filter { $0.line < lastTotalLine && $0.cents > 0 }.map(\.cents))
        let subtotalSums = Self.sums(Set(subtotals), rests.filter { $0 != 0 }).union(Self.sums(Set(bases), rests.filter { $0 > 0 }))
            .union(Self.sums(earlierTotals, rests.filter { $0 > 0 }))
        // A total that charges printed after an earlier total take further (`Total 24.36`, `8. Service Far Af 8.90`,
        // `Total $33 26`): the earlier total and the amounts of the few lines between them, unlabelled or charges.
        // Lines without an amount between them count for nothing (an OCR's fragments, a label whose amount it lost);
        // a rounding line among them whose amount was lost lets the sum miss by a few cents (`Total Amount : 155.50`,
        // `9.31` under a tax label read as noise, `Rounding Adj :`, `TOTAL: RM 164.80`).
        // (The earlier total is then what the charges were added to, not the total.)
        var chargedTotals = Set<Int>(), chargedFrom = Set<Int>()
        if totalsByLine.count <= Self.maximumGroupTotals {
            for (k, later) in totalsByLine.enumerated() {
                for earlier in totalsByLine[..<k] where earlier.line < later.line && earlier.cents > 0 {
                    let between = lines[(earlier.line + 1)..<later.line]
                    // (A card slip's line repeating the earlier total, `PURCHASE $74.94` above `TIP $13.49`, is none.)
                    let charged = between.filter { !$0.amounts.isEmpty && $0.amounts.map(\.cents) != [earlier.cents] }
                    // (A card slip that adds a tip prints its own head between the bill's total and its own: `CUSTOMER
                    // COPY`, `TID`, `VISA`, `BASE AMOUNT`, `TIP`, `TOTAL`.)
                    let tipped = charged.contains { $0.role == .tip }
                    let lostRounding = between.contains { $0.role == .rounding && $0.amounts.isEmpty }
                    func closes(_ charged: [Line]) -> Bool {
                        let charges = charged.map(\.amounts[0].cents)
                        let miss = abs(earlier.cents + charges.reduce(0, +) - later.cents)
                        return charges.allSatisfy({ $0 > 0 }) && (miss == 0 || (lostRounding && miss <= 5))
                    }
                    var closed =
                        (1...3).contains(charged.count) && between.count <= Self.linesBetweenChargedTotals * (tipped ? 2 : 1)
                        && charged.allSatisfy({ line in
                            !line.inSummary && line.amounts.count == 1 && [nil, .serviceCharge, .tip].contains(line.role)
                        }) && closes(charged)
                    // A card slip however far below the bill (a tax table, a footer between; a slip's date read as an
                    // amount, `JUN 08,24`): its base repeating the bill's total (`SALE £107.44`, `MONTO: $46.100`),
                    // right under it only what the slip adds (`GRATUITY`, `SURCHARGE 1.5%`), then its own total.
                    if !closed, let base = between.lastIndex(where: { $0.amounts.map(\.cents) == [earlier.cents] }),
                        later.line - base <= Self.linesOfASlipsCharges
                    {
                        let added = lines[(base + 1)..<later.line].filter { !$0.amounts.isEmpty }
                        closed =
                            (1...3).contains(added.count)
                            && added.allSatisfy({ line in
                                !line.inSummary && line.amounts.count == 1 && [.serviceCharge, .tip].contains(line.role)
                            }) && closes(added)
                    }
                    if closed {
                        chargedTotals.insert(later.cents)
                        chargedFrom.insert(earlier.cents)
                    }
                }
            }
        }
        let subtotalSet = Set(subtotals), paymentSet = Set(payments), totalSet = Set(totals)
        // A total ± a rounding: the totals each value is that far from.
        var roundedTotals: [Int: [Int]] = [:]
        let nonZeroRoundings = Set(roundings.filter { $0 != 0 }.map(abs))
        if totalSet.count * nonZeroRoundings.count <= Self.maximumRests {
            for t in totalSet { for r in nonZeroRoundings { for v in [t - r, t + r] { roundedTotals[v, default: []].append(t) } } }
        }
        let distinctTotals = Set(totalsByLine.map(\.cents).filter { $0 > 0 })
        let roundingBases = values { $0 == .subtotal || Self.isTotalRole($0) }.map { (cents: $0.cents, line: $0.site.line) }
        // The tendered cash is not the total when change was given, nor is an amount paid that exceeds a printed amount
        // by the change (`Payment 73.00`, `Change Due 0.05` below `TTL AFT RND 72.95`): it was not what was due.
        // So is a card's amount that the cash back on it takes to a labelled total, however weakly labelled itself
        // (`BALANCE 50.16`, `DEBIT TEND 90.16`, `CASH BACK 40.00`, the slip's `AMOUNT: USD$ 90.16`).
        let tendered = Set(
            cash.filter { k in !givenChange.isEmpty && !totalSet.contains(k) && !paymentSet.contains(k) }
                + payments.filter { k in
                    (!totalSet.contains(k) || ((byValue[k]?.label ?? 0) < 2 && givenChange.contains { totalSet.contains(k - $0) }))
                        && givenChange.contains { byValue[k - $0] != nil }
                })
        let subtotalAndTax = subtotalPlusTax()
        // The largest tax the arithmetic confirms (its line's rate of a candidate's amount, added or included): no total
        // is less (`Grand Total au 1 . 30` beside `Bill Inclusive of 6% GST : RM2.90` and `Cash
        // RM51.30`).
        let confirmedTax = includedShares.filter { share in
            !implausibleTaxes.contains(share.cents)
                && byValue.keys.contains { whole in
                    Self.isIncludedShare(share.cents, rate: share.rate, of: whole, step: printedStep)
                        || abs(Double(whole) * share.rate / 100 - Double(share.cents)) <= 0.5
                }
        }.map(\.cents).max()
        // (Read as printed or with a spaced separator only.)
        func cleanAmounts(_ accept: (ReceiptLexicon.Role?) -> Bool) -> [Int] {
            values(where: accept).filter { [nil, .spacedSeparator].contains(lines[$0.site.line].amounts[$0.site.amount].repair) }
                .map(\.cents)
        }
        let cleanSubtotal = cleanAmounts { $0 == .subtotal }.max()
        let cleanTotals = Set(cleanAmounts(Self.isTotalRole))
        // Three or more items and the tax (or a charge or discount) on top, on a receipt that prints no subtotal (`Tax:
        // $7.89 @ 8.625% $0.68`, `Balance to pay $41.98`) or prints the items' sum as its subtotal, whose digits are then
        // no misreading (`SUBTOTAL 31.29` over 12.97, 14.94 and 3.38, `TAX 1 7.000 % 1.05` on the one taxed item, `TOTAL
        // 32.34`): what the tax may take the items' sum to.
        let restsOnTheItems = subtotals.isEmpty ? (rests.isEmpty ? itemRests : rests) : subtotalSet.contains(itemSum) ? rests : []
        for (value, var e) in byValue {
            if subtotalSums.contains(value) || chargedTotals.contains(value) {
                e.arithmetic.insert("subtotal")
            } else if subtotalSet.contains(value), paidAmounts.contains(value),
                taxes.contains(0)
                    || (taxes.isEmpty && services.isEmpty && discounts.isEmpty && givenChange.isEmpty && cleanTotals.isSubset(of: [value]))
            {
                // No tax to add (`GST 0% 0.00`; or none printed, nothing taken off, no change given and no other total
                // printed whole), and the subtotal is what was paid.
                e.arithmetic.insert("subtotal")
            }
            // The rounded total: a total ± the rounding, when this is the rounded one of the two (paid, or a multiple of
            // five cents where the other is not).
            for t in roundedTotals[value] ?? [] where paidAmounts.contains(value) || (value % 5 == 0 && t % 5 != 0) {
                e.arithmetic.insert("rounding")
                roundedFrom.insert(t)
            }
            // Paid a few cents off a labelled total, on a receipt that rounds: the rounded total (the rounding line's own
            // amount may be unreadable). Paid as a card's amount, with no change, or as cash that is itself a labelled
            // total where no change was given (`Total (Inclusive of GST): 112.36`, `Rounding Adj: i`, `TOTAL: 112.35`,
            // `CASH : 112.35`).
            var paidRounded = false
            // Cash (or an amount paid) − change.
            if paidLessChange.contains(value) {
                e.arithmetic.insert("cash")
            } else if paidAmounts.contains(value), paymentSet.contains(value) || change.contains(0), !tendered.contains(value) {
                e.arithmetic.insert("paid")
                paidRounded = roundingLines
            } else if roundingLines, paidAmounts.contains(value), totalSet.contains(value), givenChange.isEmpty, !tendered.contains(value) {
                paidRounded = true
            }
            // Paid in cash as the total rounded to the country's smallest coin, no rounding printed (`TOTAL 12.47`,
            // `CASH 20.00`, `CHANGE 7.55` in Australia): every digit but the last confirmed, a weak relation.
            if let step = cashRoundingStep, !paidInCoins.isEmpty, value % step != 0, !e.arithmetic.contains("cash"),
                CashRounding.rounded(value, step: step).contains(where: paidInCoins.contains)
            {
                e.arithmetic.insert("cashRounding")
            }
            if paidRounded {
                for t in value - 5...value + 5 where t != value && totalSet.contains(t) {
                    e.arithmetic.insert("rounding")
                    roundedFrom.insert(t)
                }
            }
            // A rounding line whose amount the OCR lost (`Rounding Adj -J.02`): a total below it that is a subtotal or an
            // earlier total above it rounded to the nearest five cents (`Sub-total 88.97` → `Total After Adj 88.95`; not
            // `83.95`, a digit misread). A weaker sign than a rounding read: the rounding's own amount says nothing.
            if roundingLines, roundings.isEmpty, e.label > 0, value % 5 == 0, let firstLine = e.sites.map(\.line).min() {
                for base in roundingBases where base.line < firstLine && base.cents % 5 != 0 && abs(base.cents - value) <= 2 {
                    e.arithmetic.insert("roundedAbove")
                    roundedFrom.insert(base.cents)
                }
            }
            if items.count >= 2, itemSum == value { e.arithmetic.insert(items.count >= 3 ? "lineItems" : "items") }
            if items.count >= 3, value != itemSum, restsOnTheItems.contains(value - itemSum) { e.arithmetic.insert("lineItems") }
            // A fare or a dish and the tip on it (`Fahrpreis 23,50`, `Trinkgeld 2,00`, `Gesamt 25,50`): fewer items, a
            // weaker relation.
            if (1...2).contains(items.count), subtotals.isEmpty, value > itemSum, services.contains(value - itemSum) {
                e.arithmetic.insert("items")
            }
            if folio == value { e.arithmetic.insert("lineItems") }
            if summaryGross.contains(value) { e.arithmetic.insert("summary") }
            // The tax it includes, at the rate printed beside it (`Bill Inclusive of 6% GST : RM2.90` of 51.30).
            if includedShares.contains(where: { Self.isIncludedShare($0.cents, rate: $0.rate, of: value, step: printedStep) }) {
                e.arithmetic.insert("included")
            }
            // Group totals adding up to the grand total (`Total 6% supplies 12.72`, `Total 0% supplies 23.64`), a
            // credited group's negative (`Total 0% supplies: 39.01`, `Total 6% supplies (Inc. GST): -18.80`,
            // `Total Payable: 20.21`) too.
            if distinctTotals.count <= Self.maximumGroupTotals + 1 {
                let others = groupTotals(besides: e, totalsByLine: totalsByLine, finalTotalsByLine: finalTotalsByLine)
                if others.count >= 2, Self.someSum(of: others, equals: value) { e.arithmetic.insert("totals") }
            }
            e.repeats += max(0, e.sites.count - 1)
            if let sum = subtotalAndTax, sum != value, byValue[sum] == nil, !subtotalSet.contains(value),
                e.arithmetic.isDisjoint(with: Evidence.sureRelations), !e.arithmetic.contains("totals")
            {
                e.contradicted = true
            }
            // More than all the cash handed over, on a receipt paid in cash alone that gave change: nobody paid it.
            // (`$` read as 5 on every line but the cash's: items `50.00 $6.00`, `51.60`, `$0.80` adding up to 58.40,
            // `Net Total 58.40`, `CASH 8.40`, `Change 50.00`.)
            if !cash.isEmpty, payments.isEmpty, !givenChange.isEmpty, value > cash.max() ?? 0 { e.contradicted = true }
            // Below a larger amount that a later line names the final one (`Total Payable: 19.34` after `Total 6%
            // supplies (Inc. GST): 7.63`, the OCR's 19.31 of two groups' totals), more than a rounding away, and not
            // what was paid: the receipt goes on past it.
            let lastSite = e.sites.map(\.line).max() ?? 0
            if e.arithmetic.isDisjoint(with: ["cash", "paid"]),
                finalTotalsByLine.contains(where: { $0.line > lastSite && $0.cents > value + Self.roundingReach })
            {
                e.contradicted = true
            }
            byValue[value] = e
        }
        // Group totals that a grand total adds up are not the receipt's total.
        var components = Set<Int>()
        for e in byValue.values where e.arithmetic.contains("totals") && e.label >= 2 {
            let others = groupTotals(besides: e, totalsByLine: totalsByLine, finalTotalsByLine: finalTotalsByLine)
            for c in Self.summands(of: others, equal: e.cents) { components.insert(c) }
        }
        // Nor are the parts of a bill paid in parts, where a total's line prints what they add up to (`TOTAL 199.550`,
        // `GIFT CARD 50.00`, `EFTPOS 149.50`, and the card's slip: `TOTAL AUD $149.50`).
        if let split = splits.filter({ (byValue[$0]?.label ?? 0) >= 2 }).max() {
            components.formUnion(tenders.filter { $0 > 0 && $0 < split })
        }
        // A subtotal that the arithmetic takes further is not the total.
        let closedBySubtotal = Set(byValue.values.filter { $0.arithmetic.contains("subtotal") }.map(\.cents))
        return byValue.values.filter { e in
            if tendered.contains(e.cents) || components.contains(e.cents) || roundedFrom.contains(e.cents) { return false }
            // (However it was reached: `Сумма 17 500` + a 10 % service = `ИТОГО 19 250`, + a slip's tip = `20 250`.)
            if chargedFrom.contains(e.cents) { return false }
            if let confirmedTax, e.cents < confirmedTax { return false }
            // A total the OCR damaged at less than half a subtotal printed whole, on a receipt without a discount, lost a
            // digit (`RMZ8 03` under `Net Total R28 .05`, paid `RN28 .05`).
            if e.onlyDamaged, discounts.isEmpty, let subtotal = cleanSubtotal, e.cents * 2 < subtotal { return false }
            // An integer's separator guessed, an `S` read as a `$`: only when the arithmetic confirms the guess. But on a
            // page that prints its dollars with `$`, an `S` before the digits is the `$` (`TOTAL S161.44`, `APPROVED
            // S161.44` beside `TIMTAMS $12.99`), and its reading as a 5 (5161.44) is the one the arithmetic must confirm.
            if e.arithmetic.isEmpty, e.sites.allSatisfy({ lines[$0.line].amounts[$0.amount].repair?.needsArithmetic == true }),
                !printsDollarSign || !e.sites.allSatisfy({ lines[$0.line].amounts[$0.amount].repair == .dollarSign })
            {
                return false
            }
            if printsDollarSign, e.sites.allSatisfy(readsDollarSignAsFive) {
                // Nothing but the `S` read as a 5 makes it, or whatever confirms it confirms the `$` reading as well (the
                // card line that repeats `BALANCE DUE S80.19` repeats it either way).
                if e.arithmetic.isEmpty { return false }
                let twins = Set(e.sites.compactMap { dollarTwin(of: $0) })
                if twins.count == 1, let cents = twins.first, let twin = byValue[cents], twin.arithmetic.isSuperset(of: e.arithmetic) {
                    return false
                }
            }
            let onlySubtotal = e.sites.allSatisfy { lines[$0.line].role == .subtotal }
            if onlySubtotal, closedBySubtotal.count > 1 || (closedBySubtotal.count == 1 && !closedBySubtotal.contains(e.cents)) {
                return false
            }
            if onlySubtotal, e.label == 0, e.arithmetic.isEmpty { return false }
            return true
        }
    }
}

extension ReceiptReader {
    /// The totals other than `e`'s that may be groups adding up to it: not the final total (`Total Payable`) that
    /// ends the page's totals below all of `e`'s lines, which the groups add up to rather than make up (`Total 0%
    /// supplies: 39.01`, `Total 6% supplies (Inc. GST): 18.80` whose minus the OCR lost, `Total Payable: 20.21`: 39.01
    /// is no sum of the other two).
    func groupTotals(
        besides e: Evidence, totalsByLine: [(cents: Int, line: Int)], finalTotalsByLine: [(cents: Int, line: Int)]
    ) -> [Int] {
        let lastSite = e.sites.map(\.line).max() ?? 0
        let lastTotal = totalsByLine.max { $0.line < $1.line }
        let closing = finalTotalsByLine.first { $0.line > lastSite && $0.line == lastTotal?.line }
        return totalsByLine.map(\.cents).filter { $0 != e.cents && $0 != 0 && $0 != closing?.cents }
    }
}
