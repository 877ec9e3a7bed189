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
    /// The region's currency has no minor units (`JPY`, `KRW`): its amounts are whole numbers.
    var wholeUnits: Bool { currency.map(CurrencySymbols.wholeUnitCodes.contains) ?? false }

    /// The convention of `context`'s region with its primary language.
    static func of(_ context: DetectionContext) -> NumberConvention {
        let id =
            (context.languages.first.flatMap { $0.split(separator: "-").first.map(String.init) } ?? "en") + "_"
            + context.region.uppercased()
        if let known = memo.withLock({ $0[id] }) { return known }
        let locale = Locale(identifier: id)
        let convention = NumberConvention(decimalComma: locale.decimalSeparator == ",", currency: locale.currency?.identifier)
        memo.withLock { if $0.count < 256 { $0[id] = convention } }
        return convention
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
