import Foundation

/// Which way the top of a code (or page) points, in quarter turns clockwise from upright.
package enum QuarterTurn: Int, Hashable, Sendable, CaseIterable {
    /// Upright: reads left to right.
    case up = 0
    /// Turned a quarter clockwise: reads top to bottom.
    case right = 1
    /// Upside down: reads right to left.
    case down = 2
    /// Turned a quarter counter-clockwise: reads bottom to top.
    case left = 3
}

extension Quad {
    /// Four corners in any order, put into contract order (top-left, top-right, bottom-right, bottom-left as the
    /// code reads) for a code whose top points the given way.
    package static func ordered(_ points: [Point], readingUp turn: QuarterTurn) -> Quad {
        guard points.count == 4 else {
            // Not a quadrilateral: fall back to the upright box around the points.
            let xs = points.map(\.x), ys = points.map(\.y)
            let x0 = xs.min() ?? 0, y0 = ys.min() ?? 0
            return Quad(Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0))
        }
        let cx = points.map(\.x).reduce(0, +) / 4, cy = points.map(\.y).reduce(0, +) / 4
        // In image coordinates (y down) increasing atan2 runs clockwise on screen.
        let clockwise = points.sorted { atan2($0.y - cy, $0.x - cx) < atan2($1.y - cy, $1.x - cx) }
        // The code's own top-left corner is the one furthest towards its top and its start of reading.
        func topLeftScore(_ p: Point) -> Double {
            switch turn {
            case .up: -(p.x + p.y)
            case .right: p.x - p.y
            case .down: p.x + p.y
            case .left: p.y - p.x
            }
        }
        let start = clockwise.indices.max { topLeftScore(clockwise[$0]) < topLeftScore(clockwise[$1]) } ?? 0
        let c = (0..<4).map { clockwise[(start + $0) % 4] }
        return Quad(topLeft: c[0], topRight: c[1], bottomRight: c[2], bottomLeft: c[3])
    }
}
