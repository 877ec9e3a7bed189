import Foundation
import Testing

@testable import DataScanJob
@testable import DataScanModel
@testable import DataScanOutput
@testable import DataScanStore

/// `datascan report` as a user runs it: usage errors, and what ends up in the HTML (fast: no OCR involved).
@Suite struct ReportCommandTests {
    @Test func withoutAJobFolderItPrintsTheUsageAndExits2() throws {
        let r = try CLI.run(["report"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("usage: datascan report OUT"))
    }

    @Test func aFolderThatIsNoJobIsRefusedWithExit2() throws {
        let folder = CLI.temporaryFolder()
        let r = try CLI.run(["report", folder])
        #expect(r.status == 2)
        #expect(r.stderr.contains("is not a datascan job folder"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/report.html"))
    }

    /// Skipped files need no engine, so this runs in a second: their hostile names must arrive escaped.
    @Test func skippedFilesWithHostileNamesAreListedEscaped() throws {
        let input = CLI.temporaryFolder(), out = CLI.temporaryFolder() + "/out"
        for name in [HostileText.imageTag + ".txt", HostileText.javascriptURL, "quote\" and 'apostrophe'\r.txt"] {
            #expect(FileManager.default.createFile(atPath: input + "/" + name, contents: Data("hello\n".utf8)))
        }
        let scan = try CLI.run(["scan", input, "--out", out, "--progress", "never"])
        #expect(scan.status == 0, "\(scan.stderr)")
        // While a run holds the job (here: this test), the report can still be written: it only reads.
        let running = try JobFolder(path: out, create: false)
        let r = try CLI.run(["report", out])
        withExtendedLifetime(running) {}
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "report: \(out)/report.html\n")
        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        #expect(html.contains("<b>&lt;img src=x onerror=alert(1)&gt;.txt</b>"))
        #expect(html.contains("<b>javascript:alert(1)</b>"))
        // The carriage return as a character reference: a raw one would come back as a line feed.
        #expect(html.contains("<b>quote&quot; and &#39;apostrophe&#39;&#13;.txt</b>"))
        #expect(!html.contains(HostileText.imageTag))
        #expect(!html.contains("href=\"javascript"))
        #expect(html.contains("Nothing failed · 3 skipped"))
        #expect(html.components(separatedBy: "unsupported file type").count - 1 == 3)
        // Exactly one script, and a policy that allows only it (by hash) and only data: images.
        #expect(html.components(separatedBy: "<script").count - 1 == 1)
        let policy = try #require(html.firstMatch(of: /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/)?.1)
        #expect(policy.hasPrefix("default-src 'none'; img-src data:; style-src 'sha256-"))
        #expect(policy.contains("script-src 'sha256-"))
        #expect(!policy.contains("unsafe"))
        // No pages: no outlines.
        #expect(!html.contains("data-item="))
    }
}

