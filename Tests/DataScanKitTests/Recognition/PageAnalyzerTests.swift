import Testing

@testable import DataScanJob
@testable import DataScanModel
@testable import DataScanRecognition

/// Real engines on real files: every planted value is found with its exact normalized value and label,
/// and its quad sits on the printed value.
@Suite struct PageAnalyzerTests {
    static let cases: [(file: String, format: DocumentFormat, page: Int, plantedIn: String, scale: Double)] = [
        ("phone-date-price.png", .png, 1, "phone-date-price.png", 1),
        ("phone-date-price.heic", .heif, 1, "phone-date-price.png", 1),
        ("text-layer.pdf", .pdf, 1, "text-layer.pdf", 300.0 / 72),
        ("scanned.pdf", .pdf, 1, "scanned.pdf", 300.0 / 72),
        ("two-pages.tif", .tiff, 1, "two-pages.tif", 1),
        ("two-pages.tif", .tiff, 2, "two-pages.tif", 1),
        ("exif-rotated.jpg", .jpeg, 1, "exif-rotated.jpg", 1),
    ]

    @Test(arguments: cases.indices)
    func findsEveryPlantedValueWhereItIsPrinted(index: Int) throws {
        let c = Self.cases[index]
        let analyzer = PageAnalyzer(configuration: ScanConfiguration())
        let request = PageRequest(path: Fixtures.raw(c.file), displayPath: c.file, format: c.format, index: c.page - 1, documentKey: "k")
        let analysis = try analyzer.analyze(request, cancellation: nil)
        #expect(analysis.source == (c.file == "text-layer.pdf" ? .textLayer : .ocr))
        let planted = Fixtures.planted(c.plantedIn, page: c.page)
        #expect(!planted.isEmpty)
        for p in planted {
            let match = analysis.items.first { $0.type == p.type && $0.normalized == p.normalized }
            let item = try #require(
                match,
                "\(c.file) p\(c.page): \(p.type) \(p.normalized) not found in \(analysis.items.map { "\($0.type)=\($0.normalized)" })")
            #expect(item.label?.rawValue == p.label, "\(c.file): label of \(p.value)")
            // The quad covers the center of the printed value's box.
            let center = Point(x: (p.box[0] + p.box[2] / 2) * c.scale, y: (p.box[1] + p.box[3] / 2) * c.scale)
            let r = item.bounds.boundingRect
            let grown = Rect(x: r.x - 6, y: r.y - 6, width: r.width + 12, height: r.height + 12)
            #expect(grown.contains(center), "\(c.file): quad \(r) of \(p.value) misses \(center)")
        }
        // Reading order follows the page: items sorted top to bottom.
        let ys = analysis.items.map { $0.bounds.boundingRect.midY }
        #expect(ys == ys.sorted())
    }

    @Test func barcodeFixturesDecodeWithTheirSymbology() throws {
        let expected: [(String, String, String)] = [
            ("qr.png", "qr", "https://www.example.com/datascan"), ("ean13.png", "ean13", "4006381333931"),
            ("code128.png", "code128", "DS-2024-0001"), ("datamatrix.png", "datamatrix", "DATASCAN-DM-0001"),
            ("pdf417.png", "pdf417", "DATASCAN PDF417 0001"),
        ]
        var config = ScanConfiguration()
        config.types = try ItemTypeSelection(parsing: "barcode")
        let analyzer = PageAnalyzer(configuration: config)
        for (file, symbology, payload) in expected {
            let request = PageRequest(path: Fixtures.raw(file), displayPath: file, format: .png, index: 0, documentKey: "k")
            let items = try analyzer.analyze(request, cancellation: nil).items
            #expect(items.map(\.type) == [symbology], "\(file)")
            #expect(items.first?.normalized == payload, "\(file)")
            #expect(items.first?.kind == "barcode")
        }
    }

    /// A page read by both engines has each stage timed once: the page's preparation for Tesseract (`preprocess`),
    /// Tesseract (`ocr`) and PP-OCR (`ppocr`) apart, their sum within the page's time, and PP-OCR's three models as
    /// parts of its stage (named with a dot).
    @Test func eachStageOfAPageReadTwiceIsTimedOnce() throws {
        var config = ScanConfiguration()
        config.quality = .accurate  // (`auto` then asks PP-OCR on every page)
        config.types = try ItemTypeSelection(parsing: "phone,date,price")
        let request = PageRequest(
            path: Fixtures.raw("phone-date-price.png"), displayPath: "p.png", format: .png, index: 0, documentKey: "k")
        let analyzer = PageAnalyzer(configuration: config)
        _ = try analyzer.analyze(request, cancellation: nil)  // (the engines loaded outside the timed page)
        let started = ContinuousClock.now
        let analysis = try analyzer.analyze(request, cancellation: nil)
        let wall = (ContinuousClock.now - started).seconds
        let t = analysis.timings
        for stage in ["load", "preprocess", "ocr", "ppocr", "ppocr.detection", "ppocr.direction", "ppocr.recognition", "detect"] {
            #expect((t[stage] ?? 0) > 0, "\(stage): \(t)")
        }
        let stages = t.filter { !$0.key.contains(".") }.values.reduce(0, +)
        let parts = t.filter { $0.key.hasPrefix("ppocr.") }.values.reduce(0, +)
        #expect(stages <= wall, "\(t) in \(wall) s")
        #expect(parts <= t["ppocr"]!, "\(t)")
    }

    @Test func textLayerPageIsNotRecognizedAgain() throws {
        var config = ScanConfiguration()
        config.types = try ItemTypeSelection(parsing: "phone,date")
        let request = PageRequest(path: Fixtures.raw("text-layer.pdf"), displayPath: "t.pdf", format: .pdf, index: 0, documentKey: "k")
        let analysis = try PageAnalyzer(configuration: config).analyze(request, cancellation: nil)
        #expect(analysis.source == .textLayer)
        #expect(analysis.timings["ocr"] == nil)
        #expect(analysis.items.map(\.normalized) == ["+16502530000", "2024-03-15"])
    }

    @Test func pageTimeoutFailsThePage() throws {
        var config = ScanConfiguration()
        config.pageTimeout = 0.000_001
        let request = PageRequest(path: Fixtures.raw("scanned.pdf"), displayPath: "s.pdf", format: .pdf, index: 0, documentKey: "k")
        #expect {
            try PageAnalyzer(configuration: config).analyze(request, cancellation: nil)
        } throws: { ($0 as? DataScanError)?.code == .timeout && ($0 as? DataScanError)?.message.hasPrefix("timeout after") == true }
    }
}
