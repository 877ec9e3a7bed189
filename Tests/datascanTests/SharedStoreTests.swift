import Foundation
import Testing

/// The test server (CI starts PostgreSQL on loopback; see .ci/run); the suite is skipped without it.
let sharedStoreURL = ProcessInfo.processInfo.environment["DATASCAN_TEST_POSTGRES"]
/// A command that restarts that server (`pg_ctlcluster 15 main restart`), for the restart test.
let sharedStoreRestart = ProcessInfo.processInfo.environment["DATASCAN_TEST_POSTGRES_RESTART"]

/// Issue 8 through the executable, against a real PostgreSQL: documents enqueued once, drained by worker
/// processes; a worker killed with SIGKILL mid-page and a server restart mid-run lose nothing, every page is
/// done once, and the items equal a single-process SQLite run's items.csv.
@Suite(.serialized, .enabled(if: sharedStoreURL != nil && slowTestsEnabled)) struct SharedStoreTests {
    let url = sharedStoreURL ?? ""

    /// One SQL value through psql (the tests look into the store as an operator would).
    func sql(_ query: String) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        p.arguments = [url, "-Atq", "-c", query]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs a shell command and returns its exit status. Why not `Process`: the restart leaves a daemon behind, and
    /// Foundation's `waitUntilExit` was seen never to notice the shell's exit then; `waitpid` always does.
    func start(_ args: [String], environment: [String: String] = [:]) throws -> (Process, Pipe) {
        let p = Process()
        p.executableURL = CLI.executable
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        return (p, err)
    }

    /// Waits until `condition` holds (polling), or records a failure after `seconds`.
    func wait(_ what: String, seconds: Double, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return }
            Thread.sleep(forTimeInterval: 0.2)
        }
        Issue.record("timed out waiting for \(what)")
    }

    func finish(_ p: Process, _ err: Pipe) -> (Int32, String) {
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: e, as: UTF8.self))
    }

    func referenceItems(_ inputs: [String], _ extra: [String] = []) throws -> String {
        let out = CLI.temporaryFolder() + "/sqlite"
        let r = try CLI.run(["scan"] + inputs + ["--out", out, "--progress", "never"] + extra)
        #expect(r.status == 0, "\(r.stderr)")
        return try String(contentsOfFile: out + "/items.csv", encoding: .utf8)
    }

    func exportedItems(job: String) throws -> String {
        let file = CLI.temporaryFolder() + "/items.csv"
        let r = try CLI.run(["export", "--store", url, "--job", job, "--output", file])
        #expect(r.status == 0, "\(r.stderr)")
        return try String(contentsOfFile: file, encoding: .utf8)
    }

    @Test func twoWorkersDrainAJobWhileOneIsKilledMidPage() throws {
        let dir = CLI.temporaryFolder() + "/docs"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // "a-stall.pdf" sorts first: the first worker claims it first, and (with the fault below) stalls on it.
        #expect(
            FileManager.default.createFile(
                atPath: dir + "/a-stall.pdf", contents: HostileFiles.pdf(pages: 1) { _ in "Call (650) 253-0000" }))
        #expect(
            FileManager.default.createFile(
                atPath: dir + "/pages.pdf",
                contents: HostileFiles.pdf(pages: 30) { "Invoice \($0 + 1) total $\($0 + 10).50 call (650) 253-00\(10 + $0)" }))
        let job = "kill-" + UUID().uuidString.prefix(8).lowercased()
        let options = ["--types", "phone,price", "--jobs", "1"]
        let enqueue = try CLI.run(["scan", dir, "--store", url, "--job", job, "--enqueue-only", "--progress", "never"] + options)
        #expect(enqueue.status == 0, "\(enqueue.stderr)")
        #expect(enqueue.stdout.contains("pages: 31 (done 0, failed 0, skipped 0, pending 31)"), "\(enqueue.stdout)")

        let worker = ["worker", "--store", url, "--job", job, "--jobs", "1", "--lease", "2"]
        let (a, aErr) = try start(worker, environment: ["DATASCAN_TEST_FAULT": "hang:load:a-stall"])
        try wait("worker A to hold a-stall.pdf", seconds: 30) {
            try sql(
                "SELECT p.worker_id FROM pages p JOIN documents d ON d.id = p.document_id WHERE p.job = '\(job)' AND d.display_path LIKE '%a-stall.pdf' AND p.status = 'running'"
            ).contains("-\(a.processIdentifier)-")
        }
        let (b, bErr) = try start(worker)
        try wait("worker B to finish some pages", seconds: 60) {
            Int(try sql("SELECT COUNT(*) FROM pages WHERE job = '\(job)' AND status = 'done'")) ?? 0 >= 5
        }
        kill(a.processIdentifier, SIGKILL)
        let (aStatus, _) = finish(a, aErr)
        #expect(aStatus == SIGKILL)
        let (bStatus, bLog) = finish(b, bErr)
        #expect(bStatus == 0, "\(bLog)")
        #expect(bLog.contains("a-stall.pdf page 1: done"), "B took over the page A died on: \(bLog)")

        // Every page done, each committed once: 31 done pages, the stalled one claimed twice, the others once.
        #expect(try sql("SELECT status || ':' || COUNT(*) FROM pages WHERE job = '\(job)' GROUP BY status") == "done:31")
        #expect(
            try sql("SELECT attempts || ':' || COUNT(*) FROM pages WHERE job = '\(job)' GROUP BY attempts ORDER BY attempts") == "1:30\n2:1"
        )
        #expect(
            try sql(
                "SELECT COUNT(*) FROM (SELECT page_id, ord FROM items WHERE job = '\(job)' GROUP BY page_id, ord HAVING COUNT(*) > 1) d")
                == "0")
        #expect(try exportedItems(job: job) == referenceItems([dir], options))
        let status = try CLI.run(["status", "--store", url, "--job", job])
        #expect(status.status == 0 && status.stdout.contains("pages: 31 — done 31, failed 0, skipped 0, pending 0"), "\(status.stdout)")
    }

    @Test(.enabled(if: sharedStoreRestart != nil)) func aServerRestartDuringARunLosesNothing() throws {
        let samples = CLI.packageRoot.path + "/Samples"
        let job = "restart-" + UUID().uuidString.prefix(8).lowercased()
        let enqueue = try CLI.run(["scan", samples, "--store", url, "--job", job, "--enqueue-only", "--progress", "never", "--jobs", "1"])
        #expect(enqueue.status == 0, "\(enqueue.stderr)")
        let (w, wErr) = try start(["worker", "--store", url, "--job", job])
        try wait("the worker to finish a page", seconds: 60) {
            Int(try sql("SELECT COUNT(*) FROM pages WHERE job = '\(job)' AND status = 'done'")) ?? 0 >= 2
        }
        #expect(CLI.shell(sharedStoreRestart ?? "false") == 0)
        let (status, log) = finish(w, wErr)
        #expect(status == 0, "\(log)")
        #expect(try sql("SELECT status || ':' || COUNT(*) FROM pages WHERE job = '\(job)' GROUP BY status") == "done:9")
        #expect(try exportedItems(job: job) == referenceItems([samples]))
    }

    @Test func scanWithAStoreWritesTheFolderOutputsAndUsageErrorsAreClear() throws {
        let samples = CLI.packageRoot.path + "/Samples"
        let job = "direct-" + UUID().uuidString.prefix(8).lowercased()
        let out = CLI.temporaryFolder() + "/out"
        let r = try CLI.run([
            "scan", samples + "/barcodes.png", "--store", url, "--job", job, "--out", out, "--progress", "never", "--types", "barcode",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/datascan.sqlite"))
        let csv = try String(contentsOfFile: out + "/items.csv", encoding: .utf8)
        #expect(csv == (try referenceItems([samples + "/barcodes.png"], ["--types", "barcode"])))
        let noJob = try CLI.run(["scan", samples, "--store", url])
        #expect(noJob.status == 2 && noJob.stderr.contains("--store needs --job NAME"))
        let noStore = try CLI.run(["scan", samples, "--enqueue-only"])
        #expect(noStore.status == 2 && noStore.stderr.contains("--enqueue-only needs a shared store"))
        let missing = try CLI.run(["status", "--store", url, "--job", "no-such-job"])
        #expect(missing.status == 2 && missing.stderr.contains("no such job"))
    }

    /// The text, workbook and PDF exports read a shared job through the same store protocol as a job folder's.
    @Test func aSharedJobExportsItsTextWorkbookAndSearchablePDFs() throws {
        let receipt = CLI.packageRoot.path + "/Samples/receipt-us.png"
        let job = "exports-" + UUID().uuidString.prefix(8).lowercased()
        let r = try CLI.run(["scan", receipt, "--store", url, "--job", job, "--progress", "never"])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try CLI.run(["export", "--store", url, "--job", job, "--format", "text"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("==> \(receipt) page 1 <==\nEXAMPLE MARKET\n"), "\(text.stdout)")
        let book = CLI.temporaryFolder() + "/items.xlsx"
        #expect(try CLI.run(["export", "--store", url, "--job", job, "--format", "xlsx", "--output", book]).status == 0)
        #expect(FileManager.default.contents(atPath: book)?.prefix(2) == Data("PK".utf8))
        // No job folder keeps page images here: the picture comes from the input, which every worker reads anyway.
        let folder = CLI.temporaryFolder() + "/pdf"
        let pdf = try CLI.run(["export", "--store", url, "--job", job, "--format", "pdf", "--output", folder])
        #expect(pdf.status == 0, "\(pdf.stderr)")
        #expect(pdf.stdout == "pdf: 1 written, 0 copied → \(folder)\n")
        let extracted = try ExportEndToEndTests.tool("pdftotext", [folder + "/receipt-us.pdf", "-"])
        #expect(extracted.contains("Tel (650) 253-0000"), "\(extracted)")
    }
}
