import Foundation
import Testing

/// `make demo`'s job, through the built executable: contract files, exit codes, resume, export, status.
@Suite(.serialized, .enabled(if: slowTestsEnabled)) struct SamplesEndToEndTests {
    static let out = CLI.temporaryFolder() + "/samples-out"

    static func scan(progress: String = "never") throws -> CLI.Result {
        try CLI.run(["run", CLI.packageRoot.path + "/Jobs/samples.json", "--out", out, "--progress", progress, "--jobs", "2"])
    }

    @Test func samplesJobWritesTheContractFiles() throws {
        let r = try Self.scan()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("documents: 9"))
        let manifest = try CLI.json(Self.out + "/manifest.json")
        #expect(Set(manifest.keys) == ["tool", "job", "summary", "documents"])
        let tool = try #require(manifest["tool"] as? [String: Any])
        #expect(tool["name"] as? String == "datascan")
        #expect((tool["tesseract"] as? String)?.hasPrefix("5.") == true)
        let job = try #require(manifest["job"] as? [String: Any])
        #expect(job["types"] as? [String] == ["url", "email", "phone", "date", "price", "barcode"])
        #expect(job["languages"] as? [String] == ["en", "de"])
        // Not given: the job says so, and each page's dates and phones follow its currency's country or the language's.
        #expect(job["region"] is NSNull)
        let summary = try #require(manifest["summary"] as? [String: Any])
        #expect(summary["documents"] as? Int == 9)
        #expect(summary["pages"] as? Int == 9)
        #expect(summary["done"] as? Int == 9)
        #expect(summary["failed"] as? Int == 0)
        let documents = try #require(manifest["documents"] as? [[String: Any]])
        for d in documents {
            #expect(Set(d.keys) == ["path", "sha256", "status", "error", "pages"])
            for p in d["pages"] as? [[String: Any]] ?? [] {
                #expect(Set(p.keys) == ["page", "status", "width", "height", "source", "lines", "seconds", "error", "warning", "items"])
                for i in p["items"] as? [[String: Any]] ?? [] {
                    #expect(Set(i.keys) == ["item", "kind", "type", "value", "normalized", "label", "confidence", "quad", "order"])
                    #expect((i["quad"] as? [[Double]])?.count == 4)
                }
            }
        }
        let byPath = Dictionary(
            uniqueKeysWithValues: documents.map { (($0["path"] as? String ?? "") as NSString).lastPathComponent as String }.indices.map {
                i in
                ((documents[i]["path"] as? NSString)?.lastPathComponent ?? "", documents[i])
            })
        #expect(byPath["notes.txt"]?["status"] as? String == "skipped")
        let invoicePages = byPath["invoice.pdf"]?["pages"] as? [[String: Any]]
        #expect(invoicePages?.first?["source"] as? String == "text-layer")
        #expect((invoicePages?.first?["lines"] as? [String: Int])?.keys.sorted() == ["textLayer"])
        let letterPages = byPath["scanned-letter.pdf"]?["pages"] as? [[String: Any]]
        #expect(letterPages?.map { $0["source"] as? String } == ["ocr", "ocr"])
        #expect((byPath["receipts-batch.tif"]?["pages"] as? [[String: Any]])?.count == 3)

        let csv = try String(contentsOfFile: Self.out + "/items.csv", encoding: .utf8)
        let rows = csv.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(rows.first == "document,page,item,kind,type,value,normalized,label,confidence,x1,y1,x2,y2,x3,y3,x4,y4,order")
        #expect(rows.count == (summary["items"] as? Int ?? -1) + 1)
        // Values every run must find on the samples (the barcodes sheet and the clean receipts).
        for needle in [
            ",barcode,ean13,4006381333931,4006381333931,", ",barcode,code128,DS-2024-0001,DS-2024-0001,",
            ",text,phone,(650) 253-0000,+16502530000,",
        ] {
            #expect(csv.contains(needle), "items.csv lacks \(needle)")
        }
        #expect(csv.contains(",barcode,datamatrix,"))
        #expect(csv.contains(",barcode,pdf417,"))
        #expect(csv.contains(",barcode,qr,"))
        #expect(csv.contains(",2024-03-15,") || csv.contains(",2024-03-15T"))

        // status: every page done → exit 0, items by type listed.
        let status = try CLI.run(["status", Self.out])
        #expect(status.status == 0)
        #expect(status.stdout.contains("pages: 9 — done 9, failed 0"))
        #expect(status.stdout.contains("skipped documents: 3"))

        // export: only phones, as JSON lines.
        let export = try CLI.run(["export", Self.out, "--types", "phone", "--format", "jsonl"])
        #expect(export.status == 0)
        let lines = export.stdout.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            let obj = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(obj["type"] as? String == "phone")
            #expect((obj["normalized"] as? String)?.hasPrefix("+") == true)
        }
        let toFile = try CLI.run(["export", Self.out, "--types", "barcode", "--format", "json", "--output", Self.out + "/codes.json"])
        #expect(toFile.status == 0)
        let codes = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.out + "/codes.json"))) as? [[String: Any]])
        #expect(Set(codes.map { $0["type"] as? String ?? "" }) == ["qr", "ean13", "code128", "datamatrix", "pdf417"])

        // A second run into the same folder does no work and keeps the same items.
        let again = try Self.scan(progress: "auto")
        #expect(again.status == 0)
        #expect(again.stderr.contains("0 pages to analyze, 9 already done"))
        #expect(try String(contentsOfFile: Self.out + "/items.csv", encoding: .utf8) == csv)
    }

    @Test func detectOnlyRerunReDerivesItemsFromStoredText() throws {
        let out = CLI.temporaryFolder() + "/detect-only"
        let inputs = [CLI.packageRoot.path + "/Samples/receipt-us.png", CLI.packageRoot.path + "/Samples/invoice.pdf"]
        #expect(try CLI.run(["scan"] + inputs + ["--out", out, "--progress", "never"]).status == 0)
        let original = try String(contentsOfFile: out + "/items.csv", encoding: .utf8)
        // Only phones now, from the stored lines: no OCR, the same phone rows.
        let phones = try CLI.run(["rerun", out, "--detect-only", "--types", "phone"])
        #expect(phones.status == 0, "\(phones.stderr)")
        #expect(phones.stdout.contains("items re-derived on 2 pages (no OCR)"))
        let phoneRows = try String(contentsOfFile: out + "/items.csv", encoding: .utf8).components(separatedBy: "\r\n").filter {
            !$0.isEmpty
        }
        #expect(phoneRows.dropFirst().allSatisfy { $0.contains(",text,phone,") })
        // The same rows but for `order` (the position among the page's items, now only phones).
        func withoutOrder(_ row: String) -> String { String(row[..<row.lastIndex(of: ",")!]) }
        #expect(
            phoneRows.dropFirst().map(withoutOrder)
                == original.components(separatedBy: "\r\n").filter { $0.contains(",text,phone,") }.map(withoutOrder))
        // Back to the original types: exactly the original items.
        #expect(try CLI.run(["rerun", out, "--detect-only", "--types", "url,email,phone,date,price,barcode"]).status == 0)
        #expect(try String(contentsOfFile: out + "/items.csv", encoding: .utf8) == original)
    }

    @Test func secondConcurrentRunIsRefused() throws {
        let out = CLI.temporaryFolder() + "/busy"
        let first = Process()
        first.executableURL = CLI.executable
        first.arguments = ["scan", CLI.packageRoot.path + "/Samples", "--out", out, "--progress", "never", "--jobs", "1"]
        first.standardOutput = FileHandle.nullDevice
        first.standardError = FileHandle.nullDevice
        try first.run()
        defer { first.waitUntilExit() }
        // Wait until the first run holds the lock.
        for _ in 0..<100 where (try? String(contentsOfFile: out + "/.lock", encoding: .utf8))?.isEmpty ?? true {
            Thread.sleep(forTimeInterval: 0.05)
        }
        let second = try CLI.run(["scan", CLI.packageRoot.path + "/Samples", "--out", out, "--progress", "never"])
        #expect(second.status == 2)
        #expect(second.stderr.contains("another datascan run (pid \(first.processIdentifier)) is using \(out)"))
    }

    @Test func interruptSavesAndTheNextRunFinishesTheJob() throws {
        let out = CLI.temporaryFolder() + "/interrupted"
        let p = Process()
        p.executableURL = CLI.executable
        p.arguments = ["scan", CLI.packageRoot.path + "/Samples", "--out", out, "--progress", "never", "--jobs", "1"]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        Thread.sleep(forTimeInterval: 1.5)
        p.interrupt()
        p.waitUntilExit()
        #expect(p.terminationStatus == 130)
        #expect(FileManager.default.fileExists(atPath: out + "/manifest.json"))
        let resumed = try CLI.run(["scan", CLI.packageRoot.path + "/Samples", "--out", out, "--progress", "never"])
        #expect(resumed.status == 0)
        #expect(resumed.stdout.contains("pages: 9 (done 9, failed 0, skipped 0)"))
    }
}
