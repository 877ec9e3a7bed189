import DataScanKit
import Foundation

/// `--store postgres://… --job NAME` on the commands that read or rerun a job: nil when neither is given
/// (the job is a folder then), a usage error when only one is.
struct StoreArguments {
    var url: String
    var job: String

    init?(_ parsed: Arguments, usage: String) throws(CommandFailure) {
        let url = parsed.value("store"), job = parsed.value("job")
        switch (url, job) {
        case (nil, nil): return nil
        case (let url?, let job?):
            do { _ = try JobStoreLocation.shared(url: url, job: job) } catch { throw CommandFailure(usage: error.message, usage) }
            self.url = url
            self.job = job
        case (_?, nil): throw CommandFailure(usage: "--store needs --job NAME (many jobs share one store)", usage)
        case (nil, _?): throw CommandFailure(usage: "--job names a job in a shared store: add --store postgres://…", usage)
        }
    }

    func results() throws(DataScanError) -> JobResults { try JobResults(storeURL: url, job: job) }

    /// The job in the shared store when given, else the job folder `folder`.
    static func results(_ shared: StoreArguments?, folder: String) throws(DataScanError) -> JobResults {
        if let shared { return try shared.results() }
        return try JobResults(folder: URL(fileURLWithPath: folder))
    }

    var label: String { "\(JobStoreLocation.redacted(url)) job \(job)" }
}
