import DataScanModel

/// The tax a receipt's tax table prints (`MwSt Netto Steuer Brutto` / `A 19,0% 5,03 0,96 5,99`, `GST Summary` / `SR @
/// 6% 6.04 0.36`, `TVA HT TVA TTC` / `5,5% 6,23 0,34 6,57`): where no line of the receipt names its tax, the table
/// does, each row's tax the share of its net (or its gross) that the row's rate comes to.
extension ReceiptReader {
    /// A row of the table: its line, and the tax it prints (an index into the line's amounts).
    struct TaxRow {
        var line: Int
        var amount: Int
        var cents: Int
        var printsRate: Bool
        /// The row's gross when the tax is the share of it that the rate comes to (`20% 11455 22,91 137,46`: 137,46).
        var gross: Int?
    }

    /// The prices (indices) of the tax table's tax: the table's total row's tax where a row below the others prints
    /// their taxes' sum (`Gesamtbetrag 7,07 1,10 8,17`, `TOTAL 11,59 0,95`), else every row's tax above zero. None
    /// where a line outside the table names a tax with its amount (`GST @6% 0.36`, `Total GST 0.36`): that is the
    /// receipt's tax, and the table a breakdown of it.
    func taxTableTaxes() -> [Int] {
        guard !lines.contains(where: { !$0.inSummary && $0.role == .tax && !$0.amounts.isEmpty }) else { return [] }
        let rows = lines.indices.compactMap(taxRow(at:))
        guard !rows.isEmpty else { return [] }
        func price(_ row: TaxRow) -> Int? { lines[row.line].amounts[row.amount].price }
        if rows.count >= 2 {
            let sum = rows.dropLast().reduce(0) { $0 + $1.cents }
            // The last row prints no rate and the others' taxes together: the table's total row (`Total 261.32 15.68
            // 277.00` below `SR 261.32 15.68 277.00`).
            if let last = rows.last, !last.printsRate, last.cents == sum {
                return price(last).map { [$0] } ?? []
            }
            // A total row below the rows whose figures do not add up as a row's (`TOTAL 11,59 0,95`, net and tax only).
            let all = sum + rows[rows.count - 1].cents
            if let last = rows.last?.line {
                for i in last + 1..<min(lines.count, last + 3) where lines[i].inSummary && all > 0 {
                    if let p = lines[i].amounts.first(where: { $0.cents == all && $0.price != nil })?.price { return [p] }
                }
            }
        }
        return rows.filter { $0.cents > 0 }.compactMap(price)
    }

    /// The tax a line of the table prints: with a rate, the one amount that is the rate's share of another amount of
    /// the row, its net (`6.04 0.36` at 6 %) or its gross (`5,99` at 19 % holds 0,96); without one, the smaller of two
    /// amounts that add up to the row's last one (`7,07 1,10 8,17`), at most 30 % of the other. Nil for other lines, and
    /// where more than one amount could be the tax.
    func taxRow(at i: Int) -> TaxRow? {
        let line = lines[i]
        guard line.inSummary, line.role != .taxSummary else { return nil }
        let amounts = line.amounts.enumerated().filter { $0.element.price != nil && $0.element.cents >= 0 }
        guard amounts.count >= 2 else { return nil }
        if let rate = Self.rate(in: t.string(line.range)) {
            func isShare(_ x: Int, of base: Int, at rate: Double) -> Bool {
                x < base && abs(Double(base) * rate / 100 - Double(x)) <= max(2, Double(base) * 0.002)
            }
            let included = rate * 100 / (100 + rate)
            let taxes = amounts.filter { tax in
                amounts.contains { base in
                    base.offset != tax.offset
                        && (isShare(tax.element.cents, of: base.element.cents, at: rate)
                            || isShare(tax.element.cents, of: base.element.cents, at: included))
                }
            }
            guard taxes.count == 1, let tax = taxes.first else { return nil }
            let gross = amounts.first { $0.offset != tax.offset && isShare(tax.element.cents, of: $0.element.cents, at: included) }
            return TaxRow(line: i, amount: tax.offset, cents: tax.element.cents, printsRate: true, gross: gross?.element.cents)
        }
        guard amounts.count >= 3 else { return nil }
        let (x, y, sum) = (amounts[amounts.count - 3], amounts[amounts.count - 2], amounts[amounts.count - 1])
        guard x.element.cents + y.element.cents == sum.element.cents, sum.element.cents > 0 else { return nil }
        let tax = x.element.cents <= y.element.cents ? x : y
        let net = tax.offset == x.offset ? y : x
        guard tax.element.cents * 10 <= net.element.cents * 3 else { return nil }
        return TaxRow(line: i, amount: tax.offset, cents: tax.element.cents, printsRate: false, gross: sum.element.cents)
    }
}
