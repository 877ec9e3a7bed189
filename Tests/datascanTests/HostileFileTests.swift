import Foundation
import Testing

/// Issue 16's hostile-file suite, through the executable: the generated image corpus (`scripts/make-hostile-images`:
/// tiled, 16-bit, planar and CMYK TIFFs, BigTIFF, RLE and OS/2 BMPs, GIFs without a palette, JPEGs after junk,
/// animated WebP, truncated files of every format) and hostile PDFs (`scripts/make-hostile-pdfs`: a Type 3 font
/// bomb, an image bomb, page-tree loops, wrong kids, broken cross-references, degenerate boxes), scanned in one run
/// under a memory cap. Each file gives the outcome its `expected.json` names, every failure is one line with a
/// cause and no page number, and nothing is written on stderr.
@Suite(.serialized, .enabled(if: slowTestsEnabled)) struct HostileFileTests {
    struct Expectation: Decodable {
        var file: String
        var expect: String
        var page: Int?
        var rows: Rows?
        var reason: String?

        /// `rows` of a partial read: exact, or a range.
        enum Rows: Decodable {
            case exactly(Int)
            case between(Int, Int)

            init(from decoder: any Decoder) throws {
                let c = try decoder.singleValueContainer()
                if let n = try? c.decode(Int.self) {
                    self = .exactly(n)
                } else {
                    let r = try c.decode([String: Int].self)
                    self = .between(r["min"] ?? 0, r["max"] ?? Int.max)
                }
            }

            func contains(_ n: Int) -> Bool {
                switch self {
                case .exactly(let k): n == k
                case .between(let low, let high): (low...high).contains(n)
                }
            }
        }
    }

    /// Runs `script OUT` from scripts/ and reads OUT/expected.json.
    private func generate(_ script: String, into folder: String) throws -> [Expectation] {
        let p = Process()
        p.executableURL = CLI.packageRoot.appendingPathComponent("scripts/" + script)
        p.arguments = [folder]
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        try #require(p.terminationStatus == 0, "\(script) failed (scripts/bootstrap --test installs its tools)")
        let data = try #require(FileManager.default.contents(atPath: folder + "/expected.json"))
        try FileManager.default.removeItem(atPath: folder + "/expected.json")
        return try JSONDecoder().decode([Expectation].self, from: data)
    }

    /// The manifest's pages by `file#page` (1-based) and documents by file name.
    private func outcomes(_ out: String) throws -> (pages: [String: [String: Any]], documents: [String: [String: Any]]) {
        var pages: [String: [String: Any]] = [:]
        var documents: [String: [String: Any]] = [:]
        for d in try CLI.json(out + "/manifest.json")["documents"] as? [[String: Any]] ?? [] {
            let name = ((d["path"] as? String ?? "") as NSString).lastPathComponent
            documents[name] = d
            for p in d["pages"] as? [[String: Any]] ?? [] { pages["\(name)#\(p["page"] as? Int ?? 0)"] = p }
        }
        return (pages, documents)
    }

    @Test func everyHostileFileGivesItsOutcomeWithAOneLineCauseAndNothingOnStderr() throws {
        let root = CLI.temporaryFolder()
        let images = try generate("make-hostile-images", into: root + "/images")
        let pdfs = try generate("make-hostile-pdfs", into: root + "/pdfs")
        let out = root + "/out"
        // A cap that the bombs reach quickly and every ordinary page stays under.
        let r = try CLI.run([
            "scan", root + "/images", root + "/pdfs", "--out", out, "--progress", "never", "--jobs", "2", "--page-memory", "768",
            "--page-timeout", "30", "--types", "phone,barcode",
        ])
        #expect(r.status == 1)
        #expect(r.stderr.isEmpty, "stderr: \(r.stderr)")
        let (pages, documents) = try outcomes(out)

        for e in images + pdfs {
            let key = "\(e.file)#\((e.page ?? 0) + 1)"
            let page = pages[key]
            let error = page?["error"] as? String ?? documents[e.file]?["error"] as? String
            switch e.expect {
            case "read", "done":
                #expect(page?["status"] as? String == "done", "\(key): \(error ?? "no page")")
                #expect(page?["warning"] is NSNull, "\(key): \(page?["warning"] ?? "")")
            case "partial":
                #expect(page?["status"] as? String == "done", "\(key): \(error ?? "no page")")
                let warning = page?["warning"] as? String ?? ""
                let rows = warning.firstMatch(of: #/^read in part \((\d+) of (\d+) rows\): /#).flatMap { Int($0.1) }
                #expect(
                    rows.map { e.rows?.contains($0) ?? false } ?? warning.hasPrefix("read in part: "), "\(key): \(warning)")
                #expect(documents[e.file]?["status"] as? String == "partial", "\(key)")
            default:
                let reason = try #require(error, "\(key) should have failed")
                // Registration words a file that is no image by what it is ("not a JPEG file: its content is plain
                // text") or skips it ("unsupported file type (unrecognized binary data)").
                if let expected = e.reason, expected != "not an image" {
                    #expect(reason.lowercased().contains(expected.lowercased()), "\(key): \(reason)")
                }
            }
        }
        // The bombs fail for memory (or, the Type 3 one, when its time is up), the process tree goes on.
        let type3 = pages["type3-in-type3.pdf#1"]?["error"] as? String ?? ""
        #expect(type3.hasPrefix("needs more than 768 MB of memory") || type3.hasPrefix("timeout after 30 s"), "\(type3)")
        #expect(pages["image-bomb.pdf#1"]?["error"] as? String == "needs more than 768 MB of memory (raise --page-memory to analyze it)")
        // Poppler's own cause, without the byte offset or the page number.
        #expect(
            pages["kids-wrong-type.pdf#2"]?["error"] as? String
                == "the PDF page cannot be loaded: poppler: syntax error: Kid object is wrong type (integer)")
        #expect(
            pages["page-tree-loop.pdf#2"]?["error"] as? String == "the PDF page cannot be loaded: poppler: syntax error: Loop in Pages tree"
        )

        // Every reason is one line that names a cause, never the page.
        let reasons = pages.values.compactMap { $0["error"] as? String } + documents.values.compactMap { $0["error"] as? String }
        for reason in reasons {
            #expect(!reason.contains("\n"), "\(reason)")
            #expect(reason.firstMatch(of: /\bpage [0-9]/) == nil, "\(reason)")
            #expect(!reason.contains("truncated or damaged data"), "no cause: \(reason)")
        }
        // status groups them by reason and lists the pages read in part.
        let status = try CLI.run(["status", out])
        #expect(status.stdout.contains("1 × the PDF page cannot be loaded: poppler: syntax error: Loop in Pages tree"))
        #expect(status.stdout.contains("read in part: \(images.filter { $0.expect == "partial" }.count)"))
    }
}
