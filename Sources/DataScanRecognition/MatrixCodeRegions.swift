import DataScanEngines
import DataScanModel

/// Finds places on a page that look like a 2-D code: compact, dense blobs of ink.
///
/// Why: zxing-cpp 1.4 looks for Data Matrix and Aztec symbols from the middle of the image outwards, so on a page
/// it only finds one that sits near the centre lines. Cropping each candidate blob, with a margin, puts the code
/// in the middle of its own small image, where those detectors work (and small crops decode fast).
///
/// The page is divided into cells; a cell is inked when enough of its pixels are dark. Connected inked cells form
/// blobs. A blob is a candidate when it is roughly square to oblong (not a text line), not huge, and densely inked
/// (codes are about half black; text paragraphs and lines are much lighter).
enum MatrixCodeRegions {
    /// Cell side in pixels of the image analysed (the working copy, long side ≤ 1600).
    static let cellSide = 8
    /// A cell is inked when at least this share of its pixels is dark.
    static let inkedCellShare = 0.2
    /// Ink share of the blob's bounding box, in pixels, that a code has (modules are about half dark).
    static let codeInkShare = 0.3...0.85
    /// Width/height ratio range: square codes up to wide PDF417 and rectangular Data Matrix.
    static let aspectRange = (1.0 / 5)...5.0
    /// At most this many candidates are returned, largest first.
    static let maxCandidates = 40

    /// Candidate rectangles in the image's pixels (the blob's bounding box, no margin).
    static func candidates(in image: GrayImage) -> [Rect] {
        let side = cellSide
        let columns = image.width / side, rows = image.height / side
        guard columns >= 2, rows >= 2 else { return [] }
        let threshold = darkThreshold(image)
        // Dark pixels per cell.
        var darkCount = [Int](repeating: 0, count: columns * rows)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<(rows * side) {
                let rowBase = y * image.width, cellRow = (y / side) * columns
                for x in 0..<(columns * side) where pixels[rowBase + x] < threshold {
                    darkCount[cellRow + x / side] += 1
                }
            }
        }
        let minimumDark = Int(Double(side * side) * inkedCellShare)
        var label = [Int32](repeating: -1, count: columns * rows)
        var results: [(rect: Rect, area: Double)] = []
        var stack: [Int] = []
        for start in 0..<(columns * rows) where label[start] < 0 && darkCount[start] >= minimumDark {
            // Flood fill over 8-connected inked cells.
            label[start] = 1
            stack.append(start)
            var minC = columns, maxC = -1, minR = rows, maxR = -1, cells = 0
            while let cell = stack.popLast() {
                let c = cell % columns, r = cell / columns
                minC = min(minC, c); maxC = max(maxC, c); minR = min(minR, r); maxR = max(maxR, r)
                cells += 1
                for dr in -1...1 {
                    for dc in -1...1 where dr != 0 || dc != 0 {
                        let nc = c + dc, nr = r + dr
                        guard nc >= 0, nc < columns, nr >= 0, nr < rows else { continue }
                        let next = nr * columns + nc
                        if label[next] < 0, darkCount[next] >= minimumDark {
                            label[next] = 1
                            stack.append(next)
                        }
                    }
                }
            }
            let widthCells = maxC - minC + 1, heightCells = maxR - minR + 1
            guard widthCells >= 2, heightCells >= 2, widthCells <= columns * 3 / 5 || heightCells <= rows * 3 / 5
            else { continue }
            let aspect = Double(widthCells) / Double(heightCells)
            guard aspectRange.contains(aspect) else { continue }
            var dark = 0
            for r in minR...maxR {
                for c in minC...maxC { dark += darkCount[r * columns + c] }
            }
            let boxPixels = Double(widthCells * heightCells * side * side)
            guard codeInkShare.contains(Double(dark) / boxPixels) else { continue }
            results.append(
                (
                    Rect(
                        x: Double(minC * side), y: Double(minR * side), width: Double(widthCells * side), height: Double(heightCells * side)
                    ), boxPixels
                ))
        }
        return results.sorted { $0.area > $1.area }.prefix(maxCandidates).map(\.rect)
    }

    /// The gray level below which a pixel counts as ink: halfway between the page's dark and light levels
    /// (5th and 95th percentiles), so faint scans and grey paper still separate.
    static func darkThreshold(_ image: GrayImage) -> UInt8 {
        var histogram = [Int](repeating: 0, count: 256)
        for value in image.pixels { histogram[Int(value)] += 1 }
        func percentile(_ share: Double) -> Int {
            let target = Int(Double(image.pixels.count) * share)
            var sum = 0
            for (value, count) in histogram.enumerated() {
                sum += count
                if sum > target { return value }
            }
            return 255
        }
        let dark = percentile(0.05), light = percentile(0.95)
        // A page with almost no ink: the 5th percentile is paper, use a fixed mid-grey.
        guard light - dark >= 48 else { return 128 }
        return UInt8((dark + light) / 2)
    }
}
