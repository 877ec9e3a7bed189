import DataScanModel
import DataScanStore

/// Where a job's state is kept.
public enum JobStoreLocation: Hashable, Sendable {
    /// `OUT/datascan.sqlite` in the job folder (the default).
    case jobFolder
    /// Job `job` in a shared PostgreSQL database (`postgres://user:password@host/database`) that many workers
    /// (`datascan worker`) can drain at once. The job folder, if given, receives manifest.json and items.csv.
    case postgres(url: String, job: String)

    /// `url` with its password replaced by `***`, for messages and logs.
    public static func redacted(_ url: String) -> String { PostgresJobStore.redacted(url) }

    /// A shared PostgreSQL job, validated: the URL's scheme and the job's name (letters, digits, `.`, `_`, `-`).
    public static func shared(url: String, job: String) throws(DataScanError) -> JobStoreLocation {
        try validate(storeURL: url)
        try PostgresJobStore.validate(job: job)
        return .postgres(url: url, job: job)
    }

    /// A usage error unless `url` is a PostgreSQL URL (`postgres://…`, `postgresql://…`).
    public static func validate(storeURL url: String) throws(DataScanError) {
        guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
            throw DataScanError(.usage, "--store: give a PostgreSQL URL, postgres://user:password@host/database")
        }
    }
}
