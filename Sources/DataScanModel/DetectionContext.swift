/// What detectors need to know besides the text: which conventions apply.
public struct DetectionContext: Hashable, Sendable {
    /// ISO 3166 region for phone numbers without a country code and for day/month order (`US`, `DE`).
    public var region: String
    /// BCP-47 language hints, primary first (`en`, `de`, `ja`).
    public var languages: [String]
    /// Whether the region was given (`--region`) rather than derived from the primary language: only then do bare
    /// amounts on a receipt take the region's currency.
    public var regionIsExplicit: Bool
    /// The region whose day/month order numeric dates follow where it is not `region`'s: set by the detectors for a
    /// page whose amounts are in euros when no region was given (the euro names no country); nil: `region`'s.
    package var dateRegion: String?

    /// Conventions of `region`, with `languages` as hints (primary first).
    public init(region: String, languages: [String], regionIsExplicit: Bool = false) {
        self.region = region
        self.languages = languages
        self.regionIsExplicit = regionIsExplicit
    }

    /// The context's region first, then the regions of the other hinted languages, without repeats
    /// (phone numbers without a country code, currency symbols shared by several countries).
    package var regions: [String] {
        var result: [String] = []
        let primary = region.uppercased()
        if primary.count == 2 { result.append(primary) }
        for language in languages {
            if let r = Language(language)?.region, !result.contains(r) { result.append(r) }
        }
        return result
    }
}
