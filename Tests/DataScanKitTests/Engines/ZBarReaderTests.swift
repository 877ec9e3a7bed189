import Testing

@testable import DataScanEngines
@testable import DataScanModel
@testable import DataScanRecognition

@Suite struct ZBarReaderTests {
    @Test func readsOnlyTheRequestedSymbologies() throws {
        let image = try ZintFixture.image("CODE128", data: "ZBAR-128")
        #expect(try ZBarReader(symbologies: [.code128]).read(image).map(\.text) == ["ZBAR-128"])
        #expect(try ZBarReader(symbologies: [.ean13, .qr]).read(image).isEmpty)
    }

    @Test func symbologiesZBarCannotReadAreLeftOut() throws {
        let reader = try ZBarReader(symbologies: [.dataMatrix, .aztec, .qr])
        #expect(reader.symbologies == [.qr])
        #expect(try ZBarReader(symbologies: [.dataMatrix]).read(ZintFixture.image("DATAMATRIX", data: "x")).isEmpty)
    }

    @Test func qrBytesAreRawAndBinaryIsFlagged() throws {
        let image = try ZintFixture.image("QRCODE", binary: [0x00, 0x01, 0xFF, 0xFE])
        let symbols = try ZBarReader(symbologies: [.qr]).read(image)
        #expect(symbols.map(\.bytes) == [[0x00, 0x01, 0xFF, 0xFE]])
        #expect(symbols.map(\.isBinary) == [true])
    }

    @Test func aCodeTurnedAQuarterGetsAQuadStartingAtItsTop() throws {
        let image = try ZintFixture.image("EANX", data: "590123412345").rotatedClockwise()
        let symbol = try #require(try ZBarReader(symbologies: [.ean13]).read(image).first)
        #expect(symbol.text == "5901234123457")
        // Read top to bottom: the code's top-left corner is on the right, its top-right below it.
        #expect(symbol.quad.topLeft.x > symbol.quad.bottomLeft.x)
        #expect(symbol.quad.topRight.y > symbol.quad.topLeft.y)
    }
}
