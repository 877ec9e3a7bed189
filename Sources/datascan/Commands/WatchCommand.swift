import DataScanKit
import Foundation
import Synchronization

/// `datascan watch PATH... [--out DIR] [--settle SEC] [scan options]`: a scan that keeps going with the files that
/// appear or change, until SIGINT/SIGTERM.
enum WatchCommand {
    static let usage =
        "datascan watch PATH... [--out DIR] [--settle SEC] [--types LIST] [--languages LIST] [--region CC] [--quality fast|balanced|accurate] [--jobs N] [--single] [--roi X,Y,W,H] [--page-timeout SEC] [--max-megapixels N] [--include GLOB] [--exclude GLOB] [--progress auto|always|never]"

    static func run(_ args: [String]) async throws(CommandFailure) -> ExitCode {
        let parsed = try ScanOptions.parse(args, extraOptions: ["settle"], usage: usage)
        var options = ScanOptions()
        try options.apply(parsed, usage: usage)
        if options.store != nil || options.job != nil || options.enqueueOnly {
            throw CommandFailure(
                usage: "watch keeps its job in the job folder (--out): --store, --job and --enqueue-only are for scan", usage)
        }
        guard !parsed.positionals.isEmpty else { throw CommandFailure(usage: "give at least one file or folder to watch", usage) }
        guard let output = options.outputFolder else { throw CommandFailure(usage: "give the job folder (--out DIR)", usage) }
        var watch = WatchJob(
            inputs: parsed.positionals.map { URL(fileURLWithPath: $0) }, output: output, configuration: options.configuration,
            isolation: ScanCommand.isolation)
        if let text = parsed.value("settle") {
            guard let seconds = Double(text), seconds >= 0, seconds <= 3600 else {
                throw CommandFailure(usage: "--settle: give seconds from 0 to 3600", usage)
            }
            watch.settleSeconds = seconds
        }
        do {
            if watch.configuration.types.needsText { try DataScanEnvironment.requireLanguages(watch.configuration.languages) }
        } catch {
            throw CommandFailure(error)
        }
        let progress = ProgressPrinter(mode: options.progress)
        let quiet = options.progress == .never
        let names = parsed.positionals.joined(separator: ", ")
        let rounds = Rounds()
        let task = Task { () async throws(DataScanError) -> JobSummary in
            try await watch.run(
                onEvent: { event in
                    if case .pageFinished = event { rounds.state.withLock { $0.pages += 1 } }
                    // A round with nothing to analyze says nothing: rounds run whenever a file changes.
                    if case .planned(let plan) = event, plan.pagesToAnalyze == 0 { return }
                    progress.handle(event)
                },
                onRound: { summary in
                    progress.finish()
                    let worth = rounds.state.withLock { s in
                        defer { s = (reported: true, pages: 0) }
                        return !s.reported || s.pages > 0
                    }
                    if !quiet, worth {
                        Terminal.err(
                            "datascan: watching \(Terminal.printable(names)): \(summary.done) pages done, \(summary.failed) failed, \(summary.items) items (Ctrl-C to stop)"
                        )
                    }
                })
        }
        let interrupts = InterruptHandler {
            Terminal.err("\ndatascan: stopping: finishing the pages in flight and saving (Ctrl-C again to quit at once)")
            task.cancel()
        }
        let started = ContinuousClock.now
        let result = await task.result
        interrupts.stop()
        progress.finish()
        switch result {
        case .success(let summary):
            ScanCommand.printSummary(summary, output: output, elapsed: ContinuousClock.now - started)
            return .interrupted
        case .failure(let error):
            throw CommandFailure(error as? DataScanError ?? DataScanError(.store, "\(error)"), usage: usage)
        }
    }
}

/// Whether a round was reported yet, and the pages finished in the round going on: a round reports when it is the
/// first or it analyzed something.
private final class Rounds: Sendable {
    let state = Mutex((reported: false, pages: 0))
}
