import Foundation

/// Grows a closed polygon by a distance with rounded corners, as Clipper's `ClipperOffset` (JT_ROUND,
/// ET_CLOSEDPOLYGON, arc tolerance 0.25, through pyclipper) does for rapidocr's "unclip". Coordinates are
/// integers, as in Clipper: the input is truncated toward zero (pyclipper's conversion), the output rounded.
/// Only the outline's points matter downstream (their minimum-area rectangle), so Clipper's final union pass,
/// which only removes inner loops, is left out.
enum PolygonOffset {
    typealias Point = ConvexHull.Point

    static func offset(_ polygon: [SIMD2<Float>], by delta: Double) -> [Point] {
        var path: [Point] = []
        for p in polygon {
            let q = Point(x: Int(p.x), y: Int(p.y))  // toward zero, like pyclipper
            if path.last != q { path.append(q) }
        }
        while path.count > 1 && path.first == path.last { path.removeLast() }
        guard path.count >= 3, delta > 0 else { return path }
        // Clipper orients outer polygons positively (its Area() >= 0) so that normals point outward.
        if area(path) < 0 { path.reverse() }

        let arcTolerance = min(0.25, delta * 0.25)
        var steps = Double.pi / acos(1 - arcTolerance / delta)
        if steps > delta * Double.pi { steps = delta * Double.pi }
        let sinStep = sin(2 * Double.pi / steps)
        let cosStep = cos(2 * Double.pi / steps)
        let stepsPerRadian = steps / (2 * Double.pi)

        let n = path.count
        let normals: [SIMD2<Double>] = (0..<n).map { j in
            let a = path[j]
            let b = path[(j + 1) % n]
            let dx = Double(b.x - a.x)
            let dy = Double(b.y - a.y)
            if dx == 0 && dy == 0 { return .zero }
            let f = 1 / (dx * dx + dy * dy).squareRoot()
            return SIMD2(dy * f, -dx * f)
        }
        func rounded(_ v: Double) -> Int { v < 0 ? Int(v - 0.5) : Int(v + 0.5) }
        func shifted(_ p: Point, _ normal: SIMD2<Double>) -> Point {
            Point(x: rounded(Double(p.x) + normal.x * delta), y: rounded(Double(p.y) + normal.y * delta))
        }
        var out: [Point] = []
        var k = n - 1
        for j in 0..<n {
            let p = path[j]
            var sinA = normals[k].x * normals[j].y - normals[j].x * normals[k].y
            let cosA = normals[k].x * normals[j].x + normals[j].y * normals[k].y
            if abs(sinA * delta) < 1 {
                if cosA > 0 {
                    out.append(shifted(p, normals[k]))
                    continue  // Clipper returns here without moving k
                }
            } else if sinA > 1 {
                sinA = 1
            } else if sinA < -1 {
                sinA = -1
            }
            if sinA * delta < 0 {
                out.append(shifted(p, normals[k]))
                out.append(p)
                out.append(shifted(p, normals[j]))
            } else {
                let angle = atan2(sinA, normals[k].x * normals[j].x + normals[k].y * normals[j].y)
                let count = max(rounded(stepsPerRadian * abs(angle)), 1)
                var x = normals[k].x
                var y = normals[k].y
                for _ in 0..<count {
                    out.append(Point(x: rounded(Double(p.x) + x * delta), y: rounded(Double(p.y) + y * delta)))
                    let x2 = x
                    x = x * cosStep - sinStep * y
                    y = x2 * sinStep + y * cosStep
                }
                out.append(shifted(p, normals[j]))
            }
            k = j
        }
        return out
    }

    /// Clipper's signed area (positive for its "outer" orientation).
    private static func area(_ poly: [Point]) -> Double {
        var a = 0.0
        var j = poly.count - 1
        for i in 0..<poly.count {
            a += (Double(poly[j].x) + Double(poly[i].x)) * (Double(poly[j].y) - Double(poly[i].y))
            j = i
        }
        return -a * 0.5
    }
}
