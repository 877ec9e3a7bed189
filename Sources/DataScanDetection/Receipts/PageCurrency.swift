import DataScanModel
import Foundation

/// The currency of a page's amounts, from its marks and the region: what bare amounts are in, and which marks are
/// OCR misreads.
///
/// A mark that names one currency wherever it is printed (`RM`, `€`, `EUR`) is evidence; `$`, `¥` and `kr` name the
/// region's dollar, yen or krone. With an explicit `--region`, a lone `$` or `¥` glyph on a page whose currency is the
/// region's and another is a misread (`1.00 ¥ 19.90` on a Malaysian receipt), not a second currency: its number is
/// read as a bare amount, or dropped when it is not one. (Without `--region`, or written as a word, `$3bn` beside
/// `€2.5 million` is a second currency.) Bare amounts take the page's currency when the
/// page names exactly one, or, with an explicit region and no mark against it, the region's.
struct PageCurrency {
    /// The page's currency, nil when it is unknown or mixed.
    let code: String?
    private let misread: Set<String>
    /// The explicit region's currency, nil without an explicit region.
    private let regionCurrency: String?
    /// Currencies whose one sign on the page is noise (`isNoise`).
    private let noiseCodes: Set<String>

    init(_ found: [PriceDetector.Found], context: DetectionContext) {
        var firm: [String: Int] = [:], loose: [String: Int] = [:], glyphs: [String: Int] = [:]
        let region = context.regionIsExplicit ? Self.currency(ofRegion: context.region) : nil
        // Another country's sign or code on a receipt that prints its amounts bare (see `isNoise`).
        var marks: [String: Int] = [:]
        for f in found where Self.isForeignWholeMark(f, region: region) { marks[Self.code(f.text) ?? "", default: 0] += 1 }
        let bareAmounts = found.count { $0.meaning == nil }
        // (Twice where the page prints twice as many bare amounts as usual: `£5` and `£3` in the noise around a US
        // receipt.)
        let noise = bareAmounts >= 3 ? Set(marks.filter { $0.value == 1 || ($0.value == 2 && bareAmounts >= 6) }.keys) : []
        regionCurrency = region
        noiseCodes = noise
        // (A less common currency's code labels its own amount, not the page's: `TMT 62,437.50` in a letter.)
        for f in found where !Self.isNoise(f, region: region, codes: noise) && !f.isMinorCode {
            guard let meaning = f.meaning, let code = Self.code(f.text) else { continue }
            if case .code = meaning { firm[code, default: 0] += 1 } else { loose[code, default: 0] += 1 }
            if f.isGlyphMark { glyphs[code, default: 0] += 1 }
        }
        // The page's currency: the one its firm marks name (the most), else its loose marks', else the region's.
        var page = firm.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key
        if page == nil, let region, loose.keys.allSatisfy({ $0 == region }) { page = region }
        // (Before a lone mark names the page: one `$` glyph among three or more bare amounts of an Indonesian receipt,
        // `$ 2` in its noise, is a misread, below, not the page's dollars.)
        if page == nil, firm.isEmpty, let region, bareAmounts >= 3, Self.onlyLoneGlyphs(loose, glyphs, besides: region) { page = region }
        if page == nil, loose.count == 1 { page = loose.keys.first }
        // No firm mark, and besides the region's own only lone glyphs of other currencies (`¥ 17.00` and `96.23 $` on a
        // Malaysian receipt): the region's, and those glyphs are misreads (below).
        if page == nil, firm.isEmpty, let region, Self.onlyLoneGlyphs(loose, glyphs, besides: region) { page = region }
        // Glyphs beside the region's currency are misreads: another currency's lone glyph (`¥` among ringgit), and
        // the `$` the ringgit borrows on a page that prints its amounts `RM` (printers that use `$` for the ringgit use
        // it on every amount: there, `$2100` and `$6083` are codes read with an `S`). Their numbers are bare amounts.
        // A currency's own sign beside its code or word is no misread (`¥725` beside `4円`, `$1.00` beside `USD 11.00`).
        var misread = Set<String>()
        if let page, let region, region == page {
            for (code, n) in loose
            where glyphs[code] == n && (code == page ? firm[page, default: 0] > 0 && Self.borrowsDollarSign.contains(page) : n == 1) {
                misread.insert(code)
            }
        }
        // Several currencies with firm marks: amounts without one stay without one.
        let firmCodes = Set(firm.keys)
        code = firmCodes.count > 1 ? nil : page
        self.misread = misread
    }

