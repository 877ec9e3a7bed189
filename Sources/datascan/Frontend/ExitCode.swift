import DataScanKit

/// datascan's exit codes (CONTRACT.md).
enum ExitCode: Int32 {
    /// Every page done.
    case success = 0
    /// The run finished but some pages failed.
    case pagesFailed = 1
    /// Usage or job-file error: nothing was run.
    case usage = 2
    /// The environment cannot run the job (a missing language or library, an unreachable store).
    case environment = 3
    /// `status`: nothing failed, but pages are still pending or running.
    case unfinished = 4
    /// Interrupted; state saved, run again to resume.
    case interrupted = 130

    init(_ error: DataScanError) {
        switch error.code {
        case .usage, .busy: self = .usage
        case .missingLanguage, .environment: self = .environment
        case .cancelled: self = .interrupted
        default: self = .pagesFailed
        }
    }
}

/// A failure the CLI reports and exits with.
struct CommandFailure: Error {
    var message: String
    var exitCode: ExitCode
    /// The usage line to print after a usage error.
    var usage: String?

    init(_ error: DataScanError, usage: String? = nil) {
        message = error.message
        exitCode = ExitCode(error)
        self.usage = error.code == .usage ? usage : nil
    }

    init(usage message: String, _ usageLine: String) {
        self.message = message
        exitCode = .usage
        usage = usageLine
    }
}
