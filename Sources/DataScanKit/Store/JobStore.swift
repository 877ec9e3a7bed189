import Dispatch

/// The single owner of a job's database during a run. Its methods run on a dedicated serial dispatch queue
/// (its executor): SQLite writes and file hashing block, and must not hold a thread of Swift's cooperative pool.
actor JobStore {
    private nonisolated let executor = DispatchQueueExecutor(label: "datascan.store")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    let database: JobDatabase

    init(path: String) throws(DataScanError) {
        database = try JobDatabase(path: path)
    }

    /// Runs `body` with the database on the store's queue.
    func with<T: Sendable>(_ body: (JobDatabase) throws(DataScanError) -> T) throws(DataScanError) -> T {
        try body(database)
    }
}
