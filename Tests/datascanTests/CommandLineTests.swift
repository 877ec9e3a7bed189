import Foundation
import Testing

/// The executable's surface: help, version, usage errors and exit codes (CONTRACT.md).
@Suite struct CommandLineTests {
    @Test func versionAndHelp() throws {
        let v = try CLI.run(["--version"])
        #expect(v.status == 0 && v.stdout.hasPrefix("datascan "))
        let h = try CLI.run(["--help"])
        #expect(h.status == 0 && h.stdout.contains("scan PATH...") && h.stdout.contains("doctor"))
        for command in ["scan", "run", "rerun", "watch", "status", "export", "report", "detect", "languages", "doctor"] {
            let r = try CLI.run([command, "--help"])
            #expect(r.status == 0, "\(command) --help")
            #expect(r.stdout.contains("usage: datascan \(command)"), "\(command) --help shows its usage")
        }
    }

    @Test func usageErrorsExitTwoWithTheUsageLine() throws {
        let unknown = try CLI.run(["scan", "--typse", "phone", "x"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown option --typse (did you mean --types?)"))
        #expect(unknown.stderr.contains("usage: datascan scan PATH..."))
        let command = try CLI.run(["scna"])
        #expect(command.status == 2 && command.stderr.contains("did you mean 'scan'"))
        let quality = try CLI.run(["scan", "x", "--quality", "best"])
        #expect(quality.status == 2 && quality.stderr.contains("--quality: invalid value 'best'; allowed: fast, balanced, accurate"))
        let ocr = try CLI.run(["scan", "x", "--ocr", "easyocr"])
        #expect(ocr.status == 2 && ocr.stderr.contains("--ocr: invalid value 'easyocr'; allowed: tesseract, ppocr, auto"))
        let roi = try CLI.run(["scan", "x", "--roi", "0,0,2,1"])
        #expect(roi.status == 2 && roi.stderr.contains("--roi"))
        let out = CLI.temporaryFolder() + "/o"
        let missing = try CLI.run(["scan", "/nonexistent/datascan-input", "--out", out, "--types", "barcode"])
        #expect(missing.status == 2 && missing.stderr.contains("/nonexistent/datascan-input: no such file or folder"))
        #expect(!FileManager.default.fileExists(atPath: out), "a usage error leaves nothing behind")
        let noArgs = try CLI.run([])
        #expect(noArgs.status == 2)
    }

    @Test func jobFileErrorsNameTheKey() throws {
        let dir = CLI.temporaryFolder()
        let file = dir + "/job.json"
        #expect(FileManager.default.createFile(atPath: file, contents: Data(#"{"inputs": ["in"], "pageTimout": 5}"#.utf8)))
        let r = try CLI.run(["run", file])
        #expect(r.status == 2)
        #expect(r.stderr.contains(#"unknown key "pageTimout" (did you mean "pageTimeout"?)"#))
        #expect(FileManager.default.createFile(atPath: file, contents: Data(#"{"inputs": ["in"], "jobs": "two"}"#.utf8)))
        let t = try CLI.run(["run", file])
        #expect(t.status == 2 && t.stderr.contains(#""jobs" must be a whole number from 1 to 256"#))
        #expect(t.stderr.contains("usage: datascan run JOBFILE"))
        #expect(FileManager.default.createFile(atPath: file, contents: Data(#"{"inputs": ["in"], "quality": "max"}"#.utf8)))
        let q = try CLI.run(["run", file])
        #expect(q.status == 2 && q.stderr.contains("allowed: fast, balanced, accurate"))
    }

    @Test func missingOCRLanguageStopsBeforeAnyWorkWithExitThree() throws {
        let out = CLI.temporaryFolder() + "/o"
        let r = try CLI.run(["scan", CLI.packageRoot.path + "/Samples/notes.txt", "--out", out, "--languages", "en,hi"])
        #expect(r.status == 3)
        #expect(r.stderr.contains("apt-get install tesseract-ocr-hin"))
        #expect(!FileManager.default.fileExists(atPath: out + "/datascan.sqlite"))
    }

    @Test func detectPrintsOneJSONObjectPerItemWithByteOffsets() throws {
        let input = "Größe: call (650) 253-0000 on 3/15/2024, TOTAL $12.50\nwww.example.com"
        let r = try CLI.run(["detect", "--types", "phone,date,price,url"], stdin: input)
        #expect(r.status == 0, "\(r.stderr)")
        let objects = try r.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["type"] as? String } == ["phone", "date", "price", "url"])
        #expect(objects.map { $0["normalized"] as? String } == ["+16502530000", "2024-03-15", "12.50 USD", "http://www.example.com"])
        #expect(objects[2]["label"] as? String == "total")
        #expect(objects[0]["label"] is NSNull)
        // A total that nothing on the page backs (no items, tax or payment) is less sure than the date.
        let total = try #require(objects[2]["confidence"] as? Double), date = try #require(objects[1]["confidence"] as? Double)
        #expect(total < 0.9 && date == 1)
        // start/end are UTF-8 byte offsets: "Größe" takes 7 bytes.
        let bytes = Array(input.utf8)
        for o in objects {
            let start = try #require(o["start"] as? Int), end = try #require(o["end"] as? Int)
            #expect(String(decoding: bytes[start..<end], as: UTF8.self) == o["value"] as? String)
        }
        #expect(objects[0]["start"] as? Int == 14)
        let none = try CLI.run(["detect", "--types", "phone"], stdin: "no numbers here")
        #expect(none.status == 0 && none.stdout.isEmpty)
    }

