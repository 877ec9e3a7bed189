import DataScanInput
import DataScanModel
import Foundation
import Synchronization

/// A job that keeps its folder current (`datascan watch`): analyzes what the inputs hold, then every file that
/// appears or changes, until the task is cancelled. Each round is a ``ScanJob`` run into the same job folder, so a
/// watch is resumable like a scan (a restart redoes nothing finished) and writes the same outputs.
///
/// - inotify wakes it (``InputWatcher``); a round starts at most every ``minimumPause`` seconds, walks the inputs,
///   and analyzes new and changed documents. After the first round, a document whose size and mtime are unchanged is
///   not hashed again.
/// - A file counts once it has been left alone for ``settleSeconds`` (its inode unchanged: no write, rename or chmod);
///   one still being written waits for a later round.
/// - manifest.json and items.csv are rewritten at the end of each round, and while a long round goes on every
///   ``outputInterval`` seconds at most.
///
/// ```swift
/// let watch = WatchJob(inputs: [URL(fileURLWithPath: "inbox")], output: URL(fileURLWithPath: "inbox-out"), configuration: ScanConfiguration())
/// let task = Task { try await watch.run { event in print(event) } }
/// // … later: task.cancel() stops it; everything finished is kept.
/// ```
public struct WatchJob: Sendable {
    /// The files and folders watched.
    public let inputs: [URL]
    /// The job folder.
    public let output: URL
    /// What to find and how.
    public let configuration: ScanConfiguration
    /// Where pages run.
    public let isolation: PageIsolation
    /// Seconds a file must be left alone before it is analyzed.
    public var settleSeconds = 2.0
    /// The shortest time between two rounds, in seconds (changes that come in a burst are taken together).
    public var minimumPause = 1.0
    /// While a round goes on, manifest.json and items.csv are rewritten at most this often (seconds).
    public var outputInterval = 3.0

    /// A watch of `inputs` into the job folder `output`.
    public init(inputs: [URL], output: URL, configuration: ScanConfiguration, isolation: PageIsolation = .inProcess) {
        self.inputs = inputs
        self.output = output
        self.configuration = configuration
        self.isolation = isolation
    }

    /// Runs until the task is cancelled, then returns the job's summary after the last round (state saved; the round
    /// that was running stops as a cancelled scan does). `onEvent` gets each round's events (a round starts with
    /// `.planned`); `onRound` each round's summary.
    public func run(
        onEvent: @escaping @Sendable (ScanEvent) -> Void = { _ in }, onRound: @escaping @Sendable (JobSummary) -> Void = { _ in }
    ) async throws(DataScanError) -> JobSummary {
        guard settleSeconds >= 0, minimumPause >= 0, outputInterval > 0 else {
            throw DataScanError(.usage, "watch: give non-negative settle and pause times, and a positive output interval")
        }
        try ScanJob.checkInputsExist(inputs)
        let watcher = try InputWatcher(excluding: [RawPath(output.relativePath)])
        let paths = inputs.map { RawPath($0.relativePath) }
        let deferred = DeferredCount()
        var summary = JobSummary()
        var round = 0
        var due = true  // the first round: what is already there
        var recheck: ContinuousClock.Instant?
        var lastStart = ContinuousClock.now - .seconds(3600)
        while !Task.isCancelled {
            if due, (ContinuousClock.now - lastStart).seconds >= minimumPause {
                // Watches first: a file that lands while the round runs wakes the next one.
                try watcher.watch(paths)
                lastStart = ContinuousClock.now
                var job = ScanJob(mode: .scan(inputs: inputs), output: output, configuration: configuration, isolation: isolation)
                job.settleSeconds = settleSeconds
                job.trustsUnchangedMetadata = round > 0
                job.outputInterval = outputInterval
                summary = try await job.run { event in
                    if case .planned(let plan) = event { deferred.set(plan.deferredDocuments) }
                    onEvent(event)
                }
                round += 1
                due = false
                onRound(summary)
                // Files still settling: look again once they may have.
                recheck = deferred.value > 0 ? ContinuousClock.now + .seconds(settleSeconds) : nil
                continue
            }
            do { try await Task.sleep(for: .milliseconds(200)) } catch { break }
            if watcher.drain() { due = true }
            if let at = recheck, ContinuousClock.now >= at {
                due = true
                recheck = nil
            }
        }
        return summary
    }
}

/// The last round's count of files still settling, set from the job's event callback.
private final class DeferredCount: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    func set(_ n: Int) { count.withLock { $0 = n } }
}
