/// The convex hull of integer points, in the order OpenCV's `convexHull(contour, clockwise: true)` returns it for
/// an outer contour from `findContours`: starting at the topmost (then leftmost) point and going down its left
/// side first. The order matters only to reproduce `minAreaRect`'s floating-point results exactly.
enum ConvexHull {
    struct Point: Hashable, Comparable {
        var x: Int
        var y: Int
        static func < (a: Point, b: Point) -> Bool { a.x != b.x ? a.x < b.x : a.y < b.y }
    }

    /// The hull's corners without collinear points (as Sklansky's scan in OpenCV drops them).
    static func hull(of points: [Point]) -> [Point] {
        let sorted = Array(Set(points)).sorted()
        guard sorted.count > 2 else { return sorted }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Int {
            (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
        }
        // Andrew's monotone chain; in image coordinates (y down) it runs with positive turns.
        var lower: [Point] = []
        for p in sorted {
            while lower.count >= 2 && cross(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        var upper: [Point] = []
        for p in sorted.reversed() {
            while upper.count >= 2 && cross(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        var chain = Array(lower.dropLast()) + Array(upper.dropLast())
        if chain.count < 3 { return chain }
        // OpenCV's order turns the other way and starts at the top-left point.
        chain.reverse()
        let start = chain.indices.min { (chain[$0].y, chain[$0].x) < (chain[$1].y, chain[$1].x) }!
        return Array(chain[start...] + chain[..<start])
    }
}
