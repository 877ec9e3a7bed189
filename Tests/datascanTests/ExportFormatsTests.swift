import Foundation
import Testing

/// `datascan export` with the formats people hand on: usage errors and the CSV BOM need no OCR.
@Suite struct ExportCommandTests {
    /// A job folder with one skipped file: enough to export from.
    static let job: String = {
        let input = CLI.temporaryFolder(), out = CLI.temporaryFolder() + "/out"
        _ = FileManager.default.createFile(atPath: input + "/notes.txt", contents: Data("hello\n".utf8))
        _ = try? CLI.run(["scan", input, "--out", out, "--progress", "never"])
        return out
    }()

    @Test(arguments: [
        (["--format", "pdf"], "--format pdf needs --output DIR"),
        (["--format", "xlsx"], "--format xlsx needs --output FILE.xlsx"),
        (["--format", "json", "--bom"], "--bom is for --format csv"),
        (["--format", "text", "--types", "phone"], "--types filters items: it is for csv, json, jsonl and xlsx, not --format text"),
        (["--format", "pdf", "--min-confidence", "0.5", "--output", "x"], "--min-confidence filters items"),
        (["--format", "xls"], "--format: allowed: csv, json, jsonl, text, xlsx, pdf"),
    ])
    func badCombinationsAreUsageErrors(arguments: [String], message: String) throws {
        let r = try CLI.run(["export", Self.job] + arguments)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("datascan: " + message), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func pdfIntoAFileOrAnUnwritablePlaceIsAUsageError() throws {
        let file = CLI.temporaryFolder() + "/taken"
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
        let r = try CLI.run(["export", Self.job, "--format", "pdf", "--output", file])
        #expect(r.status == 2)
        #expect(r.stderr.contains("is a file: --format pdf writes one PDF per document into a folder"), "\(r.stderr)")
        let x = try CLI.run(["export", Self.job, "--format", "xlsx", "--output", "/nonexistent-folder/items.xlsx"])
        #expect(x.status == 2)
        #expect(x.stderr.contains("the folder /nonexistent-folder does not exist"), "\(x.stderr)")
    }

    @Test func csvWithABOMStartsWithIt() throws {
        let file = CLI.temporaryFolder() + "/items.csv"
        let r = try CLI.run(["export", Self.job, "--bom", "--output", file])
        #expect(r.status == 0, "\(r.stderr)")
        let bytes = try #require(FileManager.default.contents(atPath: file))
        #expect(
            Array(bytes) == [0xEF, 0xBB, 0xBF]
                + Array("document,page,item,kind,type,value,normalized,label,confidence,x1,y1,x2,y2,x3,y3,x4,y4,order\r\n".utf8))
        let plain = try CLI.run(["export", Self.job])
        #expect(plain.stdout.hasPrefix("document,page"))
    }

    @Test func aJobWithNothingAnalyzedExportsNoPDFAndSaysSo() throws {
        let folder = CLI.temporaryFolder() + "/pdfs"
        let r = try CLI.run(["export", Self.job, "--format", "pdf", "--output", folder])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "pdf: 0 written, 0 copied, 1 without pages (skipped or unreadable) → \(folder)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        let text = try CLI.run(["export", Self.job, "--format", "text"])
        #expect(text.status == 0 && text.stdout.isEmpty)
    }
}

