import DataScanModel

/// Where a page's text stands when it fills only part of the page: a receipt on a flatbed A4 scan, a slip in the
/// corner of a photo. PP-OCR reads such a page cropped to it: its detector sees the whole page at most 2,000 px on
/// the longer side, so on a 300 dpi A4 scan a receipt's text shrinks to half its size there and most of the
/// detector's work is white paper.
///
/// The text is the character-shaped ink components (`CharacterShapes`, ink found tile by tile as
/// `TextScale.characterCount` finds it), gathered into one cluster: components join while the gap to the cluster is
/// at most `gapHeights` text heights (or `gapShare` of the page's longer side), down the page and then across it.
/// The crop is that cluster with a margin of `marginHeights` text heights. There is no crop when the page has fewer
/// than `minimumCharacters` of them, when more than a few lie outside the cluster (a second receipt beside the first,
/// a page of text: `strayShare`), or when the region is most of the page anyway (`maximumAreaShare`).
package enum ContentRegion {
    static let minimumCharacters = 30
    static let gapHeights = 8.0
    static let gapShare = 0.02
    static let marginHeights = 3.0
    /// Components outside the cluster allowed (dust, a speck of the scanner's glass): this share of them, at least 3.
    static let strayShare = 0.02
    static let maximumAreaShare = 0.6

    /// The region of `image` to read, in its pixels, or nil to read all of it.
    package static func region(of image: GrayImage) -> (x: Int, y: Int, width: Int, height: Int)? {
        var work = image
        var scale = 1
        while work.width * work.height > 3_000_000 {
            work = work.halved()
            scale *= 2
        }
        let darkPage = work.pixels.count(where: { $0 < 128 }) * 2 > work.pixels.count
        var ink = work.localInkMask(tile: 32, minimumContrast: 24, lightOnDark: darkPage)
        ink.closeVertically(width: work.width, height: work.height)
        let boxes = CharacterShapes.boxes(ink, width: work.width, height: work.height)
        guard boxes.count >= minimumCharacters else { return nil }
        let heights = boxes.map(\.height).sorted()
        let textHeight = Double(heights[heights.count / 2])
        let gap = Int(max(gapHeights * textHeight, gapShare * Double(max(work.width, work.height))))

        // Down the page, then across the rows kept, then down again (a column of dust beside the receipt is cut off
        // by the second pass, the rows it held by the third).
        var kept = largestCluster(boxes, gap: gap, vertical: true)
        kept = largestCluster(kept, gap: gap, vertical: false)
        kept = largestCluster(kept, gap: gap, vertical: true)
        guard boxes.count - kept.count <= max(3, Int(strayShare * Double(boxes.count))) else { return nil }

        let margin = Int(marginHeights * textHeight) + 4
        let x0 = max(0, (kept.map(\.x0).min()! - margin) * scale)
        let y0 = max(0, (kept.map(\.y0).min()! - margin) * scale)
        let x1 = min(image.width, (kept.map(\.x1).max()! + 1 + margin) * scale)
        let y1 = min(image.height, (kept.map(\.y1).max()! + 1 + margin) * scale)
        guard Double((x1 - x0) * (y1 - y0)) <= maximumAreaShare * Double(image.width * image.height) else { return nil }
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// The boxes of the largest group whose extents along one axis lie within `gap` of each other.
    private static func largestCluster(_ boxes: [CharacterShapes.Box], gap: Int, vertical: Bool) -> [CharacterShapes.Box] {
        let sorted = boxes.sorted { vertical ? $0.y0 < $1.y0 : $0.x0 < $1.x0 }
        var best = 0..<0
        var start = 0, end = Int.min
        for (i, b) in sorted.enumerated() {
            let (lo, hi) = vertical ? (b.y0, b.y1) : (b.x0, b.x1)
            if i > start, lo > end + gap { start = i }
            end = i == start ? hi : max(end, hi)
            if i + 1 - start > best.count { best = start..<(i + 1) }
        }
        return Array(sorted[best])
    }
}
