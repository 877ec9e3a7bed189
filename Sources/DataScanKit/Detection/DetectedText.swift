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
    public var label: PriceLabel?

    /// The match as `datascan detect` prints it: one compact JSON object
    /// `{"type","value","normalized","label","start","end"}` (start/end: UTF-8 byte offsets).
    public var jsonLine: String {
        var sink = OutputSink.inMemory()
        var json = JSONWriter(style: .compact)
        // An in-memory sink cannot fail.
        try? json.value(
            [
                "type": JSONValue(type.rawValue), "value": JSONValue(value), "normalized": JSONValue(normalized),
                "label": JSONValue(label?.rawValue), "start": JSONValue(range.lowerBound), "end": JSONValue(range.upperBound),
            ], to: &sink)
        return sink.text
    }

    /// A match of `type` over `range` of the input.
    public init(type: TextContentType, range: Range<Int>, value: String, normalized: String, label: PriceLabel? = nil) {
        self.type = type
        self.range = range
        self.value = value
        self.normalized = normalized
        self.label = label
    }
}

/// What detectors need to know besides the text: which conventions apply.
public struct DetectionContext: Hashable, Sendable {
    /// ISO 3166 region for phone numbers without a country code and for day/month order (`US`, `DE`).
    public var region: String
    /// BCP-47 language hints, primary first (`en`, `de`, `ja`).
    public var languages: [String]

    /// Conventions of `region`, with `languages` as hints (primary first).
    public init(region: String, languages: [String]) {
        self.region = region
        self.languages = languages
    }
}
