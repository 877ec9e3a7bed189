import DataScanKit
import Foundation

/// How progress is shown (`--progress`).
enum ProgressMode: String, CaseIterable {
    case auto, always, never
}

/// The options of `scan`, `run` and `rerun`, from flags and/or a job file, validated before any work.
struct ScanOptions {
    var inputs: [String] = []
    var output = "datascan-out"
    /// Whether `--out`/`output` was given (with a shared store, the folder is written only then).
    var outputGiven = false
    var configuration = ScanConfiguration()
    var progress: ProgressMode = .auto
    /// `--store postgres://…` (default: SQLite in the job folder).
    var store: String?
    /// `--job NAME`: the job in a shared store.
    var job: String?
    /// `--enqueue-only`: register pages in the shared store, analyze nothing.
    var enqueueOnly = false

    /// Option names that take a value, as flags (`--page-timeout`) → job-file keys (`pageTimeout`).
    static let valueOptions: [String: String] = [
        "out": "output", "types": "types", "languages": "languages", "region": "region", "quality": "quality",
        "jobs": "jobs", "roi": "roi", "page-timeout": "pageTimeout", "max-megapixels": "maxMegapixels",
        "include": "include", "exclude": "exclude", "progress": "progress", "store": "store", "job": "job",
    ]
    static let flagOptions: [String: String] = ["single": "single", "enqueue-only": "enqueueOnly"]
    static let jobFileKeys = ["inputs"] + Array(valueOptions.values) + Array(flagOptions.values)

