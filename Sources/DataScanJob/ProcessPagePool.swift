import DataScanDetection
import DataScanEngines
import DataScanInput
import DataScanModel
import DataScanOutput
import DataScanRecognition
import DataScanStore
import Dispatch
import Foundation
import Glibc

/// Supervised page processes (`datascan __page-process`), one per job slot. Why processes: a segfault or abort
/// inside a C library, or a renderer that cannot be cancelled, must fail one page — never the night's run.
/// A worker that dies is replaced for the next page; one that overruns the page timeout is killed.
final class ProcessPagePool: PageExecutor {
    private let workers: [PageProcess]
    private let idle: IdleSlots<PageProcess>

    init(count: Int, executable: String, configuration: ScanConfiguration) {
        // Why: writing a request to a worker that has just died would raise SIGPIPE and end the whole run;
        // ignored, the write fails with EPIPE and the page is reported as a crash.
        signal(SIGPIPE, SIG_IGN)
        let n = max(1, count)
        workers = (0..<n).map { PageProcess(index: $0, executable: executable, configuration: configuration) }
        idle = IdleSlots(workers)
    }

    var count: Int { workers.count }

    func analyze(_ request: PageRequest) async throws(DataScanError) -> AnalyzedPage {
        try await idle.run(request)
    }

    /// Pages per text-layer request: enough that a page's round trip to the page process is shared by many, few enough
    /// that `jobs` page processes share a document's pages evenly and a crash costs little to redo.
    static let textLayerBatch = 32

    func analyzeTextLayers(_ requests: [PageRequest]) async -> [BatchOutcome] {
        let worker = await idle.take()
        let flag = CancellationFlag()
        let outcomes = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                worker.queue.async { continuation.resume(returning: worker.analyzeTextLayers(requests, cancellation: flag)) }
            }
        } onCancel: {
            flag.cancel()
        }
        await idle.give(worker)
        return outcomes
    }

    func shutdown() async {
        // All at once: each stop waits for its process to exit (Foundation polls for that every 50 ms).
        await withTaskGroup(of: Void.self) { group in
            for w in workers {
                group.addTask {
                    await withCheckedContinuation { c in
                        w.queue.async {
                            w.stop()
                            c.resume()
                        }
                    }
                }
            }
        }
    }
}

/// One page process and the pipes to it. `@unchecked Sendable`: its state is touched only on `queue`.
final class PageProcess: PageSlot, @unchecked Sendable {
    let queue: DispatchQueue
    private let executable: String
    private let configuration: ScanConfiguration
    private var process: Process?
    private var toWorker: FileHandle?
    private var fromWorker: LineReader?
    /// Extra seconds past the page timeout before the worker is killed: the worker's own deadline (Tesseract's
    /// monitor) gives a cleaner failure when it can.
    static let grace = 2.0

    init(index: Int, executable: String, configuration: ScanConfiguration) {
        queue = DispatchQueue(label: "datascan.worker-process.\(index)")
        self.executable = executable
        self.configuration = configuration
    }

    deinit { stop() }

    /// Call only on `queue`.
    ///
    /// A page that exhausts the memory cap of a process that had analyzed other pages before is analyzed once more
    /// in a fresh process before it fails: the memory may have been held by what the earlier pages left behind (the
    /// allocator's and ONNX Runtime's caches), and a page must fail for what it needs itself.
    func analyze(_ request: PageRequest, cancellation: CancellationFlag) throws(DataScanError) -> AnalyzedPage {
        do {
            return try analyzeOnce(request, cancellation: cancellation)
        } catch  where error.code == .outOfMemory && pagesAnalyzed > 0 {
            stop()
            return try analyzeOnce(request, cancellation: cancellation)
        }
    }

    private func analyzeOnce(_ request: PageRequest, cancellation: CancellationFlag) throws(DataScanError) -> AnalyzedPage {
        try send(PageProcessServer.Request(pages: [request]))
        guard case .analyzed(let page) = try receive(request, cancellation: cancellation) else {
            throw DataScanError(.engineFailed, "the page process did not analyze \(request.label)")
        }
        pagesAnalyzed += 1
        return page
    }

    /// Pages the running page process has analyzed (0 for a fresh one).
    private var pagesAnalyzed = 0

