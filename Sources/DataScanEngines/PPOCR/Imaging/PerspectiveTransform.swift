/// A 3×3 projective transform in row-major order, computed as OpenCV computes it (`getPerspectiveTransform`:
/// an 8×8 LU solve in double; `invert`: the 3×3 adjugate formula), so that crops land on the same sub-pixel grid
/// as rapidocr's.
struct PerspectiveTransform: Sendable {
    var m: [Double]

    /// The transform that maps each of the four `source` points to the matching `target` point.
    /// Nil when the points are degenerate (three on a line).
    init?(from source: [SIMD2<Float>], to target: [SIMD2<Float>]) {
        precondition(source.count == 4 && target.count == 4)
        var a = [Double](repeating: 0, count: 64)
        var b = [Double](repeating: 0, count: 8)
        for i in 0..<4 {
            let (sx, sy, tx, ty) = (source[i].x, source[i].y, target[i].x, target[i].y)
            a[i * 8 + 0] = Double(sx)
            a[i * 8 + 1] = Double(sy)
            a[i * 8 + 2] = 1
            a[(i + 4) * 8 + 3] = Double(sx)
            a[(i + 4) * 8 + 4] = Double(sy)
            a[(i + 4) * 8 + 5] = 1
            // float products, as in OpenCV (Point2f coordinates multiplied before widening)
            a[i * 8 + 6] = Double(-sx * tx)
            a[i * 8 + 7] = Double(-sy * tx)
            a[(i + 4) * 8 + 6] = Double(-sx * ty)
            a[(i + 4) * 8 + 7] = Double(-sy * ty)
            b[i] = Double(tx)
            b[i + 4] = Double(ty)
        }
        guard Self.solveLU(&a, &b, n: 8) else { return nil }
        m = b + [1]
    }

    private init(m: [Double]) { self.m = m }

    /// OpenCV's LUImpl: Gaussian elimination with partial pivoting, then back substitution.
    private static func solveLU(_ a: inout [Double], _ b: inout [Double], n: Int) -> Bool {
        let eps = Double.ulpOfOne * 10
        for i in 0..<n {
            var k = i
            for j in (i + 1)..<n where abs(a[j * n + i]) > abs(a[k * n + i]) { k = j }
            if abs(a[k * n + i]) < eps { return false }
            if k != i {
                for j in i..<n { a.swapAt(i * n + j, k * n + j) }
                b.swapAt(i, k)
            }
            let d = -1 / a[i * n + i]
            for j in (i + 1)..<n {
                let alpha = a[j * n + i] * d
                for c in (i + 1)..<n { a[j * n + c] += alpha * a[i * n + c] }
                b[j] += alpha * b[i]
            }
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            var s = b[i]
            for c in (i + 1)..<n { s -= a[i * n + c] * b[c] }
            b[i] = s / a[i * n + i]
        }
        return true
    }

    /// The inverse transform, or nil when this one is singular.
    func inverted() -> PerspectiveTransform? {
        let s = m
        func e(_ r: Int, _ c: Int) -> Double { s[r * 3 + c] }
        let det =
            e(0, 0) * (e(1, 1) * e(2, 2) - e(1, 2) * e(2, 1)) - e(0, 1) * (e(1, 0) * e(2, 2) - e(1, 2) * e(2, 0))
            + e(0, 2) * (e(1, 0) * e(2, 1) - e(1, 1) * e(2, 0))
        guard det != 0 else { return nil }
        let d = 1 / det
        return PerspectiveTransform(m: [
            (e(1, 1) * e(2, 2) - e(1, 2) * e(2, 1)) * d,
            (e(0, 2) * e(2, 1) - e(0, 1) * e(2, 2)) * d,
            (e(0, 1) * e(1, 2) - e(0, 2) * e(1, 1)) * d,
            (e(1, 2) * e(2, 0) - e(1, 0) * e(2, 2)) * d,
            (e(0, 0) * e(2, 2) - e(0, 2) * e(2, 0)) * d,
            (e(0, 2) * e(1, 0) - e(0, 0) * e(1, 2)) * d,
            (e(1, 0) * e(2, 1) - e(1, 1) * e(2, 0)) * d,
            (e(0, 1) * e(2, 0) - e(0, 0) * e(2, 1)) * d,
            (e(0, 0) * e(1, 1) - e(0, 1) * e(1, 0)) * d,
        ])
    }

    /// Where `point` lands.
    func apply(_ point: SIMD2<Double>) -> SIMD2<Double> {
        let w = m[6] * point.x + m[7] * point.y + m[8]
        let x = m[0] * point.x + m[1] * point.y + m[2]
        let y = m[3] * point.x + m[4] * point.y + m[5]
        return w == 0 ? SIMD2(x, y) : SIMD2(x / w, y / w)
    }
}
