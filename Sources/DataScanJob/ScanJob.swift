import DataScanDetection
import DataScanEngines
import DataScanInput
import DataScanModel
import DataScanOutput
import DataScanRecognition
import DataScanStore
import Foundation

/// A batch job: walks inputs into a job folder and analyzes every page not done yet, or re-analyzes
/// chosen pages of an existing job. The batch counterpart of VisionKit's live scanner.
///
/// ```swift
/// let job = ScanJob(inputs: [URL(fileURLWithPath: "Samples")], output: URL(fileURLWithPath: "out"), configuration: ScanConfiguration())
/// for try await event in job.events() {
///     if case .pageFinished(let page) = event { print(page.document, page.page, page.items.count) }
/// }
/// ```
public struct ScanJob: Sendable {
    /// What the job does: walk and analyze, or analyze chosen pages again.
    public enum Mode: Hashable, Sendable {
        /// Walk these files and folders; new and changed documents are registered, then pending pages run. Documents
        /// are named by the path as given (a relative URL stays relative) joined with the path below it.
        case scan(inputs: [URL])
        /// Re-analyze the selected pages of the existing job (no walk).
        case rerun(PageSelection)
    }

    /// Scan or rerun.
    public let mode: Mode
    /// The job folder. With a PostgreSQL store it is optional (nil: no files are written).
    public let output: URL?
    /// What to find and how.
    public let configuration: ScanConfiguration
    /// Where pages run: page threads here, or supervised page processes (crash and hang isolation).
    public let isolation: PageIsolation
    /// Where the job's state is kept (default: SQLite in the job folder).
    public let store: JobStoreLocation
    /// Register documents and pages, analyze nothing (workers drain the job later). Shared stores only.
    public let enqueueOnly: Bool
    /// For `watch`: files changed less than this many seconds ago are left for a later run (still being written).
    var settleSeconds: Double?
    /// For `watch`: documents whose size and mtime are unchanged are not hashed again.
    var trustsUnchangedMetadata = false
    /// For `watch`: manifest.json and items.csv are also rewritten while the run goes on, at most this often.
    var outputInterval: Double?

    /// A scan of `inputs` into the job folder `output`.
    public init(inputs: [URL], output: URL, configuration: ScanConfiguration, isolation: PageIsolation = .inProcess) {
        self.init(mode: .scan(inputs: inputs), output: output, configuration: configuration, isolation: isolation)
    }

    /// A job of any mode; `store` selects the job folder (SQLite) or a shared PostgreSQL job.
    public init(
        mode: Mode, output: URL?, configuration: ScanConfiguration, isolation: PageIsolation = .inProcess,
        store: JobStoreLocation = .jobFolder,
        enqueueOnly: Bool = false
    ) {
        self.mode = mode
        self.output = output
        self.configuration = configuration
        self.isolation = isolation
        self.store = store
        self.enqueueOnly = enqueueOnly
    }

