import DataScanEngines
import DataScanModel

/// One content-type detector over plain text. Implementations are pure and thread-safe.
protocol TextDetector: Sendable {
    var type: TextContentType { get }
    func detect(in text: String, context: DetectionContext) -> [DetectedText]
}

/// Runs the detectors of the requested content types over a text and returns their matches in text order.
/// The counterpart of Apple's `NSDataDetector`, which Foundation on Linux lacks.
///
/// ```swift
/// let detector = DataDetector(types: [.telephoneNumber, .dateTimeDuration],
///                             context: DetectionContext(region: "US", languages: ["en"]))
/// for match in detector.detect(in: "Call (650) 253-0000 on 3/15/2024") { print(match.normalized) }
/// ```
public struct DataDetector: Sendable {
    /// The content types this detector looks for.
    public let types: Set<TextContentType>
    /// Region and languages that decide phone prefixes, day/month order and label words.
    public let context: DetectionContext
    private let detectors: [any TextDetector]

    /// A detector for `types` under the conventions of `context`.
    public init(types: Set<TextContentType>, context: DetectionContext) {
        self.types = types
        self.context = context
        self.detectors = DataDetector.makeDetectors(types)
    }

    /// One detector per requested type.
    static func makeDetectors(_ types: Set<TextContentType>) -> [any TextDetector] {
        var detectors: [any TextDetector] = []
        // Fixed order, so that results do not depend on Set iteration order.
        for type in TextContentType.allCases where types.contains(type) {
            switch type {
            case .url: detectors.append(URLDetector())
            case .emailAddress: detectors.append(EmailDetector())
            case .telephoneNumber: detectors.append(PhoneDetector())
            case .dateTimeDuration: detectors.append(DateDetector())
            case .currency: detectors.append(PriceDetector())
            case .shipmentTrackingNumber: detectors.append(TrackingNumberDetector())
            case .flightNumber: detectors.append(FlightNumberDetector())
            case .fullStreetAddress: detectors.append(StreetAddressDetector())
            }
        }
        return detectors
    }

    /// All matches, ordered by position. Where detectors claim overlapping text, the more specific reading wins:
    /// an e-mail over a URL (`shop.de` in `info@shop.de`), a URL over what its path contains, a date over a phone
    /// or a price (`12.03.2024`, `03-12-2024`), a price with a currency mark over a phone, a phone over a bare
    /// receipt amount and over an amount given the page's currency that it contains (`+48 729 403 135`); a tracking
    /// or flight number (validated, with a carrier word nearby) over a date, price or phone; an address loses to
    /// everything; between equals, the longer match.
    public func detect(in text: String) -> [DetectedText] {
        let original = text
        let text = Self.breakingLongLines(text)
        var all: [DetectedText] = []
        // Without a region given, the page's own currency names its country for the dates' order and the phone
        // numbers (`PageRegion`); the amounts themselves are read under the job's context.
        var pageContext = context
        let needsPageRegion = !context.regionIsExplicit && (types.contains(.dateTimeDuration) || types.contains(.telephoneNumber))
        if needsPageRegion {
            let prices = PriceDetector().detect(in: text, context: context)
            if types.contains(.currency) { all += prices }
            pageContext = PageRegion.context(context, prices: prices)
        }
        for d in detectors where !(needsPageRegion && d.type == .currency) { all += d.detect(in: text, context: pageContext) }
        all = Self.withoutAmountsInsidePhoneNumbers(all)
        let ranked = all.sorted { a, b in
            let (pa, pb) = (Self.precedence(a), Self.precedence(b))
            if pa != pb { return pa < pb }
            if a.range.count != b.range.count { return a.range.count > b.range.count }
            return a.range.lowerBound < b.range.lowerBound
        }
        // Bytes claimed by the matches kept so far: a candidate is kept when none of its bytes is taken. Linear in
        // the text (a whole-file text has 100,000 matches; comparing each with every kept one was quadratic).
        var claimed = [Bool](repeating: false, count: text.utf8.count + 1)
        var kept: [DetectedText] = []
        for candidate in ranked {
            let r = candidate.range.clamped(to: 0..<claimed.count)
            if r.contains(where: { claimed[$0] }) { continue }
            for i in r { claimed[i] = true }
            kept.append(candidate)
        }
        kept.sort { ($0.range.lowerBound, -$0.range.count) < ($1.range.lowerBound, -$1.range.count) }
        if text.utf8.count == original.utf8.count, text != original {
            // An item across a line break made here reads as printed.
            let bytes = Array(original.utf8)
            for i in kept.indices where kept[i].value.utf8.contains(0x0A) {
                kept[i].value = String(decoding: bytes[kept[i].range.clamped(to: 0..<bytes.count)], as: UTF8.self)
            }
        }
        return DateDetector.markTransactionDate(kept, in: text)
    }

