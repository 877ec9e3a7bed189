import DataScanModel
import Foundation
import Synchronization

/// How a page's region writes amounts, from CLDR (Foundation's `Locale` for the primary language and the region:
/// `de_DE`, `en_DE` and `fr_FR` write `1.234,56` or `1 234,56`; `en_US`, `de_CH` and `ms_MY` write `1,234.56`).
struct NumberConvention: Hashable, Sendable {
    /// The decimal separator is a comma.
    var decimalComma: Bool
    /// The region's currency (ISO 4217), nil when CLDR names none.
    var currency: String?
    /// The region groups thousands with a space (`1 234,56` in France, `R 1 234.50` on a South African till).
    var groupsWithSpace = false
    /// The region's currency has no minor units (`JPY`, `KRW`): its amounts are whole numbers.
    var wholeUnits: Bool { currency.map(CurrencySymbols.wholeUnitCodes.contains) ?? false }

    /// The convention of `context`'s region with its primary language.
    static func of(_ context: DetectionContext) -> NumberConvention {
        let id =
            (context.languages.first.flatMap { $0.split(separator: "-").first.map(String.init) } ?? "en") + "_"
            + context.region.uppercased()
        if let known = memo.withLock({ $0[id] }) { return known }
        let locale = Locale(identifier: id)
        let convention = NumberConvention(
            decimalComma: locale.decimalSeparator == ",", currency: locale.currency?.identifier,
            groupsWithSpace: ["\u{20}", "\u{A0}", "\u{202F}"].contains(locale.groupingSeparator ?? ""))
        memo.withLock { if $0.count < 256 { $0[id] = convention } }
        return convention
    }

    /// This convention, or the one the page's own amounts show where they disagree with it: a page of a
    /// decimal-comma region (an English letter read with `--region DE`) that writes `1,624,548.78` and never
    /// `1.234,56` writes its amounts with a decimal point, and `2,962 euros` there is two thousand euros.
    func adjusted(to t: UTF8Text) -> NumberConvention {
        guard decimalComma, Self.writesDecimalPoint(t) else { return self }
        var adjusted = self
        adjusted.decimalComma = false
        return adjusted
    }

    /// Whether `t` writes some amount grouped by commas with two decimals after a point (`6,168.34`) and none the
    /// other way round (`6.168,34`).
    static func writesDecimalPoint(_ t: UTF8Text) -> Bool {
        var point = false
        var i = 1
        while i + 6 < t.count {
            let group = t[i]
            guard group == UInt8(ascii: ",") || group == UInt8(ascii: "."), (1...3).contains(t.digitRun(endingAt: i)),
                t.digitRun(from: i + 1) == 3
            else {
                i += 1
                continue
            }
            var k = i + 4
            while t[k] == group, t.digitRun(from: k + 1) == 3 { k += 4 }
            let decimal = t[k]
            if decimal != group, decimal == UInt8(ascii: ",") || decimal == UInt8(ascii: "."), t.digitRun(from: k + 1) == 2 {
                if decimal == UInt8(ascii: ",") { return false }
                point = true
            }
            i = k + 1
        }
        return point
    }

    /// How the country of `code`, a currency of whole units (`IDR`, `JPY`), writes amounts; nil for other currencies.
    static func ofWholeUnitCurrency(_ code: String) -> NumberConvention? {
        guard CurrencySymbols.wholeUnitCodes.contains(code), let locale = wholeUnitLocales[code] else { return nil }
        return NumberConvention(decimalComma: Locale(identifier: locale).decimalSeparator == ",", currency: code)
    }

    private static let wholeUnitLocales = [
        "IDR": "id_ID", "JPY": "ja_JP", "KRW": "ko_KR", "VND": "vi_VN", "CLP": "es_CL", "ISK": "is_IS", "PYG": "es_PY",
        "TWD": "zh_TW", "HUF": "hu_HU", "COP": "es_CO",
    ]

    /// Conventions looked up so far (detectors run per page; a job has one or two).
    private static let memo = Mutex<[String: NumberConvention]>([:])
}