    /// Runs the job, streaming its events. Cancelling the consuming task stops the job: pages in flight
    /// are abandoned and stay pending, everything finished is kept, the manifests are written.
    public func events() -> AsyncThrowingStream<ScanEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    _ = try await run { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Runs the job to the end (or until the task is cancelled), calling `onEvent` as pages finish,
    /// and returns the job's summary. Writes `manifest.json` and `items.csv` at the end.
    public func run(onEvent: @escaping @Sendable (ScanEvent) -> Void = { _ in }) async throws(DataScanError) -> JobSummary {
        if case .postgres(let url, let job) = store { return try await runShared(url: url, job: job, onEvent: onEvent) }
        if enqueueOnly { throw DataScanError(.usage, "--enqueue-only needs a shared store: add --store postgres://… --job NAME") }
        let started = ContinuousClock.now
        guard let output else { throw DataScanError(.usage, "give the job folder (--out DIR)") }
        // Usage errors come before anything is created: a missing input leaves no job folder behind.
        if case .scan(let inputs) = mode { try Self.checkInputsExist(inputs) }
        let folder: JobFolder
        switch mode {
        case .scan: folder = try JobFolder(path: output.relativePath)
        case .rerun: folder = try JobFolder(path: output.relativePath, create: false)
        }
        let store = try JobStore(path: folder.databasePath)
        let configuration = self.configuration
        let plan: JobPlan
        switch mode {
        case .scan(let inputs):
            let (settle, trusting) = (settleSeconds, trustsUnchangedMetadata)
            plan = try await store.with { db throws(DataScanError) in
                var registration = JobRegistration(database: db, configuration: configuration, jobFolder: folder.path)
                registration.settleSeconds = settle
                registration.trustsUnchangedMetadata = trusting
                return try registration.register(inputs: inputs.map(\.relativePath))
            }
        case .rerun(let selection):
            plan = try await store.with { db throws(DataScanError) in
                try JobRegistration(database: db, configuration: configuration, jobFolder: folder.path).requeue(selection)
            }
        }
        onEvent(.planned(plan))

        let pending = try await store.with { db throws(DataScanError) in try db.pendingPages() }
        let slots = min(configuration.jobs, max(1, pending.count))
        let pool: any PageExecutor
        switch isolation {
        case .inProcess: pool = ThreadPagePool(count: slots, configuration: configuration)
        case .processes(let executable): pool = ProcessPagePool(count: slots, executable: executable, configuration: configuration)
        }
        let pageImages = PageImageFile.folder(ofJob: folder.path)
        var outputs = outputInterval.map { PeriodicOutputs(interval: $0) }
        let batch = configuration.types.needsText ? type(of: pool).textLayerBatch : 1
        await withTaskGroup(of: SlotOutcome.self) { group in
            var units = WorkUnit.plan(pending, batch: batch, slots: pool.count)[...]
            // Pages a batch handed back (no text layer, not reached, crashed): run alone, before the next batch.
            var retries: [PageRetry] = []
            func startNext() -> Bool {
                guard !Task.isCancelled else { return false }
                if !retries.isEmpty {
                    let retry = retries.removeFirst()
                    group.addTask {
                        await Self.analyze(
                            retry.page, attempt: retry.attempt, pool: pool, store: store, pageImages: pageImages, onEvent: onEvent)
                        return .slotFree
                    }
                    return true
                }
                guard let unit = units.popFirst() else { return false }
                switch unit {
                case .page(let page):
                    group.addTask {
                        await Self.analyze(page, pool: pool, store: store, pageImages: pageImages, onEvent: onEvent)
                        return .slotFree
                    }
                case .textLayers(let pages):
                    group.addTask {
                        .batch(await Self.analyzeTextLayers(pages, pool: pool, store: store, pageImages: pageImages, onEvent: onEvent))
                    }
                }
                return true
            }
            for _ in 0..<pool.count where !startNext() { break }
            while let outcome = await group.next() {
                switch outcome {
                case .slotFree:
                    _ = startNext()
                case .batch(let batch) where batch.retries.isEmpty && !batch.releasesPages:
                    // Why the order: the page process takes its next batch while this one is stored (a batch of text
                    // pages is analyzed in about the time its transaction takes). No page of it runs again, so
                    // nothing races the transaction.
                    _ = startNext()
                    group.addTask {
                        await Self.record(batch, store: store, onEvent: onEvent)
                        return .recorded
                    }
                case .batch(let batch):
                    await Self.record(batch, store: store, onEvent: onEvent)
                    retries += batch.retries
                    _ = startNext()
                case .recorded:
                    break
                }
                await outputs?.writeIfDue(store: store, folder: folder, configuration: configuration, started: started)
            }
        }
        // The page processes end while the outputs are written: nothing in them is needed any more.
        async let stopped: Void = pool.shutdown()
        let summary = try await Self.finish(store: store, folder: folder, configuration: configuration, started: started)
        await stopped
        return summary
    }

    /// The end of every run: document statuses from their pages, the summary, manifest.json and items.csv.
    static func finish(store: JobStore, folder: JobFolder?, configuration: ScanConfiguration, started: ContinuousClock.Instant)
        async throws(DataScanError) -> JobSummary
    {
        let elapsed = (ContinuousClock.now - started).seconds
        return try await store.with { db throws(DataScanError) in
            try db.refreshDocumentStatuses()
            var summary = try db.summary()
            summary.elapsedSeconds = elapsed
            try JobOutputs(database: db, folder: folder, configuration: configuration).write(summary: summary)
            if let folder, db is SQLiteJobStore {
                PageImageFile.removeStale(folder: PageImageFile.folder(ofJob: folder.path), keeping: try db.documentHashes())
            }
            return summary
        }
    }

    /// Lease of a page claimed from a shared store, in seconds (`datascan worker --lease`).
    public static let defaultLease = 30.0

    /// The job in a shared PostgreSQL store: registers (or requeues) its pages, then, unless `enqueueOnly`, drains
    /// the job like one more worker (others may run at the same time), and writes the outputs when `output` is set.
    private func runShared(url: String, job: String, onEvent: @escaping @Sendable (ScanEvent) -> Void) async throws(DataScanError)
        -> JobSummary
    {
        let started = ContinuousClock.now
        if case .scan(let inputs) = mode { try Self.checkInputsExist(inputs) }
        let folder = try output.map { url throws(DataScanError) in try JobFolder(path: url.relativePath) }
        let store = try JobStore(postgresURL: url, job: job)
        let configuration = self.configuration
        let plan: JobPlan
        switch mode {
        case .scan(let inputs):
            let base = FileManager.default.currentDirectoryPath
            let workerConfiguration = try Self.encode(configuration)
            plan = try await store.with { db throws(DataScanError) in
                // Workers resolve the relative paths recorded here against this folder; they read the job's options.
                try db.setMeta("baseDirectory", base)
                try db.setMeta("workerConfiguration", workerConfiguration)
                return try JobRegistration(database: db, configuration: configuration, jobFolder: folder?.path)
                    .register(inputs: inputs.map(\.relativePath))
            }
        case .rerun(let selection):
            let workerConfiguration = try Self.encode(configuration)
            plan = try await store.with { db throws(DataScanError) in
                try db.setMeta("workerConfiguration", workerConfiguration)
                return try JobRegistration(database: db, configuration: configuration, jobFolder: folder?.path).requeue(selection)
            }
        }
        onEvent(.planned(plan))
        if !enqueueOnly {
            _ = try await QueueDrain(
                store: store, configuration: configuration, isolation: isolation, worker: QueueDrain.workerName(), lease: Self.defaultLease,
                follow: false
            ).run(onEvent: onEvent)
        }
        return try await Self.finish(store: store, folder: folder, configuration: configuration, started: started)
    }

    /// The configuration as workers read it (meta `workerConfiguration`).
    static func encode(_ configuration: ScanConfiguration) throws(DataScanError) -> String { try configuration.jsonText() }

    /// A usage error for the first input that does not exist.
    static func checkInputsExist(_ inputs: [URL]) throws(DataScanError) {
        guard !inputs.isEmpty else { throw DataScanError(.usage, "give at least one file or folder to scan") }
        for input in inputs where !FileSystem.existsOrIsLink(input.relativePath) {
            throw DataScanError(.usage, "\(input.relativePath): no such file or folder")
        }
    }

    /// Times a page is tried when its engine crashes: once more, then it is left failed.
    static let crashAttempts = 2

    /// The page's request, with where its image is kept.
    private static func request(_ page: PendingPage, pageImages: String?) -> PageRequest {
        var r = page.request
        if let pageImages, !r.documentKey.isEmpty {
            r.pageImagePath = PageImageFile.path(folder: pageImages, documentKey: r.documentKey, page: r.index + 1)
        }
        return r
    }

    /// What a slot's task ends with: its slot is free for the next unit, a batch of text-layer pages analyzed and
    /// not yet stored, or a batch stored.
    private enum SlotOutcome: Sendable {
        case slotFree
        case batch(TextLayerBatch)
        case recorded
    }

    /// A text-layer batch's results, to be stored in one transaction.
    private struct TextLayerBatch: Sendable {
        var completions: [PageCompletion] = []
        var results: [PageResult] = []
        /// Pages to analyze again, one at a time, once the batch is stored.
        var retries: [PageRetry] = []

        /// Whether some pages go back to pending (not reached, cancelled, no text layer).
        var releasesPages: Bool {
            completions.contains {
                if case .released = $0 { return true }
                return false
            }
        }
    }

    /// Analyzes consecutive PDF pages in one request to a page process (marked running first); `record` stores what
    /// became of them in one transaction. The batch's `retries` are the pages to run alone: those without a text
    /// layer, those the page process did not reach, and one whose engine crashed (its second attempt, as for any
    /// crash). So a page that crashes poppler fails alone, with the crash's reason, and every other page of the batch
    /// is done.
    private static func analyzeTextLayers(
        _ pages: [PendingPage], pool: any PageExecutor, store: JobStore, pageImages: String?, onEvent: @Sendable (ScanEvent) -> Void
    ) async -> TextLayerBatch {
        let requests = pages.map { request($0, pageImages: pageImages) }
        var batch = TextLayerBatch()
        do {
            try await store.with { db throws(DataScanError) in try db.markRunning(pageIDs: pages.map(\.pageID)) }
        } catch {
            return batch
        }
        for r in requests { onEvent(.pageStarted(document: r.displayPath, page: r.index + 1)) }
        let outcomes = await pool.analyzeTextLayers(requests)
        for (i, page) in pages.enumerated() {
            let r = requests[i]
            var result = PageResult(document: r.displayPath, page: r.index + 1, status: .done, items: [], seconds: 0)
            switch i < outcomes.count ? outcomes[i] : nil {
            case .analyzed(let analyzed, let seconds):
                batch.completions.append(
                    .done(pageID: page.pageID, analysis: analyzed.analysis, storedLines: analyzed.storedLines, seconds: seconds))
                (result.items, result.source, result.seconds) = (analyzed.analysis.items, analyzed.analysis.source, seconds)
                batch.results.append(result)
            case .failed(let e, _) where e.code == .engineCrashed && crashAttempts > 1 && !Task.isCancelled:
                // Its first attempt: the page stays running, and its second runs alone.
                batch.retries.append(PageRetry(page: page, attempt: 2))
            case .failed(let e, _) where e.code == .cancelled:
                batch.completions.append(.released(pageID: page.pageID))
            case .failed(let e, let seconds):
                batch.completions.append(.failed(pageID: page.pageID, error: e.message, seconds: seconds))
                (result.status, result.error, result.seconds) = (.failed, e.message, seconds)
                batch.results.append(result)
            case .needsRaster, nil:
                batch.completions.append(.released(pageID: page.pageID))
                if !Task.isCancelled { batch.retries.append(PageRetry(page: page, attempt: 1)) }
            }
        }
        return batch
    }

    /// Stores a text-layer batch in one transaction and reports its pages.
    private static func record(_ batch: TextLayerBatch, store: JobStore, onEvent: @Sendable (ScanEvent) -> Void) async {
        var results = batch.results
        do {
            try await store.with { db throws(DataScanError) in try db.record(batch.completions) }
        } catch {
            for i in results.indices {
                results[i].status = .failed
                results[i].error = error.message
            }
        }
        for result in results { onEvent(.pageFinished(result)) }
    }

    private static func analyze(
        _ page: PendingPage, attempt firstAttempt: Int = 1, pool: any PageExecutor, store: JobStore, pageImages: String?,
        onEvent: @Sendable (ScanEvent) -> Void
    ) async {
        let r = request(page, pageImages: pageImages)
        do {
            try await store.with { db throws(DataScanError) in try db.markRunning(pageID: page.pageID) }
        } catch {
            return
        }
        if firstAttempt == 1 { onEvent(.pageStarted(document: r.displayPath, page: r.index + 1)) }
        let started = ContinuousClock.now
        var outcome: Result<AnalyzedPage, DataScanError>
        var attempt = firstAttempt
        while true {
            do throws(DataScanError) {
                outcome = .success(try await pool.analyze(r))
            } catch {
                outcome = .failure(error)
            }
            // A crash may be a fluke of memory or timing: try the page once more in a fresh worker.
            guard case .failure(let e) = outcome, e.code == .engineCrashed, attempt < crashAttempts, !Task.isCancelled else { break }
            attempt += 1
            do {
                try await store.with { db throws(DataScanError) in try db.markRunning(pageID: page.pageID) }
            } catch {
                break
            }
        }
        let seconds = (ContinuousClock.now - started).seconds
        var result = PageResult(document: r.displayPath, page: r.index + 1, status: .done, items: [], seconds: seconds)
        do throws(DataScanError) {
            switch outcome {
            case .success(let analyzed):
                try await store.with { db throws(DataScanError) in
                    try db.complete(pageID: page.pageID, analysis: analyzed.analysis, storedLines: analyzed.storedLines, seconds: seconds)
                }
                result.items = analyzed.analysis.items
                result.source = analyzed.analysis.source
            case .failure(let e) where e.code == .cancelled:
                // Interrupted, not failed: the page stays pending for the next run.
                try await store.with { db throws(DataScanError) in try db.release(pageID: page.pageID) }
                return
            case .failure(let e):
                try await store.with { db throws(DataScanError) in try db.fail(pageID: page.pageID, error: e.message, seconds: seconds) }
                result.status = .failed
                result.error = e.message
            }
        } catch {
            result.status = .failed
            result.error = error.message
        }
        onEvent(.pageFinished(result))
    }
}

/// Rewrites manifest.json and items.csv while a `watch` run goes on: at most every `interval` seconds, and at most a
/// fifth of the time (a large job's manifest takes a while to write, and the pages come first).
struct PeriodicOutputs {
    let interval: Double
    private var last = ContinuousClock.now
    private var cost = 0.0

