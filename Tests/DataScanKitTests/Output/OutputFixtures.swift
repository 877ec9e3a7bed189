import Foundation

@testable import DataScanModel
@testable import DataScanOutput

/// Records and folders shared by the Output tests.
enum OutputFixtures {
    /// A phone number whose page form would run as a formula in a spreadsheet.
    static let phone = ItemRecord(
        document: "scans/receipt 1.png", page: 2,
        item: .text(
            RecognizedItem.Text(
                id: "t-1a2b", transcript: "+1 (650) 253-0000", contentType: .telephoneNumber,
                normalized: "+16502530000", confidence: 0.93,
                bounds: Quad(
                    topLeft: Point(x: 100, y: 200), topRight: Point(x: 340.5, y: 200),
                    bottomRight: Point(x: 340.5, y: 236.04), bottomLeft: Point(x: 100, y: 236.04)))),
        order: 3)

    /// A labelled price with a comma in its value and a negative, rounded corner.
    static let total = ItemRecord(
        document: "scans/receipt 1.png", page: 2,
        item: .text(
            RecognizedItem.Text(
                id: "t-9f00", transcript: "$1,234.50", contentType: .currency, normalized: "1234.50 USD",
                label: .total, confidence: 0.8766,
                bounds: Quad(
                    topLeft: Point(x: -3.25, y: 10), topRight: Point(x: 50, y: 10),
                    bottomRight: Point(x: 50, y: 30), bottomLeft: Point(x: -3.25, y: 30)))),
        order: 4)

    /// A QR code whose payload is a formula with quotes.
    static let qr = ItemRecord(
        document: "b.pdf", page: 1,
        item: .barcode(
            RecognizedItem.Barcode(
                id: "b-77", symbology: .qr, payloadStringValue: "=HYPERLINK(\"http://x\")",
                payload: Array("=HYPERLINK(\"http://x\")".utf8), normalized: "=HYPERLINK(\"http://x\")",
                confidence: 1, bounds: Quad(Rect(x: 0, y: 0, width: 10, height: 10)))),
        order: 0)
}

/// A fresh folder under the system's temporary folder, removed by ``remove()``.
struct TemporaryFolder {
    let path: String

    init() throws {
        path = TestFolders.root + "/datascan-output-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Runs `body` on an in-memory sink and returns what it wrote.
func written(_ body: (inout OutputSink) throws -> Void) rethrows -> String {
    var sink = OutputSink.inMemory()
    try body(&sink)
    return sink.text
}
