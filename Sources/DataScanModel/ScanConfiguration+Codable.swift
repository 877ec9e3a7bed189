import Foundation

/// The JSON form: every option under its job-file key, as in a job file (`"pageTimeout": 60`, `"roi": [0, 0.5, 1, 0.5]`,
/// `"types": ["phone", "barcode:qr"]`). Decoding starts from the defaults: a missing key or `null` keeps the default,
/// every given value is validated (a usage error naming the key and the allowed values), and keys that are not
/// options are left to the caller (a job file also has `inputs`, `output`…).
extension ScanConfiguration: Codable {
    public init(from decoder: any Decoder) throws {
        self.init()
        let c = try decoder.container(keyedBy: Option.self)
        for option in Option.allCases where c.contains(option) {
            guard !(try c.decodeNil(forKey: option)) else { continue }
            do {
                try decode(option, from: c)
            } catch let error as DataScanError {
                throw DataScanError(.usage, "\"\(option.rawValue)\": \(error.message)")
            } catch DecodingError.typeMismatch, DecodingError.dataCorrupted {
                throw DataScanError(.usage, "\"\(option.rawValue)\" must be \(Self.expectedJSON(option))")
            }
        }
    }

    private mutating func decode(_ option: Option, from c: KeyedDecodingContainer<Option>) throws {
        switch option {
        case .include, .exclude:
            // Globs, one per entry (a glob may hold a comma); a single string is one glob.
            let globs: [String]
            if let one = try? c.decode(String.self, forKey: option) {
                globs = [one]
            } else {
                globs = try c.decode([String].self, forKey: option)
            }
            if option == .include { include = globs } else { exclude = globs }
        case .types, .languages:
            // A list, or the command line's comma-separated form.
            if let text = try? c.decode(String.self, forKey: option) {
                try set(option, to: text)
            } else {
                try set(option, to: try c.decode([String].self, forKey: option).joined(separator: ","))
            }
        case .region, .quality, .ocr:
            try set(option, to: try c.decode(String.self, forKey: option))
        case .single:
            single = try c.decode(Bool.self, forKey: option)
        case .jobs:
            let n = try c.decode(Double.self, forKey: option)
            jobs = try Self.jobs(n, Self.text(n))
        case .pageTimeout:
            let n = try c.decode(Double.self, forKey: option)
            pageTimeout = try Self.positive(n, Self.text(n), "seconds")
        case .maxMegapixels:
            let n = try c.decode(Double.self, forKey: option)
            maxMegapixels = try Self.positive(n, Self.text(n), "megapixels")
        case .pageMemory:
            if let text = try? c.decode(String.self, forKey: option) {
                try set(option, to: text)
            } else {
                let n = try c.decode(Double.self, forKey: option)
                pageMemory = try Self.pageMemory(n, Self.text(n))
            }
        case .regionOfInterest:
            if let text = try? c.decode(String.self, forKey: option) {
                try set(option, to: text)
            } else {
                let values = try c.decode([Double].self, forKey: option)
                regionOfInterest = try Self.regionOfInterest(values, values.map(Self.text).joined(separator: ","))
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Option.self)
        try c.encode(types.names, forKey: .types)
        try c.encode(languages.map(\.bcp47), forKey: .languages)
        // As given: `null` when the region is left to the language (and to each page's currency, `PageRegion`), so
        // that the page processes, a resumed scan and a rerun read the job as it was asked for.
        try c.encode(region, forKey: .region)
        try c.encode(quality.rawValue, forKey: .quality)
        try c.encode(ocr.rawValue, forKey: .ocr)
        try c.encode(jobs, forKey: .jobs)
        try c.encode(single, forKey: .single)
        if let r = regionOfInterest {
            try c.encode([r.x, r.y, r.width, r.height], forKey: .regionOfInterest)
        } else {
            try c.encodeNil(forKey: .regionOfInterest)
        }
        try c.encode(pageTimeout, forKey: .pageTimeout)
        try c.encode(maxMegapixels, forKey: .maxMegapixels)
        try c.encode(include, forKey: .include)
        try c.encode(exclude, forKey: .exclude)
        try c.encode(pageMemory, forKey: .pageMemory)
    }

    /// What a key's JSON value must look like, for errors.
    static func expectedJSON(_ option: Option) -> String {
        switch option {
        case .types, .languages, .include, .exclude: "a list of strings"
        case .region: "a string (an ISO 3166-1 code such as \"US\")"
        case .quality: "a string: \"fast\", \"balanced\" or \"accurate\""
        case .ocr: "a string: \"tesseract\", \"ppocr\" or \"auto\""
        case .jobs: "a whole number from 1 to 256"
        case .single: "true or false"
        case .regionOfInterest: "[x, y, width, height] as fractions of the page"
        case .pageTimeout: "a number of seconds > 0"
        case .maxMegapixels: "a number > 0"
        case .pageMemory: "a whole number of megabytes (\(pageMemoryRange.lowerBound) to \(pageMemoryRange.upperBound)), or \"auto\""
        }
    }

    private static func text(_ n: Double) -> String { n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n) }
}

extension ScanConfiguration {
    /// The configuration as compact JSON with sorted keys: what the store keeps, manifest.json shows under `job`,
    /// and a page process is started with.
    package func jsonText() throws(DataScanError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(self), as: UTF8.self)
        } catch {
            throw DataScanError(.store, "cannot encode the job's configuration: \(error)")
        }
    }
}
