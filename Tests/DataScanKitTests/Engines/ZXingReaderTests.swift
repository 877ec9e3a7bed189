import Testing

@testable import DataScanEngines
@testable import DataScanModel

@Suite struct ZXingReaderTests {
    @Test func failedZXingAssertionsDoNotEndTheProcess() {
        // Debian's zxing-cpp 1.4 is built with assertions on; the shim must be the __assert_fail zxing binds to.
        #expect(ZXingReader.survivesAssertions)
        #expect(ZXingReader.version == "1.4.0")
    }

    @Test func readsSeveralIdenticalLinearCodesOneAtATime() throws {
        let code = try ZintFixture.image("EANX", data: "590123412345")
        var page = ZintFixture.blankPage(width: code.width * 2 + 200, height: code.height + 100)
        ZintFixture.paste(code, onto: &page, x: 50, y: 50)
        ZintFixture.paste(code, onto: &page, x: code.width + 150, y: 50)
        let symbols = try ZXingReader(symbologies: [.ean13]).read(page)
        #expect(symbols.map(\.text) == ["5901234123457", "5901234123457"])
        let centers = symbols.map(\.quad.center.x).sorted()
        #expect(centers.count == 2 && centers[0] < Double(code.width + 100) && centers[1] > Double(code.width + 100))
    }

    @Test func neverAsksZXingForDataBar() {
        #expect(!ZXingReader(symbologies: []).symbologies.contains(.gs1DataBar))
        #expect(ZXingReader(symbologies: [.gs1DataBar, .qr]).symbologies == [.qr])
    }

    @Test func anEmptyImageIsAnError() {
        #expect(throws: BarcodeEngineError.invalidImage(width: 0, height: 0)) {
            try ZXingReader(symbologies: []).read(GrayImage(width: 0, height: 0, pixels: []))
        }
    }
}