    /// Whether every loose mark but `region`'s is another currency's one glyph, printed once.
    private static func onlyLoneGlyphs(_ loose: [String: Int], _ glyphs: [String: Int], besides region: String) -> Bool {
        loose.allSatisfy { code, n in code == region || (n == 1 && glyphs[code] == 1) }
    }

    /// Currencies that `$` stands for only by habit, not as their own sign: the ringgit (the Malaysian dollar until
    /// 1993), whose own mark is `RM`.
    private static let borrowsDollarSign: Set<String> = ["MYR"]

    /// The price as the page reads it: a misread mark's number as a bare amount (or nothing), others unchanged.
    func resolve(_ f: PriceDetector.Found) -> DetectedText? {
        if isNoise(f) { return f.bare }
        guard f.isGlyphMark, let c = Self.code(f.text), misread.contains(c) else { return f.text }
        return f.bare
    }

    /// Another country's currency sign or code, once on a page, before or after a whole number, with an explicit region,
    /// on a page with three or more bare amounts (`£2319`, `€0`, `AED 0` in a receipt's noise): a receipt prints its
    /// amounts with cents, and the OCR makes such signs of specks. Not evidence of the page's currency; its number
    /// counts only as a bare amount. (`€120` in a letter from the US stays 120 euros.) So is a code that is also a
    /// word, with an explicit region of another currency (`isForeignWordCode`).
    func isNoise(_ f: PriceDetector.Found) -> Bool { Self.isNoise(f, region: regionCurrency, codes: noiseCodes) }

    private static func isNoise(_ f: PriceDetector.Found, region: String?, codes: Set<String>) -> Bool {
        (isForeignWholeMark(f, region: region) && codes.contains(code(f.text) ?? "")) || isForeignWordCode(f, region: region)
    }

    /// A code that is also a word (`CurrencySymbols.wordCodes`) on a page whose explicit region pays in another
    /// currency: the word (`BLUE PEN 2.50` on a Malaysian receipt: 2.50, in ringgit), not a second currency.
    private static func isForeignWordCode(_ f: PriceDetector.Found, region: String?) -> Bool {
        guard let region, f.isWordCode, let code = code(f.text) else { return false }
        return code != region
    }

    private static func isForeignWholeMark(_ f: PriceDetector.Found, region: String?) -> Bool {
        // (A code as well as a sign: `AED 0` in a Spanish receipt's noise.)
        let isCode: Bool
        if case .code = f.meaning { isCode = true } else { isCode = false }
        guard let region, f.isSign || isCode, let code = code(f.text), code != region else { return false }
        return !f.text.normalized.contains(".")
    }

    /// Bare amounts (no currency in `normalized`) in the page's currency, but those at `unknown` ranges, whose
    /// currency is some other one no table names.
    func priceBareAmounts(_ prices: [DetectedText], except unknown: Set<Range<Int>> = []) -> [DetectedText] {
        guard let code else { return prices }
        return prices.map { p in
            guard p.type == .currency, !p.normalized.utf8.contains(0x20), !unknown.contains(p.range) else { return p }
            var priced = p
            priced.normalized += " " + code
            priced.currencyFromPage = true
            return priced
        }
    }

    static func code(_ price: DetectedText) -> String? {
        guard let space = price.normalized.firstIndex(of: " ") else { return nil }
        return String(price.normalized[price.normalized.index(after: space)...])
    }

    /// The currency of an ISO 3166 region (CLDR's, through Foundation): `MY` → `MYR`, `DE` → `EUR`.
    static func currency(ofRegion region: String) -> String? {
        Locale(identifier: "en_" + region.uppercased()).currency?.identifier
    }
}
