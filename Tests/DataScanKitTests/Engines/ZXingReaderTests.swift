import Foundation
import Testing

@testable import DataScanEngines
@testable import DataScanInput
@testable import DataScanModel
@testable import DataScanRecognition

/// The wrapper on zxing-cpp 3.1.1 with real images from the shared corpus (Fixtures/zxing-cpp/README.md).
@Suite struct ZXingReaderTests {
    /// One fixture and what must be read from it: the payload, and where the symbol is (measured once by eye
    /// on the image, a few pixels of slack).
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var symbology: Symbology
        var format: String
        var text: String
        var identifier: String
        var contentType: ZXingBarcode.ContentType
        /// Where the code's bars or modules are.
        var area: PixelRect
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(
            file: "zxingcpp-qrcode-2-30.png", symbology: .qr, format: "QR Code", text: "MECARD:N:測試;;", identifier: "]Q1",
            contentType: .text, area: PixelRect(x: 50, y: 50, width: 250, height: 250)),
        Case(
            file: "zxingcpp-datamatrix-1-EDIFACT.png", symbology: .dataMatrix, format: "Data Matrix", text: "EDIFACTEDIFACT",
            identifier: "]d1", contentType: .text, area: PixelRect(x: 8, y: 8, width: 54, height: 54)),
        Case(
            file: "zxingcpp-ean13-1-4.png", symbology: .ean13, format: "EAN-13", text: "5449000039231", identifier: "]E0",
            contentType: .text, area: PixelRect(x: 120, y: 20, width: 350, height: 75)),
        Case(
            file: "zxingcpp-code128-2-02.png", symbology: .code128, format: "Code 128", text: "005-3379497200006",
            identifier: "]C0", contentType: .text, area: PixelRect(x: 36, y: 0, width: 450, height: 70)),
        Case(
            file: "zxingcpp-pdf417-3-17.png", symbology: .pdf417, format: "PDF417",
            text: "A larger PDF417 barcode with text and error correction level 8.", identifier: "]L2", contentType: .text,
            area: PixelRect(x: 0, y: 2, width: 406, height: 223)),
        Case(
            file: "zxingcpp-rssexpanded-3-78.png", symbology: .gs1DataBarExpanded, format: "DataBar Expanded",
            text: "105678\u{1D}11001010", identifier: "]e0", contentType: .gs1, area: PixelRect(x: 0, y: 0, width: 298, height: 68)),
        Case(
            file: "zxingcpp-upce-1-4.png", symbology: .upce, format: "UPC-E", text: "0012300000451", identifier: "]E0",
            contentType: .text, area: PixelRect(x: 44, y: 8, width: 132, height: 44)),
        Case(
            file: "zxingcpp-aztec-1-7.png", symbology: .aztec, format: "Aztec", text: "Code 2D!", identifier: "]z0",
            contentType: .text, area: PixelRect(x: 24, y: 28, width: 40, height: 40)),
    ]

    static func load(_ name: String) throws -> GrayImage {
        try GrayImage.load(path: Fixtures.path("zxing-cpp/\(name)"))
    }

    static func read(_ image: GrayImage, _ options: ZXingReader.Options = .init()) throws -> [ZXingBarcode] {
        try ZXingReader(symbologies: []).barcodes(in: image, options: options)
    }

    @Test(arguments: cases) func readsTheExactPayloadWhereTheCodeIs(_ expected: Case) throws {
        let barcodes = try Self.read(Self.load(expected.file))
        let barcode = try #require(barcodes.count == 1 ? barcodes.first : nil, "\(barcodes.count) barcodes in \(expected.file)")
        #expect(barcode.symbology == expected.symbology)
        #expect(barcode.format == expected.format)
        #expect(barcode.text == expected.text)
        #expect(barcode.bytes == Array(expected.text.utf8) || expected.contentType != .gs1)
        #expect(barcode.symbologyIdentifier == expected.identifier)
        #expect(barcode.contentType == expected.contentType)
        #expect(barcode.orientation == 0 && !barcode.isInverted)
        #expect(barcode.corners.count == 4)
        #expect(expected.area.contains(barcode.corners), "corners \(barcode.corners) outside \(expected.area)")
        // The corners go round the symbol clockwise from its top-left: on an upright code, left before right and
        // top above bottom.
        let (topLeft, topRight, bottomRight, bottomLeft) = (barcode.corners[0], barcode.corners[1], barcode.corners[2], barcode.corners[3])
        #expect(topLeft.x < topRight.x && bottomLeft.x < bottomRight.x)
        #expect(topLeft.y <= bottomLeft.y && topRight.y <= bottomRight.y)
    }

    @Test func theCommonOutputHasUPCEsPrintedDigitsScanLinesAndGS1() throws {
        let upce = try #require(try ZXingReader(symbologies: []).read(Self.load("zxingcpp-upce-1-4.png")).first)
        #expect(upce.symbology == .upce && upce.text == "01234531" && upce.symbologyIdentifier == "]E0")
        #expect(upce.scanLines >= 2 && upce.decoder == .zxing)
        let ean = try #require(try ZXingReader(symbologies: []).read(Self.load("zxingcpp-ean13-1-4.png")).first)
        #expect(ean.scanLines >= 10)
        let qr = try #require(try ZXingReader(symbologies: []).read(Self.load("zxingcpp-qrcode-2-30.png")).first)
        #expect(qr.scanLines == 0 && !qr.isBinary && !qr.isGS1 && qr.text == "MECARD:N:測試;;")
        let expanded = try #require(try ZXingReader(symbologies: []).read(Self.load("zxingcpp-rssexpanded-3-78.png")).first)
        #expect(expanded.isGS1 && expanded.text == "105678\u{1D}11001010")
    }

    @Test func aSymbolTurnedAQuarterClockwiseIsReadWithItsOrientationAndTurnedCorners() throws {
        let turned = try Self.load("zxingcpp-qrcode-2-30.png").rotatedClockwise()
        let barcode = try #require(try Self.read(turned).first)
        #expect(barcode.text == "MECARD:N:測試;;")
        #expect(barcode.orientation == 90)
        // The symbol's top-left (finder pattern) is now at the image's top right.
        #expect(barcode.corners[0] == ZXingBarcode.Point(x: 300, y: 50))
        #expect(barcode.corners[2] == ZXingBarcode.Point(x: 50, y: 300))
    }

    /// Six codes of six symbologies pasted on one white page, apart from each other. The linear ones are
    /// high-contrast images: zxing binarizes linear codes per row with a histogram, and a low-contrast photo of a
    /// code (like the EAN-13 and Code 128 fixtures above) on a wide white page is missed — why BarcodeRecognizer
    /// also reads crops of the page.
    static func page() throws -> (GrayImage, [(file: String, text: String, area: PixelRect)]) {
        var page = GrayImage(width: 1400, height: 900, pixels: [UInt8](repeating: 255, count: 1400 * 900))
        let parts: [(String, String, Int, Int)] = [
            ("zxingcpp-qrcode-2-30.png", "MECARD:N:測試;;", 40, 40),
            ("zxingcpp-datamatrix-1-EDIFACT.png", "EDIFACTEDIFACT", 500, 60),
            ("zxingcpp-aztec-1-7.png", "Code 2D!", 700, 60),
            ("zxingcpp-pdf417-3-17.png", "A larger PDF417 barcode with text and error correction level 8.", 900, 40),
            ("zxingcpp-code128-1-2.png", "Code 128", 40, 500),
            ("zxingcpp-ean13-1-10.png", "8480010001136", 700, 550),
        ]
        var expected: [(file: String, text: String, area: PixelRect)] = []
        for (file, text, x, y) in parts {
            let image = try load(file)
            for row in 0..<image.height {
                let target = (y + row) * page.width + x
                page.pixels.replaceSubrange(
                    target..<target + image.width, with: image.pixels[row * image.width..<(row + 1) * image.width])
            }
            expected.append((file, text, PixelRect(x: x, y: y, width: image.width, height: image.height)))
        }
        return (page, expected)
    }

    @Test func everySymbolOfAPageIsReturnedOnceInOneCall() throws {
        let (page, expected) = try Self.page()
        let barcodes = try Self.read(page)
        #expect(barcodes.count == expected.count, "read \(barcodes.map(\.text))")
        for part in expected {
            let matches = barcodes.filter { $0.text == part.text }
            #expect(matches.count == 1, "\(part.file): read \(matches.count) times")
            if let match = matches.first {
                #expect(part.area.contains(match.corners), "\(part.file): corners \(match.corners) outside \(part.area)")
            }
        }
    }

    /// zxing-cpp 1.4 aborted the process on this page (an assertion when two linear results were compared).
    @Test func twoLinearCodesOfOnePageAreReadInOneCall() throws {
        let page = try GrayImage.load(path: Fixtures.path("linear-pair.png"))
        let barcodes = try Self.read(page)
        #expect(Set(barcodes.map(\.text)) == ["4006381333931", "DS-2024-0001"] && barcodes.count == 2)
    }

    @Test func onlyTheRequestedSymbologiesAreReturned() throws {
        let (page, _) = try Self.page()
        let barcodes = try ZXingReader(symbologies: [.qr, .code128]).barcodes(in: page)
        #expect(Set(barcodes.map(\.text)) == ["MECARD:N:測試;;", "Code 128"])
        #expect(Set(barcodes.map(\.symbology)) == [.qr, .code128])
    }

    @Test func itfCheckDigitsAreOptionalAndReportedInTheSymbologyIdentifier() throws {
        // 30712345000010 is an ITF-14 whose last digit is the right GS1 check digit.
        let itf = try Self.load("zxingcpp-itf-1-1.png")
        let plain = try #require(try Self.read(itf).first)
        #expect(plain.text == "30712345000010")
        #expect(plain.symbology == .itf)
        #expect(plain.symbologyIdentifier == "]I1")
        var strict = ZXingReader.Options()
        strict.validateOptionalChecksum = true
        #expect(try Self.read(itf, strict).map(\.text) == ["30712345000010"])
    }

    /// A blurred photo of EAN-13 5030159003930, printed sideways: zxing returns the right payload and a wrong one
    /// whose check digit still fits (two digits off). The wrong one was seen on few scan lines that lie within
    /// a few pixels of each other at the symbol's edge; the right one spans the bars. BarcodeRecognizer must keep
    /// only the right one (BarcodeRecognizerTests).
    @Test func aCheckDigitDoesNotCatchEveryMisreadButItsScanLinesGiveItAway() throws {
        let reads = try Self.read(Self.load("zxingcpp-ean13-1-35.png"))
        #expect(Set(reads.map(\.text)) == ["5030159003930", "7034759003930"])
        let right = try #require(reads.first { $0.text == "5030159003930" })
        let wrong = try #require(reads.first { $0.text == "7034759003930" })
        #expect(right.orientation == -90 && wrong.orientation == -90)
        // Sideways, the scan lines run along y; how far apart they lie is the quad's extent in x.
        let across = { (barcode: ZXingBarcode) in barcode.corners.map(\.x).max()! - barcode.corners.map(\.x).min()! }
        #expect(across(wrong) <= 4)
        #expect(across(right) >= 100)
        #expect(wrong.lineCount < right.lineCount)
    }

    @Test(arguments: [UInt8(255), 128, 0]) func aUniformImageHasNoBarcode(gray: UInt8) throws {
        let blank = GrayImage(width: 640, height: 480, pixels: [UInt8](repeating: gray, count: 640 * 480))
        #expect(try Self.read(blank).isEmpty)
    }

    /// GrayImage already insists on `width × height` pixels; what zxing's `int` sizes cannot take is the reader's to refuse.
    @Test func anImageWithInvalidSizesIsATypedError() throws {
        let reader = ZXingReader(symbologies: [])
        let tooWide = Int(Int32.max) + 1
        #expect(throws: BarcodeEngineError.invalidImage(width: tooWide, height: 0)) {
            try reader.read(GrayImage(width: tooWide, height: 0, pixels: []))
        }
        #expect(throws: BarcodeEngineError.invalidImage(width: 0, height: 0)) {
            try reader.read(GrayImage(width: 0, height: 0, pixels: []))
        }
        #expect(throws: BarcodeEngineError.invalidImage(width: -4, height: -25)) {
            try reader.read(GrayImage(width: -4, height: -25, pixels: [UInt8](repeating: 255, count: 100)))
        }
        #expect(BarcodeEngineError.invalidImage(width: 10, height: 10).description == "cannot decode barcodes in a 10x10 image")
    }

    /// Linked statically from scripts/build-zxing's build, never Debian's zxing-cpp 1.4.
    @Test func theLinkedLibraryIsZXingCpp311() {
        #expect(ZXingReader.version == "3.1.1")
    }
}

/// A rectangle of pixels, `x..<x + width`, `y..<y + height`.
struct PixelRect: Sendable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// True when every corner lies inside the rectangle grown by `margin` pixels.
    func contains(_ corners: [ZXingBarcode.Point], margin: Int = 2) -> Bool {
        corners.allSatisfy {
            $0.x >= x - margin && $0.x <= x + width + margin && $0.y >= y - margin && $0.y <= y + height + margin
        }
    }
}

@Suite struct BarcodeSelfTestTests {
    @Test func bothDecodersReadTheDrawnEAN8() throws {
        #expect(try BarcodeSelfTest.decodersThatRead() == [.zxing, .zbar])
        // A wrong check digit: no decoder may read it.
        let wrong = BarcodeSelfTest.ean8("96385075")
        #expect(try ZXingReader(symbologies: [.ean8]).read(wrong).isEmpty)
        #expect(try ZBarReader(symbologies: [.ean8]).read(wrong).isEmpty)
    }
}
