import Foundation
import Testing

@testable import DataScanModel
@testable import DataScanOutput

@Suite struct ManifestWriterTests {
    private let tool = [("name", "datascan"), ("version", "1.0.0"), ("tesseract", "5.3.0"), ("zxing", "1.4.0")]
    private let job = #"{"jobs":2,"languages":["en"],"quality":"balanced","region":"US","types":["url","phone","price"]}"#

    private var summary: JobSummary {
        var summary = JobSummary()
        summary.documents = 2
        summary.pages = 2
        summary.done = 1
        summary.failed = 1
        summary.items = 2
        summary.byType = ["price": 1, "phone": 1]
        summary.elapsedSeconds = 3.14159
        return summary
    }

    private let documents = [
        DocumentRecord(
            path: "scans/receipt 1.png", sha256: String(repeating: "ab", count: 32), status: .partial, error: nil,
            pages: [
                PageRecord(
                    page: 1, status: .failed, error: "timed out after 120 s: try --page-timeout 300"),
                {
                    var page = PageRecord(
                        page: 2, status: .done, width: 2480, height: 3508, source: .ocr, seconds: 1.23456,
                        items: [OutputFixtures.phone, OutputFixtures.total])
                    page.lineSources = [.tesseract: 41, .ppocr: 2]
                    return page
                }(),
            ]),
        DocumentRecord(
            path: "broken.pdf", sha256: nil, status: .failed,
            error: "encrypted PDF: decrypt it first, e.g. `qpdf --decrypt in.pdf out.pdf`", pages: []),
    ]

    private func manifestText() throws -> String {
        try written { try ManifestWriter.write(tool: tool, job: job, summary: summary, documents: documents, to: &$0) }
    }

    /// Every key of the contract's schema, with its JSON type, read back by Foundation's parser.
    @Test func roundTripsThroughJSONSerialization() throws {
        let text = try manifestText()
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(root.keys) == ["tool", "job", "summary", "documents"])

        let toolObject = try #require(root["tool"] as? [String: String])
        #expect(toolObject == ["name": "datascan", "version": "1.0.0", "tesseract": "5.3.0", "zxing": "1.4.0"])

        let jobObject = try #require(root["job"] as? [String: Any])
        #expect(jobObject["types"] as? [String] == ["url", "phone", "price"])
        #expect(jobObject["languages"] as? [String] == ["en"])
        #expect(jobObject["region"] as? String == "US")
        #expect(jobObject["quality"] as? String == "balanced")
        #expect(jobObject["jobs"] as? Int == 2)

