import DataScanEngines
import DataScanModel

/// How evenly a page is lit. Phone photos of receipts often have a shadow across part of the page; Tesseract's
/// global threshold then loses the text in the dark part. Background normalization fixes that but costs time,
/// so `balanced` applies it only when the page needs it.
enum Illumination {
    /// The ratio of the brightest to the darkest paper brightness over an 8 × 8 grid of tiles (1 = even light).
    /// Paper brightness of a tile: the 90th percentile of a sample of its pixels (text is dark and sparse, so a
    /// high percentile reads the paper under it).
    static func unevenness(_ image: GrayImage) -> Double {
        let grid = 8
        guard image.width >= grid * 4, image.height >= grid * 4 else { return 1 }
        let tw = image.width / grid, th = image.height / grid
        let step = max(1, min(tw, th) / 24)
        var paper: [Int] = []
        image.pixels.withUnsafeBufferPointer { px in
            for gy in 0..<grid {
                for gx in 0..<grid {
                    var histogram = [Int](repeating: 0, count: 256)
                    var n = 0
                    var y = gy * th
                    while y < (gy + 1) * th {
                        var x = gx * tw
                        let row = y * image.width
                        while x < (gx + 1) * tw {
                            histogram[Int(px[row + x])] += 1
                            n += 1
                            x += step
                        }
                        y += step
                    }
                    var seen = 0, level = 255
                    let target = n * 9 / 10
                    for v in 0..<256 {
                        seen += histogram[v]
                        if seen >= target {
                            level = v
                            break
                        }
                    }
                    paper.append(level)
                }
            }
        }
        // Tiles that are nearly all ink or picture (very dark paper) would dominate; ignore the darkest 10%.
        paper.sort()
        let darkest = paper[paper.count / 10], brightest = paper[paper.count - 1]
        return Double(brightest) / Double(max(darkest, 1))
    }

    /// Whether the light varies enough across the page to lose text under a global threshold.
    static func needsNormalization(_ image: GrayImage) -> Bool {
        unevenness(image) > 1.4
    }
}
