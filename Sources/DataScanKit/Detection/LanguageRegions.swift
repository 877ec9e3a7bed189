/// The region a language hint stands for, when a detector needs a region per language
/// (phone numbers without a country code, currency symbols shared by several countries).
enum LanguageRegions {
    /// The usual region of a language: `de` → `DE`, `en-GB` → `GB`, `zh-Hant` → `TW`, `jpn` → `JP`.
    static func region(forLanguage tag: String) -> String? {
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = parts.first?.lowercased() else { return nil }
        // An explicit region subtag wins (`en-GB`, `pt_BR`).
        if let explicit = parts.dropFirst().first(where: { $0.count == 2 && $0.allSatisfy(\.isLetter) }) {
            return explicit.uppercased()
        }
        if first == "zh" || first == "chi" {
            let script = parts.dropFirst().first?.lowercased()
            return script == "hant" || script == "tra" ? "TW" : "CN"
        }
        return defaultRegions[first]
    }

    /// Two- and three-letter codes (BCP-47 and Tesseract names) of the languages datascan can read.
    private static let defaultRegions: [String: String] = [
        "en": "US", "eng": "US", "de": "DE", "deu": "DE", "fr": "FR", "fra": "FR", "es": "ES", "spa": "ES",
        "it": "IT", "ita": "IT", "pt": "PT", "por": "PT", "nl": "NL", "nld": "NL", "ja": "JP", "jpn": "JP",
        "ko": "KR", "kor": "KR", "sv": "SE", "swe": "SE", "nb": "NO", "no": "NO",
        "nor": "NO", "da": "DK", "dan": "DK", "fi": "FI", "fin": "FI", "pl": "PL", "pol": "PL", "cs": "CZ",
        "ces": "CZ", "hu": "HU", "hun": "HU", "ru": "RU", "rus": "RU", "tr": "TR", "tur": "TR", "el": "GR",
        "ell": "GR", "hi": "IN", "hin": "IN", "th": "TH", "tha": "TH", "vi": "VN", "vie": "VN", "ms": "MY",
        "msa": "MY", "id": "ID", "ind": "ID", "ar": "SA", "ara": "SA", "he": "IL", "heb": "IL", "uk": "UA",
        "ukr": "UA", "ro": "RO", "ron": "RO",
    ]
}

extension DetectionContext {
    /// The context's region first, then the regions of the other hinted languages, without repeats.
    var regions: [String] {
        var result: [String] = []
        let primary = region.uppercased()
        if primary.count == 2 { result.append(primary) }
        for language in languages {
            if let r = LanguageRegions.region(forLanguage: language), !result.contains(r) { result.append(r) }
        }
        return result
    }
}
