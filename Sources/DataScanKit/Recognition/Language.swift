import Foundation

/// A language hint as users give it (`en`, `zh-Hans`, `de-CH`, or Tesseract's `eng`), resolved to the
/// Tesseract traineddata name and the region whose conventions (phone prefix, day/month order) apply.
public struct Language: Hashable, Sendable, Codable, CustomStringConvertible {
    /// BCP-47 tag (`en`, `zh-Hans`, `pt-BR`).
    public let bcp47: String
    /// Tesseract traineddata name (`eng`, `chi_sim`).
    public let tesseract: String
    /// The region a text in this language most likely comes from, unless the tag names one (`de-CH` → `CH`).
    public let region: String

    /// The BCP-47 tag.
    public var description: String { bcp47 }

    /// Resolves a hint; nil when the hint names no language we know.
    public init?(_ hint: String) {
        let trimmed = hint.trimmingCharacters(in: .whitespaces)
        let lower = trimmed.lowercased().replacingOccurrences(of: "_", with: "-")
        // Tesseract names first (`eng`, `chi_sim`, `chi-sim`).
        if let row = Language.table.first(where: { $0.tesseract.replacingOccurrences(of: "_", with: "-") == lower }) {
            (bcp47, tesseract, region) = (row.bcp47, row.tesseract, row.region)
            return
        }
        let parts = lower.split(separator: "-").map(String.init)
        guard let primary = parts.first, !primary.isEmpty else { return nil }
        var script: String?
        var explicitRegion: String?
        for p in parts.dropFirst() {
            if p.count == 4 {
                script = p
            } else if p.count == 2 || (p.count == 3 && p.allSatisfy(\.isNumber)) {
                explicitRegion = p.uppercased()
            }
        }
        if primary == "zh" {
            // Traditional script for Hant or for the regions that write it.
            let traditional = script == "hant" || (script == nil && ["TW", "HK", "MO"].contains(explicitRegion ?? ""))
            let row = Language.table.first { $0.tesseract == (traditional ? "chi_tra" : "chi_sim") }!
            (bcp47, tesseract, region) = (row.bcp47, row.tesseract, explicitRegion ?? row.region)
            return
        }
        guard let row = Language.table.first(where: { $0.bcp47 == primary }) else { return nil }
        bcp47 = explicitRegion.map { "\(row.bcp47)-\($0)" } ?? row.bcp47
        tesseract = row.tesseract
        region = explicitRegion ?? row.region
    }

    private init(row: (bcp47: String, tesseract: String, region: String)) {
        (bcp47, tesseract, region) = row
    }

    /// The languages whose Tesseract data is installed here.
    public static func installed(tesseractNames: [String]) -> [Language] {
        tesseractNames.compactMap { name in table.first { $0.tesseract == name }.map(Language.init(row:)) }
    }

    /// The package that installs a Tesseract language on Debian.
    public var debianPackage: String { "tesseract-ocr-" + tesseract.replacingOccurrences(of: "_", with: "-") }

    /// BCP-47 primary tag, Tesseract name, most likely region (CLDR likely subtags).
    static let table: [(bcp47: String, tesseract: String, region: String)] = [
        ("en", "eng", "US"), ("de", "deu", "DE"), ("fr", "fra", "FR"), ("es", "spa", "ES"), ("it", "ita", "IT"),
        ("pt", "por", "BR"), ("nl", "nld", "NL"), ("ja", "jpn", "JP"), ("ko", "kor", "KR"),
        ("zh-Hans", "chi_sim", "CN"), ("zh-Hant", "chi_tra", "TW"), ("sv", "swe", "SE"), ("da", "dan", "DK"),
        ("nb", "nor", "NO"), ("no", "nor", "NO"), ("fi", "fin", "FI"), ("pl", "pol", "PL"), ("cs", "ces", "CZ"),
        ("sk", "slk", "SK"), ("hu", "hun", "HU"), ("ro", "ron", "RO"), ("ru", "rus", "RU"), ("uk", "ukr", "UA"),
        ("el", "ell", "GR"), ("tr", "tur", "TR"), ("ar", "ara", "SA"), ("he", "heb", "IL"), ("hi", "hin", "IN"),
        ("th", "tha", "TH"), ("vi", "vie", "VN"), ("id", "ind", "ID"), ("ms", "msa", "MY"), ("ca", "cat", "ES"),
        ("hr", "hrv", "HR"), ("sl", "slv", "SI"), ("bg", "bul", "BG"), ("lt", "lit", "LT"), ("lv", "lav", "LV"),
        ("et", "est", "EE"),
    ]
}
