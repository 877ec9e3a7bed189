import Foundation
import Testing

@testable import DataScanEngines
@testable import DataScanInput
@testable import DataScanJob
@testable import DataScanModel
@testable import DataScanRecognition

@Suite struct PageLoaderTests {
    func request(_ name: String, _ format: DocumentFormat, page: Int = 0) -> PageRequest {
        PageRequest(path: Fixtures.raw(name), displayPath: name, format: format, index: page, documentKey: "k")
    }

    @Test func textLayerPDFGivesWordsWithBoxesAndNoRaster() throws {
        let page = try PageLoader().load(
            request("text-layer.pdf", .pdf), needText: true, needRaster: false, quality: .balanced, maxMegapixels: 250)
        #expect(page.raster == nil)
        #expect(page.width == 2480 && page.height == 3508)  // A4 at 300 DPI
        let lines = try #require(page.textLayer)
        #expect(lines.map(\.text).contains("Call (650) 253-0000"))
        // "(650)" starts at 100 pt → 416.7 px at 300 DPI.
        let word = try #require(lines.flatMap(\.words).first { $0.text == "(650)" })
        #expect(abs(word.bounds.topLeft.x - 100 * 300 / 72) < 2)
    }

    @Test func scannedPDFIsRenderedForOCR() throws {
        let page = try PageLoader().load(
            request("scanned.pdf", .pdf), needText: true, needRaster: false, quality: .balanced, maxMegapixels: 250)
        #expect(page.textLayer == nil)
        let raster = try #require(page.raster)
        #expect((raster.width, raster.height) == (page.width, page.height))
        #expect((raster.width, raster.height) == (2481, 3508))  // 595.44 × 841.92 pt at 300 DPI
    }

    @Test func multiPageTIFFCountsAndLoadsEachPage() throws {
        #expect(try PageLoader.pageCount(path: Fixtures.raw("two-pages.tif"), format: .tiff) == 2)
        let loader = PageLoader()
        let first = try loader.load(
            request("two-pages.tif", .tiff, page: 0), needText: true, needRaster: false, quality: .balanced, maxMegapixels: 250)
        let second = try loader.load(
            request("two-pages.tif", .tiff, page: 1), needText: true, needRaster: false, quality: .balanced, maxMegapixels: 250)
        #expect((first.width, first.height) == (900, 259))
        #expect((second.width, second.height) == (900, 339))
        #expect(first.resolution == 300)
    }

    @Test func exifOrientationIsApplied() throws {
        let page = try PageLoader().load(
            request("exif-rotated.jpg", .jpeg), needText: true, needRaster: false, quality: .balanced, maxMegapixels: 250)
        #expect((page.width, page.height) == (900, 339))
    }

    @Test func imageOverTheMegapixelLimitFailsBeforeDecoding() {
        #expect {
            try PageLoader().load(request("qr.png", .png), needText: true, needRaster: false, quality: .balanced, maxMegapixels: 0.01)
        } throws: { ($0 as? DataScanError)?.code == .tooLarge && ($0 as? DataScanError)?.message.hasPrefix("too large: 344×344") == true }
    }

    /// A cut PNG gives the rows before the cut (the rest white) and says how many, with libpng's reason.
    @Test func truncatedPNGIsReadInPartWithHowMuch() throws {
        let data = try Fixtures.raw("phone-date-price.png").readAll()
        let path = Fixtures.temporaryFolder() + "/cut.png"
        Fixtures.write(path, Data(data.prefix(data.count / 3)))
        let r = PageRequest(path: RawPath(path), displayPath: "cut.png", format: .png, index: 0, documentKey: "k")
        let page = try PageLoader().load(r, needText: true, needRaster: false, quality: .balanced, maxMegapixels: 250)
        let whole = try PageLoader().load(
            request("phone-date-price.png", .png), needText: true, needRaster: false, quality: .balanced, maxMegapixels: 250)
        #expect(whole.partial == nil)
        let note = try #require(page.partial)
        let rows = try #require(
            note.wholeMatch(of: /read in part \((\d+) of (\d+) rows\): PNG data is cut or damaged after row \1 \(libpng: .+\)/))
        #expect(Int(rows.2) == whole.height)
        #expect(Int(rows.1).map { $0 > 0 && $0 < whole.height } == true)
        // The rows that were not read are paper.
        let raster = try #require(page.raster)
        #expect(raster.pixels.suffix(raster.width).allSatisfy { $0 == 255 })
    }

    /// What leptonica alone refuses: sniffed by magic bytes and decoded by the format's own library.
    @Test(arguments: ["bigtiff-be-tiled.tif", "bigtiff-le.tif", "jpeg-junk-before-soi.jpg", "bmp-rle8.bmp", "tiff-rgb16-planar.tif"])
    func variantsLeptonicaRefusesAreSniffedAndRead(file: String) throws {
        let path = try HostileCorpus.folder.get().appendingPathComponent(file).path
        let format = try #require(DocumentFormat.sniff(try RawPath(path).readHead()[...]))
        #expect(format == (file.hasSuffix(".tif") ? .tiff : file.hasSuffix(".jpg") ? .jpeg : .bmp))
        #expect(try PageLoader.pageCount(path: RawPath(path), format: format) == 1)
        let r = PageRequest(path: RawPath(path), displayPath: file, format: format, index: 0, documentKey: "k")
        let page = try PageLoader().load(r, needText: false, needRaster: true, quality: .balanced, maxMegapixels: 250)
        #expect((page.width, page.height) == (320, 240))
        #expect(page.partial == nil)
        // The corpus's quadrants: top-left black, top-right white.
        let raster = try #require(page.raster)
        #expect(raster[40, 40] < 20 && raster[280, 40] > 235)
    }

    @Test func pdfWithGarbageFailsToOpen() throws {
        let path = Fixtures.temporaryFolder() + "/bad.pdf"
        Fixtures.write(path, Data("%PDF-1.4\nthis is not a pdf".utf8))
        #expect(throws: DataScanError.self) { try PageLoader.pageCount(path: RawPath(path), format: .pdf) }
    }
}