/// The exports of a real scan: a receipt (PNG), a receipt photographed sideways (JPEG with EXIF orientation) and an
/// invoice with a text layer (PDF), through the built executable and the tools people open them with.
@Suite(.serialized, .enabled(if: slowTestsEnabled)) struct ExportEndToEndTests {
    static let input = CLI.temporaryFolder() + "/in"
    static let out = CLI.temporaryFolder() + "/out"
    static let scan: CLI.Result? = {
        try? FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        for name in ["receipt-us.png", "receipt-de.jpg", "invoice.pdf"] {
            try? FileManager.default.copyItem(atPath: CLI.packageRoot.path + "/Samples/" + name, toPath: input + "/" + name)
        }
        return try? CLI.run(["scan", input, "--out", out, "--languages", "en,de", "--progress", "never", "--jobs", "2"])
    }()

    static func scanned() throws -> CLI.Result {
        let r = try #require(scan)
        try #require(r.status == 0, "\(r.stderr)")
        return r
    }

    static func tool(_ name: String, _ arguments: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/" + name)
        p.arguments = arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(name) \(arguments) exited with \(p.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }

    static func number(_ value: Any) -> Double? { (value as? NSNumber)?.doubleValue }

    /// `pdfimages -list` rows after its two header lines, as columns.
    static func images(_ pdf: String) throws -> [[String]] {
        try tool("pdfimages", ["-list", pdf]).split(separator: "\n").dropFirst(2).map { $0.split(separator: " ").map(String.init) }
    }

    @Test func searchablePDFsHoldThePageImageAndTheWordsInReadingOrder() throws {
        _ = try Self.scanned()
        let folder = CLI.temporaryFolder() + "/pdf"
        let r = try CLI.run(["export", Self.out, "--format", "pdf", "--output", folder])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "pdf: 2 written, 1 copied → \(folder)\n")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder)) == ["receipt-us.pdf", "receipt-de.pdf", "invoice.pdf"])

        let us = try Self.tool("pdftotext", [folder + "/receipt-us.pdf", "-"])
        #expect(us.contains("Tel (650) 253-0000"), "\(us)")
        #expect(us.contains("$23.76"))
        #expect(us.contains("123 Market Street\nMountain View, CA 94041\nTel (650) 253-0000"))
        // The PNG's pixels, losslessly, at its size: cairo finds them gray.
        let usImages = try Self.images(folder + "/receipt-us.pdf")
        #expect(usImages.count == 1)
        #expect(usImages.first.map { Array($0[3...5]) } == ["1200", "1617", "gray"])

        // The JPEG as it was (color, its own bytes), drawn upright: the photo is stored sideways.
        let deImages = try Self.images(folder + "/receipt-de.pdf")
        #expect(deImages.first.map { Array($0[3...5]) + [$0[8]] } == ["1843", "1464", "rgb", "jpeg"])
        #expect(try Self.tool("pdfinfo", [folder + "/receipt-de.pdf"]).contains("Page size:       351.36 x 442.32 pts"))
        let de = try Self.tool("pdftotext", [folder + "/receipt-de.pdf", "-"])
        #expect(de.contains("Datum: 15.03.2024"), "\(de)")

        // Every page has its own text layer: copied, byte for byte.
        #expect(
            FileManager.default.contents(atPath: folder + "/invoice.pdf")
                == FileManager.default.contents(atPath: Self.input + "/invoice.pdf"))
    }

    @Test func theTextIsSelectableInChromiumsPDFViewer() throws {
        try #require(HeadlessChromium.isAvailable, "chromium is not installed (scripts/bootstrap --test)")
        _ = try Self.scanned()
        let folder = CLI.temporaryFolder() + "/pdf"
        #expect(try CLI.run(["export", Self.out, "--format", "pdf", "--output", folder]).status == 0)
        let browser = try ChromiumSession()
        let before = try browser.open(folder + "/receipt-us.pdf")
        // Focus the page (the viewer's right half), then select everything as a user does.
        try browser.click(x: 650, y: 600)
        try browser.selectAll()
        Thread.sleep(forTimeInterval: 1)
        let after = try browser.screenshot()
        let shots = CLI.temporaryFolder()
        try before.write(to: URL(fileURLWithPath: shots + "/before.png"))
        try after.write(to: URL(fileURLWithPath: shots + "/after.png"))
        let unselected = try HeadlessChromium.ink(ofPNG: shots + "/before.png")
        let selected = try HeadlessChromium.ink(ofPNG: shots + "/after.png")
        // The receipt is gray and the hidden words never show: before, only the viewer's own accents are colored;
        // after, the selection's blue covers every line of the receipt.
        #expect(unselected.colored < 0.03, "\(unselected)")
        #expect(selected.colored > unselected.colored + 0.05, "before \(unselected), after \(selected); screenshots in \(shots)")
    }

    @Test func textExportIsThePagesTextUnderAHeaderEach() throws {
        _ = try Self.scanned()
        let r = try CLI.run(["export", Self.out, "--format", "text"])
        #expect(r.status == 0, "\(r.stderr)")
        let headers = r.stdout.split(separator: "\n").filter { $0.hasPrefix("==> ") }
        #expect(
            headers == [
                "==> \(Self.input)/invoice.pdf page 1 <==", "==> \(Self.input)/receipt-de.jpg page 1 <==",
                "==> \(Self.input)/receipt-us.png page 1 <==",
            ])
        let receipt = try #require(r.stdout.components(separatedBy: "==> \(Self.input)/receipt-us.png page 1 <==\n").last)
        #expect(receipt.hasPrefix("EXAMPLE MARKET\n123 Market Street\nMountain View, CA 94041\nTel (650) 253-0000\n"), "\(receipt)")
        #expect(r.stdout.contains("\n\n==> \(Self.input)/receipt-de.jpg page 1 <==\n"))
    }

    /// openpyxl reads every item back, each cell with its type, the header frozen and filterable.
    @Test func theWorkbookOpensInOpenpyxlWithTypedCells() throws {
        _ = try Self.scanned()
        let file = CLI.temporaryFolder() + "/items.xlsx"
        let r = try CLI.run(["export", Self.out, "--format", "xlsx", "--output", file])
        #expect(r.status == 0, "\(r.stderr)")
        let script = """
            import json, sys, datetime, openpyxl
            wb = openpyxl.load_workbook(sys.argv[1])
            def cell(v):
                if isinstance(v, datetime.datetime): return {"date": v.isoformat()}
                return v
            out = {"sheets": wb.sheetnames}
            for name in wb.sheetnames:
                ws = wb[name]
                out[name] = {"freeze": ws.freeze_panes, "filter": ws.auto_filter.ref,
                             "rows": [[cell(v) for v in row] for row in ws.iter_rows(values_only=True)],
                             "types": [[type(v).__name__ for v in row] for row in ws.iter_rows(min_row=2, values_only=True)]}
            print(json.dumps(out))
            """
        let py = CLI.temporaryFolder() + "/read.py"
        try script.write(toFile: py, atomically: true, encoding: .utf8)
        let json = try Self.tool("python3", [py, file])
        let book = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
        #expect(book["sheets"] as? [String] == ["Items", "Documents"])
        let items = try #require(book["Items"] as? [String: Any])
        let rows = try #require(items["rows"] as? [[Any]])
        let types = try #require(items["types"] as? [[String]])
        let csv = CSVRows.records(try String(contentsOfFile: Self.out + "/items.csv", encoding: .utf8))
        try #require(csv.count > 20)
        #expect(rows.count == csv.count + 1)
        #expect(items["freeze"] as? String == "A2")
        #expect(items["filter"] as? String == "A1:U\(csv.count + 1)")
        #expect(
            rows.first as? [String] == [
                "document", "page", "item", "kind", "type", "value", "normalized", "amount", "currency", "date", "label", "confidence",
                "x1", "y1", "x2", "y2", "x3", "y3", "x4", "y4", "order",
            ])
        var prices = 0, dates = 0
        for (index, record) in csv.enumerated() {
            let row = rows[index + 1], type = types[index]
            #expect(row[2] as? String == record["item"], "row \(index + 2)")
            #expect(row[5] as? String == record["value"])
            #expect(type[1] == "int" && type[11] != "str" && type[12] != "str" && type[20] == "int", "\(type)")
            #expect(abs((Self.number(row[11]) ?? -1) - (Double(record["confidence"] ?? "") ?? -2)) < 1e-9)
            #expect(abs((Self.number(row[12]) ?? -1) - (Double(record["x1"] ?? "") ?? -2)) < 1e-9)
            if record["type"] == "price" {
                prices += 1
                let parts = (record["normalized"] ?? "").split(separator: " ")
                #expect(abs((Self.number(row[7]) ?? -1) - (Double(parts[0]) ?? -2)) < 1e-9, "\(row)")
                #expect(row[8] as? String == (parts.count > 1 ? String(parts[1]) : nil))
            } else {
                #expect(row[7] is NSNull && row[8] is NSNull)
            }
            if record["type"] == "date" {
                dates += 1
                let iso = ((row[9] as? [String: String])?["date"]) ?? ""
                let normalized = record["normalized"] ?? ""
                #expect(iso == (normalized.contains("T") ? normalized + ":00" : normalized + "T00:00:00"), "\(row)")
            } else {
                #expect(row[9] is NSNull)
            }
        }
        #expect(prices > 10 && dates >= 2)

        let documents = try #require(book["Documents"] as? [String: Any])
        let summary = try #require(documents["rows"] as? [[Any]])
        #expect(summary.count == 4)
        let us = try #require(summary.first { ($0[0] as? String)?.hasSuffix("receipt-us.png") == true })
        #expect(us[1] as? String == "done")
        #expect(us[2] as? Int == 1 && us[3] as? Int == 1 && us[4] as? Int == 0)
        #expect(Self.number(us[6]) == 23.76 && us[7] as? String == "USD")
        #expect((us[8] as? [String: String])?["date"] == "2024-03-15T14:32:00")
        #expect(documents["freeze"] as? String == "A2")
    }

    /// The inputs are gone: the job folder's page images carry the export, and a job without them says which
    /// document it cannot export.
    @Test func pdfsComeFromTheJobFolderWhenTheInputsAreGone() throws {
        let input = CLI.temporaryFolder(), out = CLI.temporaryFolder() + "/out"
        try FileManager.default.copyItem(atPath: CLI.packageRoot.path + "/Samples/receipt-us.png", toPath: input + "/receipt-us.png")
        let scan = try CLI.run(["scan", input, "--out", out, "--progress", "never"])
        try #require(scan.status == 0, "\(scan.stderr)")
        try FileManager.default.removeItem(atPath: input + "/receipt-us.png")

        let folder = CLI.temporaryFolder() + "/pdf"
        let r = try CLI.run(["export", out, "--format", "pdf", "--output", folder])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try Self.tool("pdftotext", [folder + "/receipt-us.pdf", "-"])
        #expect(text.contains("Tel (650) 253-0000") && text.contains("$23.76"), "\(text)")
        // The kept gray raster, as JPEG, at the page's size.
        #expect(try Self.images(folder + "/receipt-us.pdf").first.map { Array($0[3...5]) + [$0[8]] } == ["1200", "1617", "gray", "jpeg"])

        try FileManager.default.removeItem(atPath: out + "/pages")
        let lost = try CLI.run(["export", out, "--format", "pdf", "--output", CLI.temporaryFolder()])
        #expect(lost.status == 1)
        #expect(
            lost.stderr
                == "datascan: \(input)/receipt-us.png: page 1: the input is gone or changed since the scan, and the job folder keeps no image of the page (OUT/pages): restore the file, or rerun the job\n"
        )
        #expect(lost.stdout.hasPrefix("pdf: 0 written, 0 copied, 1 failed → "), "\(lost.stdout)")
    }
}
