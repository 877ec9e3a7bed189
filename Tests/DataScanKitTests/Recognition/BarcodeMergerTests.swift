import Testing

@testable import DataScanModel
@testable import DataScanRecognition

@Suite struct BarcodeMergerTests {
    func payload(_ value: String, _ symbology: Symbology = .qr) -> BarcodePayload.Normalized {
        BarcodePayload.Normalized(symbology: symbology, payloadStringValue: value, payload: Array(value.utf8), normalized: value)
    }

    let here = Quad(Rect(x: 100, y: 100, width: 200, height: 200))
    let nearby = Quad(Rect(x: 110, y: 105, width: 200, height: 200))
    let elsewhere = Quad(Rect(x: 800, y: 900, width: 200, height: 200))

    @Test func readsOfOneCodeByBothDecodersMergeWithFullConfidenceAndZXingsQuad() {
        var merger = BarcodeMerger()
        merger.add(payload("A"), decoder: .zbar, quad: nearby)
        merger.add(payload("A"), decoder: .zxing, quad: here)
        let items = merger.items()
        #expect(items.count == 1)
        #expect(items.first?.confidence == 1.0)
        #expect(items.first?.bounds == here)
    }

    @Test func oneDecoderGivesLowerConfidence() {
        var merger = BarcodeMerger()
        merger.add(payload("A"), decoder: .zxing, quad: here)
        merger.add(payload("A"), decoder: .zxing, quad: nearby)
        #expect(merger.items().map(\.confidence) == [0.9])
    }

    @Test func theSamePayloadInTwoPlacesIsTwoItemsInReadingOrder() {
        var merger = BarcodeMerger()
        merger.add(payload("A"), decoder: .zxing, quad: elsewhere)
        merger.add(payload("A"), decoder: .zxing, quad: here)
        #expect(merger.items().map(\.bounds) == [here, elsewhere])
    }

    @Test func differentSymbologiesWithTheSameTextAreDifferentItems() {
        var merger = BarcodeMerger()
        merger.add(payload("12345670", .ean8), decoder: .zxing, quad: here)
        merger.add(payload("12345670", .code128), decoder: .zxing, quad: elsewhere)
        #expect(merger.items().map(\.symbology) == [.ean8, .code128])
    }

    @Test func aConflictingReadAtTheSamePlaceLosesToTheBetterSupportedOne() {
        var merger = BarcodeMerger()
        merger.add(payload("RIGHT"), decoder: .zxing, quad: here)
        merger.add(payload("RIGHT"), decoder: .zbar, quad: here)
        merger.add(payload("WRONG"), decoder: .zbar, quad: nearby)
        #expect(merger.items().map(\.normalized) == ["RIGHT"])
    }

    @Test func shortITFNeedsBothDecoders() {
        var merger = BarcodeMerger()
        merger.add(payload("0829220876", .itf), decoder: .zbar, quad: here)
        merger.add(payload("12345678901231", .itf), decoder: .zbar, quad: elsewhere)
        #expect(merger.items().map(\.normalized) == ["12345678901231"])
        merger.add(payload("0829220876", .itf), decoder: .zxing, quad: nearby)
        #expect(merger.items().map(\.normalized) == ["0829220876", "12345678901231"])
    }

    @Test func shortITFFromTheOnlyActiveDecoderIsKept() {
        var merger = BarcodeMerger(activeDecoders: [.zbar])
        merger.add(payload("0829220876", .itf), decoder: .zbar, quad: here)
        #expect(merger.items().map(\.normalized) == ["0829220876"])
    }
}
