import Foundation
import Synchronization

/// A language hint as users give it (`en`, `zh-Hans`, `de-CH`, or Tesseract's `eng`), resolved to the
/// Tesseract traineddata name and the region whose conventions (phone prefix, day/month order) apply.
public struct Language: Hashable, Sendable, Codable, CustomStringConvertible {
    /// BCP-47 tag (`en`, `zh-Hans`, `pt-BR`).
    public let bcp47: String
    /// Tesseract traineddata name (`eng`, `chi_sim`).
    public let tesseract: String
    /// The region a text in this language most likely comes from, unless the tag names one (`de-CH` → `CH`):
    /// CLDR's likely subtags, as Foundation's `Locale.Language` knows them (`pt` → `BR`, `ms` → `MY`).
    public let region: String

    /// The BCP-47 tag.
    public var description: String { bcp47 }

    /// Resolves a hint; nil when the hint names no language we know.
    public init?(_ hint: String) {
        // Why a memo: detectors resolve the job's hints for every page (the regions of phone numbers and currencies),
        // and resolving asks Foundation for CLDR's likely region, which cost 2 % of a text-layer job's CPU.
        if let known = Self.resolved.withLock({ $0[hint] }) {
            guard let known else { return nil }
            self = known
            return
        }
        let language = Self.resolve(hint)
        Self.resolved.withLock { if $0.count < 256 { $0[hint] = .some(language) } }
        guard let language else { return nil }
        self = language
    }

    /// Hints resolved so far (a job has a handful; a host program that tries many keeps the first 256).
    private static let resolved = Mutex<[String: Language?]>([:])

    private static func resolve(_ hint: String) -> Language? {
        let lower = hint.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "_", with: "-")
        // Tesseract names first (`eng`, `chi_sim`, `chi-sim`).
        if let row = Language.table.first(where: { $0.tesseract.replacingOccurrences(of: "_", with: "-") == lower }) {
            return Language(bcp47: row.bcp47, tesseract: row.tesseract, explicitRegion: nil)
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
            return Language(
                bcp47: traditional ? "zh-Hant" : "zh-Hans", tesseract: traditional ? "chi_tra" : "chi_sim", explicitRegion: explicitRegion)
        }
        // Serbian in its Latin script has a model of its own (`sr-Latn`).
        if primary == "sr", script == "latn" {
            return Language(bcp47: "sr-Latn", tesseract: "srp_latn", explicitRegion: explicitRegion)
        }
        guard let row = Language.table.first(where: { $0.bcp47 == primary }) else { return nil }
        return Language(
            bcp47: explicitRegion.map { "\(row.bcp47)-\($0)" } ?? row.bcp47, tesseract: row.tesseract, explicitRegion: explicitRegion)
    }

    private init(bcp47: String, tesseract: String, explicitRegion: String?) {
        self.bcp47 = bcp47
        self.tesseract = tesseract
        region = explicitRegion ?? Self.likelyRegion(of: bcp47)
    }

    /// CLDR's most likely region of a language (`en` → `US`, `pt` → `BR`, `zh-Hant` → `TW`).
    static func likelyRegion(of tag: String) -> String {
        let maximal = Locale.Language(identifier: tag).maximalIdentifier
        return maximal.split(separator: "-").last { $0.count == 2 && $0.allSatisfy(\.isLetter) }.map { $0.uppercased() } ?? "US"
    }

    /// The Tesseract models a scan with `languages` loads: each language's, deduplicated, primary first; English's
    /// after Greek's where Greek is the only language: Tesseract's Greek model misreads a receipt's digits that
    /// English's reads (the total as printed in 23 of 30 drawn Greek receipts with `ell`, 29 with `ell+eng`), and its
    /// Latin brand names and card words.
    package static func tesseractModels(for languages: [Language]) -> [String] {
        var seen = Set<String>()
        let names = languages.map(\.tesseract).filter { seen.insert($0).inserted }
        return names == ["ell"] ? ["ell", "eng"] : names
    }

    /// The languages whose Tesseract data is installed here.
    public static func installed(tesseractNames: [String]) -> [Language] {
        tesseractNames.compactMap { name in
            table.first { $0.tesseract == name }.map { Language(bcp47: $0.bcp47, tesseract: $0.tesseract, explicitRegion: nil) }
        }
    }

    /// The package that installs a Tesseract language on Debian.
    public var debianPackage: String { "tesseract-ocr-" + tesseract.replacingOccurrences(of: "_", with: "-") }

    /// BCP-47 primary tag and Tesseract traineddata name of the languages Tesseract reads.
    static let table: [(bcp47: String, tesseract: String)] = [
        ("en", "eng"), ("de", "deu"), ("fr", "fra"), ("es", "spa"), ("it", "ita"), ("pt", "por"), ("nl", "nld"), ("ja", "jpn"),
        ("ko", "kor"), ("zh-Hans", "chi_sim"), ("zh-Hant", "chi_tra"), ("sv", "swe"), ("da", "dan"), ("nb", "nor"), ("no", "nor"),
        ("fi", "fin"), ("pl", "pol"), ("cs", "ces"), ("sk", "slk"), ("hu", "hun"), ("ro", "ron"), ("ru", "rus"), ("uk", "ukr"),
        ("el", "ell"), ("tr", "tur"), ("ar", "ara"), ("he", "heb"), ("hi", "hin"), ("th", "tha"), ("vi", "vie"), ("id", "ind"),
        ("ms", "msa"), ("ca", "cat"), ("hr", "hrv"), ("sl", "slv"), ("bg", "bul"), ("lt", "lit"), ("lv", "lav"), ("et", "est"),
        // The other languages Debian packages Tesseract's models for (`tesseract-ocr-srp`, …), as their BCP-47 tags.
        ("sr", "srp"), ("bs", "bos"), ("mk", "mkd"), ("sq", "sqi"), ("be", "bel"), ("is", "isl"), ("ga", "gle"), ("cy", "cym"),
        ("mt", "mlt"), ("lb", "ltz"), ("eu", "eus"), ("gl", "glg"), ("af", "afr"), ("sw", "swa"), ("am", "amh"), ("fa", "fas"),
        ("ur", "urd"), ("ps", "pus"), ("bn", "ben"), ("ta", "tam"), ("te", "tel"), ("kn", "kan"), ("ml", "mal"), ("mr", "mar"),
        ("gu", "guj"), ("pa", "pan"), ("ne", "nep"), ("si", "sin"), ("my", "mya"), ("km", "khm"), ("lo", "lao"), ("ka", "kat"),
        ("hy", "hye"), ("az", "aze"), ("kk", "kaz"), ("ky", "kir"), ("uz", "uzb"), ("tg", "tgk"), ("mn", "mon"), ("fil", "fil"),
        ("tl", "fil"), ("jv", "jav"), ("yo", "yor"), ("eo", "epo"), ("la", "lat"), ("sr-Latn", "srp_latn"), ("mi", "mri"),
        ("as", "asm"), ("bo", "bod"), ("br", "bre"), ("ceb", "ceb"), ("chr", "chr"), ("co", "cos"), ("dv", "div"), ("dz", "dzo"),
        ("fo", "fao"), ("fy", "fry"), ("gd", "gla"), ("ht", "hat"), ("iu", "iku"), ("ku", "kmr"), ("oc", "oci"), ("or", "ori"),
        ("qu", "que"), ("sa", "san"), ("sd", "snd"), ("su", "sun"), ("syr", "syr"), ("tt", "tat"), ("ti", "tir"), ("to", "ton"),
        ("ug", "uig"), ("yi", "yid"),
    ]
}
