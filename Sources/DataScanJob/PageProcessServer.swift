import DataScanDetection
import DataScanEngines
import DataScanInput
import DataScanModel
import DataScanOutput
import DataScanRecognition
import DataScanStore
import Foundation
import Glibc

/// The worker side of `PageIsolation.processes`: `datascan __page-process` runs this. It reads its
/// configuration, then one request per line from stdin: one page, or a batch of PDF pages (text-layer
/// pages: one round trip for many pages of a few milliseconds each). It answers on stdout, per page and in the
/// request's order, with one line per stage begun (`{"stage":"ocr"}`) and then either the analysis as a binary
/// frame (a line `R <byte count>`, the `PageResultFrame`, a newline), `{"needsRaster":true}` (a text-layer-only
/// request for a page without a text layer: the runner sends it again alone, to be rendered and read), or
/// `{"error":…}`.
///
/// Testing aid: `DATASCAN_TEST_FAULT=MODE:STAGE:NAME` makes the worker fail on purpose when a page whose
/// path contains NAME enters STAGE (`load`, `ocr`, `barcodes`, `detect`): MODE `crash` raises SIGSEGV,
/// `abort` calls abort(), `hang` blocks forever, `allocate` allocates memory until the page's cap stops it. NAME may
/// end in `@N` for page N of the document alone (`crash:load:text.pdf@5`). It exists to test crash isolation,
/// timeouts, the memory cap and the fallback of a batch whose page crashes.
public enum PageProcessServer {
    struct Request: Codable {
        /// One page, or consecutive PDF pages.
        var pages: [PageRequest]
        /// Analyze only pages that have a text layer; answer `needsRaster` for the others instead of rendering them.
        var textLayerOnly = false
    }

    struct Response: Codable {
        var stage: String?
        /// The page process reached its memory cap (written by its fatal-signal handler just before it dies).
        var outOfMemory: Bool?
        /// A text-layer-only request met a page without a text layer.
        var needsRaster: Bool?
        var error: DataScanError?
    }

    /// Serves page requests until stdin closes; returns the exit status.
    public static func serve() -> Int32 {
        // Ctrl-C goes to the whole process group: the supervisor decides what happens to pages in flight.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_DFL)
        // If the supervisor dies (even by kill -9), take this worker down with it.
        guard ProcessLifetime.endWithParent() else { return 1 }
        let input = LineReader(fd: STDIN_FILENO)
        guard let first = input.nextLine(),
            let configuration = try? JSONDecoder().decode(ScanConfiguration.self, from: Data(first))
        else { return 2 }
        // The cap covers the engines too: they start under it, as every page runs under it.
        let memory = configuration.effectivePageMemory
        _ = PageMemoryGuard.apply(megabytes: memory, reportingTo: STDOUT_FILENO)
        let analyzer = PageAnalyzer(configuration: configuration)
        let fault = Fault(ProcessInfo.processInfo.environment["DATASCAN_TEST_FAULT"])
        let encoder = JSONEncoder()
        func send(_ r: Response) {
            guard let data = try? encoder.encode(r) else { return }
            send(raw: data)
        }
        func send(raw: Data) {
            var data = raw
            data.append(UInt8(ascii: "\n"))
            data.withUnsafeBytes { buf in
                var offset = 0
                while offset < buf.count {
                    let n = write(STDOUT_FILENO, buf.baseAddress! + offset, buf.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        exit(3)
                    }
                    offset += n
                }
            }
        }
        while let line = input.nextLine() {
            guard let batch = try? JSONDecoder().decode(Request.self, from: Data(line)) else {
                send(Response(error: DataScanError(.engineFailed, "worker: unreadable request")))
                continue
            }
            for request in batch.pages {
                PageMemoryGuard.beginPage()
                do throws(DataScanError) {
                    let analysis = try analyzer.analyze(request, cancellation: nil, textLayerOnly: batch.textLayerOnly) { stage in
                        send(Response(stage: stage))
                        fault?.trigger(stage: stage, request: request)
                    }
                    // A library that could not allocate may have carried on without what it could not have (a page
                    // rendered in part): the page fails instead of giving a wrong result.
                    if PageMemoryGuard.isExhausted { throw DataScanError.outOfMemory(megabytes: memory) }
                    guard let analysis else {
                        send(Response(needsRaster: true))
                        continue
                    }
                    var light = analysis
                    light.lines = []
                    let frame = PageResultFrame.encode(light, storedLines: StoredLines.encode(analysis.lines))
                    send(raw: Data("R \(frame.count)".utf8))
                    send(raw: Data(frame))
                } catch {
                    send(Response(error: PageMemoryGuard.isExhausted ? .outOfMemory(megabytes: memory) : error))
                }
            }
        }
        return 0
    }

