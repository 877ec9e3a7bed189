import Foundation

extension ScanConfiguration {
    /// The memory cap of each page process in MB: `pageMemory` when set, else fitted to the machine: an equal share
    /// of its memory for each of the `jobs` page processes and one more for the supervisor and everything else,
    /// at least the smallest allowed cap and at most `fittedPageMemoryCeiling`.
    ///
    /// A page PP-OCR may read (`--ocr auto` or `ppocr`, not at `fast`) gets at least `secondEngineFloor`: ONNX
    /// Runtime and its models beside Tesseract need 600–700 MB of address space (Samples/receipt-de.jpg fails at 512
    /// and is read at 640; before PP-OCR's detector read pages in bands it failed at 768 and was read at 896), and
    /// Tesseract with several languages takes more (about 490 MB at its peak with five at `accurate`).
    public var effectivePageMemory: Int {
        if let pageMemory { return pageMemory }
        let share = Int(Self.machineMemory / 1_048_576) / (max(1, jobs) + 1)
        let floor = mayReadWithPPOCR ? Self.secondEngineFloor : Self.pageMemoryRange.lowerBound
        return min(max(share, floor), Self.fittedPageMemoryCeiling)
    }

    /// Whether PP-OCR may read pages: `--ocr ppocr`, or `auto` above `fast` (which never asks for a second reading).
    public var mayReadWithPPOCR: Bool { ocr == .ppocr || (ocr == .auto && quality != .fast) }

    /// The smallest fitted cap of a page process that runs PP-OCR, in MB.
    public static let secondEngineFloor = 1024

    /// The most a fitted cap gives a page, in MB. Why 1536: a page process that reaches it holds about 1.3 GB
    /// resident (the rest of its address space is reserved, not used), so with `--jobs 2` the whole process tree
    /// stays under 2 GB even while one page is a memory bomb; and a 150 MP colour page (A3 at 1200 DPI) fits.
    public static let fittedPageMemoryCeiling = 1536

    /// The memory this process may use: the machine's, or less when its cgroup (a container's limit) allows less.
    static let machineMemory: UInt64 = {
        let physical = ProcessInfo.processInfo.physicalMemory
        return min(physical, cgroupMemoryLimit() ?? physical)
    }()

    /// The memory limit of this process's cgroup (v2 `memory.max`, v1 `memory.limit_in_bytes`), nil when unlimited
    /// or unknown.
    private static func cgroupMemoryLimit() -> UInt64? {
        guard let lines = try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8) else { return nil }
        var candidates: [String] = []
        for line in lines.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3 else { continue }
            let path = String(parts[2])
            if parts[0] == "0" && parts[1].isEmpty {
                candidates += ["/sys/fs/cgroup\(path)/memory.max", "/sys/fs/cgroup/memory.max"]
            } else if parts[1].split(separator: ",").contains("memory") {
                candidates += ["/sys/fs/cgroup/memory\(path)/memory.limit_in_bytes", "/sys/fs/cgroup/memory/memory.limit_in_bytes"]
            }
        }
        for file in candidates {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            // "max" (v2) or a huge number (v1) mean no limit.
            guard let bytes = UInt64(text.trimmingCharacters(in: .whitespacesAndNewlines)), bytes < 1 << 50 else { return nil }
            return bytes
        }
        return nil
    }
}