/// The report in a real browser (headless Chromium): rendered, scripted, attacked.
@Suite(.serialized, .enabled(if: slowTestsEnabled && HeadlessChromium.isAvailable)) struct ReportBrowserTests {
    static let samplesOut = CLI.temporaryFolder() + "/samples"

    @Test func samplesReportShowsEveryItemOnItsPage() throws {
        let scan = try CLI.run(["run", CLI.packageRoot.path + "/Jobs/samples.json", "--out", Self.samplesOut, "--progress", "never"])
        #expect(scan.status == 0, "\(scan.stderr)")
        let r = try CLI.run(["report", Self.samplesOut])
        #expect(r.status == 0, "\(r.stderr)")
        let report = Self.samplesOut + "/report.html"

        // Self-contained and not too heavy: 9 pages with embedded previews.
        let size = try #require(try FileManager.default.attributesOfItem(atPath: report)[.size] as? Int)
        #expect(size > 200_000 && size < 3_000_000, "report.html is \(size) bytes")
        let html = try String(contentsOfFile: report, encoding: .utf8)
        for external in ["src=\"http", "href=\"http", "<link", "@import", "url("] {
            #expect(!html.contains(external), "report.html loads something from outside: \(external)")
        }

        let csv = CSVRows.records(try String(contentsOfFile: Self.samplesOut + "/items.csv", encoding: .utf8))
        #expect(csv.count > 40)
        let probe = try ReportProbe.run(report: report, search: "4006381333931")
        #expect(probe.ready)
        #expect(probe.errors == [])
        #expect(probe.alerts == [])
        #expect(probe.policyViolations == [])
        #expect(probe.images == 9)
        #expect(probe.imagesLoaded >= 3)
        // One outline per item of items.csv, nothing else carries data-item.
        #expect(probe.items == csv.map { $0["item"] ?? "" })
        #expect(probe.outlines == csv.count)
        // Every page of the job, marked "<document>#<page>".
        let manifest = try CLI.json(Self.samplesOut + "/manifest.json")
        let documents = try #require(manifest["documents"] as? [[String: Any]])
        let pageKeys = documents.flatMap { d in
            (d["pages"] as? [[String: Any]] ?? []).map { "\(d["path"] as? String ?? "")#\($0["page"] as? Int ?? 0)" }
        }
        #expect(pageKeys.count == 9)
        #expect(probe.pages == pageKeys)
        // Hovering each row shows its value in the detail panel.
        #expect(probe.details == csv.map { CSVRows.unguarded($0["value"] ?? "") })
        // Switching a type off hides all its outlines.
        #expect(probe.firstTypeOutlines > 0)
        #expect(probe.firstTypeOutlinesShownWhenOff == 0)
        // The EAN-13 is on one page only.
        #expect(probe.pagesMatchingSearch == 1)
        #expect(probe.searchSummary == "showing 1 of 9 pages · 1 matching items")
        // The skipped files, with their reason, in the visible text.
        #expect(probe.text.contains("notes.txt"))
        #expect(probe.text.contains("unsupported file type (plain text)"))

        // The screenshot shows pages and colored outlines, not a blank or an error page.
        let shot = Self.samplesOut + "/report.png"
        try HeadlessChromium.screenshot(of: report, to: shot)
        let ink = try HeadlessChromium.ink(ofPNG: shot)
        #expect(ink.width == 1280 && ink.height == 2000)
        #expect(ink.nonWhite > 0.04, "screenshot almost blank: \(ink)")
        #expect(ink.colored > 0.002, "no colored outlines in the screenshot: \(ink)")
    }

    /// File names, barcode payloads and PDF text made of markup and script: all shown as text, none run,
    /// both with the report's CSP and with the CSP removed (escaping alone must hold).
    @Test func hostileNamesPayloadsAndTextStayText() throws {
        let input = CLI.temporaryFolder() + "/in", out = CLI.temporaryFolder() + "/out"
        let fm = FileManager.default
        // `"><script>alert(1)</script>.png` needs a folder: a file name cannot hold the '/'.
        try fm.createDirectory(atPath: input + "/\"><script>alert(1)<", withIntermediateDirectories: true)
        let scriptNamed = input + "/" + HostileText.scriptTag + ".png"
        let imageNamed = input + "/" + HostileText.imageTag + ".png"
        try zint(payload: HostileText.imageTag, to: scriptNamed)
        try zint(payload: HostileText.scriptTag, to: imageNamed)
        let pdfLines = [HostileText.imageTag, HostileText.javascriptURL, HostileText.scriptTag, "<b onmouseover=alert(1)>bold</b> & co"]
        #expect(fm.createFile(atPath: input + "/" + HostileText.quotedName, contents: Data(TextPDF.data(lines: pdfLines))))
        #expect(fm.createFile(atPath: input + "/" + HostileText.javascriptURL, contents: Data("plain\n".utf8)))
        #expect(fm.createFile(atPath: input + "/broken <b>.png", contents: Data("not a png\n".utf8)))

        let scan = try CLI.run(["scan", input, "--out", out, "--types", "line,url,barcode", "--progress", "never"])
        #expect(scan.status == 0 || scan.status == 1, "\(scan.stderr)")
        let r = try CLI.run(["report", out])
        #expect(r.status == 0, "\(r.stderr)")
        let report = out + "/report.html"
        let csv = CSVRows.records(try String(contentsOfFile: out + "/items.csv", encoding: .utf8))
        // The payloads and lines came through intact: the test is about the report, not the recognizers.
        #expect(csv.contains { $0["type"] == "qr" && $0["value"] == HostileText.imageTag })
        #expect(csv.contains { $0["type"] == "qr" && $0["value"] == HostileText.scriptTag })
        for line in pdfLines { #expect(csv.contains { $0["type"] == "line" && $0["value"] == line }, "no line item \(line)") }

        for stripPolicy in [false, true] {
            let probe = try ReportProbe.run(report: report, search: "onerror", stripPolicy: stripPolicy)
            #expect(probe.ready)
            #expect(probe.errors == [], "policy stripped: \(stripPolicy)")
            #expect(probe.alerts == [], "policy stripped: \(stripPolicy)")
            #expect(probe.policyViolations == [], "policy stripped: \(stripPolicy)")
            #expect(probe.injected == 0)
            #expect(probe.scripts == 2)  // the probe and the report's own
            #expect(probe.items == csv.map { $0["item"] ?? "" })
            #expect(probe.pages.sorted() == [scriptNamed + "#1", imageNamed + "#1", input + "/" + HostileText.quotedName + "#1"].sorted())
            for text in [
                HostileText.imageTag, HostileText.scriptTag, HostileText.javascriptURL, "<b onmouseover=alert(1)>bold</b> & co",
                "broken <b>.png",
            ] {
                #expect(probe.text.contains(text), "not shown as text: \(text)")
            }
            #expect(probe.text.contains("it's \"quoted\"\nsecond line.pdf"))
            #expect(probe.text.contains("not a PNG file"))
            #expect(probe.details == csv.map { CSVRows.unguarded($0["value"] ?? "") })
            // "onerror" is in both QR payloads' file names and in the PDF's first line: every page matches.
            #expect(probe.pagesMatchingSearch == 3)
        }
    }

    /// A job larger than the embedding limit gets its previews as files beside the report, which the report's
    /// policy lets load; below the limit they are embedded again and the files are cleaned away.
    @Test func previewsOfLargeJobsAreWrittenBesideTheReport() throws {
        let input = CLI.temporaryFolder(), out = CLI.temporaryFolder() + "/out"
        for n in 1...2 {
            #expect(
                FileManager.default.createFile(
                    atPath: input + "/letter-\(n).pdf",
                    contents: Data(TextPDF.data(lines: ["Call (650) 253-0000 before 03/15/2024", "page \(n)"]))))
        }
        let scan = try CLI.run(["scan", input, "--out", out, "--progress", "never"])
        #expect(scan.status == 0, "\(scan.stderr)")
        let report = try JobResults(folder: URL(fileURLWithPath: out)).writeReport(to: URL(fileURLWithPath: out), embedImagesUpTo: 1).path
        #expect(report == out + "/report.html")
        let files = try FileManager.default.contentsOfDirectory(atPath: out + "/report/pages").sorted()
        #expect(files.count == 2)
        #expect(files.allSatisfy { $0.wholeMatch(of: /d[0-9]+p1\.jpg/) != nil })
        var html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(!html.contains("data:image/jpeg"))
        for file in files { #expect(html.contains("src=\"report/pages/\(file)\"")) }
        let probe = try ReportProbe.run(report: report, search: "650")
        #expect(probe.errors == [])
        #expect(probe.policyViolations == [])
        #expect(probe.images == 2 && probe.imagesLoaded == 2)
        #expect(probe.items.count == 4)  // a phone and a date on each page
        #expect(probe.pagesMatchingSearch == 2)

        let embedded = try CLI.run(["report", out])
        #expect(embedded.status == 0)
        html = try String(contentsOfFile: report, encoding: .utf8)
        #expect(html.components(separatedBy: "src=\"data:image/jpeg;base64,").count - 1 == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out + "/report/pages") == [])
    }

    private func zint(payload: String, to path: String) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/zint")
        p.arguments = ["-b", "QRCODE", "--scale=4", "-d", payload, "-o", path]
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
    }
}

