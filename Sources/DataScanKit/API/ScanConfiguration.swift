import Foundation

/// Everything that decides what a scan finds: the options of `datascan scan`, as a value.
///
/// ```swift
/// var config = ScanConfiguration()
/// config.types = try ItemTypeSelection(parsing: "phone,barcode:qr")
/// config.languages = [Language("de")!]
/// ```
public struct ScanConfiguration: Hashable, Sendable, Codable {
    /// What to find (`--types`).
    public var types: ItemTypeSelection = .standard
    /// Language hints, primary first.
    public var languages: [Language] = [Language("en")!]
    /// ISO 3166 region; nil: the primary language's region.
    public var region: String?
    /// Speed/accuracy trade-off (`--quality`).
    public var quality: QualityLevel = .balanced
    /// Pages analyzed at once.
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Keep only the most prominent item of each type per page.
    public var single = false
    /// Region of interest in fractions of the page (top-left origin); nil: the whole page.
    public var regionOfInterest: Rect?
    /// Seconds before a page fails with a timeout.
    public var pageTimeout: Double = 120
    /// Page images larger than this fail their page instead of exhausting memory.
    public var maxMegapixels: Double = 250
    /// Glob filters on file names.
    public var include: [String] = []
    /// Files to leave out (`--exclude`); they are listed as skipped.
    public var exclude: [String] = []

    /// The defaults of `datascan scan`.
    public init() {}

    /// The region in effect: the explicit one, else the primary language's.
    public var effectiveRegion: String { (region ?? languages.first?.region ?? "US").uppercased() }

    /// What detectors need.
    public var detectionContext: DetectionContext {
        DetectionContext(region: effectiveRegion, languages: languages.map(\.bcp47))
    }

    /// Tesseract language names, deduplicated, primary first.
    var tesseractLanguages: [String] {
        var seen = Set<String>()
        return languages.map(\.tesseract).filter { seen.insert($0).inserted }
    }
}