    /// `items` without the amounts of whole units that have no mark of their own (their currency is the page's) and
    /// stand inside a longer phone number: `Call us: +48 729 403 135` on a page that names yen is a Polish number, not
    /// ¥48,729,403,135. (A marked amount, or one with cents, keeps its precedence: `8  15.34  122.72` in a table
    /// row is a quantity and two amounts, not the phone number 815-341-2272.)
    static func withoutAmountsInsidePhoneNumbers(_ items: [DetectedText]) -> [DetectedText] {
        let phones = items.filter { $0.type == .telephoneNumber }.map(\.range)
        guard !phones.isEmpty else { return items }
        return items.filter { item in
            guard item.currencyFromPage, !item.normalized.utf8.contains(0x2E) else { return true }
            return !phones.contains {
                $0.count > item.range.count && $0.lowerBound <= item.range.lowerBound && $0.upperBound >= item.range.upperBound
            }
        }
    }

    /// The longest line the detectors read as one, in bytes: far more than any printed line.
    static let longestLine = 2048

    /// `text` with every line longer than `longestLine` broken at spaces, beside a word where it can: a space
    /// becomes a line break, so every byte keeps its offset. The detectors read a line's amounts, marks and labels along
    /// the line; a line of thousands of amounts (a text layer's table run into one line) would cost time squared.
    static func breakingLongLines(_ text: String) -> String {
        var bytes = Array(text.utf8)
        var lineStart = 0, lastSpace = -1, lastWordSpace = -1, changed = false
        for i in bytes.indices {
            switch bytes[i] {
            case 0x0A:
                lineStart = i + 1
                lastSpace = -1
                lastWordSpace = -1
                continue
            case 0x20:
                lastSpace = i
                if i > 0, i + 1 < bytes.count, UTF8Text.isASCIILetter(bytes[i - 1]) || UTF8Text.isASCIILetter(bytes[i + 1]) {
                    lastWordSpace = i
                }
            default: break
            }
            guard i - lineStart >= longestLine else { continue }
            // Between words in the line's second half if there is such a space, else at the last space.
            let cut = lastWordSpace > lineStart + longestLine / 2 ? lastWordSpace : lastSpace
            guard cut > lineStart else { continue }  // no space at all: one long token
            bytes[cut] = 0x0A
            changed = true
            lineStart = cut + 1
            if lastSpace <= cut { lastSpace = -1 }
            if lastWordSpace <= cut { lastWordSpace = -1 }
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : text
    }

    /// Lower wins an overlap.
    private static func precedence(_ item: DetectedText) -> Int {
        switch item.type {
        case .emailAddress: return 0
        case .url: return 1
        // Both validated by a check digit or a designator list, and usually next to words that say so.
        case .shipmentTrackingNumber, .flightNumber: return 2
        case .dateTimeDuration: return 3
        // A price whose normalized form has a currency code was printed with a currency mark.
        // (Byte test: `String.contains(String)` is Foundation's locale-aware search, slow inside a sort.)
        case .currency: return item.normalized.utf8.contains(0x20) ? 4 : 6
        case .telephoneNumber: return 5
        // An address spans lines of text that other detectors read more precisely; it yields to all of them.
        case .fullStreetAddress: return 7
        }
    }
}
