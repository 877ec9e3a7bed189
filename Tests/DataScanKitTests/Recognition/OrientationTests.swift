import Foundation
import Testing

@testable import DataScanEngines
@testable import DataScanInput
@testable import DataScanJob
@testable import DataScanModel
@testable import DataScanRecognition

/// Pages scanned sideways or upside down are read upright; quads refer to the stored pixels.
@Suite struct OrientationTests {
    @Test(arguments: [(90, 1), (180, 2), (270, 3)])
    func turnedPagesAreReadUpright(degreesCounterClockwise: Int, expectedTurns: Int) throws {
        let file = "rotated-\(degreesCounterClockwise).png"
        var config = ScanConfiguration()
        config.types = try ItemTypeSelection(parsing: "phone,date,price,email")
        let request = PageRequest(path: Fixtures.raw(file), displayPath: file, format: .png, index: 0, documentKey: "k")
        let analysis = try PageAnalyzer(configuration: config).analyze(request, cancellation: nil)
        #expect(analysis.rotation == expectedTurns * 90)
        // The check and the turned reading are timed apart from the first reading.
        #expect((analysis.timings["orientation"] ?? 0) > 0 && (analysis.timings["ocr"] ?? 0) > 0, "\(analysis.timings)")
        #expect(analysis.items.map(\.normalized) == ["+16502530000", "2024-03-15", "12.50 USD", "info@example.com"])
        // The phone's planted box, turned the same way as the page, must hold the item's center.
        let planted = try #require(Fixtures.planted("phone-date-price.png").first { $0.type == "phone" })
        let (w, h) = (620.0, 499.0)
        let c = Point(x: planted.box[0] + planted.box[2] / 2, y: planted.box[1] + planted.box[3] / 2)
        // Counter-clockwise turns of the upright page, expressed as the stored image's coordinates.
        let stored: Point
        switch degreesCounterClockwise {
        case 90: stored = Point(x: c.y, y: w - c.x)
        case 180: stored = Point(x: w - c.x, y: h - c.y)
        default: stored = Point(x: h - c.y, y: c.x)
        }
        let phone = try #require(analysis.items.first)
        let box = phone.bounds.boundingRect
        #expect(Rect(x: box.x - 8, y: box.y - 8, width: box.width + 16, height: box.height + 16).contains(stored), "\(box) vs \(stored)")
        // The quad reads along the text: top-left to top-right follows the turned baseline.
        let q = phone.bounds
        let dx = q.topRight.x - q.topLeft.x, dy = q.topRight.y - q.topLeft.y
        switch degreesCounterClockwise {
        case 90: #expect(dy < -100 && abs(dx) < 20)
        case 180: #expect(dx < -100 && abs(dy) < 20)
        default: #expect(dy > 100 && abs(dx) < 20)
        }
    }

    /// A real receipt lying sideways whose few words leave Tesseract's OSD unsure (as it left 24 of 39 receipts
    /// photographed sideways): its letters stand in columns, so both quarter turns are read and the better reading is
    /// kept, its words placed back on the page as stored.
    @Test(arguments: [1, 3]) func aSidewaysReceiptOSDIsUnsureOfIsReadUpright(turns: Int) throws {
        let image = try PPOCRFixtures.gray("receipt-002.pgm")
        let upright = GrayImage(width: image.width, height: image.height, pixels: image.pixels)
        let sideways = upright.rotated(quarterTurns: 4 - turns)
        let guess = try OrientationDetector().uprightTurns(sideways, resolution: 300)
        #expect(guess == nil || guess!.confidence < 1.5, "OSD is sure here: \(String(describing: guess))")
        #expect(TesseractRecognizer.looksSideways(sideways) && !TesseractRecognizer.looksSideways(upright))
        let reading = try TesseractRecognizer(languages: ["eng"], quality: .balanced).recognize(
            sideways, resolution: 300, deadline: .now + .seconds(60), pageTimeout: 60, cancellation: nil)
        #expect(reading.quarterTurns == turns)
        let text = reading.lines.map(\.text).joined(separator: "\n")
        #expect(text.contains("CHANGE") && text.contains("TOTAL ROUNDED"), "\(text)")
        for word in reading.lines.flatMap(\.words) {
            let box = word.bounds.boundingRect
            #expect(box.minX >= -1 && box.minY >= -1 && box.maxX <= Double(sideways.width) + 1 && box.maxY <= Double(sideways.height) + 1)
        }
    }

    @Test func uprightPageIsNotTurned() throws {
        let request = PageRequest(
            path: Fixtures.raw("phone-date-price.png"), displayPath: "p.png", format: .png, index: 0, documentKey: "k")
        var config = ScanConfiguration()
        config.quality = .accurate
        let analysis = try PageAnalyzer(configuration: config).analyze(request, cancellation: nil)
        #expect(analysis.rotation == 0)
    }

    /// A page that reads well the way it lies is not checked at `balanced`: no orientation time.
    @Test func aPageThatReadsWellIsNotChecked() throws {
        let request = PageRequest(
            path: Fixtures.raw("phone-date-price.png"), displayPath: "p.png", format: .png, index: 0, documentKey: "k")
        let analysis = try PageAnalyzer(configuration: ScanConfiguration()).analyze(request, cancellation: nil)
        #expect(analysis.rotation == 0)
        #expect(analysis.timings["orientation"] == nil && analysis.timings["ocr"] != nil, "\(analysis.timings)")
    }

