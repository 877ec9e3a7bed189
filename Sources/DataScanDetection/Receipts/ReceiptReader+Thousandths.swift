import DataScanModel

extension ReceiptReader {
    /// A page's amounts in a currency of three decimals (`CurrencySymbols.threeDecimalCodes`: `TOTAL KD 3.475`) as
    /// the reader counts them: in hundredths, each amount's thousandths read as its hundredths (`3.475` as `34.75`).
    /// Sums, differences and rates hold alike in either unit, so the reader's arithmetic reads such a receipt as it
    /// reads any other; what it says is then read back in thousandths (`restored`). The amounts the OCR damaged are
    /// read from the text in thousandths too (`DamagedAmount.find`'s `decimals`); integers are not read as amounts
    /// whose separator was lost.
    struct Thousandths {
        /// The page's prices, those in a currency of three decimals read in hundredths.
        let prices: [DetectedText]
        private let printed: [DetectedText]
        private let currency: String?

        /// Nil when no price on the page is in a currency of three decimals (a bare amount is in the page's currency).
        init?(_ printed: [DetectedText], currency: String?) {
            guard printed.contains(where: { Self.isInThousandths($0, pageCurrency: currency) }) else { return nil }
            self.printed = printed
            self.currency = currency
            prices = printed.map { price in
                guard Self.isInThousandths(price, pageCurrency: currency), let value = Self.thousandths(price.normalized) else {
                    return price
                }
                var read = price
                read.normalized = ReceiptReader.plain(value) + price.normalized.drop(while: { $0 != " " })
                return read
            }
        }

        /// The reader's results for `prices`, in the currencies' own units: an amount the reader left as it was keeps
        /// its printed reading; one it read again or added (a total glued to its label) is read back from hundredths.
        func restored(_ read: [DetectedText]) -> [DetectedText] {
            // (Each price found by its range once: a page of thousands of amounts must not cost time squared.)
            var byRange: [Range<Int>: [Int]] = [:]
            for (i, price) in prices.enumerated() { byRange[price.range, default: []].append(i) }
            return read.map { r in
                var out = r
                if let i = byRange[r.range]?.first(where: { prices[$0].type == r.type }), prices[i].normalized == r.normalized {
                    out.normalized = printed[i].normalized
                } else if Self.isInThousandths(r, pageCurrency: currency), let value = ReceiptReader.cents(r.normalized) {
                    out.normalized = Self.plain(thousandths: value) + r.normalized.drop(while: { $0 != " " })
                }
                return out
            }
        }

        private static func isInThousandths(_ price: DetectedText, pageCurrency: String?) -> Bool {
            (ReceiptReader.currencyCode(price) ?? pageCurrency).map(CurrencySymbols.threeDecimalCodes.contains) ?? false
        }

        /// `3.475 KWD` → 3475, `3.5` → 3500, `-12` → -12000; nil for more than three decimals.
        static func thousandths(_ normalized: String) -> Int? {
            let number = normalized.prefix { $0 != " " }
            let negative = number.hasPrefix("-")
            let parts = number.dropFirst(negative ? 1 : 0).split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count <= 2, let whole = Int(parts[0]), whole < ReceiptReader.largestWholeAmount / 10 else { return nil }
            let decimals = parts.count == 2 ? parts[1] : ""
            guard decimals.count <= 3, decimals.allSatisfy(\.isASCII), let fraction = Int(decimals.isEmpty ? "0" : String(decimals))
            else { return nil }
            var scale = 1
            for _ in decimals.count..<3 { scale *= 10 }
            let value = whole * 1000 + fraction * scale
            return negative ? -value : value
        }

        /// 3475 → `3.475`, -500 → `-0.500`.
        static func plain(thousandths value: Int) -> String {
            let v = abs(value)
            let fraction = String(v % 1000)
            return (value < 0 ? "-" : "") + "\(v / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
        }
    }
}
