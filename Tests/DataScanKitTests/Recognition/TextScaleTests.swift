import Testing

@testable import DataScanInput
@testable import DataScanModel
@testable import DataScanRecognition

@Suite struct TextScaleTests {
    /// A white page with `count` ring-shaped glyphs `glyphHeight` px high (and 3/4 as wide), in rows; with
    /// `broken`, every other row of each glyph is left out, as a dot-matrix print breaks its strokes.
    static func page(glyphs count: Int, glyphHeight h: Int, broken: Bool = false, width: Int = 800, height: Int = 600) -> GrayImage {
        var image = GrayImage(width: width, height: height, pixels: [UInt8](repeating: 255, count: width * height))
        let w = h * 3 / 4, stroke = max(2, h / 6)
        var x = 20, y = 20
        for _ in 0..<count {
            for gy in 0..<h where !(broken && gy % 2 == 1) {
                for gx in 0..<w where gy < stroke || gy >= h - stroke || gx < stroke || gx >= w - stroke {
                    image[x + gx, y + gy] = 10
                }
            }
            x += w + h / 2
            if x + w >= width - 20 {
                x = 20
                y += 2 * h
            }
        }
        return image
    }

    @Test func theTextHeightIsTheHeightOfTheCharacters() {
        #expect(TextScale.textHeight(of: Self.page(glyphs: 40, glyphHeight: 16)) == 16)
        #expect(TextScale.textHeight(of: Self.page(glyphs: 40, glyphHeight: 48, width: 2000, height: 1400)) == 48)
    }

    @Test func brokenStrokesCountAsWholeCharacters() {
        #expect(TextScale.textHeight(of: Self.page(glyphs: 40, glyphHeight: 15, broken: true)) == 15)
    }

    /// The closing fills a gap of one or two pixels between ink above and below, leaves wider gaps and lone pixels
    /// alone, and counts nothing outside the image: ink on the first or last row stays as it is.
    @Test func aVerticalClosingFillsGapsOfOneOrTwoPixels() {
        // Columns: a one-pixel gap; a three-pixel gap; a lone dot; ink on the top and bottom rows; a two-pixel gap.
        var mask: [UInt8] = [
            1, 1, 0, 1, 1,
            0, 1, 0, 0, 0,
            1, 0, 1, 0, 0,
            0, 0, 0, 0, 1,
            0, 0, 0, 0, 0,
            0, 1, 0, 1, 0,
        ]
        mask.closeVertically(width: 5, height: 6)
        #expect(
            mask == [
                1, 1, 0, 1, 1,
                1, 1, 0, 0, 1,
                1, 0, 1, 0, 1,
                0, 0, 0, 0, 1,
                0, 0, 0, 0, 0,
                0, 1, 0, 1, 0,
            ])
    }

    @Test func aPageWithTooFewCharactersIsNotMeasured() {
        #expect(TextScale.textHeight(of: Self.page(glyphs: 12, glyphHeight: 16)) == nil)
        #expect(TextScale.factor(for: Self.page(glyphs: 0, glyphHeight: 16)) == 1)
    }

    /// Character-shaped marks are counted dark on a light page and light on a dark one.
    @Test func charactersAreCountedInEitherPolarity() {
        let page = Self.page(glyphs: 40, glyphHeight: 16)
        #expect(TextScale.characterCount(of: page) == 40)
        #expect(TextScale.characterCount(of: GrayImage(width: 800, height: 600, pixels: page.pixels.map { 255 - $0 })) == 40)
        #expect(TextScale.characterCount(of: Self.page(glyphs: 0, glyphHeight: 16)) == 0)
        // A faded print (glyphs barely darker than the paper) on a dark table: one threshold for the whole page
        // would fall between the table and the paper.
        var faded = Self.page(glyphs: 40, glyphHeight: 16)
        for i in faded.pixels.indices {
            let (x, y) = (i % 800, i / 800)
            faded.pixels[i] = x < 120 || y > 520 ? 15 : (faded.pixels[i] < 128 ? 200 : 245)
        }
        #expect(TextScale.characterCount(of: faded) >= 30)
    }

    /// A dim photo's noise comes through as small blotches of ink, many more than the letters: measured on all the
    /// ink's shapes, text of 20 px measures 7, and the page would be scaled up three and a half times. The shapes that stand in
    /// rows as letters do measure the text.
    @Test func blotchesOfNoiseDoNotSetTheTextHeight() {
        var page = Self.page(glyphs: 40, glyphHeight: 20)
        var seed: UInt64 = 7
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<300 {  // ring-shaped blotches 7 px high, scattered below the text
            let (x, y) = (20 + next(760), 250 + next(330))
            for gy in 0..<7 { for gx in 0..<4 where gy < 2 || gy >= 5 || gx == 0 || gx == 3 { page[x + gx, y + gy] = 10 } }
        }
        #expect(TextScale.textHeight(of: page) == 7)
        #expect(abs(TextScale.factor(for: page) - 1.25) < 1e-9)
        // Without the text the blotches alone stand in no rows: nothing better to go by than the ink's shapes.
        var noise = page
        for y in 0..<250 { for x in 0..<800 { noise[x, y] = 255 } }
        #expect(abs(TextScale.factor(for: noise) - 25.0 / 7) < 1e-9)
    }

    @Test func smallTextIsEnlargedAndLargeTextReduced() throws {
        #expect(abs(TextScale.factor(for: Self.page(glyphs: 40, glyphHeight: 10)) - 2.5) < 1e-9)
        #expect(abs(TextScale.factor(for: Self.page(glyphs: 40, glyphHeight: 50, width: 2000, height: 1400)) - 0.5) < 1e-9)
        // Within 5 % of the target, the page is read as it is.
        #expect(TextScale.factor(for: Self.page(glyphs: 40, glyphHeight: 24)) == 1)
        let scaled = try #require(TextScale.scaled(Self.page(glyphs: 40, glyphHeight: 10), by: 2.5))
        #expect(scaled.width == 2000 && scaled.height == 1500)
        let measured = try #require(TextScale.textHeight(of: scaled))
        #expect(abs(measured - 25) <= 1)
    }

    /// The factor never makes a page larger than 12 MP.
    @Test func theScaledPageStaysWithinItsPixelBudget() {
        let page = Self.page(glyphs: 60, glyphHeight: 8, width: 2400, height: 1800)
        let f = TextScale.factor(for: page)
        #expect(f < 4 && f > 1)
        #expect(abs(Double(page.width * page.height) * f * f - TextScale.maximumScaledPixels) < 1)
    }

    @Test func aRealPageIsMeasuredNearItsCapHeight() throws {
        // phone-date-price.png prints its lines in 12.9 pt DejaVu Sans drawn at about 4.6 px per pt.
        let image = try GrayImage.load(path: Fixtures.path("phone-date-price.png"))
        let height = try #require(TextScale.textHeight(of: image))
        #expect((30...50).contains(height), "\(height)")
    }
}
