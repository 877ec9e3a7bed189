import Foundation

/// Everything that decides what a scan finds: the options of `datascan scan`, as a value.
///
/// The same value, in the same JSON shape, is a job file's options (`Jobs/*.json`), the configuration stored with a
/// job (and shown under `job` in manifest.json), what a page process is started with, and what the report shows:
/// every option under its job-file key (`pageTimeout`, `roi`). Decoding validates every value; setting one from
/// its text form (`set(_:to:)`, what a command-line flag does) validates it the same way.
///
/// ```swift
/// var config = ScanConfiguration()
/// try config.set(.types, to: "phone,barcode:qr")
/// try config.set(.languages, to: "de,en")
/// ```
public struct ScanConfiguration: Hashable, Sendable {
    /// What to find (`--types`).
    public var types: ItemTypeSelection = .standard
    /// Language hints, primary first.
    public var languages: [Language] = [Language("en")!]
    /// ISO 3166-1 alpha-2 region; nil: the primary language's region.
    public var region: String?
    /// Speed/accuracy trade-off (`--quality`).
    public var quality: QualityLevel = .balanced
    /// The OCR engine (`--ocr`): Tesseract, PP-OCR, or Tesseract with PP-OCR where the page needs it.
    public var ocr: OCRMode = .auto
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
    /// The memory cap of each page process, in MB (`--page-memory`); nil: fitted to the machine
    /// (`effectivePageMemory`). A page that needs more fails alone ("needs more than N MB of memory").
    public var pageMemory: Int?
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
        DetectionContext(region: effectiveRegion, languages: languages.map(\.bcp47), regionIsExplicit: region != nil)
    }

    /// The Tesseract models the scan loads (`Language.tesseractModels`).
    package var tesseractLanguages: [String] { Language.tesseractModels(for: languages) }
}

extension ScanConfiguration {
    /// One option, named by its job-file key (the command-line flag is the key in kebab case: `pageTimeout` →
    /// `--page-timeout`).
    public enum Option: String, CaseIterable, Hashable, Sendable, CodingKey {
        case types, languages, region, quality, ocr, jobs, single
        case regionOfInterest = "roi"
        case pageTimeout, maxMegapixels, include, exclude
        case pageMemory

        /// The command-line flag (`--page-timeout`).
        public var flag: String {
            "--" + rawValue.reduce(into: "") { out, c in out += c.isUppercase ? "-" + c.lowercased() : String(c) }
        }

        /// Whether the option changes what recognition does (so a `rerun --detect-only`, which reads no pixels,
        /// cannot apply it), as opposed to what detection derives from the recognized text.
        public var needsRecognition: Bool {
            switch self {
            case .types, .languages, .region, .single, .regionOfInterest: false
            case .quality, .ocr, .jobs, .pageTimeout, .maxMegapixels, .include, .exclude, .pageMemory: true
            }
        }
    }

