import DataScanKit
import Foundation

/// How progress is shown (`--progress`).
enum ProgressMode: String, CaseIterable {
    case auto, always, never
}

/// The options of `scan`, `run` and `rerun`, from flags and/or a job file. Every value is validated by the library
/// (`ScanConfiguration.set`, `JobFile`) before any work; this type only maps flags to options.
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

    /// The flags that set a configuration option (`page-timeout` → `.pageTimeout`).
    static let optionFlags: [String: ScanConfiguration.Option] = Dictionary(
        uniqueKeysWithValues: ScanConfiguration.Option.allCases.filter { $0 != .single }.map { (String($0.flag.dropFirst(2)), $0) })
    /// Every option that takes a value.
    static let valueOptions = Set(optionFlags.keys).union(["out", "progress", "store", "job"])
    static let flagOptions: Set<String> = ["single", "enqueue-only"]
    /// Options whose `--no-NAME` form puts them back to the default (so a rerun can undo a stored setting).
    static let resettableOptions: Set<String> = ["roi", "region", "include", "exclude"]

    /// Parses a command line of these options (plus `extraOptions`/`extraFlags` of the command).
    static func parse(_ args: [String], extraOptions: Set<String> = [], extraFlags: Set<String> = [], usage: String)
        throws(CommandFailure) -> Arguments
    {
        try Arguments(
            args, options: valueOptions.union(extraOptions), flags: flagOptions.union(extraFlags), resettable: resettableOptions,
            usage: usage)
    }

    /// Applies a job file (the command-line flags are applied over it afterwards).
    mutating func apply(jobFile path: String, usage: String) throws(CommandFailure) {
        let file: JobFile
        do { file = try JobFile(contentsOf: URL(fileURLWithPath: path)) } catch { throw CommandFailure(usage: error.message, usage) }
        inputs = file.inputs.map(\.relativePath)
        if let out = file.output {
            output = out.relativePath
            outputGiven = true
        }
        store = file.store
        job = file.job
        enqueueOnly = file.enqueueOnly
        if let p = file.progress.flatMap(ProgressMode.init(rawValue:)) { progress = p }
        configuration = file.configuration
    }

    /// Applies parsed command-line options (they override a job file or a job's stored configuration).
    mutating func apply(_ args: Arguments, usage: String) throws(CommandFailure) {
        for name in args.resets.sorted() {
            if let option = Self.optionFlags[name] { configuration.reset(option) }
        }
        for (flag, option) in Self.optionFlags.sorted(by: { $0.key < $1.key }) {
            let values = args.all(flag)
            guard let last = values.last else { continue }
            do throws(DataScanError) {
                switch option {
                // Repeatable, one glob each (a glob may hold a comma).
                case .include: configuration.include = values
                case .exclude: configuration.exclude = values
                default: try configuration.set(option, to: last)
                }
            } catch {
                throw CommandFailure(usage: "--\(flag): \(error.message)", usage)
            }
        }
        if let single = args.flag("single") { configuration.single = single }
        if let only = args.flag("enqueue-only") { enqueueOnly = only }
        if let out = args.value("out") {
            output = out
            outputGiven = true
        }
        if let text = args.value("progress") {
            guard let p = ProgressMode(rawValue: text.lowercased()) else {
                throw CommandFailure(usage: "--progress: invalid value '\(text)'; allowed: auto, always, never", usage)
            }
            progress = p
        }
        if let url = args.value("store") { store = url }
        if let name = args.value("job") { job = name }
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
        do { return try JobStoreLocation.shared(url: store, job: job) } catch { throw CommandFailure(usage: error.message, usage) }
    }

    /// The job folder to write: with a shared store only when `--out` was given (nil: none).
    var outputFolder: URL? { store != nil && !outputGiven ? nil : URL(fileURLWithPath: output) }
}