        let summaryObject = try #require(root["summary"] as? [String: Any])
        #expect(
            Set(summaryObject.keys) == ["documents", "pages", "done", "partial", "failed", "skipped", "items", "byType", "elapsedSeconds"])
        #expect(summaryObject["documents"] as? Int == 2)
        #expect(summaryObject["pages"] as? Int == 2)
        #expect(summaryObject["done"] as? Int == 1)
        #expect(summaryObject["failed"] as? Int == 1)
        #expect(summaryObject["skipped"] as? Int == 0)
        #expect(summaryObject["items"] as? Int == 2)
        #expect(summaryObject["byType"] as? [String: Int] == ["phone": 1, "price": 1])
        #expect(summaryObject["elapsedSeconds"] as? Double == 3.142)

        let documentList = try #require(root["documents"] as? [[String: Any]])
        #expect(documentList.count == 2)
        let documentKeys: Set<String> = ["path", "sha256", "status", "error", "pages"]

        let first = documentList[0]
        #expect(Set(first.keys) == documentKeys)
        #expect(first["path"] as? String == "scans/receipt 1.png")
        #expect(first["sha256"] as? String == String(repeating: "ab", count: 32))
        #expect(first["status"] as? String == "partial")
        #expect(first["error"] is NSNull)
        let pages = try #require(first["pages"] as? [[String: Any]])
        #expect(pages.count == 2)
        let pageKeys: Set<String> = ["page", "status", "width", "height", "source", "lines", "seconds", "error", "warning", "items"]

        let failedPage = pages[0]
        #expect(Set(failedPage.keys) == pageKeys)
        #expect(failedPage["page"] as? Int == 1)
        #expect(failedPage["status"] as? String == "failed")
        for key in ["width", "height", "source", "lines", "seconds"] { #expect(failedPage[key] is NSNull, "\(key)") }
        #expect(failedPage["error"] as? String == "timed out after 120 s: try --page-timeout 300")
        #expect((failedPage["items"] as? [Any])?.isEmpty == true)

        let donePage = pages[1]
        #expect(Set(donePage.keys) == pageKeys)
        #expect(donePage["page"] as? Int == 2)
        #expect(donePage["status"] as? String == "done")
        #expect(donePage["width"] as? Int == 2480)
        #expect(donePage["height"] as? Int == 3508)
        #expect(donePage["source"] as? String == "ocr")
        #expect(donePage["lines"] as? [String: Int] == ["tesseract": 41, "ppocr": 2])
        #expect(donePage["seconds"] as? Double == 1.235)
        #expect(donePage["error"] is NSNull)
        let items = try #require(donePage["items"] as? [[String: Any]])
        #expect(items.count == 2)
        let itemKeys: Set<String> = ["item", "kind", "type", "value", "normalized", "label", "confidence", "quad", "order"]
        #expect(Set(items[0].keys) == itemKeys)
        #expect(items[0]["item"] as? String == "t-1a2b")
        #expect(items[0]["kind"] as? String == "text")
        #expect(items[0]["type"] as? String == "phone")
        #expect(items[0]["value"] as? String == "+1 (650) 253-0000")
        #expect(items[0]["normalized"] as? String == "+16502530000")
        #expect(items[0]["label"] is NSNull)
        #expect(items[0]["confidence"] as? Double == 0.93)
        #expect(items[0]["quad"] as? [[Double]] == [[100, 200], [340.5, 200], [340.5, 236], [100, 236]])
        #expect(items[0]["order"] as? Int == 3)
        #expect(Set(items[1].keys) == itemKeys)
        #expect(items[1]["label"] as? String == "total")

        let failedDocument = documentList[1]
        #expect(Set(failedDocument.keys) == documentKeys)
        #expect(failedDocument["path"] as? String == "broken.pdf")
        #expect(failedDocument["sha256"] is NSNull)
        #expect(failedDocument["status"] as? String == "failed")
        #expect(failedDocument["error"] as? String == "encrypted PDF: decrypt it first, e.g. `qpdf --decrypt in.pdf out.pdf`")
        #expect((failedDocument["pages"] as? [Any])?.isEmpty == true)
    }

    @Test func keysComeInTheContractsOrder() throws {
        let text = try manifestText()
        let positions = ["\"tool\"", "\"job\"", "\"summary\"", "\"documents\": ["].map { text.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        // byType is sorted for reproducible files, whatever the dictionary's order.
        #expect(text.contains("\"byType\": {\n      \"phone\": 1,\n      \"price\": 1\n    }"))
    }

    @Test func smallManifestIsExact() throws {
        var summary = JobSummary()
        summary.documents = 1
        summary.pages = 1
        summary.done = 1
        summary.items = 1
        summary.byType = ["qr": 1]
        let document = DocumentRecord(
            path: "b.pdf", sha256: "00ff", status: .done, error: nil,
            pages: [PageRecord(page: 1, status: .done, width: 10, height: 20, source: .textLayer, seconds: 0, items: [OutputFixtures.qr])])
        let text = try written {
            try ManifestWriter.write(tool: [("name", "datascan")], job: #"{"jobs":1}"#, summary: summary, documents: [document], to: &$0)
        }
        #expect(
            text == """
                {
                  "tool": {
                    "name": "datascan"
                  },
                  "job": {"jobs":1},
                  "summary": {
                    "documents": 1,
                    "pages": 1,
                    "done": 1,
                    "partial": 0,
                    "failed": 0,
                    "skipped": 0,
                    "items": 1,
                    "byType": {
                      "qr": 1
                    },
                    "elapsedSeconds": 0
                  },
                  "documents": [
                    {
                      "path": "b.pdf",
                      "sha256": "00ff",
                      "status": "done",
                      "error": null,
                      "pages": [
                        {
                          "page": 1,
                          "status": "done",
                          "width": 10,
                          "height": 20,
                          "source": "text-layer",
                          "lines": {},
                          "seconds": 0,
                          "error": null,
                          "warning": null,
                          "items": [
                            {"item": "b-77", "kind": "barcode", "type": "qr", "value": "=HYPERLINK(\\"http://x\\")", \
                "normalized": "=HYPERLINK(\\"http://x\\")", "label": null, "confidence": 1, \
                "quad": [[0, 0], [10, 0], [10, 10], [0, 10]], "order": 0}
                          ]
                        }
                      ]
                    }
                  ]
                }

                """)
    }

    @Test func writesTheFileAtomically() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("manifest.json")
        try ManifestWriter.write(to: path, tool: tool, job: job, summary: summary, documents: documents)
        #expect(try folder.contents() == ["manifest.json"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == (try manifestText()))
    }
}
