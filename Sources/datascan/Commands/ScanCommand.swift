import DataScanKit
import Dispatch
import Foundation

/// `datascan scan PATH... [options]`, `datascan run JOBFILE [options]` and `datascan rerun OUT [...]`.
enum ScanCommand {
    static let scanUsage =
        "datascan scan PATH... [--out DIR] [--types LIST] [--languages LIST] [--region CC] [--quality fast|balanced|accurate] [--ocr tesseract|ppocr|auto] [--jobs N] [--single] [--roi X,Y,W,H] [--page-timeout SEC] [--max-megapixels N] [--page-memory MB] [--include GLOB] [--exclude GLOB] [--progress auto|always|never] [--store postgres://… --job NAME [--enqueue-only]]"
    static let runUsage = "datascan run JOBFILE [scan options]"
    static let rerunUsage =
        "datascan rerun OUT|--store postgres://… --job NAME [--out DIR] [--failed | --all | --page DOC:PAGE ...] [--detect-only] [scan options]"

    static func scan(_ args: [String]) async throws(CommandFailure) -> ExitCode {
        let parsed = try ScanOptions.parse(args, usage: scanUsage)
        var options = ScanOptions()
        try options.apply(parsed, usage: scanUsage)
        options.inputs = parsed.positionals
        guard !options.inputs.isEmpty else { throw CommandFailure(usage: "give at least one file or folder to scan", scanUsage) }
        return try await execute(
            job(.scan(inputs: options.inputs.map { URL(fileURLWithPath: $0) }), options, usage: scanUsage), options, usage: scanUsage)
    }

