import DataScanEngines
import DataScanModel

/// A match of a text detector in a plain string.
public struct DetectedText: Hashable, Sendable {
    /// What was found.
    public var type: TextContentType
    /// UTF-8 byte offsets into the text the detector was given.
    public var range: Range<Int>
    /// The matched text as it stands (for a URL broken across lines: as printed, with the line break).
    public var value: String
    /// The canonical form, as CONTRACT.md says per type.
    public var normalized: String
    /// For prices: the receipt role the line gives it (total, tax...).
    public var label: ItemLabel?
    /// How sure the detector is, from the text's own evidence (a receipt's total: how much of its arithmetic and
    /// labels agree), 0...1; nil when only the recognition's confidence applies.
    public var confidence: Double?
    /// For prices: the currency code is the page's, no mark stands beside the amount (such an amount yields to a
    /// phone number over the same digits, as a bare amount does).
    var currencyFromPage = false

    /// A match of `type` over `range` of the input.
    public init(type: TextContentType, range: Range<Int>, value: String, normalized: String, label: ItemLabel? = nil) {
        self.type = type
        self.range = range
        self.value = value
        self.normalized = normalized
        self.label = label
    }
}
