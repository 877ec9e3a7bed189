import Testing

@testable import DataScanModel

@Suite struct GeometryTests {
    @Test func quadOfRectHasCornersInContractOrder() {
        let q = Quad(Rect(x: 1, y: 2, width: 10, height: 5))
        #expect(q.corners == [Point(x: 1, y: 2), Point(x: 11, y: 2), Point(x: 11, y: 7), Point(x: 1, y: 7)])
        #expect(q.boundingRect == Rect(x: 1, y: 2, width: 10, height: 5))
    }

    @Test func overlapIsShareOfSmallerBox() {
        let a = Quad(Rect(x: 0, y: 0, width: 10, height: 10))
        let b = Quad(Rect(x: 5, y: 0, width: 10, height: 10))
        #expect(a.overlap(with: b) == 0.5)
        #expect(a.overlap(with: Quad(Rect(x: 20, y: 20, width: 1, height: 1))) == 0)
    }
}