    /// Analyzes consecutive PDF pages in one request, the text-layer pages only (a page without a text layer is
    /// `needsRaster`). Outcomes come back in order; when a page fails with the page process (a crash, a timeout,
    /// cancellation, exhausted memory) the process is ended, that page's outcome is the failure and the pages after
    /// it are left out: the caller sends them again one at a time. Call only on `queue`.
    func analyzeTextLayers(_ requests: [PageRequest], cancellation: CancellationFlag) -> [BatchOutcome] {
        var outcomes: [BatchOutcome] = []
        do throws(DataScanError) {
            try send(PageProcessServer.Request(pages: requests, textLayerOnly: true))
        } catch {
            return [.failed(error, seconds: 0)]
        }
        for request in requests {
            let started = ContinuousClock.now
            do throws(DataScanError) {
                switch try receive(request, cancellation: cancellation) {
                case .analyzed(let page): outcomes.append(.analyzed(page, seconds: (ContinuousClock.now - started).seconds))
                case .needsRaster: outcomes.append(.needsRaster)
                }
            } catch {
                outcomes.append(.failed(error, seconds: (ContinuousClock.now - started).seconds))
                // The process is gone (or was replaced): what it had not reached is sent again, page by page.
                if process == nil { break }
            }
        }
        return outcomes
    }

    private func send(_ request: PageProcessServer.Request) throws(DataScanError) {
        try ensureRunning()
        guard let toWorker else { throw DataScanError(.environment, "page process is not running") }
        guard var line = try? JSONEncoder().encode(request) else {
            throw DataScanError(.engineFailed, "cannot encode the page request")
        }
        line.append(UInt8(ascii: "\n"))
        do { try toWorker.write(contentsOf: line) } catch {
            stop()
            throw DataScanError(.engineCrashed, "the page process ended before this page (restarting it)")
        }
    }

    private enum Received {
        case analyzed(AnalyzedPage)
        case needsRaster
    }

    /// Reads the page process's answer for `request`, the next page it works on.
    private func receive(_ request: PageRequest, cancellation: CancellationFlag) throws(DataScanError) -> Received {
        guard let fromWorker else { throw DataScanError(.environment, "page process is not running") }
        let timeout = configuration.pageTimeout
        let deadline = ContinuousClock.now + .seconds(timeout + Self.grace)
        var stage = "load"
        let decoder = JSONDecoder()
        var frameBytes: Int?
        var ranOutOfMemory = false
        while true {
            while true {
                if let count = frameBytes {
                    guard let frame = fromWorker.bufferedFrame(count: count) else { break }
                    guard let page = PageResultFrame.decode(frame) else {
                        stop()
                        throw DataScanError(.engineFailed, "the page process sent an unreadable result for this page")
                    }
                    return .analyzed(page)
                }
                guard let l = fromWorker.bufferedLine() else { break }
                if l.first == UInt8(ascii: "R"), let count = Int(String(decoding: l.dropFirst(2), as: UTF8.self)) {
                    frameBytes = count
                    continue
                }
                guard let response = try? decoder.decode(PageProcessServer.Response.self, from: Data(l)) else { continue }
                if let s = response.stage { stage = s }
                if response.outOfMemory == true { ranOutOfMemory = true }
                if response.needsRaster == true { return .needsRaster }
                if let error = response.error {
                    // Replaced for the next page: a process that ran out of memory may hold what it could allocate.
                    if error.code == .outOfMemory { stop() }
                    throw error
                }
            }
            if cancellation.isCancelled {
                stop()
                throw DataScanError(.cancelled, "cancelled")
            }
            if ContinuousClock.now >= deadline {
                stop()
                throw DataScanError.timeout(after: timeout, in: Self.stageName(stage))
            }
            guard fromWorker.fill(timeoutMilliseconds: 200) else {
                // End of output: the worker died on this page.
                let reason = reap()
                if ranOutOfMemory { throw DataScanError.outOfMemory(megabytes: configuration.effectivePageMemory) }
                throw DataScanError(.engineCrashed, "the \(Self.engine(stage, request.format)) engine crashed on this page (\(reason))")
            }
        }
    }

