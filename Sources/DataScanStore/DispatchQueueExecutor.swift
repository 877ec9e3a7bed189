import DataScanModel
import DataScanSQL
import Dispatch

/// A serial executor that runs an actor's jobs on its own dispatch queue (a dedicated thread), so an actor
/// that makes blocking calls (SQLite, hashing) never occupies a thread of Swift's cooperative pool.
final class DispatchQueueExecutor: SerialExecutor {
    let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        queue.async { unowned.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}
