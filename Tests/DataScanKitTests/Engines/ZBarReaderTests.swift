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

    /// At density 3 zbar scans every third row and column: a third of the scan lines cross the code, and the reader
    /// goes back to every line when asked (the setting lives in the reused scanner).
    @Test func scanLineDensityScansEveryNthLineAndIsResetPerRead() throws {
        let image = try ZintFixture.image("CODE128", data: "DENSE-3")
        let reader = try ZBarReader(symbologies: [.code128])
        let every = try #require(try reader.read(image).first)
        let third = try #require(try reader.read(image, density: 3).first)
        #expect(every.text == "DENSE-3" && third.text == "DENSE-3")
        #expect(every.scanLines >= 20)
        #expect(abs(third.scanLines * 3 - every.scanLines) <= 3, "\(third.scanLines) of \(every.scanLines)")
        #expect(try reader.read(image).first?.scanLines == every.scanLines)
    }

    /// The full-resolution retry scans about as many lines across a code as the working copy did.
    @Test func theRetryScansFewerLinesTheLargerThePage() {
        #expect(BarcodeRecognizer.retryScanLineDensity(scale: 1) == 1)
        #expect(BarcodeRecognizer.retryScanLineDensity(scale: 1.35) == 2)  // a 2,160 px receipt photo
        #expect(BarcodeRecognizer.retryScanLineDensity(scale: 2.19) == 3)  // a 300 dpi A4 scan
        #expect(BarcodeRecognizer.retryScanLineDensity(scale: 4.4) == 3)  // 600 dpi
    }
}