    init(interval: Double) { self.interval = interval }

    mutating func writeIfDue(store: JobStore, folder: JobFolder, configuration: ScanConfiguration, started: ContinuousClock.Instant) async {
        let now = ContinuousClock.now
        guard (now - last).seconds >= max(interval, cost * 5) else { return }
        // Best effort: the end of the run writes them again, and reports a failure then.
        _ = try? await ScanJob.finish(store: store, folder: folder, configuration: configuration, started: started)
        last = ContinuousClock.now
        cost = (last - now).seconds
    }
}

/// A page a text-layer batch handed back, and the attempt it runs as.
struct PageRetry: Sendable {
    var page: PendingPage
    var attempt: Int
}

/// What one task of a run analyzes: a page, or consecutive PDF pages in one request (`PageExecutor.analyzeTextLayers`).
enum WorkUnit: Sendable {
    case page(PendingPage)
    case textLayers([PendingPage])

    /// The pending pages in order, consecutive PDF pages (of one document or of several: a folder of one-page invoices
    /// gains as much) in batches of at most `batch`, and of at most a `slots`th of the run of PDF pages, so that every
    /// slot gets a share of a long document.
    static func plan(_ pending: [PendingPage], batch: Int, slots: Int) -> [WorkUnit] {
        guard batch > 1 else { return pending.map(WorkUnit.page) }
        var units: [WorkUnit] = []
        var i = pending.startIndex
        while i < pending.endIndex {
            var end = i + 1
            if pending[i].request.format == .pdf {
                while end < pending.endIndex, pending[end].request.format == .pdf { end += 1 }
            }
            let size = min(batch, (end - i + max(1, slots) - 1) / max(1, slots))
            if size < 2 {
                units += pending[i..<end].map(WorkUnit.page)
            } else {
                for start in stride(from: i, to: end, by: size) {
                    units.append(.textLayers(Array(pending[start..<min(end, start + size)])))
                }
            }
            i = end
        }
        return units
    }
}
