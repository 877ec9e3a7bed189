import Testing

@testable import DataScanEngines
@testable import DataScanInput
@testable import DataScanModel
@testable import DataScanRecognition

@Suite struct BarcodeRecognizerTests {
    /// One zint rendering and what the recognizer must make of it.
    struct Case: CustomTestStringConvertible, Sendable {
        var zintType: String
        var data: String
        var binary: [UInt8]? = nil
        var symbology: Symbology
        var normalized: String
        var testDescription: String { "\(zintType) → \(symbology.rawValue) \(normalized)" }
    }

    static let cases: [Case] = [
        Case(zintType: "QRCODE", data: "https://example.com/a?b=1", symbology: .qr, normalized: "https://example.com/a?b=1"),
        Case(zintType: "QRCODE", data: "", binary: [0x00, 0x01, 0xFF, 0xFE, 0x80], symbology: .qr, normalized: "hex:0001fffe80"),
        Case(zintType: "MICROQR", data: "12345", symbology: .microQR, normalized: "12345"),
        Case(zintType: "DATAMATRIX", data: "DataMatrix 42", symbology: .dataMatrix, normalized: "DataMatrix 42"),
        Case(zintType: "PDF417", data: "PDF417 sample text", symbology: .pdf417, normalized: "PDF417 sample text"),
        Case(zintType: "AZTEC", data: "Aztec sample", symbology: .aztec, normalized: "Aztec sample"),
        Case(zintType: "EANX", data: "590123412345", symbology: .ean13, normalized: "5901234123457"),
        Case(zintType: "EANX", data: "1234567", symbology: .ean8, normalized: "12345670"),
        Case(zintType: "UPCA", data: "01234567890", symbology: .upca, normalized: "012345678905"),
        Case(zintType: "UPCE", data: "0123456", symbology: .upce, normalized: "01234565"),
        Case(zintType: "CODE128", data: "Hello-128 abc", symbology: .code128, normalized: "Hello-128 abc"),
        Case(zintType: "GS1_128", data: "[01]98898765432106[10]ABC12", symbology: .code128, normalized: "(01)98898765432106(10)ABC12"),
        Case(zintType: "CODE39", data: "CODE39 TEST", symbology: .code39, normalized: "CODE39 TEST"),
        Case(zintType: "CODE93", data: "CODE93TEST", symbology: .code93, normalized: "CODE93TEST"),
        Case(zintType: "CODABAR", data: "A123456B", symbology: .codabar, normalized: "123456"),
        Case(zintType: "ITF14", data: "1234567890123", symbology: .itf, normalized: "12345678901231"),
        Case(zintType: "C25INTER", data: "12345678", symbology: .itf, normalized: "12345678"),
        Case(zintType: "DBAR_OMN", data: "2001234567890", symbology: .gs1DataBar, normalized: "(01)20012345678909"),
        Case(
            zintType: "DBAR_EXP", data: "[01]98898765432106[3202]012345[15]991231", symbology: .gs1DataBarExpanded,
            normalized: "(01)98898765432106(3202)012345(15)991231"),
        Case(
            zintType: "DBAR_EXP", data: "[01]98898765432106[10]LOT7[15]991231", symbology: .gs1DataBarExpanded,
            normalized: "(01)98898765432106(10)LOT7(15)991231"),
    ]

    @Test(arguments: cases)
    func decodesEachSymbologyWithItsNormalizedValue(_ test: Case) throws {
        let image = try ZintFixture.image(test.zintType, data: test.data, binary: test.binary)
        let recognizer = try BarcodeRecognizer(symbologies: [], quality: .balanced)
        let items = try recognizer.recognize(image)
        #expect(items.map(\.symbology) == [test.symbology])
        #expect(items.map(\.normalized) == [test.normalized])
        let ink = try #require(ZintFixture.inkBox(of: image))
        for item in items {
            #expect(ZintFixture.quad(item.bounds, covers: ink), "quad \(item.bounds.corners) vs code \(ink)")
        }
    }

    @Test func bothDecodersAgreeingGiveFullConfidence() throws {
        let image = try ZintFixture.image("EANX", data: "590123412345")
        let items = try BarcodeRecognizer(symbologies: [.ean13], quality: .fast).recognize(image)
        #expect(items.count == 1)
        #expect(items.first?.confidence == 1.0)
        #expect(items.first?.payloadStringValue == "5901234123457")
    }

    @Test func eachDecoderAloneReadsWhatItSupports() throws {
        let recognizer = try BarcodeRecognizer(symbologies: [], quality: .balanced)
        let ean = try ZintFixture.image("EANX", data: "590123412345")
        #expect(try recognizer.recognize(ean, decoders: [.zbar]).map(\.normalized) == ["5901234123457"])
        #expect(try recognizer.recognize(ean, decoders: [.zxing]).map(\.normalized) == ["5901234123457"])
        #expect(try recognizer.recognize(ean, decoders: [.zbar]).first?.confidence == 0.9)
        // zbar has no Data Matrix reader.
        let matrix = try ZintFixture.image("DATAMATRIX", data: "only zxing")
        #expect(try recognizer.recognize(matrix, decoders: [.zbar]).isEmpty)
        #expect(try recognizer.recognize(matrix, decoders: [.zxing]).map(\.normalized) == ["only zxing"])
    }

