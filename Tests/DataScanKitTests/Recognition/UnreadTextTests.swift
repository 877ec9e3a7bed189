import Testing

@testable import DataScanInput
@testable import DataScanJob
@testable import DataScanModel
@testable import DataScanRecognition

/// `UnreadText`: the text a page shows that a reading left out, and `auto` reading such a page again.
@Suite struct UnreadTextTests {
    /// Four rows of 38 glyphs 16 px high, 32 px apart from y = 20 (`TextScaleTests.page`).
    static let rows = TextScaleTests.page(glyphs: 152, glyphHeight: 16, width: 800, height: 160)

    /// A reading of the rows of `rows` numbered `read`: one word over each such row's glyphs.
    static func reading(ofRows read: [Int]) -> [RecognizedLine] {
        read.map { row in
            RecognizedLine(words: [
                RecognizedWord(
                    text: "GLYPHS", bounds: Quad(Rect(x: 18, y: 18 + 32 * Double(row), width: 762, height: 20)), confidence: 0.95)
            ])
        }
    }

    /// (A row's first and last glyph have one neighbour each: 36 of a row's 38 stand in it as letters do.)
    @Test func theRowsNoWordHoldsAreUnread() {
        let rows = Self.rows
        let counts = [[0, 1, 2, 3], [0], [], [0, 1], [0, 1, 2]].map { UnreadText.count(on: rows, read: Self.reading(ofRows: $0)) }
        #expect(counts.map(\.unread) == [0, 108, 144, 72, 36] && counts.allSatisfy { $0.marks == 144 })
        let leftOut = [[0], [], [0, 1], [0, 1, 2], [0, 1, 2, 3]].map { UnreadText.leftOut(on: rows, read: Self.reading(ofRows: $0)) }
        #expect(leftOut == [true, true, true, false, false], "half unread counts; 36 marks are too few")
    }

    /// Marks under half the height of the letters read are the paper's grain or specks, however they stand.
    @Test func marksFarSmallerThanTheLettersReadAreNotText() {
        // Two rows of 30 glyphs 20 px high (at y = 20 and 60), and below them a row of 30 specks 9 px high.
        var page = GrayImage(width: 800, height: 160, pixels: [UInt8](repeating: 255, count: 800 * 160))
        let letters = TextScaleTests.page(glyphs: 60, glyphHeight: 20, width: 800, height: 100)
        for (y, image) in [(0, letters), (100, TextScaleTests.page(glyphs: 30, glyphHeight: 9, width: 800, height: 60))] {
            for yy in 0..<image.height {
                for x in 0..<image.width { page[x, y + yy] = image[x, yy] }
            }
        }
        let words = [20.0, 60.0].map { y in
            RecognizedLine(words: [
                RecognizedWord(text: "GLYPHS", bounds: Quad(Rect(x: 18, y: y - 2, width: 762, height: 24)), confidence: 0.95)
            ])
        }
        let read = UnreadText.count(on: page, read: words)
        #expect(read.unread == 0)
        #expect(read.marks == 56)
        // With too few letters read to measure them by, every mark counts.
        let none = UnreadText.count(on: page, read: [])
        #expect(none.unread == 84)
        #expect(none.marks == 84)
    }

    /// A faded receipt photographed on a dark table: Tesseract reads a few of its words and leaves most of its text;
    /// cropped to the paper, it reads all of it. `auto` reads the page again with PP-OCR, though Tesseract's reading
    /// is sure and names no receipt.
    @Test func aFadedReceiptOnADarkTableIsReadAgain() throws {
        let photo = try GrayImage.load(path: Fixtures.path("faded-receipt-on-table.jpg"))
        let tesseract = TesseractRecognizer(languages: ["nld"], quality: .balanced)
        func reading(_ image: GrayImage) throws -> [RecognizedLine] {
            try tesseract.recognize(image, resolution: 300, deadline: .now + .seconds(60), pageTimeout: 60, cancellation: nil).lines
        }
        let lines = try reading(photo)
        #expect(!lines.map(\.text).joined(separator: " ").contains("HAGELSLAG"))
        #expect(UnreadText.leftOut(on: photo, read: lines))
        let paper = photo.cropped(x: 45, y: 45, width: 445, height: 995)
        let paperLines = try reading(paper)
        #expect(paperLines.map(\.text).joined(separator: " ").contains("HAGELSLAG"))
        #expect(!UnreadText.leftOut(on: paper, read: paperLines))

        var c = ScanConfiguration()
        c.languages = [Language("nl")!]
        c.region = "NL"
        let ppocr = FakeOCREngine(.ppocr)
        _ = try PageTextReader(configuration: c, tesseract: tesseract, ppocr: ppocr).read(
            photo, resolution: 300, deadline: .now + .seconds(60), pageTimeout: 60, cancellation: nil)
        #expect(ppocr.calls == 1)
    }
}
