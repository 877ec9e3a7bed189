import Testing

@testable import DataScanModel
@testable import DataScanRecognition

@Suite struct GrayImageTransformsTests {
    let image = GrayImage(width: 3, height: 2, pixels: [1, 2, 3, 4, 5, 6])

    @Test func quarterTurnClockwiseMovesEveryPixel() {
        let turned = image.rotatedClockwise()
        #expect(turned.width == 2 && turned.height == 3)
        // Row 0 of the turned image is column 0 of the original, read bottom to top.
        #expect(turned.pixels == [4, 1, 5, 2, 6, 3])
    }

    @Test func downscalingAveragesBlocks() {
        let big = GrayImage(width: 4, height: 2, pixels: [0, 100, 200, 200, 100, 0, 0, 0])
        let (small, scale) = big.downscaled(maxLongSide: 2)
        #expect(scale == 2)
        #expect(small.width == 2 && small.height == 1)
        #expect(small.pixels == [50, 100])
        #expect(image.downscaled(maxLongSide: 10).scale == 1)
    }

    @Test func invertingAndCropping() {
        #expect(image.inverted().pixels == [254, 253, 252, 251, 250, 249])
        #expect(image.cropped(x: 1, y: 0, width: 5, height: 1).pixels == [2, 3])
        #expect(image.cropped(x: -2, y: 1, width: 3, height: 3).pixels == [4])
    }

    @Test func rotationByAnAngleMapsPointsBack() {
        let page = GrayImage(width: 200, height: 100, pixels: [UInt8](repeating: 255, count: 200 * 100))
        let (turned, toOriginal) = page.rotated(byDegrees: 90)
        #expect(turned.width == 100 && turned.height == 200)
        // The original top-left corner ends up top-right after a clockwise quarter turn.
        let back = toOriginal(Point(x: 100, y: 0))
        #expect(abs(back.x - 0) < 1e-9)
        #expect(abs(back.y - 0) < 1e-9)
    }
}
