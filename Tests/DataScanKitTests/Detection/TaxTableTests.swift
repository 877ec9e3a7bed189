import Testing

@testable import DataScanDetection
@testable import DataScanModel

/// A receipt's tax table (shapes of real German, Spanish, French, Malaysian and British receipts): its rows' amounts
/// are prices, and its tax is the receipt's `tax` where no other line names one.
@Suite struct TaxTableTests {
    private func read(_ text: String, region: String, languages: [String]) -> [DetectedText] {
        PriceDetector().detect(in: text, context: DetectionContext(region: region, languages: languages, regionIsExplicit: true))
    }

    /// The UTF-8 offset of `needle` in `text`.
    private func offset(of needle: String, in text: String) -> Int {
        text.range(of: needle).map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) } ?? -1
    }

    private func taxes(_ text: String, region: String, languages: [String]) -> [String] {
        read(text, region: region, languages: languages).filter { $0.label == .tax }.map(\.normalized)
    }

    @Test func aRowLedByItsRatePrintsAmounts() {
        for (row, amounts) in [
            ("A 20%    3.67    0.73", ["3.67", "0.73"]),
            ("5,5%  6,23   0,34   6,57", ["6,23", "0,34", "6,57"]),
            ("A=     19,0%   5,03     0,96     5,99", ["5,03", "0,96", "5,99"]),
            ("B) 7 %  2,04  0,14  2,18", ["2,04", "0,14", "2,18"]),
            ("1      2.6%   7.25     0.18", ["7.25", "0.18"]),
        ] {
            #expect(read(row, region: "DE", languages: ["de"]).map(\.value) == amounts, "\(row)")
        }
        // A rate belongs to the label before the amount in a row of labels and amounts.
        let labelled = read("SUMME EUR 5,99\nMwSt 19% 0,96 Netto 5,03", region: "DE", languages: ["de"])
        #expect(labelled.map { "\($0.value) \($0.label.map { "\($0)" } ?? "-")" } == ["EUR 5,99 total", "0,96 tax", "5,03 subtotal"])
        // A number before the rate is no tax class: a row of statistics keeps only the amount that ends it.
        #expect(read("2023: 5.5% 6.23 0.34", region: "GB", languages: ["en"]).map(\.value) == ["0.34"])
    }

    @Test func theTableTotalRowGivesTheTax() {
        let rewe = """
            BIO VOLLMILCH              1,19 B
            BROETCHEN                  0,99 B
            WEIN ROT                   5,99 A
            SUMME                 EUR  8,17
            Geg. BAR              EUR 10,00
            Rückgeld BAR          EUR  1,83
            Steuer  %     Netto    Steuer   Brutto
            A=     19,0%   5,03     0,96     5,99
            B=      7,0%   2,04     0,14     2,18
            Gesamtbetrag   7,07     1,10     8,17
            """
        let found = read(rewe, region: "DE", languages: ["de"])
        #expect(found.filter { $0.label == .tax }.map(\.value) == ["1,10"])
        #expect(found.first { $0.label == .total }?.normalized == "8.17 EUR")
        // Rows of a net and its tax, then the table's total (`TOTAL 11,59 0,95`), as Spanish tills print them.
        let mercadona = """
            1 LECHE ENTERA                0,89
            2 PAN DE MOLDE      1,35      2,70
            1 ACEITE OLIVA               8,95
            TOTAL (€)                    12,54
            TARJETA BANCARIA              12,54
            IVA  BASE IMPONIBLE (€)  CUOTA (€)
            4%        3,45            0,14
            10%       8,14            0,81
            TOTAL     11,59           0,95
            """
        #expect(taxes(mercadona, region: "ES", languages: ["es"]) == ["0.95 EUR"])
        // A total row that repeats the one row above it is labelled, the row not: one tax, not two.
        let malaysian = """
            Total Inclusive GST: 277.00
            CASH 300.00
            CHANGE 23.00
            GST Summary
            Code % Net Amt GST Total(RM)
            SR 261.32 15.68 277.00
            Total 261.32 15.68 277.00
            """
        let found2 = read(malaysian, region: "MY", languages: ["en"])
        #expect(found2.filter { $0.label == .tax }.map(\.value) == ["15.68"])
        #expect(found2.first { $0.label == .tax }.map { $0.range.lowerBound > offset(of: "Total 261.32", in: malaysian) } == true)
    }

    @Test func eachRowGivesItsTaxWithoutATotalRow() {
        let aldi = """
            Milch 3,5%                 0,99 A
            Butter                     1,79 A
            Wein                       4,99 B
            Summe                      7,77
            Kartenzahlung              7,77
            MwSt     Netto   MwSt   Brutto
            A 7%     2,59    0,19   2,78
            B 19%    4,19    0,80   4,99
            """
        #expect(taxes(aldi, region: "DE", languages: ["de"]) == ["0.19 EUR", "0.80 EUR"])
        let carrefour = """
            BAGUETTE TRADITION           1,10 €
            EMMENTAL RAPE 200G           2,35 €
            EAU MINERALE 6X1,5L          3,12 €
            TOTAL TTC                    6,57 €
            CB SANS CONTACT              6,57 €
            TVA   HT     TVA    TTC
            5,5%  6,23   0,34   6,57
            """
        #expect(taxes(carrefour, region: "FR", languages: ["fr"]) == ["0.34 EUR"])
        let sanyu = """
            1. 2012-0043 JOURNAL BOOK 80PGS A4 70G  1 X 3.50  3.50 SR
            2. 2012-0029 RESTAURANT ORDER CHIT NCR  1 X 2.90  2.90 SR
            Total Sales Inclusive GST @6%        6.40
            CASH                                10.00
            CHANGE                               3.60
            GST Summary        Amount(RM)   Tax(RM)
            SR @ 6%               6.04        0.36
            """
        #expect(taxes(sanyu, region: "MY", languages: ["en"]) == ["0.36 MYR"])
        // A Swiss till's tax code is a digit; the tax is the rate's share of the gross (2.6 % of 7.25 with it).
        let migros = """
            Bananen                 2.40
            Milch 1l                1.65
            Brot                    3.20
            Total CHF               7.25
            Bar                    10.00
            Rückgeld                2.75
            MWST   Satz   Total    MWST
            1      2.6%   7.25     0.18
            """
        #expect(taxes(migros, region: "CH", languages: ["de"]) == ["0.18 CHF"])
    }

    @Test func aTaxLineOfTheReceiptOrARowThatDoesNotAddUpKeepsTheTableUnlabelled() {
        // The receipt names its tax: the table breaks it down, and labels nothing more.
        let named = """
            SUBTOTAL 6.04
            GST 6% 0.36
            TOTAL 6.40
            GST Summary Amount(RM) Tax(RM)
            SR @ 6% 6.04 0.36
            """
        let found = read(named, region: "MY", languages: ["en"])
        #expect(found.filter { $0.label == .tax }.count == 1)
        #expect(found.first { $0.label == .tax }.map { $0.range.lowerBound < offset(of: "\nTOTAL", in: named) } == true)
        // A tax's row whose rate lost its `%` (`TVA 7% :` read as `TVA 75 :`) is still the table's: its net and gross
        // are no tax.
        let starbucks = """
            1 PUMPKIN SPICE LATTE 4,60
            TOTAL HT. 4,30
            TVA 0,30
            TOTAL NET 4,60
            Especes 5,00
            Rendu 0 ,40-
            TVA 75 : 4,30 0,30 4,60
            """
        let starbucksTaxes = read(starbucks, region: "FR", languages: ["fr"]).filter { $0.label == .tax }
        #expect(starbucksTaxes.map(\.range.lowerBound) == [offset(of: "0,30", in: starbucks)])
        // 19 % of 5,03 is 0,96, not 0,69: a misread digit, and no tax is better than a wrong one.
        let misread = """
            SUMME                 EUR  5,99
            Steuer  %     Netto    Steuer   Brutto
            A=     19,0%   5,03     0,69     5,99
            """
        #expect(taxes(misread, region: "DE", languages: ["de"]).isEmpty)
    }
}

