import DataScanModel
import DataScanSQL
import Dispatch

/// The single owner of a job's store during a run. Its methods run on a dedicated serial dispatch queue
/// (its executor): database calls (SQLite, or PostgreSQL over the network, with retries) and file hashing block,
/// and must not hold a thread of Swift's cooperative pool.
package actor JobStore {
    private nonisolated let executor = DispatchQueueExecutor(label: "datascan.store")
    package nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    let database: any JobStoreBackend

    /// The SQLite job database at `path`.
    package init(path: String) throws(DataScanError) {
        database = try SQLiteJobStore(path: path)
    }

    /// Job `job` in the shared PostgreSQL database at `url`.
    package init(postgresURL url: String, job: String) throws(DataScanError) {
        database = try PostgresJobStore(url: url, job: job)
    }

    /// Runs `body` with the database on the store's queue.
    package func with<T: Sendable>(_ body: (any JobStoreBackend) throws(DataScanError) -> T) throws(DataScanError) -> T {
        try body(database)
    }

    /// Runs `body` with the store's page queue; a usage error when the store is not one (SQLite).
    package func withQueue<T: Sendable>(_ body: (any PageQueue) throws(DataScanError) -> T) throws(DataScanError) -> T {
        guard let queue = database as? any PageQueue else {
            throw DataScanError(.usage, "\(database.storeDescription) is not a shared job store: workers need --store postgres://…")
        }
        return try body(queue)
    }
}
