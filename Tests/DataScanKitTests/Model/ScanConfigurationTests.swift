import Foundation
import Testing

@testable import DataScanEngines
@testable import DataScanJob
@testable import DataScanModel
@testable import DataScanSQL

/// One configuration, one JSON shape: job files, the stored configuration and worker requests all decode through
/// `ScanConfiguration`'s validating decoder, and `StrictJSON` says where a job file's syntax goes wrong.
@Suite struct ScanConfigurationTests {
    private func decode(_ json: String) throws(DataScanError) -> ScanConfiguration {
        try StrictJSON.decode(ScanConfiguration.self, from: Data(json.utf8))
    }

    @Test func roundTripsEveryOptionThroughItsJSON() throws {
        var c = ScanConfiguration()
        try c.set(.types, to: "phone,date,barcode:qr")
        try c.set(.languages, to: "de,en")
        try c.set(.region, to: "at")
        try c.set(.quality, to: "accurate")
        try c.set(.ocr, to: "PPOCR")
        try c.set(.jobs, to: "1")
        try c.set(.single, to: "true")
        try c.set(.regionOfInterest, to: "0,0.5,1,0.5")
        try c.set(.pageTimeout, to: "1")
        try c.set(.maxMegapixels, to: "40")
        try c.set(.pageMemory, to: "768")
        c.include = ["*.pdf", "IMG_{a,b}.jpg"]
        let text = try c.jsonText()
        #expect(
            text
                == #"{"exclude":[],"include":["*.pdf","IMG_{a,b}.jpg"],"jobs":1,"languages":["de","en"],"maxMegapixels":40,"ocr":"ppocr","pageMemory":768,"pageTimeout":1,"quality":"accurate","region":"AT","roi":[0,0.5,1,0.5],"single":true,"types":["phone","date","barcode:qr"]}"#
        )
        #expect(try decode(text) == c)
    }

    /// The page memory cap: a number of MB, or fitted to the machine (`auto`, the default): an equal share for each
    /// page process and one for the rest, between 512 MB (1024 MB where PP-OCR may read the page) and 1536 MB.
    @Test func pageMemoryIsGivenOrFittedToTheMachine() throws {
        var c = ScanConfiguration()
        #expect(c.pageMemory == nil)
        let machine = Int(ScanConfiguration.machineMemory >> 20)
        for jobs in [1, 2, 8, 256] {
            c.jobs = jobs
            c.ocr = .auto
            #expect(c.effectivePageMemory == min(max(machine / (jobs + 1), 1024), 1536))
            #expect(c.describe(.pageMemory) == "auto (\(c.effectivePageMemory) MB)")
            c.ocr = .tesseract
            #expect(c.effectivePageMemory == min(max(machine / (jobs + 1), 512), 1536))
        }
        c.ocr = .auto
        c.jobs = 256
        c.quality = .fast
        #expect(c.effectivePageMemory == min(max(machine / 257, 512), 1536))
        c.quality = .balanced
        c.jobs = 2
        try c.set(.pageMemory, to: " 4096 ")
        #expect((c.pageMemory, c.effectivePageMemory, c.describe(.pageMemory)) == (4096, 4096, "4096 MB"))
        #expect(try decode(#"{"pageMemory": 2048}"#).pageMemory == 2048)
        #expect(try decode(#"{"pageMemory": "auto"}"#).pageMemory == nil)
        #expect(try decode(#"{"pageMemory": null}"#).pageMemory == nil)
        try c.set(.pageMemory, to: "AUTO")
        #expect(c.pageMemory == nil)
        c.pageMemory = 1024
        c.reset(.pageMemory)
        #expect(c.pageMemory == nil)
        #expect(ScanConfiguration.Option.pageMemory.flag == "--page-memory")
        #expect(ScanConfiguration.Option.pageMemory.needsRecognition)
        #expect(throws: DataScanError(.usage, "invalid value '0'; give a whole number of megabytes from 512 to 1048576, or auto")) {
            try c.set(.pageMemory, to: "0")
        }
    }

    @Test func missingKeysAndNullKeepTheDefaults() throws {
        let c = try decode(#"{"jobs": 1, "region": null}"#)
        #expect(c.jobs == 1 && c.region == nil && c.quality == .balanced && c.types == .standard && c.ocr == .auto)
    }

    /// A region left to the language stays so through the JSON that page processes, a resumed scan and a rerun read:
    /// they must not take the language's region as given (a page's currency names its own, `PageRegion`).
    @Test func aRegionNotGivenStaysNotGivenThroughTheJSONForm() throws {
        var c = ScanConfiguration()
        c.languages = [try #require(Language("en"))]
        let json = String(decoding: try JSONEncoder().encode(c), as: UTF8.self)
        #expect(json.contains(#""region":null"#))
        let read = try decode(json)
        #expect(read.region == nil && read.effectiveRegion == "US" && !read.detectionContext.regionIsExplicit)
        #expect(read.describe(.region) == "US (from the language)")
        c.region = "MY"
        let given = try decode(String(decoding: try JSONEncoder().encode(c), as: UTF8.self))
        #expect(given.region == "MY" && given.detectionContext.regionIsExplicit && given.describe(.region) == "MY")
        #expect(given.changes(from: read) == [.region])
    }

    @Test(arguments: [
        (#"{"jobs": true}"#, #""jobs" must be a whole number from 1 to 256"#),
        (#"{"jobs": 1.5}"#, #""jobs": invalid value '1.5'; give a whole number from 1 to 256"#),
        (#"{"jobs": 0}"#, #""jobs": invalid value '0'; give a whole number from 1 to 256"#),
        (#"{"region": "XX"}"#, #""region": invalid value 'XX'; give an ISO 3166-1 region code such as US, DE, JP"#),
        (#"{"quality": "max"}"#, #""quality": invalid value 'max'; allowed: fast, balanced, accurate"#),
        (#"{"ocr": "easyocr"}"#, #""ocr": invalid value 'easyocr'; allowed: tesseract, ppocr, auto"#),
        (#"{"ocr": 1}"#, #""ocr" must be a string: "tesseract", "ppocr" or "auto""#),
        (#"{"types": ["phone", "fax"]}"#, #""types": --types: unknown type 'fax'"#),
        (#"{"roi": [0, 0, 2, 1]}"#, #""roi": invalid value '0,0,2,1'; give X,Y,W,H as fractions of the page"#),
        (#"{"pageTimeout": -1}"#, #""pageTimeout": invalid value '-1'; give seconds > 0"#),
        (#"{"single": "yes"}"#, #""single" must be true or false"#),
        (#"{"languages": ["en", "klingon"]}"#, #""languages": unknown language 'klingon'"#),
        (#"{"pageMemory": 100}"#, #""pageMemory": invalid value '100'; give a whole number of megabytes from 512 to 1048576, or auto"#),
        (#"{"pageMemory": 1024.5}"#, #""pageMemory": invalid value '1024.5'; give a whole number of megabytes"#),
        (#"{"pageMemory": "lots"}"#, #""pageMemory": invalid value 'lots'; give a whole number of megabytes"#),
        (#"{"pageMemory": [1]}"#, #""pageMemory" must be a whole number of megabytes (512 to 1048576), or "auto""#),
    ])
    func invalidValuesAreRefusedNamingTheKey(_ json: String, _ message: String) {
        #expect(throws: DataScanError.self) { try decode(json) }
        do { _ = try decode(json) } catch { #expect(error.message.hasPrefix(message), "\(error.message)") }
    }

    @Test(arguments: [
        ("{\"a\": 1,}", "line 1, column 8: trailing comma before '}'"),
        ("[1, 2,\n]", "line 1, column 6: trailing comma before ']'"),
        ("{\n  \"a\": 1\n  \"b\": 2\n}", "line 3, column 3: unexpected '\"': expected ',' or '}'"),
        ("{\"a\": 01}", "line 1, column 7: invalid number: no leading zeros"),
        ("{'a': 1}", "line 1, column 2: unexpected ''': expected a key in double quotes"),
        ("{\"a\": 1} x", "line 1, column 10: unexpected 'x' after the end of the JSON value"),
        ("{\"a\": \"é\nx\"}", "line 1, column 9: a control character (newline, tab) inside a string must be escaped"),
        ("", "line 1, column 1: unexpected end of file: expected a value"),
        ("{\"a\": tru}", "line 1, column 7: unexpected 't': expected a value"),
    ])
    func syntaxErrorsSayWhere(_ json: String, _ message: String) {
        var check = StrictJSON.SyntaxCheck(Array(json.utf8))
        #expect(check.firstProblem().map { "line \($0.line), column \($0.column): \($0.message)" } == message)
    }

    @Test func validJSONPassesTheSyntaxCheck() {
        for json in [#"{"a": [1, -2.5e+3, true, false, null, "x\"\u00e9\n"], "b": {}}"#, "\u{FEFF}[]", " 3 "] {
            var check = StrictJSON.SyntaxCheck(Array(json.utf8))
            #expect(check.firstProblem() == nil, "\(json)")
        }
        var deep = StrictJSON.SyntaxCheck(Array((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8))
        #expect(deep.firstProblem()?.message == "nested more than 512 levels deep")
    }

    @Test func describedChangesNameEachOption() throws {
        let old = try decode(#"{"single": true, "quality": "fast"}"#)
        var new = old
        new.reset(.single)
        try new.set(.quality, to: "accurate")
        try new.set(.ocr, to: "tesseract")
        #expect(new.changes(from: old) == [.quality, .ocr, .single])
        #expect(old.describe(.ocr) == "auto" && ScanConfiguration.Option.ocr.needsRecognition)
        #expect(old.describe(.quality) == "fast" && new.describe(.single) == "false")
        #expect(ScanConfiguration.Option.pageTimeout.flag == "--page-timeout" && ScanConfiguration.Option.regionOfInterest.flag == "--roi")
    }

    @Test func jobFileResolvesPathsAgainstItsFolderAndRefusesUnknownKeys() throws {
        let folder = TestFolders.root + "/datascan-jobfile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/Jobs", withIntermediateDirectories: true)
        let path = folder + "/Jobs/night.json"
        try Data(#"{"inputs": ["../Samples"], "output": "../out", "jobs": 1, "progress": "never"}"#.utf8).write(
            to: URL(fileURLWithPath: path))
        let file = try JobFile(contentsOf: URL(fileURLWithPath: path))
        #expect(file.inputs.map(\.relativePath) == [folder + "/Samples"])
        #expect(file.output?.relativePath == folder + "/out")
        #expect(file.configuration.jobs == 1 && file.progress == "never")
        #expect(JobFile.resolve("../Samples", against: "Jobs") == "Samples")

        try Data(#"{"inputs": [], "pageTimout": 5}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: DataScanError.self) { try JobFile(contentsOf: URL(fileURLWithPath: path)) }
        do { _ = try JobFile(contentsOf: URL(fileURLWithPath: path)) } catch {
            #expect(error.message.contains(#"unknown key "pageTimout" (did you mean "pageTimeout"?)"#), "\(error.message)")
        }
        try Data(#"{"store": "postgres://db/x"}"#.utf8).write(to: URL(fileURLWithPath: path))
        do { _ = try JobFile(contentsOf: URL(fileURLWithPath: path)) } catch {
            #expect(error.message.hasSuffix(#""store" needs "job" (many jobs share one store)"#))
        }
    }

    @Test func regionsAreISO3166Only() throws {
        #expect(try Region.validated(" my ") == "MY")
        #expect(Region.codes.count == 249)
        for code in ["XX", "EU", "ZZ", "UK", "USA", ""] { #expect(throws: DataScanError.self) { try Region.validated(code) } }
    }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func sha256MatchesTheFIPSVectors(_ message: String, _ digest: String) {
        #expect(SHA256.hex(of: Array(message.utf8)) == digest)
    }

    @Test func sha256OfAStreamEqualsItsWholeWhateverTheChunks() {
        let bytes = (0..<100_003).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var hash = SHA256()
        var offset = 0
        for size in [1, 63, 64, 65, 1000, 4096] + Array(repeating: 7777, count: 13) where offset < bytes.count {
            let end = min(bytes.count, offset + size)
            bytes[offset..<end].withUnsafeBufferPointer { hash.update($0) }
            offset = end
        }
        bytes[offset...].withUnsafeBufferPointer { hash.update($0) }
        #expect(hash.finalize().hex == SHA256.hex(of: bytes))
        // One million 'a's (FIPS 180-2 appendix B.3).
        #expect(
            SHA256.hex(of: [UInt8](repeating: 0x61, count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        )
    }
}
