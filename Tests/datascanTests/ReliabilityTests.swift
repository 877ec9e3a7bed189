import Foundation
import Testing

/// Issue 5's promises through the executable: hostile files fail alone with a reason, engine crashes and
/// hangs fail one page, a run killed with SIGKILL at any moment resumes to exactly the same items.
@Suite(.serialized, .enabled(if: slowTestsEnabled)) struct ReliabilityTests {
    static let samples = CLI.packageRoot.path + "/Samples"

    func write(_ path: String, _ data: Data) {
        #expect(FileManager.default.createFile(atPath: path, contents: data), "cannot create \(path)")
    }

    func pageErrors(_ out: String) throws -> [String: String] {
        let manifest = try CLI.json(out + "/manifest.json")
        var errors: [String: String] = [:]
        for d in manifest["documents"] as? [[String: Any]] ?? [] {
            let name = ((d["path"] as? String ?? "") as NSString).lastPathComponent
            if let e = d["error"] as? String { errors[name] = e }
            for p in d["pages"] as? [[String: Any]] ?? [] {
                if let e = p["error"] as? String { errors["\(name)#\(p["page"] as? Int ?? 0)"] = e }
            }
        }
        return errors
    }

    func pageWarnings(_ out: String) throws -> [String: String] {
        var warnings: [String: String] = [:]
        for d in try CLI.json(out + "/manifest.json")["documents"] as? [[String: Any]] ?? [] {
            let name = ((d["path"] as? String ?? "") as NSString).lastPathComponent
            for p in d["pages"] as? [[String: Any]] ?? [] {
                if let w = p["warning"] as? String { warnings["\(name)#\(p["page"] as? Int ?? 0)"] = w }
            }
        }
        return warnings
    }

    /// Issue 16: a page over the memory cap fails alone, for memory, once (no crash retry); its page process is
    /// replaced and every other page is analyzed.
    @Test func aPageOverItsMemoryCapFailsAloneAndTheRunGoesOn() throws {
        let out = CLI.temporaryFolder() + "/capped"
        let r = try CLI.run(
            ["scan", Self.samples, "--out", out, "--progress", "never", "--jobs", "2", "--page-memory", "1024"],
            environment: ["DATASCAN_TEST_FAULT": "allocate:load:receipt-us"])
        #expect(r.status == 1, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("pages: 9 (done 8, failed 1, skipped 0)"))
        #expect(
            try pageErrors(out).filter { $0.key.contains("#") } == [
                "receipt-us.png#1": "needs more than 1024 MB of memory (raise --page-memory to analyze it)"
            ])
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        let manifest = try CLI.json(out + "/manifest.json")
        #expect((manifest["job"] as? [String: Any])?["pageMemory"] as? Int == 1024)
    }

    /// Issue 16: killed (SIGKILL) while a page fills its memory cap, the run leaves no page process behind, and the
    /// resumed run ends with the items of an uninterrupted one.
    @Test func killedDuringAMemoryCappedPageTheResumedJobLosesNothing() throws {
        let dir = CLI.temporaryFolder() + "/bomb"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let generator = Process()
        generator.executableURL = URL(fileURLWithPath: CLI.packageRoot.path + "/scripts/make-hostile-pdfs")
        generator.arguments = [CLI.temporaryFolder() + "/pdfs"]
        generator.standardOutput = FileHandle.nullDevice
        try generator.run()
        generator.waitUntilExit()
        try FileManager.default.copyItem(atPath: generator.arguments![0] + "/type3-in-type3.pdf", toPath: dir + "/type3-in-type3.pdf")
        for name in ["receipt-us.png", "invoice.pdf", "barcodes.png"] {
            try FileManager.default.copyItem(atPath: Self.samples + "/" + name, toPath: dir + "/" + name)
        }
        let job = ["--progress", "never", "--jobs", "2", "--page-memory", "512", "--page-timeout", "40", "--types", "phone,price,barcode"]
        let reference = CLI.temporaryFolder() + "/bomb-reference"
        #expect(try CLI.run(["scan", dir, "--out", reference] + job).status == 1)
        let expected = try String(contentsOfFile: reference + "/items.csv", encoding: .utf8)
        let bombError = try pageErrors(reference)["type3-in-type3.pdf#1"]
        #expect(bombError?.hasPrefix("needs more than 512 MB") == true || bombError?.hasPrefix("timeout") == true, "\(bombError ?? "")")

        let out = CLI.temporaryFolder() + "/bomb-killed"
        let p = Process()
        p.executableURL = CLI.executable
        p.arguments = ["scan", dir, "--out", out] + job
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        // The bomb is the first document: after a few seconds its page process is deep in its render.
        Thread.sleep(forTimeInterval: 4)
        let children = pageProcesses(of: p.processIdentifier)
        #expect(!children.isEmpty)
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        Thread.sleep(forTimeInterval: 0.5)
        // Parent-death signals took the page processes down with the run (a zombie waiting for init to reap it is
        // dead).
        #expect(children.filter(isRunning).isEmpty)
        let resumed = try CLI.run(["scan", dir, "--out", out] + job)
        #expect(resumed.status == 1, "\(resumed.stderr)")
        #expect(try String(contentsOfFile: out + "/items.csv", encoding: .utf8) == expected)
        let resumedErrors = try pageErrors(out)
        #expect(resumedErrors.keys.sorted() == ["type3-in-type3.pdf", "type3-in-type3.pdf#1"], "\(resumedErrors)")
    }

    /// Whether process `pid` exists and is not a zombie (`/proc/PID/stat`'s state field).
    func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(close, offsetBy: 2)] != "Z"
    }

    /// The pids of `parent`'s `__page-process` children.
    func pageProcesses(of parent: Int32) -> [Int32] {
        let ps = Process()
        ps.executableURL = URL(fileURLWithPath: "/bin/ps")
        ps.arguments = ["-eo", "pid=,ppid=,args="]
        let pipe = Pipe()
        ps.standardOutput = pipe
        try? ps.run()
        // Read before waiting: a process list longer than the pipe's buffer (a busy CI machine) would block ps.
        let listing = pipe.fileHandleForReading.readDataToEndOfFile()
        ps.waitUntilExit()
        return String(decoding: listing, as: UTF8.self).split(separator: "\n").compactMap {
            let f = $0.split(separator: " ", maxSplits: 2)
            guard f.count == 3, Int32(f[1]) == parent, f[2].contains("__page-process") else { return nil }
            return Int32(f[0])
        }
    }

    @Test func hostileFilesFailAloneWithAOneLineReason() throws {
        let dir = CLI.temporaryFolder() + "/hostile"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let png = try Data(contentsOf: URL(fileURLWithPath: Self.samples + "/receipt-us.png"))
        let jpg = try Data(contentsOf: URL(fileURLWithPath: Self.samples + "/receipt-de.jpg"))
        let tif = try Data(contentsOf: URL(fileURLWithPath: Self.samples + "/receipts-batch.tif"))
        let pdf = try Data(contentsOf: URL(fileURLWithPath: Self.samples + "/invoice.pdf"))
        write(dir + "/empty.png", Data())
        write(dir + "/truncated.png", png.prefix(png.count / 2))
        write(dir + "/truncated.jpg", jpg.prefix(200))
        write(dir + "/truncated.tif", tif.prefix(300))
        write(dir + "/truncated.pdf", pdf.prefix(pdf.count / 2))
        write(dir + "/noise.jpg", HostileFiles.noise(5000))
        write(dir + "/archive.pdf", Data([0x50, 0x4B, 0x03, 0x04]) + HostileFiles.noise(100))
        write(dir + "/zero-pages.pdf", HostileFiles.zeroPagePDF)
        write(dir + "/huge.png", HostileFiles.pngHeader(width: 90_000, height: 90_000))
        write(dir + "/good.png", png)
        write(dir + "/plain.pdf", HostileFiles.pdf(pages: 1) { _ in "Call (650) 253-0000" })
        let encrypt = Process()
        encrypt.executableURL = URL(fileURLWithPath: "/usr/bin/qpdf")
        encrypt.arguments = ["--encrypt", "secret", "owner", "256", "--", dir + "/plain.pdf", dir + "/encrypted.pdf"]
        try encrypt.run()
        encrypt.waitUntilExit()
        try FileManager.default.createSymbolicLink(atPath: dir + "/loop", withDestinationPath: dir)
        try FileManager.default.createSymbolicLink(atPath: dir + "/dangling.png", withDestinationPath: dir + "/missing.png")

        let out = CLI.temporaryFolder() + "/out"
        let r = try CLI.run(["scan", dir, "--out", out, "--progress", "never", "--types", "phone,date,price,barcode"])
        #expect(r.status == 1, "\(r.stdout)\n\(r.stderr)")
        let errors = try pageErrors(out)
        #expect(errors["empty.png"] == "empty file")
        #expect(errors["noise.jpg"] == "not a JPEG file: its content is unrecognized binary data")
        #expect(errors["archive.pdf"] == "not a PDF file: its content is a ZIP archive")
        #expect(errors["zero-pages.pdf"] == "PDF has no pages")
        #expect(errors["encrypted.pdf"]?.hasPrefix("encrypted PDF: decrypt it first") == true)
        #expect(errors["truncated.pdf"]?.hasPrefix("not a readable PDF") == true || errors["truncated.pdf#1"] != nil)
        #expect(errors["truncated.tif"]?.contains("TIFF") == true)
        // Half a PNG is read in part: done, with how much was read.
        #expect(errors["truncated.png#1"] == nil)
        #expect(try pageWarnings(out)["truncated.png#1"]?.hasPrefix("read in part (") == true)
        #expect(errors["huge.png#1"]?.hasPrefix("too large: 90000×90000 pixels") == true)
        #expect(errors["dangling.png"] == "broken symbolic link")
        #expect(errors["loop"]?.hasPrefix("symlink loop") == true)
        for (_, e) in errors { #expect(!e.contains("\n"), "one line: \(e)") }
        // The good files were analyzed completely.
        #expect(errors["good.png#1"] == nil && errors["plain.pdf#1"] == nil)
        let csv = try String(contentsOfFile: out + "/items.csv", encoding: .utf8)
        #expect(csv.contains("/good.png,1,"))
        #expect(csv.contains("/plain.pdf,1,") && csv.contains("+16502530000"))
        let status = try CLI.run(["status", out])
        #expect(status.status == 1)
        #expect(status.stdout.contains("failures:"))
        #expect(status.stdout.contains("× empty file"))
    }

    @Test func oddFileNamesSurviveIntoCSVAndJSON() throws {
        let dir = CLI.temporaryFolder() + "/names"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let pdf = HostileFiles.pdf(pages: 1) { _ in "Call (650) 253-0000" }
        let names = ["with space.pdf", "comma,name.pdf", "quote\"name.pdf", "new\nline.pdf", "=cmd.pdf"]
        for n in names { write(dir + "/" + n, pdf) }
        // A name that is not valid UTF-8.
        let bad = Array(dir.utf8) + Array("/bad-".utf8) + [0xFF] + Array(".pdf".utf8) + [0]
        let fd = bad.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) } }
        #expect(fd >= 0)
        _ = pdf.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let out = CLI.temporaryFolder() + "/out"
        let r = try CLI.run(["scan", dir, "--out", out, "--progress", "never", "--types", "phone"])
        #expect(r.status == 0, "\(r.stderr)")
        let manifest = try CLI.json(out + "/manifest.json")
        let paths = (manifest["documents"] as? [[String: Any]] ?? []).compactMap {
            ($0["path"] as? String).map { ($0 as NSString).lastPathComponent }
        }
        #expect(Set(paths) == Set(names + ["bad-\u{FFFD}.pdf"]))
        let export = try CLI.run(["export", out, "--format", "jsonl"])
        #expect(export.stdout.split(separator: "\n").count == 6)
        let csv = try String(contentsOfFile: out + "/items.csv", encoding: .utf8)
        #expect(csv.contains("\"\(dir)/comma,name.pdf\""))
        #expect(csv.contains("\"\(dir)/quote\"\"name.pdf\""))
        #expect(csv.contains("\"\(dir)/new\nline.pdf\""))
        #expect(csv.contains("bad-\u{FFFD}.pdf"))
    }

    @Test func crashingEngineFailsOnePageAfterOneRetry() throws {
        let out = CLI.temporaryFolder() + "/crash"
        let r = try CLI.run(
            ["scan", Self.samples, "--out", out, "--progress", "never", "--jobs", "2"],
            environment: ["DATASCAN_TEST_FAULT": "crash:ocr:receipt-us"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("pages: 9 (done 8, failed 1, skipped 0)"))
        let errors = try pageErrors(out)
        #expect(errors["receipt-us.png#1"] == "the tesseract engine crashed on this page (signal 11: segmentation fault)")
        let abort = try CLI.run(
            ["scan", Self.samples + "/invoice.pdf", "--out", CLI.temporaryFolder() + "/abort", "--progress", "never"],
            environment: ["DATASCAN_TEST_FAULT": "abort:load:invoice"])
        #expect(abort.status == 1)
        #expect(abort.stdout.contains("done 0, failed 1"))
    }

    /// Issue 17: a PDF's text-layer pages go to a page process in one request; when a page in the middle of that batch
    /// crashes poppler, the pages after it are sent again one at a time, the crashing page is tried once more alone and
    /// fails with the crash's reason, and every other page is done. The scanned letter's pages, sent in a batch too,
    /// have no text layer: they come back and are rendered and read alone.
    @Test func aPageThatCrashesInATextLayerBatchFailsAloneAndTheOthersAreDone() throws {
        let input = CLI.temporaryFolder() + "/batch-input"
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        let pages = (1...12).map { n in ["Call (650) 253-00\(n < 10 ? "0" : "")\(n) today", "page \(n)"] }
        write(input + "/batch.pdf", Data(TextPDF.data(pages: pages)))
        try FileManager.default.copyItem(atPath: Self.samples + "/scanned-letter.pdf", toPath: input + "/scanned-letter.pdf")
        let out = CLI.temporaryFolder() + "/batch"
        // One job: all 14 PDF pages are one batch (the letter's two, then batch.pdf's twelve), so page 5 crashes with
        // pages 6–12 still to come.
        let r = try CLI.run(
            [
                "scan", input + "/scanned-letter.pdf", input + "/batch.pdf", "--out", out, "--progress", "never", "--jobs", "1", "--types",
                "phone",
            ],
            environment: ["DATASCAN_TEST_FAULT": "crash:load:batch.pdf@5"])
        #expect(r.status == 1, "\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("pages: 14 (done 13, failed 1, skipped 0)"), "\(r.stdout)")
        #expect(
            try pageErrors(out).filter { $0.key.contains("#") } == [
                "batch.pdf#5": "the PDF renderer (poppler) engine crashed on this page (signal 11: segmentation fault)"
            ])
        let manifest = try CLI.json(out + "/manifest.json")
        var phones: [Int: [String]] = [:]
        var sources: [String: String] = [:]
        for d in manifest["documents"] as? [[String: Any]] ?? [] {
            let name = ((d["path"] as? String ?? "") as NSString).lastPathComponent
            for p in d["pages"] as? [[String: Any]] ?? [] {
                let page = p["page"] as? Int ?? 0
                sources["\(name)#\(page)"] = p["source"] as? String
                guard name == "batch.pdf" else { continue }
                for item in p["items"] as? [[String: Any]] ?? [] where item["type"] as? String == "phone" {
                    phones[page, default: []].append(item["normalized"] as? String ?? "")
                }
            }
        }
        var expected: [Int: [String]] = [:]
        for n in 1...12 where n != 5 { expected[n] = ["+1650253" + (n < 10 ? "000\(n)" : "00\(n)")] }
        #expect(phones == expected)
        #expect(sources["scanned-letter.pdf#1"] == "ocr")
        #expect(sources["scanned-letter.pdf#2"] == "ocr")
        #expect(sources["batch.pdf#4"] == "text-layer")
        #expect(sources["batch.pdf#6"] == "text-layer")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
    }

    @Test func hangingRendererTimesOutAndGivesItsCPUBack() throws {
        let out = CLI.temporaryFolder() + "/hang"
        let started = Date()
        let r = try CLI.run(
            [
                "scan", Self.samples + "/scanned-letter.pdf", Self.samples + "/receipts-batch.tif", "--out", out, "--progress", "never",
                "--jobs", "2", "--page-timeout", "10", "--types", "phone,date",
            ],
            environment: ["DATASCAN_TEST_FAULT": "hang:load:scanned-letter"])
        #expect(r.status == 1)
        // Both hung pages are killed at the timeout (plus a short grace), not when the run ends.
        #expect(Date().timeIntervalSince(started) < 60)
        let errors = try pageErrors(out)
        #expect(errors["scanned-letter.pdf#1"] == "timeout after 10 s (in load/render)")
        #expect(errors["scanned-letter.pdf#2"] == "timeout after 10 s (in load/render)")
        #expect(r.stdout.contains("pages: 5 (done 3, failed 2"))
        // No worker outlives its run (a killed worker's replacement is stopped at the end; orphans would have
        // been re-parented to init).
        let ps = Process()
        ps.executableURL = URL(fileURLWithPath: "/bin/ps")
        ps.arguments = ["-eo", "ppid=,args="]
        let pipe = Pipe()
        ps.standardOutput = pipe
        try ps.run()
        let listing = pipe.fileHandleForReading.readDataToEndOfFile()  // before waiting, as in `pageProcesses`
        ps.waitUntilExit()
        let orphans = String(decoding: listing, as: UTF8.self).split(separator: "\n")
            .filter { $0.contains("__page-process") && $0.trimmingCharacters(in: .whitespaces).hasPrefix("1 ") }
        #expect(orphans.isEmpty)
    }

    @Test func killedAtRandomMomentsTheResumedJobEqualsAnUninterruptedRun() throws {
        let reference = CLI.temporaryFolder() + "/reference"
        let job = ["--progress", "never", "--jobs", "2", "--types", "url,email,phone,date,price,barcode"]
        #expect(try CLI.run(["scan", Self.samples, "--out", reference] + job).status == 0)
        let expected = try String(contentsOfFile: reference + "/items.csv", encoding: .utf8)
        // Different moments: during the walk, early pages, mid-run, near the end.
        for (trial, delay) in [0.15, 1.0, 2.5, 4.0].enumerated() {
            let out = CLI.temporaryFolder() + "/killed-\(trial)"
            let p = Process()
            p.executableURL = CLI.executable
            p.arguments = ["scan", Self.samples, "--out", out] + job
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            Thread.sleep(forTimeInterval: delay)
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            let resumed = try CLI.run(["scan", Self.samples, "--out", out] + job)
            #expect(resumed.status == 0, "trial \(trial): \(resumed.stderr)")
            let got = try String(contentsOfFile: out + "/items.csv", encoding: .utf8)
            #expect(got == expected, "trial \(trial) (killed after \(delay) s): items differ from an uninterrupted run")
        }
    }

    @Test func fiveThousandPagePDFStreams() throws {
        let dir = CLI.temporaryFolder() + "/big"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        write(dir + "/5000.pdf", HostileFiles.pdf(pages: 5000) { "Page \($0) see www.example.com/p\($0)" })
        let out = CLI.temporaryFolder() + "/big-out"
        let r = try CLI.run(["scan", dir, "--out", out, "--progress", "never", "--types", "url"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("pages: 5000 (done 5000, failed 0, skipped 0)"))
        #expect(r.stdout.contains("items: 5000 (url 5000)"))
    }
}
