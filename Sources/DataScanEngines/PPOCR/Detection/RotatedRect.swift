import Foundation

/// A rectangle at an angle, as OpenCV's `minAreaRect` finds it and `boxPoints` lists its corners. The arithmetic
/// follows OpenCV's (rotcalipers.cpp, types.cpp) operation by operation in single precision: rapidocr truncates
/// these corners to integers before growing the box, so a 9.9999994 where OpenCV has 10.0 would move a box.
struct RotatedRect {
    var center: SIMD2<Float>
    var size: SIMD2<Float>  // width, height
    var angle: Float  // degrees

    /// The smallest-area rectangle around `hull` (a convex hull in `ConvexHull`'s order).
    init(minimumAreaAround hull: [ConvexHull.Point]) {
        let points = hull.map { SIMD2<Float>(Float($0.x), Float($0.y)) }
        self.init(minimumAreaAround: points)
    }

    init(minimumAreaAround points: [SIMD2<Float>]) {
        let n = points.count
        if n > 2 {
            let out = Self.rotatingCalipers(points)
            center = SIMD2(out[0] + (out[2] + out[4]) * 0.5, out[1] + (out[3] + out[5]) * 0.5)
            size = SIMD2(
                Float((Double(out[2]) * Double(out[2]) + Double(out[3]) * Double(out[3])).squareRoot()),
                Float((Double(out[4]) * Double(out[4]) + Double(out[5]) * Double(out[5])).squareRoot()))
            angle = Float(atan2(Double(out[3]), Double(out[2])))
        } else if n == 2 {
            center = SIMD2((points[0].x + points[1].x) * 0.5, (points[0].y + points[1].y) * 0.5)
            let dx = Double(points[1].x - points[0].x)
            let dy = Double(points[1].y - points[0].y)
            size = SIMD2(Float((dx * dx + dy * dy).squareRoot()), 0)
            angle = Float(atan2(dy, dx))
        } else {
            center = n == 1 ? points[0] : .zero
            size = .zero
            angle = 0
        }
        angle = Float(Double(angle * 180) / Double.pi)
    }

    /// The four corners, in `RotatedRect::points` order.
    var corners: [SIMD2<Float>] {
        let radians = Double(angle) * Double.pi / 180
        let b = Float(cos(radians)) * 0.5
        let a = Float(sin(radians)) * 0.5
        let p0 = SIMD2<Float>(center.x - a * size.y - b * size.x, center.y + b * size.y - a * size.x)
        let p1 = SIMD2<Float>(center.x + a * size.y - b * size.x, center.y - b * size.y - a * size.x)
        return [p0, p1, SIMD2(2 * center.x - p0.x, 2 * center.y - p0.y), SIMD2(2 * center.x - p1.x, 2 * center.y - p1.y)]
    }

    /// OpenCV's `rotatingCalipers(..., CALIPERS_MINAREARECT)`: a corner and the two side vectors.
    private static func rotatingCalipers(_ points: [SIMD2<Float>]) -> [Float] {
        let n = points.count
        var vect = [SIMD2<Float>](repeating: .zero, count: n)
        var invLength = [Float](repeating: 0, count: n)
        var (left, bottom, right, top) = (0, 0, 0, 0)
        var pt0 = points[0]
        var (leftX, rightX, topY, bottomY) = (pt0.x, pt0.x, pt0.y, pt0.y)
        for i in 0..<n {
            if pt0.x < leftX { (leftX, left) = (pt0.x, i) }
            if pt0.x > rightX { (rightX, right) = (pt0.x, i) }
            if pt0.y > topY { (topY, top) = (pt0.y, i) }
            if pt0.y < bottomY { (bottomY, bottom) = (pt0.y, i) }
            let pt = points[i + 1 < n ? i + 1 : 0]
            let dx = Double(pt.x - pt0.x)
            let dy = Double(pt.y - pt0.y)
            vect[i] = SIMD2(Float(dx), Float(dy))
            invLength[i] = Float(1 / (dx * dx + dy * dy).squareRoot())
            pt0 = pt
        }
        var orientation: Float = 0
        var ax = Double(vect[n - 1].x)
        var ay = Double(vect[n - 1].y)
        for i in 0..<n {
            let bx = Double(vect[i].x)
            let by = Double(vect[i].y)
            let convexity = ax * by - ay * bx
            if convexity != 0 {
                orientation = convexity > 0 ? 1 : -1
                break
            }
            (ax, ay) = (bx, by)
        }
        var baseA = orientation
        var baseB: Float = 0
        var seq = [bottom, right, top, left]
        var minArea = Float.greatestFiniteMagnitude
        var best: (leftIndex: Int, a: Float, width: Float, b: Float, height: Float, bottomIndex: Int) = (0, 0, 0, 0, 0, 0)
        for _ in 0..<n {
            let dp0 = baseA * vect[seq[0]].x + baseB * vect[seq[0]].y
            let dp1 = -baseB * vect[seq[1]].x + baseA * vect[seq[1]].y
            let dp2 = -baseA * vect[seq[2]].x - baseB * vect[seq[2]].y
            let dp3 = baseB * vect[seq[3]].x - baseA * vect[seq[3]].y
            var maxCos = dp0 * invLength[seq[0]]
            var main = 0
            for (i, dp) in [(1, dp1), (2, dp2), (3, dp3)] {
                let c = dp * invLength[seq[i]]
                if c > maxCos { (main, maxCos) = (i, c) }
            }
            let p = seq[main]
            let leadX = vect[p].x * invLength[p]
            let leadY = vect[p].y * invLength[p]
            switch main {
            case 0: (baseA, baseB) = (leadX, leadY)
            case 1: (baseA, baseB) = (leadY, -leadX)
            case 2: (baseA, baseB) = (-leadX, -leadY)
            default: (baseA, baseB) = (-leadY, leadX)
            }
            seq[main] = seq[main] + 1 == n ? 0 : seq[main] + 1
            var dx = points[seq[1]].x - points[seq[3]].x
            var dy = points[seq[1]].y - points[seq[3]].y
            let width = dx * baseA + dy * baseB
            dx = points[seq[2]].x - points[seq[0]].x
            dy = points[seq[2]].y - points[seq[0]].y
            let height = -dx * baseB + dy * baseA
            let area = width * height
            if area <= minArea {
                minArea = area
                best = (seq[3], baseA, width, baseB, height, seq[0])
            }
        }
        let a1 = best.a
        let b1 = best.b
        let a2 = -best.b
        let b2 = best.a
        let c1 = a1 * points[best.leftIndex].x + points[best.leftIndex].y * b1
        let c2 = a2 * points[best.bottomIndex].x + points[best.bottomIndex].y * b2
        let idet = 1 / (a1 * b2 - a2 * b1)
        let px = (c1 * b2 - c2 * b1) * idet
        let py = (a1 * c2 - a2 * c1) * idet
        return [px, py, a1 * best.width, b1 * best.width, a2 * best.height, b2 * best.height]
    }
}
