import DataScanModel
import Foundation

/// How far a page's rows drop, in their reading frame, from the left of the page to a point: taken out of every box's
/// corners (`y - drop`), it sets the rows level (`TextRows.rows`). Most pages need one slant for all of it
/// (`TextRows.slant(of:)`). A receipt whose paper curls bends its rows, their slope changing across the page: there an
/// amount flush right stood a line below (or above) where one slant put its label's row, and joined the next row
/// (`lotal After Adj Incl GSI 100.00`, `CASH … 11.05`, the 88.95 a row up). So where the long boxes' slopes change
/// across the page (or down it, as a photo's perspective makes them) clearly more than they scatter, the slope is a
/// smooth function of the position, s(u, v) = b0 + b1·u + b2·u² + b3·v (u, v: the position across and down the
/// boxes' extent, 0 to 1), fitted to the long boxes by least squares, and the drop is its integral along the row.
///
/// On 52 curled receipts (`scripts/make-photo-receipts --set curled`, `auto`): totals 44 → 45, wrong ones 5 → 4, and
/// sure ones 35/36 → 37/38 right; sroie-dev's scans and the table, askew and sideways photos keep one slant (their
/// items unchanged).
struct RowShear {
    /// The slope over the page where its rows curve: coefficients and the extent they are measured over.
    struct Curve {
        var b: [Double]
        var x0: Double, width: Double, y0: Double, height: Double

        func slope(u: Double, v: Double) -> Double { b[0] + b[1] * u + b[2] * u * u + b[3] * v }

        /// The slope's integral from the extent's left edge to `p`, along its row.
        func drop(at p: Point) -> Double {
            let u = (p.x - x0) / width, v = (p.y - y0) / height
            return width * ((b[0] + b[3] * v) * u + b[1] * u * u / 2 + b[2] * u * u * u / 3)
        }
    }

    /// The one slant (dy/dx) of a page whose rows are straight.
    var slant = 0.0
    /// The curve of a page whose rows bend, nil where one slant is enough.
    var curve: Curve?

    /// Long boxes (three times as wide as high) needed to fit a curve, and how much better it must fit than one slant:
    /// its scatter at most `curveScatter` of one slant's, and the rows it sets moved against one slant's by at least
    /// `curveMove` of a line's height somewhere on the page (a curve that changes nothing is not used).
    static let curveBoxes = 12
    static let curveScatter = 0.5
    static let curveMove = 0.25

    /// The shear of the page whose boxes (in their reading frame) are `quads`.
    init(fittedTo quads: [Quad]) {
        slant = TextRows.slant(of: quads)
        curve = Self.curve(of: quads)
    }

    func drop(at p: Point) -> Double { curve?.drop(at: p) ?? slant * p.x }

    private typealias Sample = (u: Double, v: Double, slope: Double, weight: Double)

    private static func curve(of quads: [Quad]) -> Curve? {
        let rects = quads.map(\.boundingRect)
        guard let x0 = rects.map(\.minX).min(), let x1 = rects.map(\.maxX).max(), let y0 = rects.map(\.minY).min(),
            let y1 = rects.map(\.maxY).max(), x1 - x0 > 1, y1 - y0 > 1
        else { return nil }
        var curve = Curve(b: [], x0: x0, width: x1 - x0, y0: y0, height: y1 - y0)
        // Each long box: where it stands, its top edge's slope, weighed by its length.
        var samples: [Sample] = quads.compactMap { q in
            guard let slope = TextRows.longBoxSlope(q) else { return nil }
            let middle = q.boundingRect
            return ((middle.midX - x0) / curve.width, (middle.midY - y0) / curve.height, slope, q.topRight.x - q.topLeft.x)
        }
        guard samples.count >= curveBoxes, let first = fit(samples) else { return nil }
        // Fitted once more without the boxes the first fit leaves far off (a stamp's, a logo's, text set at an angle).
        curve.b = first
        let residuals = samples.map { abs($0.slope - curve.slope(u: $0.u, v: $0.v)) }.sorted()
        let limit = max(0.01, 3 * residuals[residuals.count / 2])
        samples = samples.filter { abs($0.slope - curve.slope(u: $0.u, v: $0.v)) <= limit }
        guard samples.count >= curveBoxes, let second = fit(samples) else { return nil }
        curve.b = second

        func scatter(_ predicted: (Sample) -> Double) -> Double {
            let total = samples.reduce(0) { $0 + $1.weight }
            return (samples.reduce(0) { $0 + $1.weight * pow($1.slope - predicted($1), 2) } / total).squareRoot()
        }
        let median = samples.map(\.slope).sorted()[samples.count / 2]
        guard scatter({ curve.slope(u: $0.u, v: $0.v) }) <= curveScatter * scatter({ _ in median }) else { return nil }
        // The slope stays a page's (within `maximumSlant`) all over it, and the curve moves a row somewhere.
        let grid = stride(from: 0.0, through: 1.0, by: 0.125).flatMap { u in [0.0, 0.5, 1.0].map { v in (u: u, v: v) } }
        guard grid.allSatisfy({ abs(curve.slope(u: $0.u, v: $0.v)) <= TextRows.maximumSlant }) else { return nil }
        let lineHeight = rects.map { min($0.width, $0.height) }.sorted()[rects.count / 2]
        let moved =
            grid.map { u, v in
                let p = Point(x: x0 + u * curve.width, y: y0 + v * curve.height)
                return abs(curve.drop(at: p) - median * u * curve.width)  // (both 0 at the extent's left edge)
            }.max() ?? 0
        return moved >= curveMove * lineHeight ? curve : nil
    }

    /// Weighted least squares of the slopes on (1, u, u², v), nil when the boxes do not determine them.
    private static func fit(_ samples: [Sample]) -> [Double]? {
        var a = [[Double]](repeating: [Double](repeating: 0, count: 5), count: 4)
        for s in samples {
            let f = [1, s.u, s.u * s.u, s.v]
            for i in 0..<4 {
                for j in 0..<4 { a[i][j] += s.weight * f[i] * f[j] }
                a[i][4] += s.weight * f[i] * s.slope
            }
        }
        // Gauss–Jordan elimination with partial pivoting.
        let tiny = 1e-9 * max(1, abs(a[0][0]))
        for col in 0..<4 {
            guard let pivot = (col..<4).max(by: { abs(a[$0][col]) < abs(a[$1][col]) }), abs(a[pivot][col]) > tiny else { return nil }
            a.swapAt(col, pivot)
            for row in 0..<4 where row != col {
                let k = a[row][col] / a[col][col]
                for j in col..<5 { a[row][j] -= k * a[col][j] }
            }
        }
        return (0..<4).map { a[$0][4] / a[$0][$0] }
    }
}