    /// A page that reads poorly for want of text (a page of barcodes) is not checked; a turned page of text is.
    @Test func aPageOfBarcodesIsNotCheckedForOrientation() throws {
        var page = ZintFixture.blankPage(width: 1240, height: 1754)
        ZintFixture.paste(try ZintFixture.image("QRCODE", data: "https://example.com/a"), onto: &page, x: 200, y: 300)
        ZintFixture.paste(try ZintFixture.image("EANX", data: "590123412345"), onto: &page, x: 600, y: 1200)
        let recognizer = TesseractRecognizer(languages: ["eng"], quality: .balanced)
        let deadline = ContinuousClock.now + .seconds(60)
        let codes = try recognizer.recognize(page, resolution: 150, deadline: deadline, pageTimeout: 60, cancellation: nil)
        #expect(TesseractRecognizer.readsPoorly(codes.lines) && codes.orientationSeconds == nil)
        let turned = try GrayImage.load(path: Fixtures.path("rotated-90.png"))
        let text = try recognizer.recognize(turned, resolution: 300, deadline: deadline, pageTimeout: 60, cancellation: nil)
        #expect(text.quarterTurns == 1 && text.orientationSeconds != nil)
    }

    @Test func fastQualityDoesNotDetectOrientation() throws {
        var config = ScanConfiguration()
        config.quality = .fast
        config.types = try ItemTypeSelection(parsing: "phone")
        let request = PageRequest(path: Fixtures.raw("rotated-90.png"), displayPath: "r.png", format: .png, index: 0, documentKey: "k")
        #expect(try PageAnalyzer(configuration: config).analyze(request, cancellation: nil).rotation == 0)
    }
}

/// Pages a few degrees askew are straightened before OCR; quads lean with the text on the stored page.
@Suite struct SkewTests {
    @Test func skewedPageIsStraightenedAndQuadsLeanWithTheText() throws {
        var config = ScanConfiguration()
        config.types = try ItemTypeSelection(parsing: "phone,date,price,url,email")
        let request = PageRequest(path: Fixtures.raw("skewed-6.png"), displayPath: "s.png", format: .png, index: 0, documentKey: "k")
        let analysis = try PageAnalyzer(configuration: config).analyze(request, cancellation: nil)
        #expect(
            analysis.items.map(\.normalized) == ["+16502530000", "2024-03-15", "12.50 USD", "http://www.example.com", "info@example.com"])
        // Text turned 6° counter-clockwise: the top edge rises to the right by tan(6°) ≈ 0.105.
        let q = try #require(analysis.items.first).bounds
        let slope = (q.topRight.y - q.topLeft.y) / (q.topRight.x - q.topLeft.x)
        #expect(abs(slope + 0.105) < 0.03, "slope \(slope)")
        // The phone's planted center, turned with the page, lies inside the quad's box.
        let planted = try #require(Fixtures.planted("phone-date-price.png").first { $0.type == "phone" })
        let (w, h) = (620.0, 499.0)
        let angle = 6.0 * .pi / 180
        let c = Point(x: planted.box[0] + planted.box[2] / 2 - w / 2, y: planted.box[1] + planted.box[3] / 2 - h / 2)
        let (nw, nh) = (670.0, 563.0)
        // Counter-clockwise on screen (y down): x' = x cos + y sin, y' = -x sin + y cos.
        let stored = Point(x: nw / 2 + c.x * cos(angle) + c.y * sin(angle), y: nh / 2 - c.x * sin(angle) + c.y * cos(angle))
        let box = q.boundingRect
        #expect(Rect(x: box.x - 6, y: box.y - 6, width: box.width + 12, height: box.height + 12).contains(stored), "\(box) vs \(stored)")
    }

    /// A page photographed 20° askew (a receipt held at a slant) is straightened too: unstraightened, Tesseract reads
    /// next to nothing of it (and `auto` sent it to PP-OCR).
    @Test func aPageTwentyDegreesAskewIsStraightened() throws {
        var config = ScanConfiguration()
        config.ocr = .tesseract
        config.types = try ItemTypeSelection(parsing: "phone,date,price,url,email")
        let request = PageRequest(path: Fixtures.raw("skewed-20.png"), displayPath: "s.png", format: .png, index: 0, documentKey: "k")
        let analysis = try PageAnalyzer(configuration: config).analyze(request, cancellation: nil)
        #expect(
            analysis.items.map(\.normalized) == ["+16502530000", "2024-03-15", "12.50 USD", "http://www.example.com", "info@example.com"])
        let skew = try #require(LeptonicaImage.from(GrayImage.load(path: Fixtures.path("skewed-20.png")))?.skew())
        #expect(abs(skew.degrees - 20) < 1, "\(skew.degrees)")
    }

    @Test func straightPagesAreNotTurned() throws {
        let image = try GrayImage.load(path: Fixtures.path("phone-date-price.png"))
        let skew = try #require(LeptonicaImage.from(image)?.skew())
        #expect(abs(skew.degrees) < 0.7)
    }
}
