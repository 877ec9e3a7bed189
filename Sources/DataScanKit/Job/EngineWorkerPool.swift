import Dispatch
import Foundation

/// A fixed set of workers, each a serial dispatch queue with its own `PageAnalyzer` (its own Tesseract,
/// decoders and open PDF). Why dispatch queues: Tesseract, leptonica, poppler and the decoders block a
/// thread for up to seconds; on Swift's cooperative pool that would starve progress, the store and
/// cancellation. Callers `await` a page; the pool hands it to an idle worker and resumes them when done.
final class EngineWorkerPool: Sendable {
    private let workers: [EngineWorker]
    private let idle: IdlePool<EngineWorker>

    init(count: Int, configuration: ScanConfiguration) {
        let n = max(1, count)
        workers = (0..<n).map { EngineWorker(index: $0, configuration: configuration) }
        idle = IdlePool(workers)
    }

    var count: Int { workers.count }

    /// Analyzes a page on the next idle worker. Cancelling the calling task stops the page's OCR early.
    func analyze(_ request: PageRequest) async throws(DataScanError) -> ImageAnalysis {
        try await idle.run(request)
    }
}

/// A worker that analyzes pages one at a time on its own serial queue (blocking calls stay off the
/// cooperative pool).
protocol QueueWorker: Sendable {
    var queue: DispatchQueue { get }
    /// Call only on `queue`.
    func analyze(_ request: PageRequest, cancellation: CancellationFlag) throws(DataScanError) -> ImageAnalysis
}

extension IdlePool where Worker: QueueWorker {
    /// Takes an idle worker, runs the page on its queue, and gives the worker back. Cancelling the calling task
    /// raises the page's cancellation flag.
    func run(_ request: PageRequest) async throws(DataScanError) -> ImageAnalysis {
        let worker = await take()
        let flag = CancellationFlag()
        let result: Result<ImageAnalysis, DataScanError> = await withTaskCancellationHandler {
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
final class EngineWorker: QueueWorker, @unchecked Sendable {
    let index: Int
    let queue: DispatchQueue
    private let analyzer: PageAnalyzer

    init(index: Int, configuration: ScanConfiguration) {
        self.index = index
        queue = DispatchQueue(label: "datascan.worker.\(index)", qos: .userInitiated)
        analyzer = PageAnalyzer(configuration: configuration)
    }

    /// Call only on `queue`.
    func analyze(_ request: PageRequest, cancellation: CancellationFlag) throws(DataScanError) -> ImageAnalysis {
        dispatchPrecondition(condition: .onQueue(queue))
        return try analyzer.analyze(request, cancellation: cancellation)
    }
}

/// The idle workers of a pool, and the callers waiting for one.
actor IdlePool<Worker: Sendable> {
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
