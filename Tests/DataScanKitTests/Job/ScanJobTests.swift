import Foundation
import Synchronization
import Testing

@testable import DataScanJob
@testable import DataScanModel

@Suite struct ScanJobTests {
    /// A folder with a few fixtures and one unsupported and one broken file.
    func inputFolder() throws -> String {
        let dir = Fixtures.temporaryFolder() + "/in"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for name in ["text-layer.pdf", "two-pages.tif", "phone-date-price.png"] {
            try FileManager.default.copyItem(atPath: Fixtures.path(name), toPath: dir + "/" + name)
        }
        Fixtures.write(dir + "/notes.txt", Data("just text".utf8))
        Fixtures.write(dir + "/broken.jpg", Data("PK\u{3}\u{4} not a jpeg".utf8))
        return dir
    }

    func configuration() -> ScanConfiguration {
        var c = ScanConfiguration()
        c.types = ItemTypeSelection(lines: true)
        c.jobs = 2
        return c
    }

    @Test func scansResumesAndDoesNoWorkTheSecondTime() async throws {
        let input = try inputFolder()
        let out = Fixtures.temporaryFolder() + "/out"
        let events = Mutex<[ScanEvent]>([])
        let summary = try await ScanJob(
            inputs: [URL(fileURLWithPath: input)], output: URL(fileURLWithPath: out), configuration: configuration()
        ).run { e in
            events.withLock { $0.append(e) }
        }
        #expect((summary.documents, summary.pages, summary.done, summary.failed) == (5, 4, 4, 0))
        #expect(summary.byType["line"] ?? 0 >= 10)
        let manifest = try #require(FileManager.default.contents(atPath: out + "/manifest.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: manifest) as? [String: Any])
        let documents = try #require(json["documents"] as? [[String: Any]])
        #expect(
            documents.map { $0["path"] as? String }
                == ["broken.jpg", "notes.txt", "phone-date-price.png", "text-layer.pdf", "two-pages.tif"].map { input + "/" + $0 })
        #expect(documents[0]["status"] as? String == "failed")
        #expect(documents[0]["error"] as? String == "not a JPEG file: its content is a ZIP archive")
        #expect(documents[1]["status"] as? String == "skipped")
        let pdfPages = try #require(documents[3]["pages"] as? [[String: Any]])
        #expect(pdfPages[0]["source"] as? String == "text-layer")
        let finished = events.withLock { $0.filter { if case .pageFinished = $0 { true } else { false } }.count }
        #expect(finished == 4)
        let csv = try String(contentsOfFile: out + "/items.csv", encoding: .utf8)
        #expect(csv.hasPrefix("document,page,item,kind,type,value,normalized,label,confidence,x1,y1,x2,y2,x3,y3,x4,y4,order\r\n"))

        // Same inputs again: nothing to analyze, same items.
        let again = try await ScanJob(
            inputs: [URL(fileURLWithPath: input)], output: URL(fileURLWithPath: out), configuration: configuration()
        ).run { e in
            if case .planned(let plan) = e { #expect(plan.pagesToAnalyze == 0 && plan.pagesAlreadyDone == 4) }
        }
        #expect(again.items == summary.items)
        #expect(try String(contentsOfFile: out + "/items.csv", encoding: .utf8) == csv)

        // A changed file is analyzed again; the others are not.
        try FileManager.default.removeItem(atPath: input + "/two-pages.tif")
        try FileManager.default.copyItem(atPath: Fixtures.path("phone-date-price.png"), toPath: input + "/two-pages.tif")
        _ = try await ScanJob(inputs: [URL(fileURLWithPath: input)], output: URL(fileURLWithPath: out), configuration: configuration()).run
        { e in
            if case .planned(let plan) = e { #expect(plan.pagesToAnalyze == 1 && plan.changedDocuments == 1) }
        }
    }

    @Test func rerunFailedAnalyzesOnlyFailedPages() async throws {
        let input = try inputFolder()
        let out = Fixtures.temporaryFolder() + "/out"
        var config = configuration()
        config.maxMegapixels = 0.3  // phone-date-price.png (0.31 MP) fails as too large
        let first = try await ScanJob(inputs: [URL(fileURLWithPath: input)], output: URL(fileURLWithPath: out), configuration: config).run()
        #expect(first.failed >= 1)
        let failures = try JobResults(folder: URL(fileURLWithPath: out)).failures().filter { $0.page != nil }
        #expect(failures.contains { $0.document.hasSuffix("phone-date-price.png") && $0.error.hasPrefix("too large") })
        let second = try await ScanJob(mode: .rerun(.failed), output: URL(fileURLWithPath: out), configuration: configuration()).run { e in
            if case .planned(let plan) = e { #expect(plan.pagesToAnalyze == first.failed) }
        }
        #expect(second.failed == 0)
    }
}