    private func ensureRunning() throws(DataScanError) {
        if let process, process.isRunning { return }
        stop()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = ["__page-process"]
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = FileHandle.nullDevice
        // Why: Swift's crash backtracer would spend up to 30 s symbolicating a worker that a C library crashed;
        // the supervisor reports the crash itself.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        // Why: every thread that allocates gets a malloc arena of its own, and each reserves 64 MB of address space,
        // which counts against the page's memory cap (RLIMIT_AS) without being used.
        environment["MALLOC_ARENA_MAX"] = "2"
        if let tunables = Self.mallocTunables(for: configuration, existing: environment["GLIBC_TUNABLES"]) {
            environment["GLIBC_TUNABLES"] = tunables
        }
        p.environment = environment
        do { try PageProcessSpawner.shared.run { try p.run() } } catch {
            throw DataScanError(.environment, "cannot start a page process (\(executable)): \(error.localizedDescription)")
        }
        process = p
        pagesAnalyzed = 0
        toWorker = input.fileHandleForWriting
        fromWorker = LineReader(fd: output.fileHandleForReading.fileDescriptor)
        outputHandle = output.fileHandleForReading
        guard var config = try? JSONEncoder().encode(configuration) else {
            throw DataScanError(.engineFailed, "cannot encode the configuration")
        }
        config.append(UInt8(ascii: "\n"))
        do { try input.fileHandleForWriting.write(contentsOf: config) } catch {
            stop()
            throw DataScanError(.environment, "the page process exited at start (\(executable) __page-process)")
        }
    }

    /// Keeps the read end open as long as the reader uses its descriptor.
    private var outputHandle: FileHandle?

    /// Ends the worker (SIGKILL) and forgets it; the next page starts a new one.
    func stop() {
        if let p = process, p.isRunning {
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
        }
        try? toWorker?.close()
        try? outputHandle?.close()
        process = nil
        toWorker = nil
        fromWorker = nil
        outputHandle = nil
    }

    /// Waits for a worker that closed its output and describes how it ended.
    private func reap() -> String {
        guard let p = process else { return "worker gone" }
        p.waitUntilExit()
        let reason: String
        if p.terminationReason == .uncaughtSignal {
            let sig = p.terminationStatus
            let name = strsignal(sig).map { String(cString: $0).lowercased() } ?? "signal"
            reason = "signal \(sig): \(name)"
        } else {
            reason = "exit status \(p.terminationStatus)"
        }
        stop()
        return reason
    }

    /// glibc's malloc settings for a page process that may run PP-OCR, nil for one that will not.
    ///
    /// Why: a PP-OCR model run allocates tensors of 1–40 MB and frees them. glibc raises its mmap threshold to the
    /// size of the largest block freed so far (up to 32 MB), so later tensors come from the heap, which keeps its
    /// high-water mark resident: page processes grew to 500–650 MB on receipts. With the threshold fixed at 16 MB,
    /// the largest tensors are mapped for the run and returned after it, and huge pages map them afresh as fast as
    /// the heap would reuse them (20 sroie-dev receipts, `--ocr ppocr --jobs 2`: the process tree's peak 900–1050 →
    /// 740–810 MB, 15.0–15.5 → 14.4–14.7 s). Without transparent huge pages, fresh 4 KB pages would cost PP-OCR
    /// ~25 % of its time, and glibc's defaults stay. A user's own `GLIBC_TUNABLES` come after ours and win.
    static func mallocTunables(
        for configuration: ScanConfiguration, existing: String?,
        hugePages: String? = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)
    ) -> String? {
        guard configuration.mayReadWithPPOCR, let hugePages, !hugePages.contains("[never]") else { return nil }
        let ours = "glibc.malloc.hugetlb=1:glibc.malloc.mmap_threshold=16777216:glibc.malloc.trim_threshold=16777216"
        guard let existing, !existing.isEmpty else { return ours }
        return ours + ":" + existing
    }

    static func engine(_ stage: String, _ format: DocumentFormat) -> String {
        switch stage {
        case "load": format == .pdf ? "PDF renderer (poppler)" : format == .heif ? "HEIF decoder (libheif)" : "image decoder (leptonica)"
        case "ocr": "tesseract"
        case "ppocr": "PP-OCR (ONNX Runtime)"
        case "barcodes": "barcode (zxing-cpp/zbar)"
        default: "detection"
        }
    }

    static func stageName(_ stage: String) -> String {
        switch stage {
        case "load": "load/render"
        case "ocr": "ocr"
        case "barcodes": "barcode decoding"
        default: stage
        }
    }
}