    @Test func upcaIsReportedAsEAN13WhenOnlyEAN13IsRequested() throws {
        let image = try ZintFixture.image("UPCA", data: "01234567890")
        let asEAN = try BarcodeRecognizer(symbologies: [.ean13], quality: .balanced).recognize(image)
        #expect(asEAN.map(\.symbology) == [.ean13])
        #expect(asEAN.map(\.normalized) == ["0012345678905"])
        let asUPC = try BarcodeRecognizer(symbologies: [.upca], quality: .balanced).recognize(image)
        #expect(asUPC.map(\.normalized) == ["012345678905"])
    }

    @Test func symbologiesNotRequestedAreNotReported() throws {
        let image = try ZintFixture.image("QRCODE", data: "not wanted")
        #expect(try BarcodeRecognizer(symbologies: [.ean13, .code128], quality: .accurate).recognize(image).isEmpty)
    }

    @Test(arguments: QualityLevel.allCases)
    func blankPageYieldsNothing(_ quality: QualityLevel) throws {
        let page = ZintFixture.blankPage(width: 2000, height: 2600)
        #expect(try BarcodeRecognizer(symbologies: [], quality: quality).recognize(page).isEmpty)
        #expect(try BarcodeRecognizer(symbologies: [], quality: quality).recognize(GrayImage(width: 0, height: 0, pixels: [])).isEmpty)
    }

