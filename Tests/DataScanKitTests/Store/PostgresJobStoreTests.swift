import Foundation
import Testing

@testable import DataScanModel
@testable import DataScanSQL
@testable import DataScanStore

/// The test server, when there is one (CI sets it; the suites below are skipped otherwise).
let postgresTestURL = ProcessInfo.processInfo.environment["DATASCAN_TEST_POSTGRES"]

/// The PostgreSQL job store against a real server: `DATASCAN_TEST_POSTGRES=postgres://…` (CI starts one on
/// loopback). Each test works in its own PostgreSQL schema, so migrations run from scratch and tests never see
/// each other's rows.
@Suite(.serialized, .enabled(if: postgresTestURL != nil)) struct PostgresJobDatabaseTests {
    static let serverURL = postgresTestURL

    /// A URL whose connections use a fresh, empty schema.
    func freshStoreURL() throws -> String {
        let url = try #require(Self.serverURL)
        let schema = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        let admin = try PostgresConnection(url: url)
        try admin.execute("CREATE SCHEMA \(schema)")  // a generated identifier, not input
        return url + (url.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
    }

    func file(_ name: String, bytes: [UInt8]? = nil) -> WalkedFile {
        WalkedFile(
            path: bytes.map { RawPath(bytes: Array("/docs/".utf8) + $0) } ?? RawPath("/docs/" + name), size: 10,
            modified: 1_700_000_000.123456, skipReason: nil)
    }

    func analysis(items: [RecognizedItem]) -> ImageAnalysis {
        let word = RecognizedWord(text: "Hello", bounds: Quad(Rect(x: 1, y: 2, width: 30, height: 10)), confidence: 0.9)
        return ImageAnalysis(
            width: 100, height: 200, source: .ocr, lines: [RecognizedLine(words: [word])], items: items, timings: ["ocr": 0.5])
    }

    let phone = RecognizedItem.text(
        .init(
            id: "i1", transcript: "+1 650", contentType: .telephoneNumber, normalized: "+1650", confidence: 0.8,
            bounds: Quad(Rect(x: 0.5, y: 0.25, width: 1, height: 1))))
    let qr = RecognizedItem.barcode(
        .init(
            id: "b1", symbology: .qr, payloadStringValue: "hi", payload: [0, 255, 104, 105], normalized: "hi", confidence: 1,
            bounds: Quad(Rect(x: 3, y: 4, width: 5, height: 6))))

    @Test func migrationsCreateTheSchemaOnceAndANewerSchemaIsRefused() throws {
        let url = try freshStoreURL()
        let db = try PostgresJobStore(url: url, job: "a")
        #expect(try db.schemaVersion() == PostgresJobStore.migrations.count)
        let c = try PostgresConnection(url: url)
        let tables = try c.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name")
        #expect((0..<tables.rowCount).compactMap { tables.text($0, 0) } == ["documents", "items", "meta", "pages", "schema_migrations"])
        // Opening again (another worker starting) applies nothing twice.
        _ = try PostgresJobStore(url: url, job: "b")
        #expect(try c.execute("SELECT COUNT(*) FROM schema_migrations").int(0, 0) == Int64(PostgresJobStore.migrations.count))
        try c.execute("INSERT INTO schema_migrations(version) VALUES(99)")
        #expect { try PostgresJobStore(url: url, job: "a") } throws: {
            ($0 as? DataScanError)?.message.contains("newer datascan") == true
        }
    }

    @Test func badURLsAndJobNamesFailAtOnceWithoutThePassword() throws {
        #expect { try PostgresJobStore(url: "postgres://u:s3cret@127.0.0.1:1/none", job: "a") } throws: {
            let m = ($0 as? DataScanError)?.message ?? ""
            return m.contains("cannot connect") && !m.contains("s3cret") && m.contains("u:***@")
        }
        #expect { try PostgresJobStore(url: try freshStoreURL(), job: "bad name;") } throws: { ($0 as? DataScanError)?.code == .usage }
    }

    @Test func pagesItemsAndOddBytesRoundTripAndJobsStayApart() throws {
        let url = try freshStoreURL()
        let db = try PostgresJobStore(url: url, job: "one")
        let other = try PostgresJobStore(url: url, job: "two")
        let run = try db.beginRun()
        let second = try db.beginRun()
        #expect(run == 1 && second == 2)
        let odd = file("", bytes: [0x66, 0xff, 0x2e, 0x70, 0x6e, 0x67])  // "f\xff.png": not UTF-8
        try db.upsertDocument(file: odd, ordinal: 1, run: run, sha256: "abc", format: .png, pages: 2, status: .pending, error: nil)
        try other.upsertDocument(file: odd, ordinal: 1, run: 1, sha256: "zzz", format: .png, pages: 1, status: .pending, error: nil)
        let stored = try #require(try db.document(path: odd.path))
        #expect(stored.path == odd.path && stored.modified == odd.modified && stored.sha256 == "abc")
        let pending = try db.pendingPages()
        #expect(pending.map(\.request.index) == [0, 1] && pending[0].request.path == odd.path)
        try db.complete(pageID: pending[0].pageID, analysis: analysis(items: [phone, qr]), storedLines: nil, seconds: 0.5)
        try db.complete(pageID: pending[0].pageID, analysis: analysis(items: [phone, qr]), storedLines: nil, seconds: 0.5)
        try db.fail(pageID: pending[1].pageID, error: "timeout after 5 s", seconds: 5)
        try db.refreshDocumentStatuses()
        let s = try db.summary()
        #expect((s.documents, s.pages, s.done, s.failed, s.items, s.byType) == (1, 2, 1, 1, 2, ["phone": 1, "qr": 1]))
        let otherSummary = try other.summary()
        #expect(otherSummary.items == 0 && otherSummary.pending == 1)
        let doc = try #require(try db.documentRecords().first)
        #expect(doc.status == .partial && doc.path == odd.path.display)
        #expect(doc.pages[0].items.map(\.item) == [phone, qr])
        #expect(try db.barcodes(pageID: pending[0].pageID).map(\.payload) == [[0, 255, 104, 105]])
        var ids: [String] = []
        try db.forEachItemRecord(types: ["barcode"], minConfidence: nil) { ids.append($0.item.id) }
        #expect(ids == ["b1"])
        ids = []
        try db.forEachItemRecord(types: ["phone"], minConfidence: 0.9) { ids.append($0.item.id) }
        #expect(ids == [])
        #expect(try db.failures().map(\.error) == ["timeout after 5 s"])
        #expect(try db.requeueFailed() == 1)
        #expect(try db.requeuePage(document: odd.path.display, page: 1) == 1)
        #expect(try db.requeuePage(document: "nope", page: 1) == 0)
    }

    @Test func concurrentClaimsGetDifferentPagesAndOnlyTheLeaseHolderCommits() throws {
        let url = try freshStoreURL()
        let a = try PostgresJobStore(url: url, job: "q")
        let b = try PostgresJobStore(url: url, job: "q")
        try a.upsertDocument(
            file: file("a.pdf"), ordinal: 1, run: try a.beginRun(), sha256: "k", format: .pdf, pages: 2, status: .pending, error: nil)
        guard case .claimed(let first) = try a.claim(worker: "A", lease: 30),
            case .claimed(let second) = try b.claim(worker: "B", lease: 30)
        else {
            Issue.record("two claims expected")
            return
        }
        #expect(first.page.pageID != second.page.pageID)
        #expect(try a.claim(worker: "A", lease: 30) == .busy)
        // A claim that is not the holder's changes nothing.
        let forged = PageClaim(page: first.page, worker: "B", attempt: first.attempt)
        #expect(try b.complete(forged, analysis: analysis(items: [phone]), storedLines: nil, seconds: 1) == false)
        #expect(try b.renew(forged, lease: 30) == false)
        #expect(try a.renew(first, lease: 30) == true)
        #expect(try a.complete(first, analysis: analysis(items: [phone]), storedLines: nil, seconds: 1) == true)
        // A commit retried after its reply was lost is recognized as already done, not applied twice.
        #expect(try a.complete(first, analysis: analysis(items: [phone]), storedLines: nil, seconds: 1) == true)
        #expect(try b.fail(second, error: "corrupt", seconds: nil) == true)
        #expect(try a.claim(worker: "A", lease: 30) == .empty)
        #expect(try a.summary().items == 1)
    }

    @Test func anExpiredLeaseReturnsThePageAndTheOldHolderCannotCommit() throws {
        let url = try freshStoreURL()
        let a = try PostgresJobStore(url: url, job: "lease")
        let b = try PostgresJobStore(url: url, job: "lease")
        try a.upsertDocument(
            file: file("a.png"), ordinal: 1, run: try a.beginRun(), sha256: "k", format: .png, pages: 1, status: .pending, error: nil)
        guard case .claimed(let dead) = try a.claim(worker: "A", lease: 1) else {
            Issue.record("claim expected")
            return
        }
        #expect(try b.claim(worker: "B", lease: 30) == .busy)
        #expect(try b.requeueInterrupted() == 0)  // A's lease is live: its page is not "interrupted"
        Thread.sleep(forTimeInterval: 1.3)
        guard case .claimed(let taken) = try b.claim(worker: "B", lease: 30) else {
            Issue.record("the expired page should be claimable")
            return
        }
        #expect(taken.page.pageID == dead.page.pageID && taken.attempt == 2)
        #expect(try a.renew(dead, lease: 30) == false)
        #expect(try a.complete(dead, analysis: analysis(items: [phone, qr]), storedLines: nil, seconds: 1) == false)
        #expect(try b.complete(taken, analysis: analysis(items: [phone]), storedLines: nil, seconds: 1) == true)
        let summary = try a.summary()
        #expect(summary.items == 1 && summary.done == 1)
    }

    @Test func aPageWhoseWorkersKeepDyingIsFailedNotPassedOnForever() throws {
        let url = try freshStoreURL()
        let db = try PostgresJobStore(url: url, job: "poison")
        try db.upsertDocument(
            file: file("a.png"), ordinal: 1, run: try db.beginRun(), sha256: "k", format: .png, pages: 1, status: .pending, error: nil)
        for n in 1...PostgresJobStore.maxLostLeases {
            guard case .claimed(let c) = try db.claim(worker: "W\(n)", lease: 0.2) else {
                Issue.record("claim \(n) expected")
                return
            }
            #expect(c.attempt == n)
            Thread.sleep(forTimeInterval: 0.3)
        }
        #expect(try db.claim(worker: "last", lease: 30) == .empty)
        #expect(try db.failures().map(\.error) == ["abandoned: its worker stopped 3 times while analyzing it (killed, or out of memory?)"])
    }
}
