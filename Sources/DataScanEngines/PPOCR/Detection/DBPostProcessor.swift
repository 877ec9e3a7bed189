/// Turns the DB (differentiable binarization) probability map into text boxes, as rapidocr 1.4.4's
/// `DBPostProcess` does with its defaults: threshold 0.3, a 2×2 dilation, one candidate per 8-connected region
/// (OpenCV's outer contours), minimum-area rectangle, short side ≥ 3, mean probability inside ≥ 0.5 ("fast"
/// score), growth by area × 1.6 / perimeter with rounded corners, short side ≥ 5 again, then scaling to the image.
struct DBPostProcessor: Sendable {
    var threshold: Float = 0.3
    var boxThreshold: Double = 0.5
    var unclipRatio: Double = 1.6
    var maxCandidates = 1000
    var minSize: Float = 3

    /// Boxes as four integer-valued corners in `destination` pixels, in rapidocr's `get_mini_boxes` order.
    func boxes(
        probabilities p: UnsafeBufferPointer<Float>, width: Int, height: Int, destinationWidth: Int,
        destinationHeight: Int
    ) -> [[SIMD2<Float>]] {
        var result: [[SIMD2<Float>]] = []
        for region in regions(p, width: width, height: height).prefix(maxCandidates) {
            let hull = ConvexHull.hull(of: region)
            let (box, shortSide) = Self.miniBox(RotatedRect(minimumAreaAround: hull))
            if shortSide < minSize { continue }
            if boxThreshold > Self.meanInside(box, p, width: width, height: height) { continue }
            let grown = PolygonOffset.offset(box, by: unclipDistance(box))
            let (expanded, expandedShortSide) = Self.miniBox(RotatedRect(minimumAreaAround: ConvexHull.hull(of: grown)))
            if expandedShortSide < minSize + 2 { continue }
            result.append(
                expanded.map { corner in
                    // float32 arithmetic and numpy's round-half-to-even, as in rapidocr
                    let x = (corner.x / Float(width) * Float(destinationWidth)).rounded(.toNearestOrEven)
                    let y = (corner.y / Float(height) * Float(destinationHeight)).rounded(.toNearestOrEven)
                    return SIMD2(min(max(x, 0), Float(destinationWidth)), min(max(y, 0), Float(destinationHeight)))
                })
        }
        return result
    }

    /// Shapely's area × ratio / perimeter of the box, in double precision.
    private func unclipDistance(_ box: [SIMD2<Float>]) -> Double {
        var area = 0.0
        var length = 0.0
        for i in 0..<box.count {
            let a = SIMD2<Double>(Double(box[i].x), Double(box[i].y))
            let b = SIMD2<Double>(Double(box[(i + 1) % box.count].x), Double(box[(i + 1) % box.count].y))
            area += a.x * b.y - b.x * a.y
            length += ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        }
        return length > 0 ? abs(area) / 2 * unclipRatio / length : 0
    }

    /// rapidocr's `get_mini_boxes`: the rectangle's corners sorted by x, then picked top-left, top-right,
    /// bottom-right, bottom-left by comparing y within the left and the right pair; and its shorter side.
    static func miniBox(_ rect: RotatedRect) -> ([SIMD2<Float>], Float) {
        let p = rect.corners.enumerated().sorted { ($0.element.x, $0.offset) < ($1.element.x, $1.offset) }.map(\.element)
        let (i1, i4) = p[1].y > p[0].y ? (0, 1) : (1, 0)
        let (i2, i3) = p[3].y > p[2].y ? (2, 3) : (3, 2)
        return ([p[i1], p[i2], p[i3], p[i4]], min(rect.size.x, rect.size.y))
    }