/// The writer's escaping and grouping, exactly.
@Suite struct ReportWriterPartsTests {
    @Test func htmlEscapingCoversMarkupQuotesAndControls() {
        #expect(ReportWriter.html(HostileText.imageTag) == "&lt;img src=x onerror=alert(1)&gt;")
        #expect(ReportWriter.html(HostileText.scriptTag) == "&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;")
        #expect(ReportWriter.html("it's \"a\"\n&\tb\r\u{0}\u{7F}") == "it&#39;s &quot;a&quot;\n&amp;\tb&#13;\u{FFFD}&#127;")
        #expect(ReportWriter.html("€ 1,00 · 東京") == "€ 1,00 · 東京")
    }

    @Test func cssNamesKeepOnlyLettersDigitsAndDashes() {
        #expect(ReportWriter.cssName("databar-expanded") == "databar-expanded")
        #expect(ReportWriter.cssName("a b{}<x>;ü9") == "abx9")
    }

    @Test func consecutivePagesWithTheSameStatusAndReasonAreOneRow() {
        func p(_ doc: Int64, _ page: Int?, _ status: String, _ reason: String?) -> JobProblem {
            JobProblem(documentID: doc, document: "d\(doc)", page: page, status: status, reason: reason)
        }
        let groups = ReportWriter.groupedProblems([
            p(1, nil, "skipped", "unsupported"), p(2, 3, "failed", "timeout"), p(2, 4, "failed", "timeout"), p(2, 5, "failed", "too large"),
            p(2, 7, "failed", "too large"), p(3, 1, "pending", nil), p(3, 2, "running", nil), p(3, 3, "pending", nil),
            p(4, nil, "failed", "empty"),
        ])
        #expect(
            groups.map { "\($0.first.documentID):\($0.first.page ?? 0)-\($0.lastPage)" } == [
                "1:0-0", "2:3-4", "2:5-5", "2:7-7", "3:1-3", "4:0-0",
            ])
    }

    @Test func policyHashIsTheBase64OfTheSHA256() {
        // echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
        #expect(ReportWriter.cspHash("alert(1)") == "sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=")
    }
}