    @Test func languagesListsBCP47AndTesseractNames() throws {
        let r = try CLI.run(["languages"])
        #expect(r.status == 0)
        let lines = Set(r.stdout.split(separator: "\n").map(String.init))
        #expect(lines.isSuperset(of: ["en\teng", "de\tdeu", "ja\tjpn", "zh-Hans\tchi_sim"]))
        #expect(!lines.contains { $0.hasPrefix("osd") })
    }

    @Test func doctorRunsSelfTestsAndOpenMPIsLimitedToOneThread() throws {
        let r = try CLI.run(["doctor"])
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.contains("ok   ocr (eng)"))
        // The executable re-executes itself with OMP_THREAD_LIMIT=1 (libgomp reads it before main).
        #expect(r.stdout.contains("ok   openmp thread limit: 1"))
    }
}

/// `--roi` and `--single` through the executable, on a fixture whose five values stand one per line.
/// The tests' own helper for commands that may start a long-lived server.
@Suite struct TestShellTests {
    @Test func aShellCommandInheritsNoPipeOfTheTests() throws {
        let open = Pipe()  // as another test's child's pipe would be, at the moment a server is restarted
        defer { try? open.fileHandleForReading.close() }
        var info = stat()
        #expect(fstat(open.fileHandleForWriting.fileDescriptor, &info) == 0)
        let listing = CLI.temporaryFolder() + "/fds"
        // What the shell's own descriptors are (readlink runs as its child, on the shell's /proc entry).
        #expect(CLI.shell("for f in /proc/$$/fd/*; do readlink $f || :; done > \(listing)") == 0)
        let targets = try String(contentsOfFile: listing, encoding: .utf8).split(separator: "\n")
        #expect(targets.contains { $0.hasPrefix("/") }, "\(targets)")  // the listing file itself
        #expect(!targets.contains("pipe:[\(info.st_ino)]"), "\(targets)")
        try open.fileHandleForWriting.close()
    }
}

@Suite struct RegionAndSingleTests {
    static let fixture = CLI.packageRoot.path + "/Tests/DataScanKitTests/Fixtures/phone-date-price.png"

    func types(_ extra: [String]) throws -> [String] {
        let out = CLI.temporaryFolder() + "/o"
        let r = try CLI.run(["scan", Self.fixture, "--out", out, "--progress", "never", "--types", "phone,date,price,url,email"] + extra)
        #expect(r.status == 0, "\(r.stderr)")
        let csv = try String(contentsOfFile: out + "/items.csv", encoding: .utf8)
        return csv.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }.map { $0.components(separatedBy: ",")[4] }
    }

    @Test func regionOfInterestKeepsOnlyItemsInside() throws {
        // The lower 40% of the page holds the URL and the e-mail lines.
        #expect(try types(["--roi", "0,0.6,1,0.4"]) == ["url", "email"])
        #expect(try types([]) == ["phone", "date", "price", "url", "email"])
    }

    @Test func singleKeepsOneItemPerType() throws {
        let all = try types(["--single", "--roi", "0,0,1,1"])
        #expect(all.sorted() == ["date", "email", "phone", "price", "url"])
        // Five lines on the page; --single keeps the most prominent one.
        #expect(try types(["--types", "line"]).count == 5)
        #expect(try types(["--types", "line", "--single"]) == ["line"])
    }
}
