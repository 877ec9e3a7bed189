/// Where a country's smallest coin is larger than its currency's minor unit, a till rounds what is paid in cash, and
/// many receipts print no rounding line: `TOTAL 12.47`, `CASH 20.00`, `CHANGE 7.55` in Australia, where 12.47 is
/// paid as 12.45. Cash − change is then the total rounded to the coin, which confirms every digit of the total but
/// the last.
enum CashRounding {
    /// The step, in hundredths of the currency, that a cash payment in `currency` is rounded to, where the country
    /// of `region` pays it in cash; nil where cash is paid to the minor unit. A currency of one country rounds
    /// wherever its amounts are printed; the euro only in the countries that round it.
    static func step(currency: String?, region: String?) -> Int? {
        guard let currency else { return nil }
        if currency == "EUR" { return region.flatMap { euroRounding[$0] } }
        return steps[currency]
    }

    /// Currencies whose smallest coin is worth more than their minor unit, and what a cash payment is rounded to:
    /// the Australian (5 c), New Zealand (10 c) and Canadian (5 c) dollar, the Swiss franc (5 Rp.), the ringgit (5 sen),
    /// the Danish krone (50 øre), the Swedish and the Norwegian krone and the Czech koruna (whole units), the forint
    /// (5 Ft) and the shekel (10 agorot).
    static let steps: [String: Int] = [
        "AUD": 5, "NZD": 10, "CAD": 5, "CHF": 5, "MYR": 5, "DKK": 50, "SEK": 100, "NOK": 100, "CZK": 100, "HUF": 500, "ILS": 10,
    ]

    /// The euro countries whose tills round a cash payment to five cents: the Netherlands, Belgium, Finland, Ireland,
    /// Slovakia and Estonia.
    static let euroRounding: [String: Int] = ["NL": 5, "BE": 5, "FI": 5, "IE": 5, "SK": 5, "EE": 5]

    /// What `cents` is paid as in cash, rounded to the nearest multiple of `step` (either one when it lies halfway).
    static func rounded(_ cents: Int, step: Int) -> [Int] {
        let below = cents - ((cents % step) + step) % step
        let above = below + step
        let (toBelow, toAbove) = (cents - below, above - cents)
        if toBelow == toAbove { return [below, above] }
        return [toBelow < toAbove ? below : above]
    }
}
