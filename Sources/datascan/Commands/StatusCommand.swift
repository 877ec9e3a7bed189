import DataScanKit

/// `datascan status OUT`: pages by status, failures grouped by reason, items by type. Exit 1 when anything failed,
/// 4 when nothing failed but pages are still pending or running.
enum StatusCommand {
    static let usage = "datascan status OUT | datascan status --store postgres://… --job NAME"

    static func run(_ args: [String]) throws(CommandFailure) -> ExitCode {
        let parsed = try Arguments(args, options: ["store", "job"], flags: [], usage: usage)
        let shared = try StoreArguments(parsed, usage: usage)
        let out = parsed.positionals.first ?? ""
        guard shared == nil ? parsed.positionals.count == 1 : parsed.positionals.isEmpty else {
            throw CommandFailure(usage: "give the job folder, or --store and --job", usage)
        }
        do {
            let results = try StoreArguments.results(shared, folder: out)
            let s = try results.summary()
            let failures = try results.failures()
            let skipped = try results.skipped()
            let partial = try results.partialPages()
            var lines = [
                "job: \(shared?.label ?? out)",
                "documents: \(s.documents)",
                "pages: \(s.pages) — done \(s.done)\(s.partial > 0 ? " (\(s.partial) read in part)" : ""), failed \(s.failed), skipped \(s.skipped), pending \(s.pending)",
                "items: \(s.items)",
            ]
            for (type, n) in s.byType.sorted(by: { $0.key < $1.key }) { lines.append("  \(type): \(n)") }
            if !failures.isEmpty {
                lines.append("failures: \(failures.count)")
                // Grouped by reason, most frequent first, with up to 3 example pages each.
                var groups: [String: [String]] = [:]
                for f in failures {
                    groups[f.error, default: []].append(f.page.map { "\(f.document) page \($0)" } ?? f.document)
                }
                for (reason, pages) in groups.sorted(by: { ($0.value.count, $1.key) > ($1.value.count, $0.key) }) {
                    lines.append("  \(pages.count) × \(Terminal.printable(reason))")
                    for p in pages.prefix(3) { lines.append("      \(Terminal.printable(p))") }
                    if pages.count > 3 { lines.append("      … and \(pages.count - 3) more") }
                }
            }
            if !partial.isEmpty {
                // Done, with the items of the rows that could be read; the rest of the picture is missing.
                lines.append("read in part: \(partial.count)")
                for p in partial.prefix(20) {
                    lines.append("  \(Terminal.printable(p.document)) page \(p.page): \(Terminal.printable(p.warning))")
                }
                if partial.count > 20 { lines.append("  … and \(partial.count - 20) more") }
            }
            if !skipped.isEmpty {
                lines.append("skipped documents: \(skipped.count)")
                for d in skipped.prefix(20) { lines.append("  \(Terminal.printable(d.document)): \(Terminal.printable(d.reason))") }
                if skipped.count > 20 { lines.append("  … and \(skipped.count - 20) more") }
            }
            Terminal.out(lines.joined(separator: "\n"))
            if !failures.isEmpty { return .pagesFailed }
            return s.pending > 0 ? .unfinished : .success
        } catch {
            throw CommandFailure(error, usage: usage)
        }
    }
}
