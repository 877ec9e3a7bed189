import Foundation
import Testing

/// Every exit code of the contract (docs/CONTRACT.md), through the built executable: 0 every page done, 1 some
/// pages failed, 2 a usage or job-file error with nothing run or created, 3 the environment cannot run the job,
/// 4 `status` of a job with pages still pending, 130 interrupted.
@Suite struct ExitCodeTests {
    /// A folder with one text-layer PDF (no OCR: the runs are quick) and the job folder path beside it.
    private func textInput() -> (input: String, out: String) {
        let input = CLI.temporaryFolder()
        #expect(
            FileManager.default.createFile(
                atPath: input + "/letter.pdf", contents: Data(TextPDF.data(lines: ["Call (650) 253-0000 before 03/15/2024"]))))
        return (input, CLI.temporaryFolder() + "/out")
    }

    @Test func zeroWhenEveryPageIsDoneOneWhenSomeFailed() throws {
        let (input, out) = textInput()
        let ok = try CLI.run(["scan", input, "--out", out, "--progress", "never"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(try CLI.run(["status", out]).status == 0)
        #expect(FileManager.default.createFile(atPath: input + "/broken.pdf", contents: Data("%PDF-1.4\n1 0 obj <<".utf8)))
        let failed = try CLI.run(["scan", input, "--out", out, "--progress", "never"])
        #expect(failed.status == 1)
        #expect(try CLI.run(["status", out]).status == 1)
    }

    @Test func twoForUsageErrorsAndNothingIsCreated() throws {
        let (input, out) = textInput()
        // An OUT that is a file.
        let file = CLI.temporaryFolder() + "/a-file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        let outIsFile = try CLI.run(["scan", input, "--out", file])
        #expect(outIsFile.status == 2 && outIsFile.stderr.contains("is a file, not a folder"), "\(outIsFile.stderr)")
        // A missing input.
        let missing = try CLI.run(["scan", input + "/nope.pdf", "--out", out])
        #expect(missing.status == 2 && missing.stderr.contains("nope.pdf: no such file or folder"))
        #expect(!FileManager.default.fileExists(atPath: out))
        // An unknown region: ISO 3166-1 only, with the likely code for a common mistake.
        let region = try CLI.run(["scan", input, "--out", out, "--region", "XX"])
        #expect(region.status == 2 && region.stderr.contains("--region: invalid value 'XX'; give an ISO 3166-1 region code"))
        let uk = try CLI.run(["scan", input, "--out", out, "--region", "UK"])
        #expect(uk.status == 2 && uk.stderr.contains("did you mean GB?"))
        #expect(!FileManager.default.fileExists(atPath: out))
        // An unwritable --output of export.
        #expect(try CLI.run(["scan", input, "--out", out, "--progress", "never"]).status == 0)
        let export = try CLI.run(["export", out, "--output", "/nonexistent-folder/items.csv"])
        #expect(export.status == 2 && export.stderr.contains("the folder /nonexistent-folder does not exist"), "\(export.stderr)")
        let exportToFolder = try CLI.run(["export", out, "--output", input])
        #expect(exportToFolder.status == 2 && exportToFolder.stderr.contains("is a folder"))
    }

    @Test func twoForJobFileErrorsWithLineAndColumn() throws {
        let (input, _) = textInput()
        let job = CLI.temporaryFolder() + "/job.json"
        #expect(FileManager.default.createFile(atPath: job, contents: Data("{\n  \"inputs\": [\"\(input)\"],\n  \"jobs\": 1,\n}\n".utf8)))
        let comma = try CLI.run(["run", job])
        #expect(comma.status == 2 && comma.stderr.contains("line 3, column 12: trailing comma before '}'"), "\(comma.stderr)")
        #expect(comma.stderr.contains("usage: datascan run JOBFILE"))
        #expect(FileManager.default.createFile(atPath: job, contents: Data("{\"inputs\": [\"\(input)\"] // scans\n}".utf8)))
        let comment = try CLI.run(["run", job])
        #expect(comment.status == 2 && comment.stderr.contains("line 1, column"), "\(comment.stderr)")
        #expect(comment.stderr.contains("comments are not allowed in JSON"))
    }

    @Test func jobFileWithJobsOneRunsAndItsRerunToo() throws {
        let (input, out) = textInput()
        let job = CLI.temporaryFolder() + "/job.json"
        let text =
            #"{"inputs": ["\#(input)"], "output": "\#(out)", "jobs": 1, "pageTimeout": 60, "types": ["phone", "date"], "progress": "never"}"#
        #expect(FileManager.default.createFile(atPath: job, contents: Data(text.utf8)))
        let run = try CLI.run(["run", job])
        #expect(run.status == 0, "\(run.stderr)")
        let rerun = try CLI.run(["rerun", out, "--failed", "--progress", "never"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(!rerun.stderr.contains("changes the job's settings"))
    }

    @Test func threeWhenTheEnvironmentCannotRunTheJob() throws {
        let (input, out) = textInput()
        let language = try CLI.run(["scan", input, "--out", out, "--languages", "en,hi"])
        #expect(language.status == 3 && language.stderr.contains("apt-get install tesseract-ocr-hin"))
        // Nothing listens on port 1: the store is unreachable.
        let store = try CLI.run(["status", "--store", "postgres://nobody@127.0.0.1:1/none", "--job", "x"])
        #expect(store.status == 3 && store.stderr.contains("is unreachable"), "\(store.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func fourWhileStatusSeesPagesPendingAndOneThirtyWhenInterrupted() throws {
        let input = CLI.temporaryFolder(), out = CLI.temporaryFolder() + "/out"
        for name in ["a", "b-hang"] {
            #expect(
                FileManager.default.createFile(atPath: input + "/\(name).pdf", contents: Data(TextPDF.data(lines: ["Call (650) 253-0000"])))
            )
        }
        let p = Process()
        p.executableURL = CLI.executable
        p.arguments = ["scan", input, "--out", out, "--jobs", "1", "--progress", "never", "--page-timeout", "600"]
        p.environment = ProcessInfo.processInfo.environment.merging(["DATASCAN_TEST_FAULT": "hang:detect:b-hang"]) { $1 }
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
        // a.pdf is done and b-hang.pdf hangs in its worker: status sees one page done, one running.
        var status = CLI.Result(status: -1, stdout: "", stderr: "")
        for _ in 0..<150 {
            status = try CLI.run(["status", out])
            if status.stdout.contains("done 1,") { break }
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(status.status == 4, "\(status.stdout)\(status.stderr)")
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        #expect(p.terminationStatus == 130)
    }
}
