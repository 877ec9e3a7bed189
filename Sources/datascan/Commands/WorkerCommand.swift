import DataScanKit
import Foundation

/// `datascan worker --store URL [--job NAME] [--jobs N] [--follow] [--lease SEC]`: one worker of a fleet that
/// drains a shared PostgreSQL job store. Prints a line per finished page on stderr and a summary at the end.
enum WorkerCommand {
    static let usage = "datascan worker --store postgres://… [--job NAME] [--jobs N] [--follow] [--lease SEC]"

    static func run(_ args: [String]) async throws(CommandFailure) -> ExitCode {
        let parsed = try Arguments(args, options: ["store", "job", "jobs", "lease"], flags: ["follow"], usage: usage)
        guard parsed.positionals.isEmpty else { throw CommandFailure(usage: "unexpected argument '\(parsed.positionals[0])'", usage) }
        guard let url = parsed.value("store") else { throw CommandFailure(usage: "give the shared store: --store postgres://…", usage) }
        do { try JobStoreLocation.validate(storeURL: url) } catch { throw CommandFailure(usage: error.message, usage) }
        var worker = ScanWorker(storeURL: url, job: parsed.value("job"))
        if let text = parsed.value("jobs") {
            guard let n = Int(text), (1...256).contains(n) else {
                throw CommandFailure(usage: "--jobs: give a whole number from 1 to 256", usage)
            }
            worker.jobs = n
        }
        if let text = parsed.value("lease") {
            guard let s = Double(text), s >= 1, s <= 3600 else {
                throw CommandFailure(usage: "--lease: give seconds from 1 to 3600", usage)
            }
            worker.leaseSeconds = s
        }
        worker.follow = parsed.has("follow")
        worker.isolation = ScanCommand.isolation
        let started = ContinuousClock.now
        let task = Task { () async throws(DataScanError) -> ScanWorker.Summary in
            try await worker.run { event in
                guard case .pageFinished(let page) = event else { return }
                let what = page.status == .done ? "done" : "failed: \(page.error ?? "")"
                Terminal.err(
                    "\(Terminal.printable(page.document)) page \(page.page): \(what) (\(page.items.count) items, \(String(format: "%.1f", page.seconds)) s)"
                )
            }
        }
        let interrupts = InterruptHandler {
            Terminal.err("datascan worker: stopping: pages in flight go back to the queue (again to quit at once)")
            task.cancel()
        }
        let result = await task.result
        interrupts.stop()
        switch result {
        case .success(let s):
            let elapsed = ContinuousClock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            var line = "worker: \(s.done) pages done, \(s.failed) failed"
            if s.lost > 0 { line += ", \(s.lost) lost to expired leases" }
            line += String(format: " in %.1f s", seconds)
            if !s.jobs.isEmpty { line += " (jobs: \(s.jobs.joined(separator: ", ")))" }
            Terminal.out(line)
            if interrupts.fired { return .interrupted }
            return .success
        case .failure(let error):
            throw CommandFailure(error as? DataScanError ?? DataScanError(.store, "\(error)"), usage: usage)
        }
    }
}
