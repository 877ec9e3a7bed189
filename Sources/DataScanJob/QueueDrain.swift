import DataScanDetection
import DataScanEngines
import DataScanInput
import DataScanModel
import DataScanOutput
import DataScanRecognition
import DataScanStore
import Foundation

/// Drains one job of a shared store (`PageQueue`): `slots` loops each claim a page under a lease, analyze it on the
/// page executor while a heartbeat renews the lease, and commit it only while the lease is still theirs. Used by
/// `datascan worker` and by `datascan scan --store postgres://…`.
struct QueueDrain: Sendable {
    let store: JobStore
    let configuration: ScanConfiguration
    let isolation: PageIsolation
    /// This process's worker name; each slot claims as `worker/slot`.
    let worker: String
    /// Seconds a claim holds its page without a heartbeat; the heartbeat renews it every third of that.
    let lease: Double
    /// Keep polling for new pages when the job is finished, until cancelled.
    let follow: Bool

    /// Pages this drain finished, and claims it lost to an expired lease.
    struct Counts: Sendable {
        var done = 0
        var failed = 0
        var lost = 0

        static func + (a: Counts, b: Counts) -> Counts { Counts(done: a.done + b.done, failed: a.failed + b.failed, lost: a.lost + b.lost) }
    }

    /// Seconds between claims while other workers hold the last pages, and while following a finished job.
    var busyPause: Double { min(1, lease / 4) }
    static let followPause = 2.0

    func run(onEvent: @escaping @Sendable (ScanEvent) -> Void) async throws(DataScanError) -> Counts {
        let slots = max(1, configuration.jobs)
        let pool: any PageExecutor
        switch isolation {
        case .inProcess: pool = ThreadPagePool(count: slots, configuration: configuration)
        case .processes(let executable): pool = ProcessPagePool(count: slots, executable: executable, configuration: configuration)
        }
        let result = await withTaskGroup(of: Result<Counts, DataScanError>.self) { group in
            for slot in 0..<pool.count {
                group.addTask { await drainSlot("\(worker)/\(slot)", pool: pool, onEvent: onEvent) }
            }
            var total = Counts()
            var failure: DataScanError?
            for await r in group {
                switch r {
                case .success(let c): total = total + c
                case .failure(let e):
                    // The store is gone for good (past the retry window): stop; unfinished claims expire and return.
                    if failure == nil { failure = e }
                    group.cancelAll()
                }
            }
            return failure.map { Result.failure($0) } ?? .success(total)
        }
        await pool.shutdown()
        return try result.get()
    }

    private func drainSlot(_ name: String, pool: any PageExecutor, onEvent: @escaping @Sendable (ScanEvent) -> Void) async -> Result<
        Counts, DataScanError
    > {
        var counts = Counts()
        let lease = self.lease
        while !Task.isCancelled {
            let outcome: ClaimOutcome
            do {
                outcome = try await store.withQueue { q throws(DataScanError) in try q.claim(worker: name, lease: lease) }
            } catch {
                return .failure(error)
            }
            switch outcome {
            case .empty:
                guard follow else { return .success(counts) }
                try? await Task.sleep(for: .seconds(Self.followPause))
            case .busy:
                // Pages run under other workers' leases: wait, and take any whose worker died once its lease runs out.
                try? await Task.sleep(for: .seconds(busyPause))
            case .claimed(let claim):
                switch await process(claim, pool: pool, onEvent: onEvent) {
                case .success(.done): counts.done += 1
                case .success(.failed): counts.failed += 1
                case .success(.lost): counts.lost += 1
                case .success(.released): break
                case .failure(let e): return .failure(e)
                }
            }
        }
        return .success(counts)
    }

    private enum PageOutcome: Sendable { case done, failed, lost, released }

    private enum Race: Sendable {
        case analyzed(Result<AnalyzedPage, DataScanError>)
        case leaseLost
    }

    private func process(_ claim: PageClaim, pool: any PageExecutor, onEvent: @Sendable (ScanEvent) -> Void) async -> Result<
        PageOutcome, DataScanError
    > {
        let r = claim.page.request
        onEvent(.pageStarted(document: r.displayPath, page: r.index + 1))
        let started = ContinuousClock.now
        let store = self.store
        let lease = self.lease
        let race = await withTaskGroup(of: Race?.self) { group -> Race in
            group.addTask { .analyzed(await Self.analyze(r, pool: pool)) }
            group.addTask {
                // The heartbeat: renews the lease every third of it while the page runs.
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(lease / 3))
                    if Task.isCancelled { return nil }
                    let held = try? await store.withQueue { q throws(DataScanError) in try q.renew(claim, lease: lease) }
                    if held == false { return .leaseLost }
                }
                return nil
            }
            while let next = await group.next() {
                if let next {
                    group.cancelAll()
                    return next
                }
            }
            return .leaseLost
        }
        let seconds = (ContinuousClock.now - started).seconds
        var result = PageResult(document: r.displayPath, page: r.index + 1, status: .done, items: [], seconds: seconds)
        do throws(DataScanError) {
            switch race {
            case .leaseLost:
                // Another worker has the page now; its result is the one that counts.
                return .success(.lost)
            case .analyzed(.success(let page)):
                let stored = try await store.withQueue { q throws(DataScanError) in
                    try q.complete(claim, analysis: page.analysis, storedLines: page.storedLines, seconds: seconds)
                }
                guard stored else { return .success(.lost) }
                result.items = page.analysis.items
                result.source = page.analysis.source
            case .analyzed(.failure(let e)) where e.code == .cancelled:
                // Interrupted, not failed: the page goes back to the queue.
                try await store.withQueue { q throws(DataScanError) in try q.release(claim) }
                return .success(.released)
            case .analyzed(.failure(let e)):
                guard try await store.withQueue({ q throws(DataScanError) in try q.fail(claim, error: e.message, seconds: seconds) }) else {
                    return .success(.lost)
                }
                result.status = .failed
                result.error = e.message
            }
        } catch {
            return .failure(error)
        }
        onEvent(.pageFinished(result))
        return .success(result.status == .done ? .done : .failed)
    }

    /// Analyzes a page, once more in a fresh worker when its engine crashed (as `ScanJob` does).
    private static func analyze(_ request: PageRequest, pool: any PageExecutor) async -> Result<AnalyzedPage, DataScanError> {
        var attempt = 1
        while true {
            let outcome: Result<AnalyzedPage, DataScanError>
            do throws(DataScanError) {
                outcome = .success(try await pool.analyze(request))
            } catch {
                outcome = .failure(error)
            }
            guard case .failure(let e) = outcome, e.code == .engineCrashed, attempt < ScanJob.crashAttempts, !Task.isCancelled else {
                return outcome
            }
            attempt += 1
        }
    }

    /// A name for this worker, unique across hosts and restarts: `host-pid-random`.
    static func workerName() -> String {
        var host = [CChar](repeating: 0, count: 256)
        let name =
            gethostname(&host, host.count - 1) == 0
            ? String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "host"
        return "\(name)-\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
    }
}
