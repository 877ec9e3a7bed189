import DataScanModel
import Foundation

/// The labels the reader gives: which price is the total, subtotal, tax, cash, change.
extension ReceiptReader {

    /// The prices with their receipt labels: one total (when the evidence names one), subtotal, tax, cash, change,
    /// discount and tip from the lines' roles, and the damaged amounts that the total's evidence uses.
    mutating func labelled(_ prices: [DetectedText], currency: String?) -> [DetectedText] {
        var out = prices
        for i in out.indices { out[i].label = nil }
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
            return out.map {
                var p = $0; if p.label == .total { p.label = nil }; return p
            }
        }
        // A candidate with nothing but a weak label loses to nothing: no total is better than a wrong one.
        if best.label < 2 && best.arithmetic.isEmpty && best.repeats == 0 {
            return out.map {
                var p = $0; if p.label == .total { p.label = nil }; return p
            }
        }
        var confidence = best.confidence
        if let second = candidates.dropFirst().first, second.score > best.score - 1.0 { confidence = min(confidence, 0.7) }
        // A total that only its label supports, and that is less than the items add up to on a receipt without a
        // discount, is misread: it loses to the amount worded as a total that three or more item amounts add up to
        // exactly (`zu zahlen 13,37`, a misread 73,57, above the card slip's `Betrag EUR 73,57`). The two disagree,
        // so the choice is not sure. (A larger total is not doubted: the items may be one group's, `Total 0%
        // supplies`, of a total of several groups.)
        if best.arithmetic.isEmpty, !lines.contains(where: { $0.role == .discount }),
            let summed = candidates.first(where: { $0.label >= 1 && $0.arithmetic.contains("lineItems") && $0.cents > best.cents })
        {
            best = summed
            confidence = min(summed.confidence, 0.85)
        }
        // The receipt's own arithmetic says another amount (cash − change, subtotal + tax) and agrees with nothing
        // printed: the OCR misread a digit somewhere; the label alone is not to be trusted.
        if best.arithmetic.isEmpty {
            let implied = impliedTotals()
            if !implied.isEmpty, !implied.contains(best.cents) { confidence = min(confidence, 0.45) }
        }
        for i in out.indices where out[i].label == .total { out[i].label = nil }
        let site = bestSite(best)
        // Totals printed before the receipt's total are sums on the way to it (`Total` before `Total rounded`, and the
        // plain `Summe` of a German receipt before its `Zu zahlen`): subtotals, unless a subtotal line came first and
        // this one only repeats the total. Those after it repeat it or belong to another part: no label.
        let firstSubtotal = lines.first { $0.role == .subtotal && !$0.amounts.isEmpty }?.index ?? Int.max
        for line in lines where Self.isTotalRole(line.role) && !line.inSummary {
            for a in line.amounts {
                guard let p = a.price else { continue }
                let repeatsTotal = a.cents == best.cents && firstSubtotal < line.index
                out[p].label = line.index < site.line && !repeatsTotal ? .subtotal : nil
            }
        }
        let line = lines[site.line], amount = line.amounts[site.amount]
        if let p = amount.price {
            out[p].label = .total
            out[p].confidence = confidence
        } else {
            var damaged = DetectedText(
                type: .currency, range: amount.range, value: t.string(amount.range),
                normalized: Self.plain(amount.cents) + (currency.map { " " + $0 } ?? ""), label: .total)
            damaged.confidence = confidence
            // The integer it is a reading of (`RM 1000` read as 10.00) is no amount.
            if amount.repair == .separatorOfInteger { out.removeAll { $0.range == amount.range } }
            out.append(damaged)
        }
        // Labelled lines whose damaged amounts the arithmetic used: the subtotal, tax and change it closed with.
        if !best.arithmetic.isEmpty {
            for line in lines where !line.inSummary {
                guard let label = Self.label(for: line.role), label != .total else { continue }
                for a in line.amounts where a.price == nil && a.repair == .spacedSeparator && a.cents != 0 {
                    out.append(
                        DetectedText(
                            type: .currency, range: a.range, value: t.string(a.range),
                            normalized: Self.plain(a.cents) + (currency.map { " " + $0 } ?? ""), label: label))
                }
            }
        }
        out.sort { $0.range.lowerBound < $1.range.lowerBound }
        return out
    }

    /// Where the total is labelled: the site on the line with the strongest total label (the last of equals), else an
    /// unlabelled line at the foot, else a payment line, else any.
    func bestSite(_ e: Evidence) -> Site {
        func rank(_ s: Site) -> (Int, Int, Int) {
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
            return (kind, printed, s.line)
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

    static func plain(_ cents: Int) -> String {
        let sign = cents < 0 ? "-" : ""
        let v = abs(cents)
        return "\(sign)\(v / 100).\(v % 100 < 10 ? "0" : "")\(v % 100)"
    }
}
