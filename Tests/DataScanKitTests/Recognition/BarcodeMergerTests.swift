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
        merger.add(payload("A"), decoder: .zbar, quad: nearby, pass: 1)
        merger.add(payload("A"), decoder: .zxing, quad: here, pass: 1)
        let items = merger.items()
        #expect(items.count == 1)
        #expect(items.first?.confidence == 1.0)
        #expect(items.first?.bounds == here)
    }

    @Test func oneDecoderGivesLowerConfidence() {
        var merger = BarcodeMerger()
        merger.add(payload("A"), decoder: .zxing, quad: here, pass: 1)
        merger.add(payload("A"), decoder: .zxing, quad: nearby, pass: 2)
        #expect(merger.items().map(\.confidence) == [0.9])
    }

    @Test func theSamePayloadInTwoPlacesIsTwoItemsInReadingOrder() {
        var merger = BarcodeMerger()
        merger.add(payload("A"), decoder: .zxing, quad: elsewhere, pass: 1)
        merger.add(payload("A"), decoder: .zxing, quad: here, pass: 1)
        #expect(merger.items().map(\.bounds) == [here, elsewhere])
    }

    @Test func differentSymbologiesWithTheSameTextAreDifferentItems() {
        var merger = BarcodeMerger()
        merger.add(payload("12345670", .ean8), decoder: .zxing, quad: here, pass: 1, scanLines: 12)
        merger.add(payload("12345670", .code128), decoder: .zxing, quad: elsewhere, pass: 1)
        #expect(merger.items().map(\.symbology) == [.ean8, .code128])
    }

    @Test func aConflictingLinearReadAtTheSamePlaceLosesToTheBetterSupportedOne() {
        var merger = BarcodeMerger()
        merger.add(payload("RIGHT", .code128), decoder: .zxing, quad: here, pass: 1)
        merger.add(payload("RIGHT", .code128), decoder: .zbar, quad: here, pass: 1)
        merger.add(payload("WRONG", .code128), decoder: .zbar, quad: nearby, pass: 2)
        #expect(merger.items().map(\.normalized) == ["RIGHT"])
        #expect(merger.doubtful().count == 2)
    }

    @Test func twoEquallySupportedReadingsOfOneLinearCodeGiveNothing() {
        var merger = BarcodeMerger()
        merger.add(payload("5030159003930", .ean13), decoder: .zxing, quad: here, pass: 1, scanLines: 9)
        merger.add(payload("7034759003930", .ean13), decoder: .zxing, quad: nearby, pass: 1, scanLines: 9)
        #expect(merger.items().isEmpty)
        // A second read of one of them decides.
        merger.add(payload("5030159003930", .ean13), decoder: .zxing, quad: here, pass: 2, scanLines: 3)
        #expect(merger.items().map(\.normalized) == ["5030159003930"])
    }

    @Test func aVerifiedCheckCharacterWinsAConflict() {
        var merger = BarcodeMerger()
        merger.add(payload("CODE39W", .code39), decoder: .zxing, quad: here, pass: 1, hasCheckCharacter: true)
        merger.add(payload("CODE39X", .code39), decoder: .zxing, quad: nearby, pass: 1)
        merger.add(payload("CODE39X", .code39), decoder: .zbar, quad: nearby, pass: 1)
        #expect(merger.items().map(\.normalized) == ["CODE39W"])
    }

    @Test func overlapping2DCodesAreBothKept() {
        // A QR code printed inside another (as on zxing-cpp's qrcode-2/16).
        var merger = BarcodeMerger()
        merger.add(payload("outer"), decoder: .zxing, quad: Quad(Rect(x: 0, y: 0, width: 400, height: 400)), pass: 1)
        merger.add(payload("inner"), decoder: .zxing, quad: Quad(Rect(x: 150, y: 150, width: 100, height: 100)), pass: 1)
        #expect(merger.items().map(\.normalized) == ["outer", "inner"])
    }

    @Test func aLinearReadInsideA2DCodeIsDropped() {
        var merger = BarcodeMerger()
        merger.add(payload("matrix", .dataMatrix), decoder: .zxing, quad: here, pass: 1)
        merger.add(payload("A1B", .codabar), decoder: .zbar, quad: nearby, pass: 1)
        merger.add(payload("A1B", .codabar), decoder: .zxing, quad: nearby, pass: 1)
        #expect(merger.items().map(\.normalized) == ["matrix"])
    }

    @Test func anEANOnFewScanLinesNeedsASecondRead() {
        var merger = BarcodeMerger()
        merger.add(payload("5901234123457", .ean13), decoder: .zxing, quad: here, pass: 1, scanLines: 3)
        merger.add(payload("4006381333931", .ean13), decoder: .zxing, quad: elsewhere, pass: 1, scanLines: 12)
        #expect(merger.items().map(\.normalized) == ["4006381333931"])
        #expect(merger.doubtful().map(\.payload.normalized) == ["5901234123457"])
        merger.add(payload("5901234123457", .ean13), decoder: .zbar, quad: nearby, pass: 1, scanLines: 2)
        #expect(merger.items().map(\.normalized) == ["5901234123457", "4006381333931"])
    }

    @Test func shortITFNeedsASecondRead() {
        var merger = BarcodeMerger()
        merger.add(payload("0829220876", .itf), decoder: .zbar, quad: here, pass: 1)
        merger.add(payload("12345678901231", .itf), decoder: .zbar, quad: elsewhere, pass: 1)
        #expect(merger.items().map(\.normalized) == ["12345678901231"])
        merger.add(payload("0829220876", .itf), decoder: .zbar, quad: nearby, pass: 2)
        #expect(merger.items().map(\.normalized) == ["0829220876", "12345678901231"])
    }

    /// zbar assembles DataBar finder pairs from anywhere on a page of small text: alone and once, it proves nothing.
    @Test func aDataBarOnlyZbarReadOnceNeedsASecondRead() {
        var merger = BarcodeMerger()
        merger.add(payload("(01)08656149275360", .gs1DataBar), decoder: .zbar, quad: here, pass: 1)
        merger.add(payload("(01)90012345678908", .gs1DataBar), decoder: .zxing, quad: elsewhere, pass: 1)
        #expect(merger.items().map(\.normalized) == ["(01)90012345678908"])
        #expect(merger.doubtful().map(\.payload.normalized) == ["(01)08656149275360"])
        merger.add(payload("(01)08656149275360", .gs1DataBar), decoder: .zbar, quad: nearby, pass: 2)
        #expect(merger.items().map(\.normalized) == ["(01)08656149275360", "(01)90012345678908"])
    }
}
