import Foundation

/// Starts page processes from one thread that lives as long as this process.
///
/// Why: a page process asks the kernel for SIGKILL when its parent dies (`ProcessLifetime.endWithParent`), so that
/// none outlives its run, and the kernel counts the *thread* that spawned it as its parent: when that thread exits,
/// the signal fires although the run goes on. Spawned from Dispatch's worker threads, which retire when idle, page
/// processes died 0.2–3 ms after their thread did, and their pages were retried or failed as crashes. This
/// thread never exits, so a page process dies with the run and only then.
final class PageProcessSpawner: @unchecked Sendable {
    // Why @unchecked Sendable: `pending` is guarded by `condition`; the closures run on the spawner thread only.
    static let shared = PageProcessSpawner()

    private let condition = NSCondition()
    private var pending: [() -> Void] = []

    private init() {
        let thread = Thread { [unowned self] in self.serve() }
        thread.name = "datascan page-process spawner"
        thread.start()
    }

    /// Runs `body` (which starts a process) on the spawner thread and waits for it.
    func run<T>(_ body: @escaping () throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome<T>()
        condition.lock()
        pending.append {
            outcome.value = Result { try body() }
            done.signal()
        }
        condition.signal()
        condition.unlock()
        done.wait()
        return try outcome.value!.get()
    }

    private func serve() {
        while true {
            condition.lock()
            while pending.isEmpty { condition.wait() }
            let next = pending.removeFirst()
            condition.unlock()
            next()
        }
    }

    /// The result of one `run`, handed from the spawner thread to the waiting one (the semaphore orders the accesses).
    private final class Outcome<T>: @unchecked Sendable {
        var value: Result<T, any Error>?
    }
}
