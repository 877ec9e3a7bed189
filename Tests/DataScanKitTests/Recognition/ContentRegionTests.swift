import Testing

@testable import DataScanEngines
@testable import DataScanModel
@testable import DataScanRecognition

/// `ContentRegion`: where a page's text stands when it fills only part of the page.
@Suite struct ContentRegionTests {
    /// A white page `width`×`height` with `blocks` pasted in: each a block of glyphs (`TextScaleTests.page`) at an
    /// origin.
    static func page(width: Int, height: Int, blocks: [(x: Int, y: Int, block: GrayImage)]) -> GrayImage {
        var page = GrayImage(width: width, height: height, pixels: [UInt8](repeating: 250, count: width * height))
        for (x0, y0, block) in blocks {
            for y in 0..<block.height {
                for x in 0..<block.width { page[x0 + x, y0 + y] = block[x, y] }
            }
        }
        return page
    }

    /// The box around the dark pixels of `image`.
    static func inkBox(_ image: GrayImage) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
        var box = (x0: Int.max, y0: Int.max, x1: Int.min, y1: Int.min)
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] < 128 {
                box = (min(box.x0, x), min(box.y0, y), max(box.x1, x), max(box.y1, y))
            }
        }
        return box
    }

    static let receipt = TextScaleTests.page(glyphs: 160, glyphHeight: 16, width: 420, height: 900)

    @Test func aReceiptOnALargePageIsFoundWithAMargin() throws {
        let page = Self.page(width: 1700, height: 2400, blocks: [(600, 700, Self.receipt)])
        let region = try #require(ContentRegion.region(of: page))
        let ink = Self.inkBox(page)
        // Every glyph inside, with at least one text height of margin, and not much more than the margin asked.
        #expect(region.x <= ink.x0 - 16 && region.y <= ink.y0 - 16)
        #expect(region.x + region.width >= ink.x1 + 16 && region.y + region.height >= ink.y1 + 16)
        #expect(region.x >= ink.x0 - 4 * 16 - 8 && region.x + region.width <= ink.x1 + 4 * 16 + 8)
        #expect(Double(region.width * region.height) < 0.2 * Double(page.width * page.height))
    }

    /// A receipt photographed on a dark desk, the desk most of the photo: its dark print is found and the receipt
    /// cropped, as on a white page. (Taken for a page of light print, it showed no text at all.)
    @Test func aReceiptOnADarkDeskIsFound() throws {
        var page = Self.page(width: 1700, height: 2400, blocks: [(600, 700, Self.receipt)])
        for y in 0..<page.height {
            for x in 0..<page.width where !(560..<1060).contains(x) || !(660..<1640).contains(y) { page[x, y] = 40 }
        }
        // (Counted and found first: an expectation would print the page's pixels.)
        let (count, shapes) = (TextScale.characterCount(of: page), TextScale.characterCount(of: Self.receipt))
        #expect(count == shapes)
        let found = ContentRegion.region(of: page)
        let region = try #require(found)
        #expect(region.x >= 560 && region.y >= 660 && region.x + region.width <= 1060 && region.y + region.height <= 1640)
    }

    /// A receipt photographed on a grey table whose grain a phone's sensor adds (σ ≈ 5 grey levels, as measured on a
    /// photo in a glare): the grain's blotches are character-shaped but stand in no rows, and the receipt is cropped.
    /// (Counted as text, they joined the receipt into one cluster as large as the page: the photo was read whole, and
    /// Tesseract, given the grain brightened by the background normalization, read it for over two minutes.)
    @Test func aReceiptOnAGrainyTableIsFound() throws {
        let found = ContentRegion.region(of: Self.grainyTable)
        let region = try #require(found)
        #expect(region.x >= 560 && region.y >= 660 && region.x + region.width <= 1060 && region.y + region.height <= 1640)
        #expect(region.fromRows)
    }

    /// `receipt` at (600, 700) on a 1700 × 2400 photo of a grey table with its grain, the paper 560–1060 × 660–1640.
    static let grainyTable = {
        var page = Self.page(width: 1700, height: 2400, blocks: [(600, 700, Self.receipt)])
        var generator = SplitMix64(seed: 45)
        for y in 0..<page.height {
            for x in 0..<page.width where !(560..<1060).contains(x) || !(660..<1640).contains(y) {
                // Roughly normal: the sum of four uniform draws.
                let grain = (0..<4).reduce(0) { sum, _ in sum + Int.random(in: -5...5, using: &generator) }
                page[x, y] = UInt8(80 + grain)
            }
        }
        return page
    }()

    /// Characters the row test missed join the text letter by letter (a word on a slant, each letter a few pixels
    /// lower than the last), but not a mark a few text heights away.
    @Test func charactersNextToTheTextJoinIt() {
        func box(_ x: Int, _ y: Int) -> CharacterShapes.Box { CharacterShapes.Box(x0: x, x1: x + 7, y0: y, y1: y + 9, ink: 30) }
        let text = [box(100, 100), box(112, 100)]
        let slanted = (1...6).map { box(112 + 12 * $0, 100 + 4 * $0) }
        let apart = [box(230, 124), box(100, 140)]
        let reached = ContentRegion.reached(from: text, among: text + slanted + apart, textHeight: 10)
        #expect(reached.map(\.x0).max() == 184 && reached.map(\.y1).max() == 133)
    }

    @Test func specksFarFromTheReceiptAreLeftOut() throws {
        let speck = TextScaleTests.page(glyphs: 1, glyphHeight: 16, width: 60, height: 60)
        let page = Self.page(
            width: 1700, height: 2400, blocks: [(600, 700, Self.receipt), (80, 90, speck), (1550, 2250, speck)])
        let region = try #require(ContentRegion.region(of: page))
        #expect(region.x > 200 && region.y > 200)
        #expect(region.x + region.width < 1500 && region.y + region.height < 2200)
    }

    @Test func aLineOfTextApartFromTheRestKeepsThePageWhole() {
        // A letter's footer (a phone number, an address) below a wide gap: a few words, not specks.
        // Fewer marks than the specks a receipt may have around it (2 % of its 400), but side by side as letters are.
        let receipt = TextScaleTests.page(glyphs: 400, glyphHeight: 16, width: 420, height: 900)
        let footer = TextScaleTests.page(glyphs: 6, glyphHeight: 16, width: 420, height: 60)
        let page = Self.page(width: 1700, height: 2400, blocks: [(600, 700, receipt), (600, 2200, footer)])
        #expect(ContentRegion.region(of: page) == nil)
        let specks = TextScaleTests.page(glyphs: 1, glyphHeight: 16, width: 60, height: 60)
        let scattered = Self.page(
            width: 1700, height: 2400,
            blocks: [(600, 700, receipt)] + (0..<6).map { (100 + 250 * $0, 2200 - 40 * $0, specks) })
        #expect(ContentRegion.region(of: scattered) != nil)
    }

    @Test func twoReceiptsOnOnePageAreReadWhole() {
        let page = Self.page(width: 1700, height: 2400, blocks: [(100, 700, Self.receipt), (1150, 600, Self.receipt)])
        #expect(ContentRegion.region(of: page) == nil)
    }

    @Test func aPageFullOfTextIsReadWhole() {
        let text = TextScaleTests.page(glyphs: 4000, glyphHeight: 16, width: 1500, height: 2000)
        #expect(ContentRegion.region(of: Self.page(width: 1700, height: 2400, blocks: [(100, 200, text)])) == nil)
    }

    @Test func aFewMarksAreNoRegion() {
        let few = TextScaleTests.page(glyphs: 12, glyphHeight: 16, width: 420, height: 200)
        #expect(ContentRegion.region(of: Self.page(width: 1700, height: 2400, blocks: [(600, 700, few)])) == nil)
    }

    @Test func aReadingOfTheCropIsPlacedBackOnThePage() {
        let line = RecognizedLine(
            words: [RecognizedWord(text: "TOTAL", bounds: Quad(Rect(x: 10, y: 20, width: 50, height: 12)), confidence: 0.9)],
            bounds: Quad(Rect(x: 10, y: 20, width: 80, height: 12)), confidence: 0.9, source: .ppocr)
        let placed = OCRReading(lines: [line], quarterTurns: 1).shifted(x: 600, y: 700)
        #expect(placed.quarterTurns == 1)
        #expect(placed.lines[0].words[0].bounds == Quad(Rect(x: 610, y: 720, width: 50, height: 12)))
        #expect(placed.lines[0].bounds == Quad(Rect(x: 610, y: 720, width: 80, height: 12)))
        #expect(placed.lines[0].source == .ppocr && placed.lines[0].confidence == 0.9)
    }
}
