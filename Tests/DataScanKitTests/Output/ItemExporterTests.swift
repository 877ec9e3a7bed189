import Foundation
import Testing

@testable import DataScanModel
@testable import DataScanOutput

@Suite struct ItemExporterTests {
    private let records = [OutputFixtures.phone, OutputFixtures.total]

    private let phoneObject =
        #"{"document":"scans/receipt 1.png","page":2,"item":"t-1a2b","kind":"text","type":"phone","value":"+1 (650) 253-0000","normalized":"+16502530000","label":null,"confidence":0.93,"quad":[[100,200],[340.5,200],[340.5,236],[100,236]],"order":3}"#
    private let totalObject =
        #"{"document":"scans/receipt 1.png","page":2,"item":"t-9f00","kind":"text","type":"price","value":"$1,234.50","normalized":"1234.50 USD","label":"total","confidence":0.877,"quad":[[-3.3,10],[50,10],[50,30],[-3.3,30]],"order":4}"#

    @Test func jsonLinesHaveOneCompactObjectPerLine() throws {
        let text = try written { try ItemExporter.write(records, format: .jsonl, to: &$0) }
        #expect(text == phoneObject + "\n" + totalObject + "\n")
        for line in text.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?.count == 11)
        }
    }

    @Test func jsonIsAnArrayWithOneObjectPerLine() throws {
        let text = try written { try ItemExporter.write(records, format: .json, to: &$0) }
        #expect(
            text == """
                [
                  {"document": "scans/receipt 1.png", "page": 2, "item": "t-1a2b", "kind": "text", "type": "phone", \
                "value": "+1 (650) 253-0000", "normalized": "+16502530000", "label": null, "confidence": 0.93, \
                "quad": [[100, 200], [340.5, 200], [340.5, 236], [100, 236]], "order": 3},
                  {"document": "scans/receipt 1.png", "page": 2, "item": "t-9f00", "kind": "text", "type": "price", \
                "value": "$1,234.50", "normalized": "1234.50 USD", "label": "total", "confidence": 0.877, \
                "quad": [[-3.3, 10], [50, 10], [50, 30], [-3.3, 30]], "order": 4}
                ]

                """)
        let array = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
        #expect(array?.count == 2)
        #expect(array?.first?["value"] as? String == "+1 (650) 253-0000")
        #expect(array?.first?["label"] is NSNull)
        #expect(array?.last?["label"] as? String == "total")
    }

    @Test func csvHasHeaderAndItemsCSVRows() throws {
        let text = try written { try ItemExporter.write(records, format: .csv, to: &$0) }
        let rows = try written { sink in
            for record in records { try ItemsCSV.write(record, to: &sink) }
        }
        #expect(text == ItemsCSV.header + "\r\n" + rows)
    }

    @Test func emptyExportsAreStillValid() throws {
        let json = try written { try ItemExporter.write([], format: .json, to: &$0) }
        let jsonLines = try written { try ItemExporter.write([], format: .jsonl, to: &$0) }
        let csv = try written { try ItemExporter.write([], format: .csv, to: &$0) }
        #expect(json == "[]\n")
        #expect(jsonLines == "")
        #expect(csv == ItemsCSV.header + "\r\n")
    }

    @Test func formatsParseFromTheirNames() {
        #expect(ExportFormat(rawValue: "jsonl") == .jsonl)
        #expect(ExportFormat(rawValue: "xml") == nil)
        #expect(ExportFormat.allCases.map(\.rawValue) == ["csv", "json", "jsonl"])
    }

    @Test func writesAFileThatEqualsTheStreamedOutput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let records = [OutputFixtures.qr, OutputFixtures.phone]
        try ItemExporter.write(records, format: .csv, toFile: folder.file("items.csv"))
        let expected = try written { try ItemExporter.write(records, format: .csv, to: &$0) }
        #expect(try String(contentsOfFile: folder.file("items.csv"), encoding: .utf8) == expected)
        #expect(try folder.contents() == ["items.csv"])
    }
}
