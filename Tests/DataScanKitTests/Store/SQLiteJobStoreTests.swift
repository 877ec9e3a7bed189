import Foundation
import Testing

@testable import DataScanModel
@testable import DataScanSQL
@testable import DataScanStore

@Suite struct JobDatabaseTests {
    func file(_ name: String) -> WalkedFile {
        WalkedFile(path: RawPath("/docs/" + name), size: 10, modified: 1000, skipReason: nil)
    }

    func analysis(items: [RecognizedItem]) -> ImageAnalysis {
        let word = RecognizedWord(text: "Hello", bounds: Quad(Rect(x: 1, y: 2, width: 30, height: 10)), confidence: 0.9)
        return ImageAnalysis(
            width: 100, height: 200, source: .ocr, lines: [RecognizedLine(words: [word])], items: items, timings: ["ocr": 0.5])
    }

    @Test func pagesMoveThroughTheirStatesAndItemsAreReplacedNotDuplicated() throws {
        let db = try SQLiteJobStore(path: Fixtures.temporaryFolder() + "/job.sqlite")
        let run = try db.beginRun()
        try db.upsertDocument(
            file: file("a.pdf"), ordinal: 1, run: run, sha256: "abc", format: .pdf, pages: 2, status: .pending, error: nil)
        var pending = try db.pendingPages()
        #expect(pending.map(\.request.index) == [0, 1])
        #expect(pending[0].request.documentKey == "abc")
        try db.markRunning(pageID: pending[0].pageID)
        let item = RecognizedItem.text(
            .init(
                id: "i1", transcript: "+1 650", contentType: .telephoneNumber, normalized: "+1650", confidence: 0.8,
                bounds: Quad(Rect(x: 0, y: 0, width: 1, height: 1))))
        try db.complete(pageID: pending[0].pageID, analysis: analysis(items: [item]), storedLines: nil, seconds: 0.5)
        try db.complete(pageID: pending[0].pageID, analysis: analysis(items: [item]), storedLines: nil, seconds: 0.5)
        try db.markRunning(pageID: pending[1].pageID)
        // A killed run leaves the page running; the next run requeues it.
        #expect(try db.requeueInterrupted() == 1)
        pending = try db.pendingPages()
        #expect(pending.count == 1 && pending[0].attempts == 1)
        try db.fail(pageID: pending[0].pageID, error: "timeout after 5 s", seconds: 5)
        try db.refreshDocumentStatuses()
        let s = try db.summary()
        #expect((s.pages, s.done, s.failed, s.items, s.byType) == (2, 1, 1, 1, ["phone": 1]))
        let docs = try db.documentRecords()
        #expect(docs[0].status == .partial)
        #expect(docs[0].pages[1].error == "timeout after 5 s")
        #expect(docs[0].pages[0].items.first?.item == item)
        #expect(try db.failures().map(\.error) == ["timeout after 5 s"])
    }

    /// A page read in part is done, with its warning; its document is partial until the page is read whole.
    @Test func aPageReadInPartIsDoneWithItsWarningAndMakesItsDocumentPartial() throws {
        let db = try SQLiteJobStore(path: Fixtures.temporaryFolder() + "/job.sqlite")
        let run = try db.beginRun()
        try db.upsertDocument(
            file: file("cut.jpg"), ordinal: 1, run: run, sha256: "k", format: .jpeg, pages: 1, status: .pending, error: nil)
        let page = try #require(try db.pendingPages().first)
        var a = analysis(items: [])
        a.warning = "read in part (80 of 240 rows): JPEG data is cut or damaged after row 80 (libjpeg: Premature end of JPEG file)"
        try db.complete(pageID: page.pageID, analysis: a, storedLines: nil, seconds: 0.1)
        try db.refreshDocumentStatuses()
        #expect((try db.summary().done, try db.summary().partial) == (1, 1))
        let doc = try #require(try db.documentRecords().first)
        #expect(doc.status == .partial)
        #expect(doc.pages[0].status == .done && doc.pages[0].warning == a.warning)
        #expect(try db.partialPages().map(\.warning) == [a.warning!])
        #expect(try db.failures().isEmpty)
        // Read whole on a later run (the file was completed): the warning goes.
        try db.complete(pageID: page.pageID, analysis: analysis(items: []), storedLines: nil, seconds: 0.1)
        try db.refreshDocumentStatuses()
        #expect(try db.documentRecords().first?.status == .done)
        #expect(try db.summary().partial == 0)
    }