/// A text page is rendered for the barcode search only where it draws something a barcode could be besides its
/// text (`MarksBesideText`): bars drawn as paths, an image; not its rules and boxes.
@Suite struct TextPageBarcodeGateTests {
    /// A one-page PDF (A4) with Helvetica text lines, table rules and a box, and what `extra` draws (content stream
    /// operators) with `image` as `/Im1` when given.
    static func pdf(extra: String = "", image: Bool = false) -> Data {
        let lines = ["INVOICE 2024-0042", "Call (650) 253-0000", "Total due: $1,250.00", "www.example.com"]
        var content = "BT /F1 14 Tf 72 760 Td " + lines.map { "(\($0)) Tj 0 -24 Td" }.joined(separator: " ") + " ET\n"
        // Rules and a box as invoices draw them: thin strokes.
        content += "0.75 w 72 650 m 523 650 l S 72 620 m 523 620 l S 300 600 m 300 680 l S 72 560 451 40 re S\n"
        content += extra
        if image { content += "q 100 0 0 100 72 300 cm /Im1 Do Q\n" }
        var objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >>"
                + (image ? " /XObject << /Im1 6 0 R >>" : "") + " >> >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        ]
        if image {
            // An 8 × 8 grey checkerboard.
            let hex = (0..<64).map { ($0 / 8 + $0 % 8) % 2 == 0 ? "00" : "FF" }.joined() + ">"
            objects.append(
                "<< /Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceGray /BitsPerComponent 8 "
                    + "/Filter /ASCIIHexDecode /Length \(hex.utf8.count) >>\nstream\n\(hex)\nendstream")
        }
        var out = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (i, object) in objects.enumerated() {
            offsets.append(out.utf8.count)
            out += "\(i + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = out.utf8.count
        out += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { out += String(repeating: "0", count: 10 - String(offset).count) + String(offset) + " 00000 n \n" }
        out += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(out.utf8)
    }

    /// The bars of the Code 128 fixture (`DS-2024-0001`) as filled rectangles: its middle row's dark runs, at its
    /// 300 dpi, 60 pt tall, from `x` pt.
    static func code128Bars(x: Double, y: Double) throws -> String {
        let image = try GrayImage.load(path: Fixtures.path("code128.png"))
        let row = image.height / 2
        var bars = "0 g\n"
        var start: Int?
        for px in 0...image.width {
            let dark = px < image.width && image[px, row] < 128
            if dark, start == nil { start = px }
            if !dark, let s = start {
                bars += "\(x + Double(s) * 72 / 300) \(y) \(Double(px - s) * 72 / 300) 60 re f\n"
                start = nil
            }
        }
        return bars
    }

    func load(_ data: Data, name: String) throws -> LoadedPage {
        let path = Fixtures.temporaryFolder() + "/" + name
        Fixtures.write(path, data)
        let r = PageRequest(path: RawPath(path), displayPath: name, format: .pdf, index: 0, documentKey: "k")
        return try PageLoader().load(r, needText: true, needRaster: true, quality: .balanced, maxMegapixels: 250)
    }

    @Test func aPageOfTextAndRulesIsNotRenderedForBarcodes() throws {
        let page = try load(Self.pdf(), name: "text-and-rules.pdf")
        #expect(page.textLayer?.map(\.text).contains("Call (650) 253-0000") == true)
        #expect(page.raster == nil)
        let fixture = try PageLoader().load(
            PageRequest(path: Fixtures.raw("text-layer.pdf"), displayPath: "text-layer.pdf", format: .pdf, index: 0, documentKey: "k"),
            needText: true, needRaster: true, quality: .balanced, maxMegapixels: 250)
        #expect(fixture.raster == nil)
    }

    @Test func barsDrawnAsPathsAreRenderedAndDecoded() throws {
        let page = try load(Self.pdf(extra: try Self.code128Bars(x: 72, y: 420)), name: "vector-code128.pdf")
        let raster = try #require(page.raster)
        #expect((raster.width, raster.height) == (page.width, page.height))
        let found = try BarcodeRecognizer(symbologies: [], quality: .balanced).recognize(raster)
        #expect(found.map(\.normalized) == ["DS-2024-0001"])
    }

    /// In a text-layer batch (`textLayerOnly`), with the default types (barcodes among them), a page of text and rules
    /// is analyzed at once; one that draws bars is handed back (nil, nothing rendered) and read alone.
    @Test func aBatchTakesTextPagesAndHandsBackThoseThatDrawMore() throws {
        func request(_ data: Data, _ name: String) -> PageRequest {
            let path = Fixtures.temporaryFolder() + "/" + name
            Fixtures.write(path, data)
            return PageRequest(path: RawPath(path), displayPath: name, format: .pdf, index: 0, documentKey: "k")
        }
        let analyzer = PageAnalyzer(configuration: ScanConfiguration())
        let text = try #require(try analyzer.analyze(request(Self.pdf(), "text.pdf"), cancellation: nil, textLayerOnly: true))
        #expect(text.source == .textLayer && text.items.map(\.normalized).contains("+16502530000"))
        #expect(text.timings["barcodes"] == nil)
        let bars = request(Self.pdf(extra: try Self.code128Bars(x: 72, y: 420)), "bars.pdf")
        #expect(try analyzer.analyze(bars, cancellation: nil, textLayerOnly: true) == nil)
        let alone = try analyzer.analyze(bars, cancellation: nil)
        #expect(alone.items.map(\.normalized).contains("DS-2024-0001"))
        #expect(alone.items.map(\.normalized).contains("+16502530000"))
    }

    @Test func anImageIsRendered() throws {
        #expect(try load(Self.pdf(image: true), name: "with-image.pdf").raster != nil)
    }

    /// A word's box that is mostly ink is bars in a barcode font: not erased. Its letters' share is not.
    @Test func aWordBoxFullOfInkIsNotErased() {
        var pixels = [UInt8](repeating: 255, count: 60 * 40)
        for y in 10..<30 { for x in 10..<50 where x % 4 != 0 { pixels[y * 60 + x] = 0 } }
        let probe = GrayImage(width: 60, height: 40, pixels: pixels)
        let box = Rect(x: 10, y: 10, width: 40, height: 20)
        #expect(MarksBesideText.found(in: probe, besides: []))
        #expect(MarksBesideText.found(in: probe, besides: [box]))
        var letters = [UInt8](repeating: 255, count: 60 * 40)
        for y in 10..<30 { for x in 10..<50 where x % 3 == 0 && y % 2 == 0 { letters[y * 60 + x] = 0 } }
        #expect(MarksBesideText.found(in: GrayImage(width: 60, height: 40, pixels: letters), besides: []) == false)
        // Letters dense enough to look like a patch, in their word's box: erased.
        for y in 10..<30 { for x in 10..<50 where (x + y) % 2 == 0 { letters[y * 60 + x] = 0 } }
        let word = GrayImage(width: 60, height: 40, pixels: letters)
        #expect(MarksBesideText.found(in: word, besides: []))
        #expect(MarksBesideText.found(in: word, besides: [box]) == false)
    }

    /// A barcode font's input is told by its text too, whatever the font is called.
    @Test func barcodeFontTextIsToldByItsStartAndStop() {
        for word in ["*INV-2024-0042*", "*12345*", "\u{CC}ABC123Z\u{CE}", "\u{CD}\u{21}4\u{CE}"] {
            #expect(MarksBesideText.isBarcodeFontText(word), "\(word)")
        }
        for word in ["*", "**", "*Note*", "Noël", "\u{CC}talia", "INV-2024-0042", "*footnote"] {
            #expect(MarksBesideText.isBarcodeFontText(word) == false, "\(word)")
        }
    }

    @Test(arguments: [
        ("C39HrP24DhTt", true), ("IDAutomationHC39M", true), ("Free3of9", true), ("LibreBarcode128-Regular", true),
        ("ABCDEE+Code128", true), ("Helvetica-Bold", false), ("DejaVuSans", false), ("TimesNewRomanPSMT", false),
    ])
    func barcodeFontsAreToldByTheirNames(name: String, barcode: Bool) {
        #expect(PDFDocument.isBarcodeFont(name) == barcode)
    }
}
