import Testing

@testable import DataScanDetection
@testable import DataScanModel
@testable import DataScanRecognition

@Suite struct ItemAssemblerTests {
    func line(_ text: String, at y: Double, x: Double = 0) -> RecognizedLine {
        RecognizedLine(words: [
            RecognizedWord(text: text, bounds: Quad(Rect(x: x, y: y, width: Double(text.count * 10), height: 20)), confidence: 0.95)
        ])
    }

    func barcode(_ payload: String, x: Double, y: Double) -> RecognizedItem.Barcode {
        .init(
            symbology: .qr, payloadStringValue: payload, payload: Array(payload.utf8), normalized: payload, confidence: 1,
            bounds: Quad(Rect(x: x, y: y, width: 50, height: 50)))
    }

    @Test func readingOrderIsRowsTopToBottomThenLeftToRight() {
        var config = ScanConfiguration()
        config.types = ItemTypeSelection(lines: true, symbologies: [.qr])
        let items = ItemAssembler(configuration: config).items(
            lines: [line("second row", at: 100, x: 300), line("first", at: 0)],
            barcodes: [barcode("B", x: 0, y: 90)], pageWidth: 1000, pageHeight: 1000, documentKey: "d", page: 1)
        #expect(items.map(\.value) == ["first", "B", "second row"])
    }

    @Test func idsAreStableAndDistinctForRepeatedValues() {
        var config = ScanConfiguration()
        config.types = ItemTypeSelection(lines: true)
        let assembler = ItemAssembler(configuration: config)
        let lines = [line("same", at: 0), line("same", at: 50)]
        let a = assembler.items(lines: lines, barcodes: [], pageWidth: 100, pageHeight: 100, documentKey: "d", page: 1)
        let b = assembler.items(lines: lines, barcodes: [], pageWidth: 100, pageHeight: 100, documentKey: "d", page: 1)
        #expect(a.map(\.id) == b.map(\.id))
        #expect(Set(a.map(\.id)).count == 2)
        let otherPage = assembler.items(lines: lines, barcodes: [], pageWidth: 100, pageHeight: 100, documentKey: "d", page: 2)
        #expect(otherPage[0].id != a[0].id)
        #expect(StableHash.hex("abc") == "e71fa2190541574b")
    }

    @Test func regionOfInterestDropsItemsOutside() {
        var config = ScanConfiguration()
        config.types = ItemTypeSelection(lines: true)
        config.regionOfInterest = Rect(x: 0, y: 0.5, width: 1, height: 0.5)
        let items = ItemAssembler(configuration: config).items(
            lines: [line("top", at: 10), line("bottom", at: 800)], barcodes: [], pageWidth: 1000, pageHeight: 1000, documentKey: "d",
            page: 1)
        #expect(items.map(\.value) == ["bottom"])
    }

    @Test func singleKeepsTheMostProminentItemPerType() {
        var config = ScanConfiguration()
        config.types = ItemTypeSelection(lines: true, symbologies: [.qr])
        config.single = true
        let items = ItemAssembler(configuration: config).items(
            lines: [line("a", at: 10), line("much longer line", at: 100)],
            barcodes: [barcode("x", x: 0, y: 300), barcode("y", x: 100, y: 300)], pageWidth: 1000, pageHeight: 1000, documentKey: "d",
            page: 1)
        #expect(items.map(\.value) == ["much longer line", "x"])
    }
}
