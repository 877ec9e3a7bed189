import DataScanModel

/// Where a page's text stands when it fills only part of the page: a receipt on a flatbed A4 scan, a slip in the
/// corner of a photo. Both engines read such a page cropped to it (`PageTextReader`): PP-OCR's detector sees the
/// whole page at most 2,000 px on the longer side, so on a 300 dpi A4 scan a receipt's text shrank to half its size
/// there and most of the detector's work was white paper.
///
/// The text is the character-shaped ink components (`CharacterShapes.inLocalInk`, as `TextScale.characterCount`
/// counts them), gathered into one cluster: components join while the gap to the cluster is
/// at most `gapHeights` text heights (or `gapShare` of the page's longer side), down the page and then across it.
/// The crop is that cluster with a margin of `marginHeights` text heights. There is no crop when the page has fewer
/// than `minimumCharacters` of them, when more than a few lie outside the cluster (a second receipt beside the first,
/// a page of text: `strayShare`), when any of those outside stand together as a word would (a letter's footer with
/// its phone number below a gap: only scattered specks are left out), or when the region is most of the page anyway
/// (`maximumAreaShare`).
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
        let boxes = CharacterShapes.inLocalInk(of: work)
        guard boxes.count >= minimumCharacters else { return nil }
        let heights = boxes.map(\.height).sorted()
        let textHeight = Double(heights[heights.count / 2])
        let gap = Int(max(gapHeights * textHeight, gapShare * Double(max(work.width, work.height))))

        // Down the page, then across the rows kept, then down again (a column of dust beside the receipt is cut off
        // by the second pass, the rows it held by the third).
        var inCluster = largestCluster(Array(boxes.indices), of: boxes, gap: gap, vertical: true)
        inCluster = largestCluster(inCluster, of: boxes, gap: gap, vertical: false)
        inCluster = largestCluster(inCluster, of: boxes, gap: gap, vertical: true)
        let keptSet = Set(inCluster)
        let strays = boxes.indices.filter { !keptSet.contains($0) }.map { boxes[$0] }
        guard strays.count <= max(3, Int(strayShare * Double(boxes.count))), !formsAWord(strays, textHeight: textHeight)
        else { return nil }
        let kept = inCluster.map { boxes[$0] }

        let margin = Int(marginHeights * textHeight) + 4
        let x0 = max(0, (kept.map(\.x0).min()! - margin) * scale)
        let y0 = max(0, (kept.map(\.y0).min()! - margin) * scale)
        let x1 = min(image.width, (kept.map(\.x1).max()! + 1 + margin) * scale)
        let y1 = min(image.height, (kept.map(\.y1).max()! + 1 + margin) * scale)
        guard Double((x1 - x0) * (y1 - y0)) <= maximumAreaShare * Double(image.width * image.height) else { return nil }
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// The largest group of `members` (indices into `boxes`) whose extents along one axis lie within `gap` of each
    /// other.
    private static func largestCluster(_ members: [Int], of boxes: [CharacterShapes.Box], gap: Int, vertical: Bool) -> [Int] {
        let sorted = members.sorted { vertical ? boxes[$0].y0 < boxes[$1].y0 : boxes[$0].x0 < boxes[$1].x0 }
        var best = 0..<0
        var start = 0, end = Int.min
        for (i, member) in sorted.enumerated() {
            let b = boxes[member]
            let (lo, hi) = vertical ? (b.y0, b.y1) : (b.x0, b.x1)
            if i > start, lo > end + gap { start = i }
            end = i == start ? hi : max(end, hi)
            if i + 1 - start > best.count { best = start..<(i + 1) }
        }
        return Array(sorted[best])
    }

    /// Whether three of `boxes` stand side by side as the letters of a word do: on one line (their middles within
    /// half a text height), each within a text height and a half of the next.
    static func formsAWord(_ boxes: [CharacterShapes.Box], textHeight: Double) -> Bool {
        let sorted = boxes.sorted { $0.x0 < $1.x0 }
        for (i, first) in sorted.enumerated() {
            let middle = Double(first.y0 + first.y1) / 2
            var last = first, letters = 1
            for next in sorted[(i + 1)...] {
                if Double(next.x0 - last.x1) > 1.5 * textHeight { break }
                guard abs(Double(next.y0 + next.y1) / 2 - middle) <= textHeight / 2 else { continue }
                letters += 1
                last = next
                if letters == 3 { return true }
            }
        }
        return false
    }
}
