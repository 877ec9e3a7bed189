import DataScanKit
import Foundation

/// `datascan report OUT` (writes OUT/report.html), or `datascan report --store URL --job NAME --out DIR` for a job in
/// a shared store.
enum ReportCommand {
    static let usage = "datascan report OUT | datascan report --store postgres://… --job NAME --out DIR"

    static func run(_ args: [String]) throws(CommandFailure) -> ExitCode {
        let parsed = try Arguments(args, options: ["store", "job", "out"], flags: [], usage: usage)
        let shared = try StoreArguments(parsed, usage: usage)
        let folder: String
        if shared != nil {
            guard parsed.positionals.isEmpty, let out = parsed.value("out") else {
                throw CommandFailure(usage: "with --store and --job, give the folder for report.html with --out DIR", usage)
            }
            folder = out
        } else {
            guard parsed.positionals.count == 1, let out = parsed.positionals.first, parsed.value("out") == nil else {
                throw CommandFailure(usage: "give the job folder", usage)
            }
            folder = out
        }
        do {
            let results = try StoreArguments.results(shared, folder: folder)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let report = try results.writeReport(to: URL(fileURLWithPath: folder))
            Terminal.out("report: \(report.relativePath)")
            return .success
        } catch let error as DataScanError {
            throw CommandFailure(error, usage: usage)
        } catch {
            throw CommandFailure(usage: "cannot create \(folder): \(error.localizedDescription)", usage)
        }
    }
}