    /// A page with four codes of different kinds, and where each was pasted.
    static func composedPage() throws -> (page: GrayImage, expected: [(Symbology, String, Rect)]) {
        var page = ZintFixture.blankPage(width: 2400, height: 3000)
        let parts: [(String, String, Int, Int, Symbology, String)] = [
            ("QRCODE", "first code", 200, 200, .qr, "first code"),
            ("EANX", "590123412345", 1300, 300, .ean13, "5901234123457"),
            ("CODE128", "SHIP-0042", 250, 1900, .code128, "SHIP-0042"),
            ("DATAMATRIX", "matrix four", 1600, 2200, .dataMatrix, "matrix four"),
        ]
        var expected: [(Symbology, String, Rect)] = []
        for (type, data, x, y, symbology, normalized) in parts {
            let code = try ZintFixture.image(type, data: data)
            ZintFixture.paste(code, onto: &page, x: x, y: y)
            expected.append((symbology, normalized, try #require(ZintFixture.inkBox(of: code, offsetX: x, offsetY: y))))
        }
        return (page, expected)
    }

    @Test(arguments: [QualityLevel.balanced, .accurate])
    func findsEveryCodeOnAComposedPage(_ quality: QualityLevel) throws {
        let (page, expected) = try Self.composedPage()
        let items = try BarcodeRecognizer(symbologies: [], quality: quality).recognize(page)
        #expect(items.count == expected.count)
        for (symbology, normalized, ink) in expected {
            let item = items.first { $0.symbology == symbology && $0.normalized == normalized }
            #expect(item != nil, "missing \(symbology) \(normalized)")
            if let item { #expect(ZintFixture.quad(item.bounds, covers: ink), "\(normalized): \(item.bounds.corners) vs \(ink)") }
        }
        // Reading order: top to bottom.
        #expect(items.map(\.normalized) == ["first code", "5901234123457", "SHIP-0042", "matrix four"])
    }

    @Test func findsCodesOnAPageTurnedAQuarter() throws {
        let (page, expected) = try Self.composedPage()
        let turned = page.rotatedClockwise()
        let items = try BarcodeRecognizer(symbologies: [], quality: .balanced).recognize(turned)
        #expect(Set(items.map(\.normalized)) == Set(expected.map(\.1)))
        for (symbology, normalized, ink) in expected {
            // (x, y) on the page is (height - 1 - y, x) on the turned page.
            let turnedInk = Rect(x: Double(page.height) - ink.maxY, y: ink.minX, width: ink.height, height: ink.width)
            guard let item = items.first(where: { $0.symbology == symbology && $0.normalized == normalized }) else { continue }
            #expect(ZintFixture.quad(item.bounds, covers: turnedInk), "\(normalized): \(item.bounds.corners) vs \(turnedInk)")
        }
        // The linear codes read top to bottom now: their quads start at the top-right corner.
        let ean = try #require(items.first { $0.symbology == .ean13 })
        #expect(ean.bounds.topLeft.x > ean.bounds.bottomLeft.x + 10 || ean.bounds.topLeft.x > ean.bounds.center.x)
        #expect(ean.bounds.topLeft.y < ean.bounds.center.y)
    }

    @Test func findsASmallCodeOnALargePage() throws {
        var page = ZintFixture.blankPage(width: 3500, height: 4600)
        let code = try ZintFixture.image("QRCODE", data: "tiny", scale: 2)
        ZintFixture.paste(code, onto: &page, x: 2900, y: 4100)
        let ink = try #require(ZintFixture.inkBox(of: code, offsetX: 2900, offsetY: 4100))
        let items = try BarcodeRecognizer(symbologies: [.qr], quality: .balanced).recognize(page)
        #expect(items.map(\.normalized) == ["tiny"])
        if let item = items.first { #expect(ZintFixture.quad(item.bounds, covers: ink)) }
    }

    /// A small linear code printed sideways on a large page: the full-resolution retry reads it (zbar scans both
    /// axes there; zxing's rotated pass is left to the working copy, where it costs a fifth).
    @Test(arguments: [("CODE128", Symbology.code128, "SIDE-42"), ("EANX", .ean13, "4006381333931")])
    func findsASmallSidewaysLinearCodeOnALargePage(_ type: String, _ symbology: Symbology, _ data: String) throws {
        var page = ZintFixture.blankPage(width: 3500, height: 4600)
        let code = try ZintFixture.image(type, data: data, scale: 2).rotatedClockwise()
        ZintFixture.paste(code, onto: &page, x: 3000, y: 600)
        let items = try BarcodeRecognizer(symbologies: [symbology], quality: .balanced).recognize(page)
        #expect(items.map(\.normalized) == [data])
    }

    @Test func accurateQualityReadsLightOnDarkCodes() throws {
        let code = try ZintFixture.image("QRCODE", data: "inverted code")
        var page = ZintFixture.blankPage(width: 600, height: 600)
        ZintFixture.paste(code, onto: &page, x: 100, y: 100)
        let negative = page.inverted()
        #expect(try BarcodeRecognizer(symbologies: [.qr], quality: .accurate).recognize(negative).map(\.normalized) == ["inverted code"])
    }

    @Test func accurateQualityReadsALinearCodeAtFortyFiveDegrees() throws {
        let code = try ZintFixture.image("CODE128", data: "TILTED-7", scale: 3, extra: ["--height=20"])
        var page = ZintFixture.blankPage(width: code.width + 200, height: code.height + 200)
        ZintFixture.paste(code, onto: &page, x: 100, y: 100)
        let tilted = page.rotated(byDegrees: 45).image
        let items = try BarcodeRecognizer(symbologies: [.code128], quality: .accurate).recognize(tilted)
        #expect(items.map(\.normalized) == ["TILTED-7"])
    }

    /// zxing-cpp reads this blurred photo of EAN-13 5030159003930 twice: right, and as 7034759003930 on four scan
    /// lines at the symbol's edge (the check digit fits). Only the right one may be reported.
    @Test(arguments: QualityLevel.allCases)
    func aMisreadBesideTheRightReadIsNotReported(_ quality: QualityLevel) throws {
        let photo = try GrayImage.load(path: Fixtures.path("zxing-cpp/zxingcpp-ean13-1-35.png"))
        let items = try BarcodeRecognizer(symbologies: [], quality: quality).recognize(photo)
        #expect(items.map(\.normalized) == ["5030159003930"])
    }

    /// Six real codes of six symbologies on one page: one item each, where the code is.
    @Test func everyCodeOfAPageOfPhotosIsOneItem() throws {
        let (page, expected) = try ZXingReaderTests.page()
        let items = try BarcodeRecognizer(symbologies: [], quality: .balanced).recognize(page)
        #expect(items.count == expected.count, "\(items.map(\.normalized))")
        for part in expected {
            let matches = items.filter { $0.payloadStringValue == part.text }
            #expect(matches.count == 1, "\(part.file): \(matches.count) items")
            if let item = matches.first {
                let area = Rect(
                    x: Double(part.area.x) - 3, y: Double(part.area.y) - 3, width: Double(part.area.width) + 6,
                    height: Double(part.area.height) + 6)
                #expect(item.bounds.corners.allSatisfy(area.contains), "\(part.file): \(item.bounds.corners)")
            }
        }
    }

    /// A low-contrast photo of a Code 128 pasted on a wide white page: zxing thresholds each row as a whole and
    /// misses it on the page; accurate's small tiles of the page find it.
    @Test func accurateQualityFindsALowContrastLinearCodeOnAWidePageWithZXing() throws {
        let code = try GrayImage.load(path: Fixtures.path("zxing-cpp/zxingcpp-code128-2-02.png"))
        var page = ZintFixture.blankPage(width: 1400, height: 900)
        for row in 0..<code.height {
            let target = (300 + row) * page.width + 60
            page.pixels.replaceSubrange(target..<target + code.width, with: code.pixels[row * code.width..<(row + 1) * code.width])
        }
        #expect(try BarcodeRecognizer(symbologies: [], quality: .balanced).recognize(page, decoders: [.zxing]).isEmpty)
        let items = try BarcodeRecognizer(symbologies: [], quality: .accurate).recognize(page, decoders: [.zxing])
        #expect(items.map(\.normalized) == ["005-3379497200006"])
    }
}
