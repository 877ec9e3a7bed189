import DataScanKit
import Foundation
import Synchronization

/// Shows a running job's progress on stderr: on a terminal one live line (bar, pages done/total, pages/s,
/// ETA, failures, current file), redrawn at most 5 times a second; otherwise a plain line every 5 seconds.
final class ProgressPrinter: Sendable {
    private struct State {
        var total = 0
        var done = 0
        var failed = 0
        var current = ""
        var started = ContinuousClock.now
        var lastDraw = ContinuousClock.now - .seconds(10)
        var drewLive = false
    }

    private let state = Mutex(State())
    private let live: Bool
    private let enabled: Bool

    init(mode: ProgressMode) {
        enabled = mode != .never
        live = mode == .always || (mode == .auto && Terminal.stderrIsTTY)
    }

    func handle(_ event: ScanEvent) {
        guard enabled else { return }
        state.withLock { s in
            switch event {
            case .planned(let plan):
                // Each `watch` round plans again: counts start over.
                s.total = plan.pagesToAnalyze
                (s.done, s.failed) = (0, 0)
                s.started = ContinuousClock.now
                var parts = ["\(plan.documents) documents", "\(plan.pagesToAnalyze) pages to analyze"]
                if plan.pagesAlreadyDone > 0 { parts.append("\(plan.pagesAlreadyDone) already done") }
                if plan.pagesResumed > 0 { parts.append("\(plan.pagesResumed) resumed after an interruption") }
                if plan.skippedDocuments > 0 { parts.append("\(plan.skippedDocuments) skipped") }
                if plan.failedDocuments > 0 { parts.append("\(plan.failedDocuments) unreadable") }
                Terminal.err("datascan: " + parts.joined(separator: ", "))
            case .pageStarted(let document, let page):
                s.current = "\(document) p\(page)"
            case .pageFinished(let result):
                s.done += 1
                if result.status == .failed {
                    s.failed += 1
                    if live { clear(&s) }
                    Terminal.err("failed: \(Terminal.printable(result.document)) page \(result.page): \(result.error ?? "")")
                }
            }
            draw(&s, force: false)
        }
    }

    /// Clears the live line before the summary.
    func finish() {
        guard enabled else { return }
        state.withLock { s in
            if live { clear(&s) }
        }
    }

    private func clear(_ s: inout State) {
        if s.drewLive {
            Terminal.write(STDERR_FILENO, "\r\u{1B}[2K")
            s.drewLive = false
        }
    }

    private func draw(_ s: inout State, force: Bool) {
        let now = ContinuousClock.now
        let interval: Duration = live ? .milliseconds(200) : .seconds(5)
        guard force || now - s.lastDraw >= interval || (!live && s.done == s.total && s.total > 0) else { return }
        s.lastDraw = now
        let elapsed = max(0.001, seconds(now - s.started))
        let rate = Double(s.done) / elapsed
        let remaining = rate > 0 ? Double(s.total - s.done) / rate : nil
        let eta = remaining.map(Self.duration) ?? "--:--"
        let counts =
            "\(s.done)/\(s.total) pages  \(String(format: "%.2f", rate)) p/s  ETA \(eta)" + (s.failed > 0 ? "  \(s.failed) failed" : "")
        if live {
            let width = Terminal.width
            let barWidth = max(10, min(30, width / 4))
            let filled = s.total > 0 ? Int(Double(barWidth) * Double(s.done) / Double(s.total)) : 0
            let bar = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "]"
            var line = "\(bar) \(counts)  \(Terminal.printable(s.current))"
            if line.count > width - 1 { line = String(line.prefix(max(0, width - 1))) }
            Terminal.write(STDERR_FILENO, "\r\u{1B}[2K" + line)
            s.drewLive = true
        } else {
            Terminal.err("progress: \(counts)")
        }
    }

    private func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%02d:%02d", s / 60, s % 60)
    }
}
