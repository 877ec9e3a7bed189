import DataScanModel
import Foundation

/// A job file (`Jobs/*.json`): a scan's options as one JSON object, so a recurring job is one command
/// (`datascan run JOBFILE`). Keys are the options' job-file keys (`ScanConfiguration.Option`), plus `inputs`,
/// `output`, `store`, `job`, `enqueueOnly` and `progress`. Relative paths resolve against the job file's folder.
/// Reading validates everything before any work: strict JSON (errors give the line and column), known keys only
/// (with a "did you mean"), every value of the right type and in its allowed range.
public struct JobFile: Sendable {
    /// The files and folders to scan.
    public var inputs: [URL] = []
    /// The job folder; nil when the file names none.
    public var output: URL?
    /// A shared PostgreSQL store (`postgres://…`), with `job`.
    public var store: String?
    /// The job's name in the shared store.
    public var job: String?
    /// Register the pages in the shared store and analyze nothing.
    public var enqueueOnly = false
    /// How a command-line run shows progress: `auto`, `always` or `never`; nil when the file does not say.
    public var progress: String?
    /// What to find and how.
    public var configuration = ScanConfiguration()

    /// The keys a job file may have.
    public static let keys: [String] =
        ["inputs", "output", "store", "job", "enqueueOnly", "progress"] + ScanConfiguration.Option.allCases.map(\.rawValue)

    /// The values `progress` allows.
    public static let progressModes = ["auto", "always", "never"]

    /// Reads and validates the job file at `url`; a usage error names the file, where and what is wrong.
    public init(contentsOf url: URL) throws(DataScanError) {
        let path = url.relativePath
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DataScanError(.usage, "cannot read the job file \(path)")
        }
        do {
            self = try StrictJSON.decode(Contents.self, from: data).file
        } catch {
            throw DataScanError(.usage, "job file \(path): \(error.message)")
        }
        let base = url.deletingLastPathComponent().relativePath
        inputs = inputs.map { URL(fileURLWithPath: Self.resolve($0.relativePath, against: base)) }
        output = output.map { URL(fileURLWithPath: Self.resolve($0.relativePath, against: base)) }
    }

    private init() {}

    /// A relative path as the user would type it from here: `Jobs/../Samples` → `Samples`, so the document paths in
    /// items.csv are the familiar ones. (Lexical: `..` after a symlinked folder is rare in job files, and the result
    /// still names an existing path whenever the input did.)
    static func resolve(_ path: String, against base: String) -> String {
        if path.hasPrefix("/") { return path }
        let joined = base.isEmpty || base == "." ? path : base + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        let result = parts.joined(separator: "/")
        if joined.hasPrefix("/") { return "/" + result }
        return result.isEmpty ? "." : result
    }

    /// The JSON object: the job's own keys here, the options through `ScanConfiguration`'s validating decoder.
    private struct Contents: Decodable {
        var file = JobFile()

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            guard let c = try? decoder.container(keyedBy: Key.self) else {
                throw DataScanError(.usage, "expected a JSON object with option keys")
            }
            for key in c.allKeys where !JobFile.keys.contains(key.stringValue) {
                let hint = Suggestion.closest(to: key.stringValue, in: JobFile.keys).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw DataScanError(
                    .usage, "unknown key \"\(key.stringValue)\"\(hint); keys: \(JobFile.keys.sorted().joined(separator: ", "))")
            }
            func value<T: Decodable>(_ key: String, _ type: T.Type, _ expected: String) throws(DataScanError) -> T? {
                let k = Key(stringValue: key)
                guard c.contains(k), (try? c.decodeNil(forKey: k)) == false else { return nil }
                guard let v = try? c.decode(T.self, forKey: k) else { throw DataScanError(.usage, "\"\(key)\" must be \(expected)") }
                return v
            }
            if let inputs = try value("inputs", [String].self, "a list of paths") { file.inputs = inputs.map { URL(fileURLWithPath: $0) } }
            if let output = try value("output", String.self, "a string (a folder path)") { file.output = URL(fileURLWithPath: output) }
            file.store = try value("store", String.self, "a string (postgres://…)")
            file.job = try value("job", String.self, "a string")
            file.enqueueOnly = try value("enqueueOnly", Bool.self, "true or false") ?? false
            if let progress = try value("progress", String.self, "a string") {
                guard JobFile.progressModes.contains(progress) else {
                    throw DataScanError(
                        .usage, "\"progress\": invalid value '\(progress)'; allowed: \(JobFile.progressModes.joined(separator: ", "))")
                }
                file.progress = progress
            }
            if let store = file.store {
                guard let job = file.job else { throw DataScanError(.usage, "\"store\" needs \"job\" (many jobs share one store)") }
                _ = try JobStoreLocation.shared(url: store, job: job)
            } else if file.job != nil {
                throw DataScanError(.usage, "\"job\" names a job in a shared store: add \"store\"")
            }
            file.configuration = try ScanConfiguration(from: decoder)
        }
    }
}
