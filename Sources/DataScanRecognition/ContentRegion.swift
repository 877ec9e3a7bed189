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
///
/// A photo's grain is character-shaped too (a grey table around a receipt, brightened in a glare or in poor light),
/// and lies everywhere: with it the cluster is the whole photo, which was then read whole, grain and all (Tesseract
/// read one such photo for over two minutes). Where the components give no region, the ones that stand in rows as
/// letters do (`CharacterShapes.inRows`) are gathered instead, and the characters next to them, letter by letter,
/// join them (`reached`: the row test misses letters on a slant).
package enum ContentRegion {
    static let minimumCharacters = 30
    static let gapHeights = 8.0
    static let gapShare = 0.02
    static let marginHeights = 3.0
    /// Components outside the cluster allowed (dust, a speck of the scanner's glass): this share of them, at least 3.
    static let strayShare = 0.02
    static let maximumAreaShare = 0.6

    /// A region of a page, in its pixels. `fromRows`: found by the marks in rows alone (a photo's grain around the
    /// text).
    package typealias Region = (x: Int, y: Int, width: Int, height: Int, fromRows: Bool)

    /// The region of `image` to read, or nil to read all of it.
    package static func region(of image: GrayImage) -> Region? {
        let (work, scale) = image.halved(toAtMost: 3_000_000)
        let shapes = CharacterShapes.inLocalInk(of: work)
        guard shapes.count >= minimumCharacters else { return nil }
        let side = max(work.width, work.height)
        func onImage(_ box: (x0: Int, y0: Int, x1: Int, y1: Int)?, fromRows: Bool) -> Region? {
            guard let box else { return nil }
            let (x0, y0) = (max(0, box.x0 * scale), max(0, box.y0 * scale))
            let (x1, y1) = (min(image.width, (box.x1 + 1) * scale), min(image.height, (box.y1 + 1) * scale))
            guard Double((x1 - x0) * (y1 - y0)) <= maximumAreaShare * Double(image.width * image.height) else { return nil }
            return (x0, y0, x1 - x0, y1 - y0, fromRows)
        }
        if let region = onImage(textBox(of: shapes, pageSide: side, wordLetters: 3), fromRows: false) { return region }
        // Every mark in rows has two neighbours: three of the grain's side by side are a row's least, so a word left
        // out is asked four letters. Where the grain stands in rows too (a vignette's dark edges), the marks of twice
        // the contrast (the grain's blotches differ from their tile by less than 48 grey levels) are asked for.
        for clearer in [false, true] {
            let ink = clearer ? CharacterShapes.inLocalInk(of: work, minimumContrast: 2 * CharacterShapes.minimumContrast) : shapes
            let rows = CharacterShapes.inRows(ink)
            guard rows.count >= minimumCharacters else { return nil }
            if let region = onImage(textBox(of: rows, pageSide: side, wordLetters: 4, joining: shapes), fromRows: true) {
                return region
            }
        }
        return nil
    }

    /// The box, margin included, around the cluster of `boxes` and the `joining` boxes `reached` from it; nil when
    /// too many of `boxes` lie outside the cluster or `wordLetters` of those stand together as a word. `pageSide`: the
    /// page's longer side.
    private static func textBox(
        of boxes: [CharacterShapes.Box], pageSide: Int, wordLetters: Int, joining others: [CharacterShapes.Box] = []
    ) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let heights = boxes.map(\.height).sorted()
        let textHeight = Double(heights[heights.count / 2])
        let gap = Int(max(gapHeights * textHeight, gapShare * Double(pageSide)))

        // Down the page, then across the rows kept, then down again (a column of dust beside the receipt is cut off
        // by the second pass, the rows it held by the third).
        var inCluster = largestCluster(Array(boxes.indices), of: boxes, gap: gap, vertical: true)
        inCluster = largestCluster(inCluster, of: boxes, gap: gap, vertical: false)
        inCluster = largestCluster(inCluster, of: boxes, gap: gap, vertical: true)
        let keptSet = Set(inCluster)
        let strays = boxes.indices.filter { !keptSet.contains($0) }.map { boxes[$0] }
        guard strays.count <= max(3, Int(strayShare * Double(boxes.count))),
            !formsAWord(strays, textHeight: textHeight, letters: wordLetters)
        else { return nil }
        var text = inCluster.map { boxes[$0] }
        if !others.isEmpty { text = reached(from: text, among: others, textHeight: textHeight) }
        let margin = Int(marginHeights * textHeight) + 4
        return (
            text.map(\.x0).min()! - margin, text.map(\.y0).min()! - margin, text.map(\.x1).max()! + margin,
            text.map(\.y1).max()! + margin
        )
    }

    /// `start` and every box of `shapes` reached from it in steps of at most one and a half text heights along a line
    /// and half a text height across lines.
    static func reached(from start: [CharacterShapes.Box], among shapes: [CharacterShapes.Box], textHeight: Double) -> [CharacterShapes.Box]
    {
        let along = Int(1.5 * textHeight), across = Int(0.5 * textHeight)
        let sorted = shapes.sorted { $0.x0 < $1.x0 }
        let widest = sorted.map(\.width).max() ?? 0
        var joined = [Bool](repeating: false, count: sorted.count)
        var out = start, queue = start
        while let b = queue.popLast() {
            // Shapes starting from `widest + along` left of this one (none wider reaches it) to `along` right of it.
            var lo = 0, hi = sorted.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if sorted[mid].x0 < b.x0 - widest - along { lo = mid + 1 } else { hi = mid }
            }
            for j in lo..<sorted.count where !joined[j] {
                let other = sorted[j]
                if other.x0 > b.x1 + along { break }
                guard other.x1 >= b.x0 - along, other.y0 <= b.y1 + across, other.y1 >= b.y0 - across else { continue }
                joined[j] = true
                out.append(other)
                queue.append(other)
            }
        }
        return out
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

    /// Whether `wordLetters` of `boxes` stand side by side as the letters of a word do: on one line (their middles within
    /// half a text height), each within a text height and a half of the next.
    static func formsAWord(_ boxes: [CharacterShapes.Box], textHeight: Double, letters wordLetters: Int = 3) -> Bool {
        let sorted = boxes.sorted { $0.x0 < $1.x0 }
        for (i, first) in sorted.enumerated() {
            let middle = Double(first.y0 + first.y1) / 2
            var last = first, letters = 1
            for next in sorted[(i + 1)...] {
                if Double(next.x0 - last.x1) > 1.5 * textHeight { break }
                guard abs(Double(next.y0 + next.y1) / 2 - middle) <= textHeight / 2 else { continue }
                letters += 1
                last = next
                if letters == wordLetters { return true }
            }
        }
        return false
    }
}
