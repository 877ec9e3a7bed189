import Foundation
import Testing

/// `rerun` starts from the job's stored configuration, says which settings the new options change, can undo
/// each stored setting (`--no-single`, `--no-roi`), and refuses what `--detect-only` cannot do.
@Suite struct RerunTests {
    @Test func rerunReportsChangedSettingsAndCanUndoThem() throws {
        let input = CLI.temporaryFolder(), out = CLI.temporaryFolder() + "/out"
        let lines = ["Call (650) 253-0000 or (650) 253-0001 before 03/15/2024"]
        #expect(FileManager.default.createFile(atPath: input + "/letter.pdf", contents: Data(TextPDF.data(lines: lines))))
        let scan = try CLI.run(["scan", input, "--out", out, "--types", "phone", "--single", "--roi", "0,0,1,0.5", "--progress", "never"])
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(try CSVRows.parse(String(contentsOfFile: out + "/items.csv", encoding: .utf8)).count - 1 == 1)

        let undo = try CLI.run(["rerun", out, "--detect-only", "--no-single", "--no-roi"])
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stderr.contains("rerun changes the job's settings: single true → false, roi 0,0,1,0.5 → whole page"), "\(undo.stderr)")
        #expect(try CSVRows.parse(String(contentsOfFile: out + "/items.csv", encoding: .utf8)).count - 1 == 2)
        let job = try #require(try CLI.json(out + "/manifest.json")["job"] as? [String: Any])
        #expect(job["single"] as? Bool == false && job["roi"] is NSNull)

        let same = try CLI.run(["rerun", out, "--detect-only"])
        #expect(same.status == 0 && !same.stderr.contains("changes the job's settings"))
    }

    /// A job without `--region` stays one through the page processes and `rerun`: a receipt priced in ringgit reads
    /// its dates day first (the page's currency names Malaysia), until a rerun gives the region.
    @Test func aRegionNotGivenStaysNotGivenAndTheReceiptsCurrencyNamesTheCountry() throws {
        let input = CLI.temporaryFolder(), out = CLI.temporaryFolder() + "/out"
        let lines = ["TOTAL RM 33.92", "CASH RM 50.00", "CHANGE RM 16.10", "12-01-19 21:13"]
        #expect(FileManager.default.createFile(atPath: input + "/receipt.pdf", contents: Data(TextPDF.data(lines: lines))))
        let scan = try CLI.run(["scan", input, "--out", out, "--types", "date,price", "--progress", "never"])
        #expect(scan.status == 0, "\(scan.stderr)")
        func dates() throws -> [String] {
            let rows = CSVRows.parse(try String(contentsOfFile: out + "/items.csv", encoding: .utf8))
            let header = try #require(rows.first)
            let (type, normalized) = (try #require(header.firstIndex(of: "type")), try #require(header.firstIndex(of: "normalized")))
            return rows.dropFirst().filter { $0.count > normalized && $0[type] == "date" }.map { $0[normalized] }
        }
        #expect(try dates() == ["2019-01-12T21:13"])
        #expect((try #require(try CLI.json(out + "/manifest.json")["job"] as? [String: Any]))["region"] is NSNull)
        let again = try CLI.run(["rerun", out, "--detect-only"])
        #expect(again.status == 0 && !again.stderr.contains("changes the job's settings"), "\(again.stderr)")
        #expect(try dates() == ["2019-01-12T21:13"])
        let us = try CLI.run(["rerun", out, "--detect-only", "--region", "US"])
        #expect(us.stderr.contains("region US (from the language) → US"), "\(us.stderr)")
        #expect(try dates() == ["2019-12-01T21:13"])
    }

    @Test func detectOnlyRefusesOptionsThatNeedThePixels() throws {
        let input = CLI.temporaryFolder(), out = CLI.temporaryFolder() + "/out"
        #expect(FileManager.default.createFile(atPath: input + "/a.pdf", contents: Data(TextPDF.data(lines: ["(650) 253-0000"]))))
        #expect(try CLI.run(["scan", input, "--out", out, "--types", "phone", "--progress", "never"]).status == 0)
        let before = try String(contentsOfFile: out + "/manifest.json", encoding: .utf8)
        let r = try CLI.run(["rerun", out, "--detect-only", "--quality", "accurate"])
        #expect(r.status == 2 && r.stderr.contains("--quality changes how pages are read, and --detect-only reads no pixels"))
        #expect(try String(contentsOfFile: out + "/manifest.json", encoding: .utf8) == before)
    }
}
