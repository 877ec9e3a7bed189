import Foundation
import Testing

/// `datascan watch` as a service runs it: bad input first, then a folder that receives a file while it runs.
@Suite struct WatchCommandTests {
    @Test(arguments: [
        (["watch"], "give at least one file or folder to watch"),
        (["watch", "/nonexistent-inbox", "--out", "/tmp/x"], "/nonexistent-inbox: no such file or folder"),
        (["watch", ".", "--store", "postgres://u@h/db", "--job", "j"], "watch keeps its job in the job folder (--out)"),
        (["watch", ".", "--settle", "-1"], "--settle: give seconds from 0 to 3600"),
    ])
    func badInputIsAUsageErrorThatCreatesNothing(arguments: [String], message: String) throws {
        let cwd = CLI.temporaryFolder()
        let r = try CLI.run(arguments, cwd: cwd)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("datascan: " + message), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: cwd).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/x"))
    }
}

@Suite(.serialized, .enabled(if: slowTestsEnabled)) struct WatchEndToEndTests {
    /// A running `datascan watch`, its stderr in a file (a pipe could fill up over a long watch).
    final class Watcher {
        let process = Process()
        let log: String

        init(_ arguments: [String]) throws {
            log = CLI.temporaryFolder() + "/stderr"
            _ = FileManager.default.createFile(atPath: log, contents: nil)
            process.executableURL = CLI.executable
            process.arguments = ["watch"] + arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
            try process.run()
        }

        var stderr: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

        /// Stops it as systemd or a terminal does, and returns its exit status.
        func stop(signal: Int32) -> Int32 {
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            return process.terminationStatus
        }

        deinit {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    /// Polls `condition` every 0.2 s; returns the seconds it took, or nil after `timeout`.
    static func waitFor(_ timeout: Double, _ condition: () -> Bool) -> Double? {
        let start = Date()
        while Date().timeIntervalSince(start) < timeout {
            if condition() { return Date().timeIntervalSince(start) }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return nil
    }

    static func items(_ out: String) -> String { (try? String(contentsOfFile: out + "/items.csv", encoding: .utf8)) ?? "" }

    /// The seconds each page took, from the manifest: a page analyzed again gets a new value.
    static func pageSeconds(_ out: String) throws -> [String: Double] {
        let documents = try #require(try CLI.json(out + "/manifest.json")["documents"] as? [[String: Any]])
        var seconds: [String: Double] = [:]
        for d in documents {
            for p in d["pages"] as? [[String: Any]] ?? [] {
                seconds["\(d["path"] ?? "")#\(p["page"] ?? "")"] = (p["seconds"] as? NSNumber)?.doubleValue
            }
        }
        return seconds
    }

    @Test func aFileCopiedInIsInItemsCSVWithinTenSecondsAndARestartRedoesNothing() throws {
        let inbox = CLI.temporaryFolder() + "/inbox", out = CLI.temporaryFolder() + "/out"
        try FileManager.default.createDirectory(atPath: inbox, withIntermediateDirectories: true)
        let sample = CLI.packageRoot.path + "/Samples/barcodes.png"
        try FileManager.default.copyItem(atPath: sample, toPath: inbox + "/first.png")
        let options = ["--out", out, "--types", "barcode:qr,barcode:ean13", "--jobs", "1"]

        let watch = try Watcher([inbox] + options)
        // What is already there is analyzed first.
        _ = Self.waitFor(60) { Self.items(out).contains("inbox/first.png,1,") || !watch.process.isRunning }
        try #require(Self.items(out).contains("inbox/first.png,1,"), "\(watch.stderr)")

        try FileManager.default.copyItem(atPath: sample, toPath: inbox + "/second.png")
        let took = Self.waitFor(10) { Self.items(out).contains("inbox/second.png,1,") }
        #expect(took != nil, "second.png is not in items.csv after 10 s: \(watch.stderr)")
        let csv = Self.items(out)
        let qr = CSVRows.records(csv).filter { $0["type"] == "qr" }
        #expect(qr.map { ($0["document"] ?? "").hasSuffix("inbox/first.png") } == [true, false], "\(csv)")
        #expect(qr.map { $0["value"] } == ["https://www.example.com/datascan", "https://www.example.com/datascan"])

        #expect(watch.stop(signal: SIGINT) == 130)
        #expect(watch.stderr.contains("datascan: stopping: finishing the pages in flight and saving"))
        let seconds = try Self.pageSeconds(out)
        #expect(seconds.count == 2)

        // Started again (a reboot, a restart of the unit): nothing finished is analyzed again.
        let again = try Watcher([inbox] + options)
        #expect(Self.waitFor(30) { again.stderr.contains("datascan: watching") } != nil, "\(again.stderr)")
        #expect(again.stop(signal: SIGTERM) == 130)
        #expect(!again.stderr.contains("pages to analyze"), "\(again.stderr)")
        #expect(try Self.pageSeconds(out) == seconds)
        #expect(Self.items(out) == csv)
    }
}