    /// Applies a job file (the command-line flags are applied over it afterwards).
    mutating func apply(jobFile path: String) throws(CommandFailure) {
        let usage = "datascan run JOBFILE [options]"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(usage: "cannot read the job file \(path)", usage)
        }
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw CommandFailure(usage: "job file \(path) is not valid JSON: \((error as NSError).localizedDescription)", usage)
        }
        guard let dict = object as? [String: Any] else {
            throw CommandFailure(usage: "job file \(path): expected a JSON object with option keys", usage)
        }
        try apply(keys: dict, base: (path as NSString).deletingLastPathComponent, source: "job file \(path)", usage: usage)
    }

    /// Applies a job's stored configuration (as manifest.json's `job` shows it).
    mutating func apply(storedConfiguration json: String, usage: String) throws(CommandFailure) {
        guard let data = json.data(using: .utf8), let dict = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return
        }
        try apply(keys: dict, base: ".", source: "the job's stored configuration", usage: usage)
    }

    /// Applies option keys (job-file form); relative paths resolve against `base`; null means "not set".
    private mutating func apply(keys dict: [String: Any], base: String, source: String, usage: String) throws(CommandFailure) {
        let path = source
        func resolve(_ p: String) -> String {
            p.hasPrefix("/") ? p : Self.lexicallyNormalized(base == "." || base.isEmpty ? p : base + "/" + p)
        }
        func fail(_ key: String, _ expected: String) -> CommandFailure {
            CommandFailure(usage: "\(path): \"\(key)\" must be \(expected)", usage)
        }
        func strings(_ key: String, _ v: Any) throws(CommandFailure) -> [String] {
            if let s = v as? String { return s.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            guard let a = v as? [Any], let s = a as? [String] else { throw fail(key, "a list of strings") }
            return s
        }
        func number(_ key: String, _ v: Any) throws(CommandFailure) -> Double {
            guard !(v is Bool), let n = v as? NSNumber else { throw fail(key, "a number") }
            return n.doubleValue
        }
        for key in dict.keys.sorted() {
            let v = dict[key]!
            if v is NSNull, Self.jobFileKeys.contains(key) { continue }
            switch key {
            case "inputs": inputs = try strings(key, v).map(resolve)
            case "output":
                guard let s = v as? String else { throw fail(key, "a string (a folder path)") }
                output = resolve(s)
                outputGiven = true
            case "single":
                guard let b = v as? Bool else { throw fail(key, "true or false") }
                configuration.single = b
            case "enqueueOnly":
                guard let b = v as? Bool else { throw fail(key, "true or false") }
                enqueueOnly = b
            case "store", "job":
                guard let s = v as? String else { throw fail(key, "a string") }
                try set(key, s, usage: usage, source: "\(path): \"\(key)\"")
            case "jobs", "pageTimeout", "maxMegapixels":
                try set(key, String(number(key, v)), usage: usage, source: "\(path): \"\(key)\"")
            case "types", "languages", "include", "exclude":
                let list = try strings(key, v)
                if key == "include" {
                    configuration.include = list
                } else if key == "exclude" {
                    configuration.exclude = list
                } else {
                    try set(key, list.joined(separator: ","), usage: usage, source: "\(path): \"\(key)\"")
                }
            case "roi":
                if let a = v as? [NSNumber] {
                    try set(key, a.map { "\($0.doubleValue)" }.joined(separator: ","), usage: usage, source: "\(path): \"roi\"")
                } else if let s = v as? String {
                    try set(key, s, usage: usage, source: "\(path): \"roi\"")
                } else {
                    throw fail(key, "[x, y, width, height] as fractions of the page")
                }
            case "region", "quality", "progress":
                guard let s = v as? String else { throw fail(key, "a string") }
                try set(key, s, usage: usage, source: "\(path): \"\(key)\"")
            default:
                let hint = Suggest.closest(to: key, in: Self.jobFileKeys).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw CommandFailure(
                    usage: "\(path): unknown key \"\(key)\"\(hint); keys: \(Self.jobFileKeys.sorted().joined(separator: ", "))",
                    usage)
            }
        }
    }

    /// `Jobs/../Samples` → `Samples`: a job file's relative inputs read as the user would type them, so the
    /// document paths in items.csv are the familiar ones. (Lexical: `..` after a symlinked folder is rare in
    /// job files, and the result still names an existing path whenever the input did.)
    static func lexicallyNormalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if path.hasPrefix("/") { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// Applies parsed command-line options (they override a job file).
    mutating func apply(_ args: Arguments, usage: String) throws(CommandFailure) {
        for (flag, key) in Self.valueOptions {
            let values = args.all(flag)
            guard let last = values.last else { continue }
            switch key {
            case "output":
                output = last
                outputGiven = true
            case "include": configuration.include = values
            case "exclude": configuration.exclude = values
            default: try set(key, last, usage: usage, source: "--\(flag)")
            }
        }
        if args.has("single") { configuration.single = true }
        if args.has("enqueue-only") { enqueueOnly = true }
    }

    /// Where the job's state is kept: `--store` with `--job`, or the job folder.
    func storeLocation(usage: String) throws(CommandFailure) -> JobStoreLocation {
        guard let store else {
            if job != nil { throw CommandFailure(usage: "--job names a job in a shared store: add --store postgres://…", usage) }
            if enqueueOnly {
                throw CommandFailure(usage: "--enqueue-only needs a shared store: add --store postgres://… --job NAME", usage)
            }
            return .jobFolder
        }
        guard let job else { throw CommandFailure(usage: "--store needs --job NAME (many jobs share one store)", usage) }
        return .postgres(url: store, job: job)
    }

    /// The job folder to write: with a shared store only when `--out` was given (empty: none).
    var outputFolder: String { store != nil && !outputGiven ? "" : output }

    static func isStoreURL(_ text: String) -> Bool { text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") }

    /// Sets one option from its text form; `source` names it in errors (`--jobs`, `job file x: "jobs"`).
    private mutating func set(_ key: String, _ text: String, usage: String, source: String) throws(CommandFailure) {
        func bad(_ allowed: String) -> CommandFailure {
            CommandFailure(usage: "\(source): invalid value '\(text)'; \(allowed)", usage)
        }
        switch key {
        case "types":
            do { configuration.types = try ItemTypeSelection(parsing: text) } catch {
                throw CommandFailure(usage: error.message.replacingOccurrences(of: "--types", with: source), usage)
            }
        case "languages":
            let hints = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            var langs: [Language] = []
            for h in hints {
                guard let l = Language(h) else { throw bad("give BCP-47 tags (en, de, ja, zh-Hans) or Tesseract names (eng, deu)") }
                langs.append(l)
            }
            guard !langs.isEmpty else { throw bad("give at least one language") }
            configuration.languages = langs
        case "region":
            let r = text.uppercased()
            guard r.count == 2, r.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw bad("give an ISO 3166 region code such as US, DE, JP")
            }
            configuration.region = r
        case "quality":
            guard let q = QualityLevel(rawValue: text.lowercased()) else { throw bad("allowed: fast, balanced, accurate") }
            configuration.quality = q
        case "jobs":
            guard let n = Double(text), n >= 1, n <= 256, n == n.rounded() else { throw bad("give a whole number from 1 to 256") }
            configuration.jobs = Int(n)
        case "pageTimeout":
            guard let n = Double(text), n > 0 else { throw bad("give seconds > 0") }
            configuration.pageTimeout = n
        case "maxMegapixels":
            guard let n = Double(text), n > 0 else { throw bad("give megapixels > 0") }
            configuration.maxMegapixels = n
        case "roi":
            let parts = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 4, parts.allSatisfy({ (0...1).contains($0) }), parts[2] > 0, parts[3] > 0,
                parts[0] + parts[2] <= 1.0001, parts[1] + parts[3] <= 1.0001
            else { throw bad("give X,Y,W,H as fractions of the page (0..1), e.g. 0,0.5,1,0.5") }
            configuration.regionOfInterest = Rect(x: parts[0], y: parts[1], width: parts[2], height: parts[3])
        case "progress":
            guard let p = ProgressMode(rawValue: text.lowercased()) else { throw bad("allowed: auto, always, never") }
            progress = p
        case "store":
            guard Self.isStoreURL(text) else { throw bad("give a PostgreSQL URL, postgres://user:password@host/database") }
            store = text
        case "job":
            guard !text.isEmpty, text.count <= 100,
                text.unicodeScalars.allSatisfy({
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0))
                })
            else { throw bad("give a name of letters, digits, '.', '_' and '-'") }
            job = text
        default:
            break
        }
    }
}
