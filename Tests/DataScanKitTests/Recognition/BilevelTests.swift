import Testing

@testable import DataScanModel
@testable import DataScanRecognition

/// Pages scanned in black and white are softened before OCR (`Bilevel`).
struct BilevelTests {
    /// A black square on white: 1-bit, and 1-bit no more once softened.
    static let square: GrayImage = {
        var image = GrayImage(width: 20, height: 20, pixels: [UInt8](repeating: 255, count: 400))
        for y in 6..<14 { for x in 6..<14 { image[x, y] = 0 } }
        return image
    }()

    @Test func onlyBlackAndWhitePagesAreBilevel() {
        #expect(Bilevel.isBilevel(Self.square))
        var grey = Self.square
        grey[0, 19] = 254
        #expect(!Bilevel.isBilevel(grey))
        #expect(Bilevel.needsSoftening(Self.square) && !Bilevel.needsSoftening(grey))
        // A page beyond the largest softened, scaled down by the engines instead.
        let large = GrayImage(width: 8_000, height: 5_001, pixels: [UInt8](repeating: 255, count: 8_000 * 5_001))
        #expect(Bilevel.isBilevel(large) && !Bilevel.needsSoftening(large))
    }

    /// White stays white and the square's middle black; its edges turn grey, darker inside than out, alike on all sides.
    @Test func softeningGreysTheEdgesOnly() {
        let soft = Bilevel.smoothed(Self.square)
        #expect(soft.width == 20 && soft.height == 20)
        #expect(soft[0, 0] == 255 && soft[19, 10] == 255 && soft[10, 10] == 0)
        let (inside, outside) = (soft[6, 10], soft[5, 10])
        #expect(inside > 0 && inside < outside && outside < 255)
        #expect(soft[13, 10] == inside && soft[10, 6] == inside && soft[10, 14] == outside)
        #expect(!Bilevel.isBilevel(soft))
    }
}