    /// A deliberate failure for tests (see `serve()`).
    struct Fault {
        let mode: String
        let stage: String
        let name: String

        init?(_ spec: String?) {
            guard let parts = spec?.split(separator: ":", maxSplits: 2).map(String.init), parts.count == 3 else { return nil }
            (mode, stage, name) = (parts[0], parts[1], parts[2])
        }

        func trigger(stage current: String, request: PageRequest) {
            guard current == stage, matches(request) else { return }
            switch mode {
            case "crash":
                // As a faulting C library would: the default action, no handler to survive it.
                signal(SIGSEGV, SIG_DFL)
                raise(SIGSEGV)
            case "abort": abort()
            case "hang": while true { sleep(60) }
            case "allocate":
                // As a decoder that believes a header's size would: touched, so the pages are really used.
                var blocks: [UnsafeMutableRawPointer] = []
                while let block = malloc(64 << 20) {
                    memset(block, 1, 64 << 20)
                    blocks.append(block)
                }
                // malloc returned NULL at the cap: a C library would now dereference it.
                raise(SIGSEGV)
            default: return
            }
        }

        /// NAME in the page's path; with `@N`, page N only.
        func matches(_ request: PageRequest) -> Bool {
            if let at = name.lastIndex(of: "@"), let page = Int(name[name.index(after: at)...]) {
                return request.index + 1 == page && request.displayPath.contains(name[..<at])
            }
            return request.displayPath.contains(name)
        }
    }
}

/// Reads newline-terminated lines from a file descriptor, blocking.
final class LineReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0

    init(fd: Int32) { self.fd = fd }

    /// The next line without its newline, or nil at end of input.
    func nextLine() -> [UInt8]? {
        while true {
            if let i = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[start..<i])
                start = i + 1
                compact()
                return line
            }
            guard fill(timeoutMilliseconds: -1) else { return nil }
        }
    }

    /// Reads what is available; waits up to `timeoutMilliseconds` (-1: forever). False at end of input or error,
    /// nil-equivalent `true` with nothing read on timeout is reported through `timedOut`.
    private(set) var timedOut = false

    @discardableResult
    func fill(timeoutMilliseconds: Int32) -> Bool {
        timedOut = false
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let r = poll(&p, 1, timeoutMilliseconds)
            if r < 0 {
                if errno == EINTR { continue }
                return false
            }
            if r == 0 {
                timedOut = true
                return true
            }
            break
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            if n == 0 { return false }
            buffer.append(contentsOf: chunk[0..<n])
            return true
        }
    }

    /// A complete line already buffered, without reading.
    func bufferedLine() -> [UInt8]? {
        guard let i = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = Array(buffer[start..<i])
        start = i + 1
        compact()
        return line
    }

    /// The next `count` bytes and the newline after them, when all are buffered (a binary frame), without reading.
    func bufferedFrame(count: Int) -> [UInt8]? {
        guard buffer.count - start > count else { return nil }
        let frame = Array(buffer[start..<start + count])
        start += count + 1
        compact()
        return frame
    }

    /// Drops the bytes already handed out, so a long-lived reader holds at most one unread message.
    private func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 1 << 16 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}
