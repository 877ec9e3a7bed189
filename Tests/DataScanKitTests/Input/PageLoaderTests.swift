import Foundation
import Testing

@testable import DataScanInput
@testable import DataScanModel

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
