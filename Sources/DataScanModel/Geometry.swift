/// A point in page pixels, origin at the top-left corner of the page.
public struct Point: Hashable, Sendable, Codable {
    /// Horizontal position, growing to the right.
    public var x: Double
    /// Vertical position, growing downward.
    public var y: Double

    /// A point at `x`, `y` page pixels.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// An axis-aligned rectangle in page pixels (top-left origin), or in fractions of the page for a region of interest.
public struct Rect: Hashable, Sendable, Codable {
    /// Horizontal position, growing to the right.
    public var x: Double
    /// Vertical position, growing downward.
    public var y: Double
    /// Extent to the right of `x`.
    public var width: Double
    /// Extent below `y`.
    public var height: Double

    /// A rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Left edge.
    public var minX: Double { x }
    /// Top edge.
    public var minY: Double { y }
    /// Right edge.
    public var maxX: Double { x + width }
    /// Bottom edge.
    public var maxY: Double { y + height }
    /// Horizontal center.
    public var midX: Double { x + width / 2 }
    /// Vertical center.
    public var midY: Double { y + height / 2 }
    /// Width × height (0 for an empty rectangle).
    public var area: Double { max(0, width) * max(0, height) }

    /// The smallest rectangle that contains both.
    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX), y1 = max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The overlapping part, or nil when the rectangles do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether `p` lies inside or on the edge.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }
}

/// Four corners of an item on its page, in page pixels (top-left origin): top-left, top-right,
/// bottom-right, bottom-left as the item reads. A rotated item has a rotated quad.
public struct Quad: Hashable, Sendable, Codable {
    /// Where the item's text or code begins, at the top.
    public var topLeft: Point
    /// Where it ends, at the top.
    public var topRight: Point
    /// Where it ends, at the bottom.
    public var bottomRight: Point
    /// Where it begins, at the bottom.
    public var bottomLeft: Point

    /// A quad from its four corners in reading order.
    public init(topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The quad of an upright rectangle.
    public init(_ r: Rect) {
        self.init(
            topLeft: Point(x: r.minX, y: r.minY), topRight: Point(x: r.maxX, y: r.minY),
            bottomRight: Point(x: r.maxX, y: r.maxY), bottomLeft: Point(x: r.minX, y: r.maxY))
    }

    /// The corners in contract order: top-left, top-right, bottom-right, bottom-left.
    public var corners: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// The upright rectangle around the four corners.
    public var boundingRect: Rect {
        let x0 = min(topLeft.x, topRight.x, bottomRight.x, bottomLeft.x)
        let y0 = min(topLeft.y, topRight.y, bottomRight.y, bottomLeft.y)
        let x1 = max(topLeft.x, topRight.x, bottomRight.x, bottomLeft.x)
        let y1 = max(topLeft.y, topRight.y, bottomRight.y, bottomLeft.y)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The mean of the four corners.
    public var center: Point {
        Point(
            x: (topLeft.x + topRight.x + bottomRight.x + bottomLeft.x) / 4,
            y: (topLeft.y + topRight.y + bottomRight.y + bottomLeft.y) / 4)
    }

    /// The quad with every coordinate transformed.
    public func mapped(_ f: (Point) -> Point) -> Quad {
        Quad(topLeft: f(topLeft), topRight: f(topRight), bottomRight: f(bottomRight), bottomLeft: f(bottomLeft))
    }

    /// Overlap of the bounding rectangles as a share of the smaller one (0...1).
    public func overlap(with other: Quad) -> Double {
        let a = boundingRect, b = other.boundingRect
        guard let i = a.intersection(b) else { return 0 }
        let smaller = min(a.area, b.area)
        return smaller > 0 ? i.area / smaller : 0
    }
}
