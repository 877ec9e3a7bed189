import Foundation
import Testing

@testable import DataScanEngines
@testable import DataScanModel

/// The Swift re-implementations of OpenCV and Clipper steps against the results of the originals
/// (Fixtures/opencv-parity.json, written by scripts/reference.py with cv2 5.0 and pyclipper 1.4).
@Suite("OpenCV parity")
struct OpenCVParityTests {
    struct Parity: Decodable {
        struct Raster: Decodable {
            let width: Int
            let height: Int
            let pixels: [UInt8]
        }
        struct Rect: Decodable {
            let points: [[Int]]
            let center: [Float]
            let size: [Float]
            let angle: Float
            let corners: [[Float]]
        }
        struct Offset: Decodable {
            let box: [[Float]]
            let distance: Double
            let rectSize: [Float]
            let rectCenter: [Float]
        }
        let resizeSource: Raster
        let resize: [Raster]
        let minAreaRect: [Rect]
        let offset: [Offset]
    }

    static let parity: Parity = {
        let data = try! Data(contentsOf: PPOCRFixtures.folder.appendingPathComponent("opencv-parity.json"))
        return try! JSONDecoder().decode(Parity.self, from: data)
    }()

    @Test("linear resize is bit-exact with cv2.resize")
    func resize() {
        let s = Self.parity.resizeSource
        let source = GrayRaster(width: s.width, height: s.height, pixels: s.pixels)
        for expected in Self.parity.resize {
            let resized = LinearResizer.resize(source, width: expected.width, height: expected.height)
            #expect(resized.pixels == expected.pixels, "\(expected.width)×\(expected.height)")
        }
    }

    @Test("minimum-area rectangles are cv2.minAreaRect's, to the float")
    func minAreaRect() {
        for case_ in Self.parity.minAreaRect {
            let hull = ConvexHull.hull(of: case_.points.map { ConvexHull.Point(x: $0[0], y: $0[1]) })
            let rect = RotatedRect(minimumAreaAround: hull)
            // The same rectangle: the same corners as a set (OpenCV may start the list at another corner).
            let corners = rect.corners
            for expected in case_.corners {
                let nearest = corners.map { abs($0.x - expected[0]) + abs($0.y - expected[1]) }.min()!
                #expect(nearest < 1e-4, "points \(case_.points): corner \(expected) not in \(corners)")
            }
            #expect(abs(min(rect.size.x, rect.size.y) - min(case_.size[0], case_.size[1])) < 1e-4)
        }
    }

    @Test("rounded offsets grow boxes as pyclipper does")
    func offset() {
        for case_ in Self.parity.offset {
            let box = case_.box.map { SIMD2<Float>($0[0], $0[1]) }
            let grown = PolygonOffset.offset(box, by: case_.distance)
            let rect = RotatedRect(minimumAreaAround: ConvexHull.hull(of: grown))
            let size = [rect.size.x, rect.size.y].sorted()
            let expected = case_.rectSize.sorted()
            #expect(abs(size[0] - expected[0]) < 1e-3 && abs(size[1] - expected[1]) < 1e-3, "box \(case_.box): \(size) vs \(expected)")
            #expect(abs(rect.center.x - case_.rectCenter[0]) < 1e-3 && abs(rect.center.y - case_.rectCenter[1]) < 1e-3)
        }
    }

    @Test("the runtime version check accepts 1.10 and later 1.x only")
    func versions() {
        #expect(ONNXRuntimeLibrary.isSupported(version: "1.32.0"))
        #expect(ONNXRuntimeLibrary.isSupported(version: "1.10.0"))
        #expect(!ONNXRuntimeLibrary.isSupported(version: "1.9.1"))
        #expect(!ONNXRuntimeLibrary.isSupported(version: "2.0.0"))
        #expect(!ONNXRuntimeLibrary.isSupported(version: "garbage"))
    }
}
