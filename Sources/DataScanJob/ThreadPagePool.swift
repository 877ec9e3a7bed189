import DataScanDetection
import DataScanEngines
import DataScanInput
import DataScanModel
import DataScanOutput
import DataScanRecognition
import DataScanStore
import Dispatch
import Foundation

/// A fixed set of workers, each a serial dispatch queue with its own `PageAnalyzer` (its own Tesseract,
/// decoders and open PDF). Why dispatch queues: Tesseract, leptonica, poppler and the decoders block a
/// thread for up to seconds; on Swift's cooperative pool that would starve progress, the store and
/// cancellation. Callers `await` a page; the pool hands it to an idle worker and resumes them when done.
package final class ThreadPagePool: Sendable {
    private let workers: [ThreadPageSlot]
    private let idle: IdleSlots<ThreadPageSlot>

    package init(count: Int, configuration: ScanConfiguration) {
        let n = max(1, count)
        workers = (0..<n).map { ThreadPageSlot(index: $0, configuration: configuration) }
        idle = IdleSlots(workers)
    }

    var count: Int { workers.count }

    /// Analyzes a page on the next idle worker. Cancelling the calling task stops the page's OCR early.
    package func analyze(_ request: PageRequest) async throws(DataScanError) -> AnalyzedPage {
        try await idle.run(request)
    }
}

/// A worker that analyzes pages one at a time on its own serial queue (blocking calls stay off the
/// cooperative pool).
protocol PageSlot: Sendable {
    var queue: DispatchQueue { get }
    /// Call only on `queue`.
    func analyze(_ request: PageRequest, cancellation: CancellationFlag) throws(DataScanError) -> AnalyzedPage
}

extension IdleSlots where Worker: PageSlot {
    /// Takes an idle worker, runs the page on its queue, and gives the worker back. Cancelling the calling task
    /// raises the page's cancellation flag.
    func run(_ request: PageRequest) async throws(DataScanError) -> AnalyzedPage {
        let worker = await take()
        let flag = CancellationFlag()
        let result: Result<AnalyzedPage, DataScanError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                worker.queue.async {
                    continuation.resume(returning: Result { () throws(DataScanError) in try worker.analyze(request, cancellation: flag) })
                }
            }
        } onCancel: {
            flag.cancel()
        }
        give(worker)
        return try result.get()
    }
}

/// One worker: a serial queue and the engines only that queue touches.
/// `@unchecked Sendable` because `analyzer` is used exclusively on `queue`.
final class ThreadPageSlot: PageSlot, @unchecked Sendable {
    let index: Int
    let queue: DispatchQueue
    private let analyzer: PageAnalyzer

    init(index: Int, configuration: ScanConfiguration) {
        self.index = index
        queue = DispatchQueue(label: "datascan.worker.\(index)", qos: .userInitiated)
        analyzer = PageAnalyzer(configuration: configuration)
    }

    /// Call only on `queue`.
    func analyze(_ request: PageRequest, cancellation: CancellationFlag) throws(DataScanError) -> AnalyzedPage {
        dispatchPrecondition(condition: .onQueue(queue))
        return AnalyzedPage(analysis: try analyzer.analyze(request, cancellation: cancellation))
    }
}

/// The idle workers of a pool, and the callers waiting for one.
actor IdleSlots<Worker: Sendable> {
    private var free: [Worker]
    private var waiting: [CheckedContinuation<Worker, Never>] = []

    init(_ workers: [Worker]) { free = workers.reversed() }

    func take() async -> Worker {
        if let w = free.popLast() { return w }
        return await withCheckedContinuation { waiting.append($0) }
    }

    func give(_ worker: Worker) {
        if waiting.isEmpty {
            free.append(worker)
        } else {
            waiting.removeFirst().resume(returning: worker)
        }
    }
}
