import DataScanModel

/// The country a page's own currency names, for the conventions a region gives when no `--region` was: a receipt
/// that prints its amounts in `RM` is Malaysian, so its `12-01-19` is the 12th of January and its `03-8023 3698` a
/// Malaysian number, whatever the language's likely region (`en` → `US`, month first) would say.
///
/// Measured on the 156 sroie-dev receipts with `--languages en` and no region (`auto`'s lines re-read): dates 0.673 →
/// 0.744 (0.974 with `--region MY`: most of them print their amounts with no currency mark, and say nothing).
///
/// Only a currency of one country counts (`USD`, which a dozen countries pay in, does not; nor a `$`, which is the
/// dollar of the language's region), and only when every amount the page marks is in it, on two or more amounts or
/// one marked with a code of letters (`RM 9.00`, `EUR 12,50`): a lone sign (`£`, `€`) may be a speck the OCR read.
/// The euro names no country but says the day comes first (`dateRegion`), and leaves phone numbers to the language.
/// Only a receipt's or an invoice's amounts count (some amount of the page labelled total, subtotal, tax, cash…): a
/// page of running text may price things in another country's money than its writer's (`€12 million` in a US article).
enum PageRegion {
    /// `context`, with the region the page's marked amounts (`prices`, as `PriceDetector` found them under
    /// `context`) name; `context` itself when a region was given or the page names none.
    static func context(_ context: DetectionContext, prices: [DetectedText]) -> DetectionContext {
        guard !context.regionIsExplicit, let code = currency(of: prices) else { return context }
        var page = context
        if let country = country[code] {
            page.region = country
        } else if code == "EUR", DateDetector.NumericOrder(region: context.region, languages: context.languages) == .monthFirst {
            page.dateRegion = euroArea
        }
        return page
    }

    /// The one currency the page's marked amounts are in, backed well enough; nil otherwise.
    static func currency(of prices: [DetectedText]) -> String? {
        guard prices.contains(where: { $0.label != nil }) else { return nil }
        var code: String?
        var marked = 0, lettered = false
        for price in prices where price.type == .currency && !price.currencyFromPage {
            guard let priced = ReceiptReader.currencyCode(price) else { continue }  // a bare amount
            if let code, code != priced { return nil }
            code = priced
            marked += 1
            // (A code of letters beside an amount with cents: `RM 9.00`, `9,00 EUR`.)
            if price.value.unicodeScalars.count(where: { $0.properties.isAlphabetic && $0.isASCII }) >= 2,
                price.normalized.utf8.contains(0x2E)
            {
                lettered = true
            }
        }
        return marked >= 2 || lettered ? code : nil
    }

    /// A region standing for the euro area's dates: day first (Lithuania's are year first and say so themselves).
    static let euroArea = "EU"

    /// Currencies paid in one country (or in a few small places beside it that write dates alike), and the country.
    static let country: [String: String] = [
        "MYR": "MY", "SGD": "SG", "GBP": "GB", "INR": "IN", "AUD": "AU", "NZD": "NZ", "CAD": "CA", "HKD": "HK",
        "PHP": "PH", "IDR": "ID", "THB": "TH", "VND": "VN", "JPY": "JP", "CNY": "CN", "KRW": "KR", "TWD": "TW",
        "BRL": "BR", "MXN": "MX", "ARS": "AR", "CLP": "CL", "COP": "CO", "PEN": "PE", "ZAR": "ZA", "NGN": "NG",
        "KES": "KE", "GHS": "GH", "EGP": "EG", "MAD": "MA", "AED": "AE", "SAR": "SA", "QAR": "QA", "ILS": "IL",
        "TRY": "TR", "PKR": "PK", "LKR": "LK", "BDT": "BD", "NPR": "NP", "CHF": "CH", "SEK": "SE", "NOK": "NO",
        "DKK": "DK", "ISK": "IS", "PLN": "PL", "CZK": "CZ", "HUF": "HU", "RON": "RO", "BGN": "BG", "RSD": "RS",
        "HRK": "HR", "RUB": "RU", "UAH": "UA", "KZT": "KZ", "GEL": "GE", "AZN": "AZ",
    ]
}