    /// A job folder written before `pages.warning` existed (schema 1) opens, gains the column and keeps its pages.
    @Test func aSchemaOneDatabaseGainsTheWarningColumn() throws {
        let path = Fixtures.temporaryFolder() + "/old.sqlite"
        do {
            let old = try SQLiteDatabase(path: path)
            try old.execute(
                """
                CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
                INSERT INTO meta VALUES('schemaVersion', '1');
                CREATE TABLE documents(id INTEGER PRIMARY KEY, path BLOB NOT NULL UNIQUE, display_path TEXT NOT NULL,
                  ordinal INTEGER NOT NULL DEFAULT 0, size INTEGER NOT NULL DEFAULT 0, mtime REAL NOT NULL DEFAULT 0, sha256 TEXT,
                  format TEXT, status TEXT NOT NULL, error TEXT, run INTEGER NOT NULL DEFAULT 0);
                CREATE TABLE pages(id INTEGER PRIMARY KEY, document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
                  page INTEGER NOT NULL, status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, error TEXT,
                  width INTEGER, height INTEGER, source TEXT, rotation INTEGER NOT NULL DEFAULT 0,
                  seconds REAL, timings TEXT, lines TEXT, started_at REAL, finished_at REAL, UNIQUE(document_id, page));
                INSERT INTO documents(id, path, display_path, status) VALUES(1, X'612E706E67', 'a.png', 'done');
                INSERT INTO pages(document_id, page, status, width, height) VALUES(1, 1, 'done', 10, 20);
                """)
        }
        let db = try SQLiteJobStore(path: path)
        #expect(try db.meta("schemaVersion") == "2")
        let doc = try #require(try db.documentRecords().first)
        #expect((doc.pages.count, doc.pages.first?.width, doc.pages.first?.warning) == (1, 10, nil))
        #expect(try db.summary().partial == 0)
    }

    @Test func storedLinesRoundTrip() {
        let w = RecognizedWord(text: "Ünï \"q\"", bounds: Quad(Rect(x: 1.5, y: 2, width: 30, height: 10)), confidence: 0.875)
        let lines = [RecognizedLine(words: [w, w]), RecognizedLine(words: [w])]
        let back = StoredLines.decode(StoredLines.encode(lines))
        #expect(back == lines)
    }

    @Test func itemFilterByTypeAndConfidence() throws {
        let db = try SQLiteJobStore(path: Fixtures.temporaryFolder() + "/job.sqlite")
        let run = try db.beginRun()
        try db.upsertDocument(file: file("a.png"), ordinal: 1, run: run, sha256: "k", format: .png, pages: 1, status: .pending, error: nil)
        let page = try #require(try db.pendingPages().first)
        let q = Quad(Rect(x: 0, y: 0, width: 5, height: 5))
        let items: [RecognizedItem] = [
            .text(.init(id: "a", transcript: "x@y.de", contentType: .emailAddress, normalized: "x@y.de", confidence: 0.9, bounds: q)),
            .barcode(
                .init(id: "b", symbology: .qr, payloadStringValue: "hi", payload: [104, 105], normalized: "hi", confidence: 0.5, bounds: q)),
        ]
        try db.complete(pageID: page.pageID, analysis: analysis(items: items), storedLines: nil, seconds: 1)
        var got: [String] = []
        try db.forEachItemRecord(types: ["barcode"], minConfidence: nil) { got.append($0.item.id) }
        #expect(got == ["b"])
        got = []
        try db.forEachItemRecord(types: nil, minConfidence: 0.6) { got.append($0.item.id) }
        #expect(got == ["a"])
        got = []
        try db.forEachItemRecord(types: ["email", "qr"], minConfidence: nil) { got.append($0.item.id) }
        #expect(got == ["a", "b"])
    }

    @Test func openingAStoreWhileAnotherProcessWritesTakesNoWriteLock() throws {
        // `status` and `export` open the job while a run holds its write lock: they must read at once, not wait
        // for the lock (and fail "database is locked" after the busy timeout).
        let path = Fixtures.temporaryFolder() + "/job.sqlite"
        let run = try SQLiteJobStore(path: path)
        try run.upsertDocument(
            file: file("a.png"), ordinal: 1, run: run.beginRun(), sha256: "k", format: .png, pages: 1, status: .pending, error: nil)
        let writer = try SQLiteDatabase(path: path)
        try writer.execute("BEGIN IMMEDIATE")
        defer { try? writer.execute("ROLLBACK") }
        let started = Date()
        let reader = try SQLiteJobStore(path: path)
        #expect(try reader.summary().documents == 1)
        #expect(Date().timeIntervalSince(started) < 4)
    }

