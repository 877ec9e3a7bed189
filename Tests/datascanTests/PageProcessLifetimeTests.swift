import Foundation
import Testing

@testable import DataScanJob

/// Page processes live as long as the run (issue 16): the kernel's parent-death signal follows the thread that
/// spawned a process, so page processes must not be spawned from threads that come and go.
@Suite(.serialized) struct PageProcessLifetimeTests {
    /// Whether `pid` waits for its input (blocked in poll or read on stdin): a page process gets there only after it
    /// asked for its parent-death signal, the first thing `__page-process` does. Waits up to 30 s (a loaded machine
    /// starts processes slowly).
    private func waitUntilWaitingForInput(_ pid: Int32) -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            // `/proc/PID/task/TID/syscall`: the number of the system call a thread is blocked in, then its arguments.
            // (The page process serves on a thread of Swift's pool; the main thread waits for it.)
            let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            let calls = threads.compactMap {
                (try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/syscall", encoding: .utf8))?.split(separator: " ").first
            }
            if calls.contains(where: { $0 == "7" || $0 == "271" || $0 == "0" }) { return true }  // poll, ppoll, read
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    /// Starts `count` page processes, each from a thread of its own that lives until the process has asked for its
    /// parent-death signal and then exits, as Dispatch's worker threads do when idle; returns how many are still alive
    /// a moment later.
    private func survivors(count: Int, throughSpawner: Bool) throws -> Int {
        let processes = (0..<count).map { _ -> Process in
            let p = Process()
            p.executableURL = CLI.executable
            p.arguments = ["__page-process"]
            // Kept open: a page process waits for its configuration on stdin.
            p.standardInput = Pipe()
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            return p
        }
        let started = DispatchGroup()
        for p in processes {
            started.enter()
            let thread = Thread {
                if throughSpawner {
                    _ = try? PageProcessSpawner.shared.run { try p.run() }
                } else {
                    try? p.run()
                }
                if p.isRunning { _ = waitUntilWaitingForInput(p.processIdentifier) }
                started.leave()
            }
            thread.start()
        }
        started.wait()
        // The threads have exited (or are exiting); a signal on their exit lands within milliseconds.
        Thread.sleep(forTimeInterval: 1)
        let alive = processes.filter(\.isRunning).count
        for p in processes where p.isRunning {
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
        }
        return alive
    }

    /// The early deaths, reproduced: spawned from short-lived threads, every page process is killed when its thread
    /// exits, although this process goes on.
    @Test func pageProcessesSpawnedFromShortLivedThreadsDieWithTheirThread() throws {
        #expect(try survivors(count: 6, throughSpawner: false) == 0)
    }

    /// Through the spawner (what `ProcessPagePool` uses) none dies: its thread never exits.
    @Test func pageProcessesSpawnedThroughTheSpawnerOutliveTheThreadsThatAskedForThem() throws {
        #expect(try survivors(count: 6, throughSpawner: true) == 6)
    }
}