    /// The mean probability over the pixels that OpenCV's `fillPoly` would cover for `box` (its corners
    /// truncated to integers), like rapidocr's `box_score_fast`: spans from the floor of the left edge to the
    /// rounded right edge, every row from the top to the bottom corner.
    static func meanInside(_ box: [SIMD2<Float>], _ p: UnsafeBufferPointer<Float>, width: Int, height: Int) -> Double {
        let xmin = min(max(Int(box.map(\.x).min()!.rounded(.down)), 0), width - 1)
        let xmax = min(max(Int(box.map(\.x).max()!.rounded(.up)), 0), width - 1)
        let ymin = min(max(Int(box.map(\.y).min()!.rounded(.down)), 0), height - 1)
        let ymax = min(max(Int(box.map(\.y).max()!.rounded(.up)), 0), height - 1)
        let corners = box.map { SIMD2<Double>(Double(Int($0.x - Float(xmin))), Double(Int($0.y - Float(ymin)))) }
        var sum = 0.0
        var count = 0
        let rows = ymax - ymin + 1
        let columns = xmax - xmin + 1
        let top = Int(corners.map(\.y).min()!)
        let bottom = Int(corners.map(\.y).max()!)
        let firstRow = max(top, 0)
        let lastRow = min(bottom, rows - 1)
        guard firstRow <= lastRow else { return 0 }
        for y in firstRow...lastRow {
            var left = Double.infinity
            var right = -Double.infinity
            for i in 0..<4 {
                let a = corners[i]
                let b = corners[(i + 1) % 4]
                let yy = Double(y)
                if (a.y <= yy && yy <= b.y) || (b.y <= yy && yy <= a.y) {
                    if a.y == b.y {
                        left = min(left, a.x, b.x)
                        right = max(right, a.x, b.x)
                    } else {
                        let x = a.x + (yy - a.y) * (b.x - a.x) / (b.y - a.y)
                        left = min(left, x)
                        right = max(right, x)
                    }
                }
            }
            guard left <= right else { continue }
            let x0 = max(Int(left.rounded(.down)), 0)
            let x1 = min(Int((right + 0.5).rounded(.down)), columns - 1)
            guard x0 <= x1 else { continue }
            let base = (ymin + y) * width + xmin
            for x in x0...x1 { sum += Double(p[base + x]) }
            count += x1 - x0 + 1
        }
        return count > 0 ? sum / Double(count) : 0
    }

    /// The 8-connected regions of the thresholded, dilated map, each as the end pixels of its horizontal runs
    /// (enough for the convex hull), in raster order of their first pixel. Run-length labelling keeps this
    /// linear in the map's size with little per-pixel work.
    private func regions(_ p: UnsafeBufferPointer<Float>, width: Int, height: Int) -> [[ConvexHull.Point]] {
        var runStart: [Int32] = []
        var runEnd: [Int32] = []
        var runRow: [Int32] = []
        var rowFirstRun = [Int](repeating: 0, count: height + 1)
        var previous = [Bool](repeating: false, count: width)
        var current = [Bool](repeating: false, count: width)
        for y in 0..<height {
            rowFirstRun[y] = runStart.count
            // 2×2 dilation anchored at the kernel's centre (1, 1): a pixel is set when it or its left, upper or
            // upper-left neighbour is above the threshold.
            let row = y * width
            var start = -1
            var left = false
            for x in 0..<width {
                let above = p[row + x] > threshold
                current[x] = above
                let set = above || left || previous[x] || (x > 0 && previous[x - 1])
                left = above
                if set && start < 0 { start = x }
                if !set && start >= 0 {
                    runStart.append(Int32(start)); runEnd.append(Int32(x - 1)); runRow.append(Int32(y))
                    start = -1
                }
            }
            if start >= 0 { runStart.append(Int32(start)); runEnd.append(Int32(width - 1)); runRow.append(Int32(y)) }
            swap(&previous, &current)
        }
        rowFirstRun[height] = runStart.count

        var parent = Array(0..<runStart.count)
        func find(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        for y in 1..<max(height, 1) {
            var j = rowFirstRun[y - 1]
            for i in rowFirstRun[y]..<rowFirstRun[y + 1] {
                // runs above that touch this one, diagonals included
                while j < rowFirstRun[y] && runEnd[j] < runStart[i] - 1 { j += 1 }
                var k = j
                while k < rowFirstRun[y] && runStart[k] <= runEnd[i] + 1 {
                    let (a, b) = (find(i), find(k))
                    if a != b { parent[max(a, b)] = min(a, b) }
                    k += 1
                }
            }
        }
        var regionOfRoot: [Int: Int] = [:]
        var regions: [[ConvexHull.Point]] = []
        for i in 0..<runStart.count {
            let root = find(i)
            let index: Int
            if let known = regionOfRoot[root] {
                index = known
            } else {
                index = regions.count
                regionOfRoot[root] = index
                regions.append([])
            }
            let y = Int(runRow[i])
            regions[index].append(ConvexHull.Point(x: Int(runStart[i]), y: y))
            if runEnd[i] != runStart[i] { regions[index].append(ConvexHull.Point(x: Int(runEnd[i]), y: y)) }
        }
        return regions
    }
}