extension TaxTableTests {
    /// No tax is half the total: an amount that is, on a tax line, is a base whose label the OCR misread or an amount a
    /// photo's slant set beside the tax's label.
    @Test func noTaxIsHalfTheTotal() {
        let misplaced = """
            CHICKEN RICE 60.00
            GST 6% 60.00
            TOTAL 63.60
            CASH 63.60
            """
        let found = read(misplaced, region: "MY", languages: ["en"])
        #expect(found.first { $0.label == .total }?.normalized == "63.60 MYR")
        #expect(!found.contains { $0.label == .tax })
        // Nor a tax table's: beside a total it is more than half of (the total's digits misread), the row's tax is no
        // tax of that receipt.
        let table = read("SUMME EUR 1,50\nMwSt  Netto  Steuer  Brutto\nA 19%  5,03  0,96  5,99", region: "DE", languages: ["de"])
        #expect(table.first { $0.label == .total }?.normalized == "1.50 EUR")
        #expect(!table.contains { $0.label == .tax })
        // `(Excluded GST)`, one letter lost, still names the amount before the tax.
        let excluded = """
            (Excuded GST Sb Toal(RM) : 313.50
            Total GST (RM) 18.81
            Total (RM): 332.30
            CASH: 332.30
            """
        let labels = read(excluded, region: "MY", languages: ["en"]).map { "\($0.label.map { "\($0)" } ?? "-") \($0.normalized)" }
        #expect(labels == ["subtotal 313.50 MYR", "tax 18.81 MYR", "total 332.30 MYR", "cash 332.30 MYR"])
    }
}