    /// Pages run in page processes started from this executable: a crash or a hang fails one page, not the run.
    static var isolation: PageIsolation {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        guard n > 0 else { return .inProcess }
        return .processes(executable: String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    static func run(_ args: [String]) async throws(CommandFailure) -> ExitCode {
        let parsed = try ScanOptions.parse(args, usage: runUsage)
        guard parsed.positionals.count == 1, let jobFile = parsed.positionals.first else {
            throw CommandFailure(usage: "give exactly one job file", runUsage)
        }
        var options = ScanOptions()
        try options.apply(jobFile: jobFile, usage: runUsage)
        try options.apply(parsed, usage: runUsage)
        guard !options.inputs.isEmpty else {
            throw CommandFailure(usage: "job file \(jobFile): \"inputs\" lists no files or folders", runUsage)
        }
        return try await execute(
            job(.scan(inputs: options.inputs.map { URL(fileURLWithPath: $0) }), options, usage: runUsage), options, usage: runUsage)
    }

    /// The job the options describe: in the job folder, or in a shared store (`--store`, `--job`).
    static func job(_ mode: ScanJob.Mode, _ options: ScanOptions, usage: String) throws(CommandFailure) -> ScanJob {
        ScanJob(
            mode: mode, output: options.outputFolder, configuration: options.configuration, isolation: isolation,
            store: try options.storeLocation(usage: usage), enqueueOnly: options.enqueueOnly)
    }

    static func rerun(_ args: [String]) async throws(CommandFailure) -> ExitCode {
        let parsed = try ScanOptions.parse(args, extraOptions: ["page"], extraFlags: ["failed", "all", "detect-only"], usage: rerunUsage)
        if parsed.flag("enqueue-only") != nil { throw CommandFailure(usage: "--enqueue-only is for scan and run", rerunUsage) }
        let shared = try StoreArguments(parsed, usage: rerunUsage)
        var options = ScanOptions()
        if let shared {
            guard parsed.positionals.isEmpty else {
                throw CommandFailure(usage: "give either the job folder or --store and --job", rerunUsage)
            }
            options.store = shared.url
            options.job = shared.job
        } else {
            guard parsed.positionals.count == 1, let out = parsed.positionals.first else {
                throw CommandFailure(usage: "give the job folder to rerun", rerunUsage)
            }
            guard parsed.value("out") == nil else { throw CommandFailure(usage: "--out: the job folder is the positional OUT", rerunUsage) }
            options.output = out
        }
        // Start from the job's own configuration; the options given now change it, and the run says which.
        let stored: ScanConfiguration?
        do throws(DataScanError) { stored = try StoreArguments.results(shared, folder: options.output).storedConfiguration() } catch {
            throw CommandFailure(error, usage: rerunUsage)
        }
        if let stored { options.configuration = stored }
        try options.apply(parsed, usage: rerunUsage)
        let changed = stored.map { options.configuration.changes(from: $0) } ?? []
        let detectOnly = parsed.has("detect-only")
        if detectOnly, let option = changed.first(where: \.needsRecognition) {
            throw CommandFailure(
                usage:
                    "\(option.flag) changes how pages are read, and --detect-only reads no pixels: drop --detect-only to analyze the pages again",
                rerunUsage)
        }
        if let stored, !changed.isEmpty {
            let list = changed.map { "\($0.rawValue) \(stored.describe($0)) → \(options.configuration.describe($0))" }
            Terminal.err("datascan: rerun changes the job's settings: \(list.joined(separator: ", "))")
        }
        let out = options.outputFolder
        let pages = try parsed.all("page").map { spec throws(CommandFailure) -> (document: String, page: Int) in
            guard let colon = spec.lastIndex(of: ":"), let n = Int(spec[spec.index(after: colon)...]), n >= 1 else {
                throw CommandFailure(usage: "--page \(spec): give DOC:PAGE, e.g. Samples/invoice.pdf:1", rerunUsage)
            }
            return (String(spec[..<colon]), n)
        }
        let chosen = [parsed.has("failed"), parsed.has("all"), !pages.isEmpty].filter { $0 }.count
        guard chosen <= 1 else { throw CommandFailure(usage: "choose one of --failed, --all, --page", rerunUsage) }
        let selection: PageSelection = parsed.has("all") ? .all : pages.isEmpty ? .failed : .pages(pages)
        if detectOnly {
            let location = try options.storeLocation(usage: rerunUsage)
            do throws(DataScanError) {
                let started = ContinuousClock.now
                let n = try ScanJob.redetect(output: out, configuration: options.configuration, store: location)
                let summary = try StoreArguments.results(shared, folder: options.output).summary()
                printSummary(summary, output: out, elapsed: ContinuousClock.now - started, note: "items re-derived on \(n) pages (no OCR)")
                return summary.failed > 0 || summary.failedDocuments > 0 ? .pagesFailed : .success
            } catch {
                throw CommandFailure(error, usage: rerunUsage)
            }
        }
        return try await execute(job(.rerun(selection), options, usage: rerunUsage), options, usage: rerunUsage)
    }

    /// Runs a job with progress, Ctrl-C handling and the final summary.
    static func execute(_ job: ScanJob, _ options: ScanOptions, usage: String) async throws(CommandFailure) -> ExitCode {
        do {
            if job.configuration.types.needsText { try DataScanEnvironment.requireLanguages(job.configuration.languages) }
            if let warning = try DataScanEnvironment.checkOCR(job.configuration) { Terminal.err("datascan: warning: \(warning)") }
        } catch {
            throw CommandFailure(error)
        }
        let progress = ProgressPrinter(mode: options.progress)
        let task = Task { () async throws(DataScanError) -> JobSummary in
            try await job.run { progress.handle($0) }
        }
        let interrupts = InterruptHandler {
            Terminal.err("\ndatascan: interrupted: finishing the pages in flight and saving (Ctrl-C again to quit at once)")
            task.cancel()
        }
        let started = ContinuousClock.now
        let result = await task.result
        interrupts.stop()
        progress.finish()
        switch result {
        case .success(let summary):
            printSummary(summary, output: job.output, elapsed: ContinuousClock.now - started, store: job.store, enqueued: job.enqueueOnly)
            if interrupts.fired { return .interrupted }
            if job.enqueueOnly { return summary.failedDocuments > 0 ? .pagesFailed : .success }
            return summary.failed > 0 || summary.failedDocuments > 0 || summary.pending > 0 ? .pagesFailed : .success
        case .failure(let error):
            throw CommandFailure(error as? DataScanError ?? DataScanError(.store, "\(error)"), usage: usage)
        }
    }

    static func printSummary(
        _ s: JobSummary, output: URL?, elapsed: Duration, note: String? = nil, store: JobStoreLocation = .jobFolder,
        enqueued: Bool = false
    ) {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var lines = [
            "documents: \(s.documents)"
                + (s.skippedDocuments + s.failedDocuments > 0 ? " (\(s.skippedDocuments) skipped, \(s.failedDocuments) unreadable)" : ""),
            "pages: \(s.pages) (done \(s.done), failed \(s.failed), skipped \(s.skipped)\(s.pending > 0 ? ", pending \(s.pending)" : ""))",
            "items: \(s.items)"
                + (s.byType.isEmpty
                    ? "" : " (" + s.byType.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")"),
            String(format: "elapsed: %.1f s", seconds)
                + (s.done > 0 && seconds > 0 ? String(format: " (%.2f pages/s)", Double(s.done) / seconds) : ""),
        ]
        if case .postgres(let url, let job) = store {
            lines.append(
                "store: \(JobStoreLocation.redacted(url)) job \(job)"
                    + (enqueued ? " (enqueued: start workers with `datascan worker --store … --job \(job)`)" : ""))
        }
        if let output { lines.append("outputs: \(output.relativePath)/manifest.json, \(output.relativePath)/items.csv") }
        if let note { lines.insert(note, at: 0) }
        Terminal.out(lines.joined(separator: "\n"))
    }
}

/// Ctrl-C and SIGTERM: the first one calls `onInterrupt` (the job stops taking pages and saves); a second
/// one exits at once with 130 — everything committed so far is already safe in the store.
final class InterruptHandler: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    private let lock = NSLock()
    private var count = 0

    init(_ onInterrupt: @escaping @Sendable () -> Void) {
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [weak self] in
                guard let self else { return }
                self.lock.lock()
                self.count += 1
                let n = self.count
                self.lock.unlock()
                if n == 1 { onInterrupt() } else { _exit(130) }
            }
            source.resume()
            sources.append(source)
        }
    }

    var fired: Bool {
        lock.lock()
        defer { lock.unlock() }
        return count > 0
    }

    func stop() {
        for s in sources { s.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
