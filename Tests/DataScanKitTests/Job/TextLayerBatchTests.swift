import Foundation
import Testing

@testable import DataScanJob
@testable import DataScanModel
@testable import DataScanStore

/// Issue 17: the pieces of text-layer batches — how pending pages are cut into batches, the binary frame a page
/// process sends a page's analysis in, and one transaction for a batch's outcomes. (The fallback when a page of a
/// batch crashes is tested through the executable: ReliabilityTests.)
@Suite struct TextLayerBatchTests {
    func pages(_ name: String, _ count: Int, format: DocumentFormat = .pdf, firstID: Int64 = 1) -> [PendingPage] {
        (0..<count).map { i in
            PendingPage(
                pageID: firstID + Int64(i),
                request: PageRequest(path: RawPath(name), displayPath: name, format: format, index: i, documentKey: name + "-key"),
                attempts: 0)
        }
    }

    func describe(_ units: [WorkUnit]) -> [String] {
        units.map { unit in
            switch unit {
            case .page(let p): "\(p.request.displayPath):\(p.request.index + 1)"
            case .textLayers(let ps):
                "\(ps[0].request.displayPath):\(ps[0].request.index + 1)-\(ps.last!.request.displayPath):\(ps.last!.request.index + 1)"
            }
        }
    }

    @Test func consecutivePDFPagesAreCutIntoBatchesEverySlotGetsAShareOfAndOtherPagesRunAlone() {
        let pending =
            pages("a.pdf", 70) + pages("b.png", 1, format: .png, firstID: 100) + pages("c.pdf", 5, firstID: 200)
            + pages("d.pdf", 1, firstID: 300)
        #expect(
            describe(WorkUnit.plan(pending, batch: 32, slots: 2)) == [
                "a.pdf:1-a.pdf:32", "a.pdf:33-a.pdf:64", "a.pdf:65-a.pdf:70", "b.png:1", "c.pdf:1-c.pdf:3", "c.pdf:4-d.pdf:1",
            ])
        // One slot: the six pages of c.pdf and d.pdf (one-page documents gain as much) in one batch.
        #expect(describe(WorkUnit.plan(Array(pending[71...]), batch: 32, slots: 1)) == ["c.pdf:1-d.pdf:1"])
        // Too few pages to share between the slots: each runs alone.
        #expect(describe(WorkUnit.plan(pages("e.pdf", 2), batch: 32, slots: 2)) == ["e.pdf:1", "e.pdf:2"])
        // An executor without batches (in process) gets every page alone.
        #expect(WorkUnit.plan(pending, batch: 1, slots: 2).count == pending.count)
    }

    @Test func aPageAnalysisCrossesTheBinaryFrameExactly() throws {
        let text = RecognizedItem.text(
            .init(
                id: "t1", transcript: "Total €12,50", contentType: .currency, normalized: "12.50 EUR", label: .total, confidence: 0.875,
                bounds: Quad(
                    topLeft: Point(x: 1.5, y: 2), topRight: Point(x: 30.25, y: 2.5), bottomRight: Point(x: 30, y: 12),
                    bottomLeft: Point(x: 1, y: 11.5))))
        let line = RecognizedItem.text(
            .init(
                id: "t2", transcript: "plain", contentType: nil, normalized: "plain", confidence: 1,
                bounds: Quad(Rect(x: 0, y: 0, width: 1, height: 1))))
        let code = RecognizedItem.barcode(
            .init(
                id: "b1", symbology: .qr, payloadStringValue: "https://example.com/\n", payload: [0, 255, 10, 104],
                normalized: "https://example.com/", confidence: 0.5, bounds: Quad(Rect(x: 5, y: 6, width: 7, height: 8))))
        let analysis = ImageAnalysis(
            width: 2480, height: 3508, source: .textLayer, rotation: 90, lines: [], items: [text, line, code],
            timings: ["detect": 0.004, "load": 0.002], warning: "read in part (80 of 240 rows)")
        let stored = #"[[["Total",1,1,2,3,4],"textLayer"]]"#
        let frame = PageResultFrame.encode(analysis, storedLines: stored)
        let page = try #require(PageResultFrame.decode(frame))
        #expect(page.analysis.items == [text, line, code])
        #expect(page.storedLines == stored)
        #expect(page.analysis.lines.isEmpty)
        #expect(page.analysis.timings == ["detect": 0.004, "load": 0.002])
        #expect(
            [page.analysis.width, page.analysis.height, page.analysis.rotation] == [2480, 3508, 90]
                && page.analysis.source == PageSource.textLayer && page.analysis.warning == "read in part (80 of 240 rows)")
        // A frame cut short, or one with bytes past its end, is refused rather than read wrong.
        #expect(PageResultFrame.decode(Array(frame.dropLast())) == nil)
        #expect(PageResultFrame.decode(frame + [0]) == nil)
        #expect(PageResultFrame.decode([]) == nil)
    }

    @Test func aBatchsOutcomesAreStoredTogether() throws {
        let db = try SQLiteJobStore(path: Fixtures.temporaryFolder() + "/job.sqlite")
        let run = try db.beginRun()
        try db.upsertDocument(
            file: WalkedFile(path: RawPath("/docs/a.pdf"), size: 10, modified: 1000, skipReason: nil), ordinal: 1, run: run,
            sha256: "abc", format: .pdf, pages: 3, status: .pending, error: nil)
        let pending = try db.pendingPages()
        try db.markRunning(pageIDs: pending.map(\.pageID))
        let item = RecognizedItem.text(
            .init(
                id: "i1", transcript: "+1 650", contentType: .telephoneNumber, normalized: "+1650", confidence: 0.8,
                bounds: Quad(Rect(x: 0, y: 0, width: 1, height: 1))))
        let done = ImageAnalysis(width: 10, height: 20, source: .textLayer, lines: [], items: [item])
        try db.record([
            .done(pageID: pending[0].pageID, analysis: done, storedLines: #"[[["+1",1,0,0,1,1],"textLayer"]]"#, seconds: 0.01),
            .failed(
                pageID: pending[1].pageID, error: "the PDF renderer (poppler) engine crashed on this page (signal 11: segmentation fault)",
                seconds: 0.02),
            .released(pageID: pending[2].pageID),
        ])
        let left = try db.pendingPages()
        #expect(left.map(\.pageID) == [pending[2].pageID] && left[0].attempts == 0)
        let s = try db.summary()
        #expect((s.done, s.failed, s.items) == (1, 1, 1))
        let record = try db.documentRecords()[0]
        #expect(record.pages[0].lineSources == [.textLayer: 1])
        #expect(record.pages[1].error?.hasPrefix("the PDF renderer (poppler) engine crashed") == true)
        // A failing outcome rolls the whole batch back: nothing of it is half stored.
        #expect(throws: DataScanError.self) {
            try db.record([
                .done(pageID: pending[2].pageID, analysis: done, storedLines: nil, seconds: 0.01),
                .done(
                    pageID: 999_999, analysis: ImageAnalysis(width: 1, height: 1, source: .textLayer, lines: [], items: [item]),
                    storedLines: nil, seconds: 0),
            ])
        }
        #expect(try db.pendingPages().map(\.pageID) == [pending[2].pageID])
    }
}