    @Test func aReadLeavesNoSnapshotThatRefusesALaterWrite() throws {
        // A query left on its row keeps a read transaction; once another connection commits, that connection
        // cannot write ("database is locked" at once, without the busy timeout).
        let path = Fixtures.temporaryFolder() + "/job.sqlite"
        let a = try SQLiteJobStore(path: path)
        let b = try SQLiteJobStore(path: path)
        #expect(try b.meta("schemaVersion") == "2")
        #expect(try b.document(path: RawPath("/docs/none.png")) == nil)
        _ = try b.summary()
        try a.setMeta("runs", "7")
        try b.setMeta("runs", "8")
        #expect(try a.meta("runs") == "8")
    }

    @Test func newerSchemaIsRefused() throws {
        let path = Fixtures.temporaryFolder() + "/job.sqlite"
        try SQLiteJobStore(path: path).setMeta("schemaVersion", "99")
        #expect { try SQLiteJobStore(path: path) } throws: { ($0 as? DataScanError)?.message.contains("newer datascan") == true }
    }
}

@Suite struct StoredLinesNumberTests {
    @Test(arguments: [
        (12.0, 1, "12"), (12.54, 1, "12.5"), (12.56, 1, "12.6"), (-3.25, 1, "-3.3"), (0.875, 3, "0.875"), (0.5, 3, "0.5"),
        (0.0004, 3, "0"), (1.05, 3, "1.05"), (2480.33, 1, "2480.3"), (0.01, 3, "0.01"),
    ])
    func formatsWithoutTrailingZeros(value: Double, decimals: Int, expected: String) {
        // Stored lines write their numbers through the sink's decimal formatting.
        var sink = OutputSink.inMemory()
        let written = sink.appendDecimal(value, maxFractionDigits: decimals)
        #expect(written)
        let text = sink.text
        #expect(text == expected)
    }

    @Test func encodingIsCompactJSON() {
        let w = RecognizedWord(text: "a\"b", bounds: Quad(Rect(x: 1.25, y: 2, width: 30, height: 10)), confidence: 0.875)
        #expect(StoredLines.encode([RecognizedLine(words: [w])]) == #"[[["a\"b",0.875,1.3,2,30,10]]]"#)
        #expect(StoredLines.encode(timings: ["ocr": 0.5, "load": 0.25]) == #"{"load":0.25,"ocr":0.5}"#)
    }

    @Test func aLineNotReadByTesseractCarriesItsSource() {
        let w = RecognizedWord(text: "RM9.00", bounds: Quad(Rect(x: 1, y: 2, width: 30, height: 10)), confidence: 0.5)
        let lines = [
            RecognizedLine(words: [w], source: .ppocr), RecognizedLine(words: [w]), RecognizedLine(words: [w], source: .textLayer),
            RecognizedLine(words: [], source: .ppocr),
        ]
        let json = StoredLines.encode(lines)
        #expect(
            json == #"[[["RM9.00",0.5,1,2,30,10],"ppocr"],[["RM9.00",0.5,1,2,30,10]],[["RM9.00",0.5,1,2,30,10],"textLayer"],["ppocr"]]"#)
        #expect(StoredLines.decode(json).map(\.source) == [.ppocr, .tesseract, .textLayer, .ppocr])
        #expect(StoredLines.decode(json) == lines)
        #expect(StoredLines.sourceCounts(json) == [.ppocr: 2, .tesseract: 1, .textLayer: 1])
        // A word may hold any text, brackets and quotes included: only a string directly in a line is a source.
        let tricky = RecognizedWord(text: #"ppocr"],["x"#, bounds: Quad(Rect(x: 0, y: 0, width: 1, height: 1)), confidence: 1)
        let trickyJSON = StoredLines.encode([RecognizedLine(words: [tricky, w]), RecognizedLine(words: [w], source: .ppocr)])
        #expect(StoredLines.sourceCounts(trickyJSON) == [.tesseract: 1, .ppocr: 1])
        #expect(StoredLines.sourceCounts("[]").isEmpty && StoredLines.sourceCounts("").isEmpty)
        // Lines stored before there were two engines are Tesseract's.
        #expect(StoredLines.decode(#"[[["a",1,0,0,1,1]]]"#).first?.source == .tesseract)
    }

    @Test func turnedWordQuadsRoundTrip() {
        let turned = Quad(
            topLeft: Point(x: 10, y: 100), topRight: Point(x: 10, y: 20), bottomRight: Point(x: 40, y: 20), bottomLeft: Point(x: 40, y: 100)
        )
        let lines = [RecognizedLine(words: [RecognizedWord(text: "Tel", bounds: turned, confidence: 0.5)])]
        #expect(StoredLines.decode(StoredLines.encode(lines)).first?.words.first?.bounds == turned)
    }
}
