import Testing

@testable import DataScanEngines
@testable import DataScanModel
@testable import DataScanRecognition

@Suite struct LinearCodeExtentTests {
    /// A white page with vertical bars in x 50..<150, y 40..<100 (every other 5-pixel column black).
    static let page: GrayImage = {
        var image = GrayImage(width: 200, height: 160, pixels: [UInt8](repeating: 255, count: 200 * 160))
        for y in 40..<100 {
            for x in 50..<150 where (x / 5) % 2 == 0 { image[x, y] = 0 }
        }
        return image
    }()

    @Test func aScanLineSliverGrowsToTheBars() {
        let sliver = Quad(Rect(x: 50, y: 70, width: 100, height: 2))
        let grown = LinearCodeExtent.refined(sliver, in: Self.page)
        #expect(grown.boundingRect == Rect(x: 50, y: 40, width: 100, height: 60))
        #expect(grown.topLeft == Point(x: 50, y: 40))
    }

    @Test func aCodeReadRightToLeftKeepsItsCornerOrder() {
        let reversed = Quad(
            topLeft: Point(x: 150, y: 72), topRight: Point(x: 50, y: 72), bottomRight: Point(x: 50, y: 70),
            bottomLeft: Point(x: 150, y: 70))
        let grown = LinearCodeExtent.refined(reversed, in: Self.page)
        #expect(grown.topLeft == Point(x: 150, y: 100))
        #expect(grown.bottomRight == Point(x: 50, y: 40))
    }

    @Test func withoutBarsASliverGetsTheMinimumThickness() {
        let blank = GrayImage(width: 200, height: 160, pixels: [UInt8](repeating: 255, count: 200 * 160))
        let grown = LinearCodeExtent.refined(Quad(Rect(x: 50, y: 70, width: 100, height: 0)), in: blank)
        #expect(grown.boundingRect == Rect(x: 50, y: 62.5, width: 100, height: 15))
    }

    @Test func zbarPointsBecomeAnOrderedQuad() {
        // Upright: two scan lines across a horizontal code.
        let points = [Point(x: 10, y: 50), Point(x: 110, y: 50), Point(x: 10, y: 60), Point(x: 110, y: 60)]
        let up = ZBarReader.quad(from: points, isLinear: true, orientation: .up)
        #expect(up.topLeft == Point(x: 10, y: 47.5) && up.bottomRight == Point(x: 110, y: 62.5))
        // A QR code read upside down: its top-left corner is the page's bottom-right.
        let square = [Point(x: 0, y: 0), Point(x: 0, y: 10), Point(x: 10, y: 10), Point(x: 10, y: 0)]
        let down = ZBarReader.quad(from: square, isLinear: false, orientation: .down)
        #expect(down.corners == [Point(x: 10, y: 10), Point(x: 0, y: 10), Point(x: 0, y: 0), Point(x: 10, y: 0)])
        let right = ZBarReader.quad(from: square, isLinear: false, orientation: .right)
        #expect(right.corners == [Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10), Point(x: 0, y: 0)])
    }
}