    /// Sets an option from its text form, as given on the command line (`--jobs 2`, `--roi 0,0.5,1,0.5`,
    /// `--types phone,date`), validating it as a job file's value is validated. Throws a usage error that names
    /// the allowed values; the caller adds where the value came from.
    public mutating func set(_ option: Option, to text: String) throws(DataScanError) {
        switch option {
        case .types: types = try ItemTypeSelection(parsing: text)
        case .languages: languages = try Self.languages(Self.list(text))
        case .region: region = try Region.validated(text)
        case .quality: quality = try Self.quality(text)
        case .ocr: ocr = try Self.ocr(text)
        case .jobs: jobs = try Self.jobs(Double(text.trimmingCharacters(in: .whitespaces)), text)
        case .single:
            switch text.lowercased() {
            case "true", "yes", "1": single = true
            case "false", "no", "0": single = false
            default: throw DataScanError(.usage, "invalid value '\(text)'; give true or false")
            }
        case .regionOfInterest:
            regionOfInterest = try Self.regionOfInterest(
                text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }, text)
        case .pageTimeout: pageTimeout = try Self.positive(Double(text), text, "seconds")
        case .maxMegapixels: maxMegapixels = try Self.positive(Double(text), text, "megapixels")
        case .include: include = Self.list(text)
        case .exclude: exclude = Self.list(text)
        case .pageMemory:
            let t = text.trimmingCharacters(in: .whitespaces)
            pageMemory = t.lowercased() == "auto" ? nil : try Self.pageMemory(Double(t), text)
        }
    }

    /// Puts an option back to its default (`--no-roi`, `--no-region`, `--no-single`).
    public mutating func reset(_ option: Option) {
        let defaults = ScanConfiguration()
        switch option {
        case .types: types = defaults.types
        case .languages: languages = defaults.languages
        case .region: region = nil
        case .quality: quality = defaults.quality
        case .ocr: ocr = defaults.ocr
        case .jobs: jobs = defaults.jobs
        case .single: single = false
        case .regionOfInterest: regionOfInterest = nil
        case .pageTimeout: pageTimeout = defaults.pageTimeout
        case .maxMegapixels: maxMegapixels = defaults.maxMegapixels
        case .include: include = []
        case .exclude: exclude = []
        case .pageMemory: pageMemory = nil
        }
    }

    /// The option's value as `status`, rerun notes and the report show it (`0,0.5,1,0.5`, `de,en`, `none`).
    public func describe(_ option: Option) -> String {
        func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
        switch option {
        case .types: return types.names.joined(separator: ",")
        case .languages: return languages.map(\.bcp47).joined(separator: ",")
        case .region: return region ?? "\(effectiveRegion) (from the language)"
        case .quality: return quality.rawValue
        case .ocr: return ocr.rawValue
        case .jobs: return String(jobs)
        case .single: return String(single)
        case .regionOfInterest:
            guard let r = regionOfInterest else { return "whole page" }
            return [r.x, r.y, r.width, r.height].map(number).joined(separator: ",")
        case .pageTimeout: return number(pageTimeout) + " s"
        case .maxMegapixels: return number(maxMegapixels)
        case .include: return include.isEmpty ? "all files" : include.joined(separator: ",")
        case .exclude: return exclude.isEmpty ? "none" : exclude.joined(separator: ",")
        case .pageMemory: return pageMemory.map { "\($0) MB" } ?? "auto (\(effectivePageMemory) MB)"
        }
    }

    /// The options whose values differ between two configurations, in option order.
    public func changes(from old: ScanConfiguration) -> [Option] {
        Option.allCases.filter { old.describe($0) != describe($0) }
    }

    // MARK: - Validation, shared by the text form and the JSON form

    static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func languages(_ hints: [String]) throws(DataScanError) -> [Language] {
        var languages: [Language] = []
        for hint in hints {
            guard let language = Language(hint) else {
                throw DataScanError(
                    .usage, "unknown language '\(hint)'; give BCP-47 tags (en, de, ja, zh-Hans) or Tesseract names (eng, deu)")
            }
            if !languages.contains(language) { languages.append(language) }
        }
        guard !languages.isEmpty else { throw DataScanError(.usage, "give at least one language") }
        return languages
    }

    static func quality(_ text: String) throws(DataScanError) -> QualityLevel {
        guard let q = QualityLevel(rawValue: text.lowercased()) else {
            throw DataScanError(
                .usage, "invalid value '\(text)'; allowed: \(QualityLevel.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return q
    }

    static func ocr(_ text: String) throws(DataScanError) -> OCRMode {
        guard let mode = OCRMode(rawValue: text.lowercased()) else {
            throw DataScanError(.usage, "invalid value '\(text)'; allowed: \(OCRMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return mode
    }

    static func jobs(_ value: Double?, _ text: String) throws(DataScanError) -> Int {
        guard let n = value, n >= 1, n <= 256, n == n.rounded() else {
            throw DataScanError(.usage, "invalid value '\(text)'; give a whole number from 1 to 256")
        }
        return Int(n)
    }

    /// The smallest and largest `--page-memory`. Why 512 MB: a page process's address space is about 400 MB before
    /// its first page (the engines' code and data, thread stacks), and a 300 DPI page needs some 100 MB more.
    public static let pageMemoryRange = 512...1_048_576

    static func pageMemory(_ value: Double?, _ text: String) throws(DataScanError) -> Int {
        guard let n = value, n == n.rounded(), n >= Double(pageMemoryRange.lowerBound), n <= Double(pageMemoryRange.upperBound) else {
            throw DataScanError(
                .usage,
                "invalid value '\(text)'; give a whole number of megabytes from \(pageMemoryRange.lowerBound) to "
                    + "\(pageMemoryRange.upperBound), or auto")
        }
        return Int(n)
    }

    static func positive(_ value: Double?, _ text: String, _ unit: String) throws(DataScanError) -> Double {
        guard let n = value, n > 0, n.isFinite else { throw DataScanError(.usage, "invalid value '\(text)'; give \(unit) > 0") }
        return n
    }

    static func regionOfInterest(_ parts: [Double?], _ text: String) throws(DataScanError) -> Rect {
        let values = parts.compactMap { $0 }
        guard values.count == 4, parts.count == 4, values.allSatisfy({ (0...1).contains($0) }), values[2] > 0, values[3] > 0,
            values[0] + values[2] <= 1.0001, values[1] + values[3] <= 1.0001
        else {
            throw DataScanError(.usage, "invalid value '\(text)'; give X,Y,W,H as fractions of the page (0..1), e.g. 0,0.5,1,0.5")
        }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }
}
