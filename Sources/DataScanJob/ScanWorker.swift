import DataScanDetection
import DataScanEngines
import DataScanInput
import DataScanModel
import DataScanOutput
import DataScanRecognition
import DataScanStore
import Foundation

/// One worker of a fleet draining a shared PostgreSQL job store (`datascan worker`): claims pages under a lease,
/// analyzes them, commits their items, and returns when no page is left to claim (or keeps polling with `follow`).
/// Start as many as you like, on any machines that read the documents at the same paths.
///
/// ```swift
/// var worker = ScanWorker(storeURL: "postgres://scan@db/scans", job: "receipts-2024")
/// worker.jobs = 2
/// let summary = try await worker.run()
/// print(summary.done, summary.failed)
/// ```
public struct ScanWorker: Sendable {
    /// The shared store (`postgres://user:password@host/database`).
    public var storeURL: String
    /// The job to drain; nil: every job of the store with pages left, oldest first.
    public var job: String?
    /// Pages analyzed at once; nil: the job's own `--jobs`.
    public var jobs: Int?
    /// Keep waiting for new pages when the queue is empty, until cancelled.
    public var follow = false
    /// Seconds a claimed page is held without a heartbeat (renewed every third of it while the page runs). A
    /// worker that dies loses its pages after this long.
    public var leaseSeconds = ScanJob.defaultLease
    /// Where pages run (the CLI uses supervised page processes).
    public var isolation: PageIsolation = .inProcess

    /// A worker for the jobs of the PostgreSQL store at `storeURL` (one job when `job` is given).
    public init(storeURL: String, job: String? = nil) {
        self.storeURL = storeURL
        self.job = job
    }

    /// What a worker did.
    public struct Summary: Hashable, Sendable {
        /// Pages this worker finished.
        public var done = 0
        /// Pages that failed in this worker.
        public var failed = 0
        /// Pages whose lease ran out while this worker analyzed them (another worker finished them).
        public var lost = 0
        /// The jobs this worker took pages from.
        public var jobs: [String] = []
    }

    /// Runs until the queue is empty (or, with `follow`, until the task is cancelled).
    public func run(onEvent: @escaping @Sendable (ScanEvent) -> Void = { _ in }) async throws(DataScanError) -> Summary {
        if let job { try PostgresJobStore.validate(job: job) }
        guard leaseSeconds >= 1 else { throw DataScanError(.usage, "--lease: give at least 1 second") }
        let name = QueueDrain.workerName()
        var summary = Summary()
        while !Task.isCancelled {
            let names: [String]
            if let job { names = [job] } else { names = try PostgresJobStore.jobsWithWork(url: storeURL) }
            for job in names where !Task.isCancelled {
                let store = try JobStore(postgresURL: storeURL, job: job)
                guard let text = try await store.with({ db throws(DataScanError) in try db.meta("workerConfiguration") }) else {
                    throw DataScanError(
                        .usage,
                        "job \(job) is not in \(PostgresJobStore.redacted(storeURL)): enqueue it first with `datascan scan … --store … --job \(job) --enqueue-only`"
                    )
                }
                var configuration: ScanConfiguration
                do { configuration = try JSONDecoder().decode(ScanConfiguration.self, from: Data(text.utf8)) } catch {
                    throw DataScanError(.store, "job \(job): its stored configuration is unreadable (\(error)); enqueue it again")
                }
                if let jobs { configuration.jobs = jobs }
                let counts = try await QueueDrain(
                    store: store, configuration: configuration, isolation: isolation, worker: name, lease: leaseSeconds,
                    follow: follow && self.job != nil
                ).run(onEvent: onEvent)
                try await store.with { db throws(DataScanError) in try db.refreshDocumentStatuses() }
                summary.done += counts.done
                summary.failed += counts.failed
                summary.lost += counts.lost
                if counts.done + counts.failed > 0, !summary.jobs.contains(job) { summary.jobs.append(job) }
            }
            guard follow else { break }
            try? await Task.sleep(for: .seconds(QueueDrain.followPause))
        }
        return summary
    }
}
