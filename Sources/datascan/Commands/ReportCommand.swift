import DataScanKit

/// `datascan report OUT`: writes OUT/report.html.
enum ReportCommand {
    static let usage = "datascan report OUT"

    static func run(_ args: [String]) throws(CommandFailure) -> ExitCode {
        let parsed = try Arguments(args, options: [], flags: [], usage: usage)
        guard parsed.positionals.count == 1, let out = parsed.positionals.first else {
            throw CommandFailure(usage: "give the job folder", usage)
        }
        do {
            let path = try ReportWriter.write(folder: out)
            Terminal.out("report: \(path)")
            return .success
        } catch {
            throw CommandFailure(error, usage: usage)
        }
    }
}
