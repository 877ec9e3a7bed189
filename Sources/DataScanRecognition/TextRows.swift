import DataScanModel

/// Puts an engine's text boxes together into printed rows. PP-OCR's detector boxes a row in pieces wherever the
/// print leaves a wide gap (`TOTAL` … `RM9.00`), while Tesseract (page segmentation mode 6) reports whole rows, and
/// the receipt reader and the price labels read a row's words together. So boxes that stand side by side on the
/// same row become one line, their words left to right.
///
/// Everything is decided in the frame the text reads in: a box's reading direction is the quarter turn nearest to
/// its top edge (text on a sideways page reads downward or upward), and only boxes of one direction share a row.
package enum TextRows {
    /// Lines an engine read as two that stand on one printed row: on a page scanned a degree or two askew, a label at
    /// the left margin and its amount flush right (`Total TTC` … `7337,03`, five inches apart) stand a line's height
    /// apart or less, and Tesseract (or `rows`, for PP-OCR's boxes) gives them as two lines, the amount's first.
    /// Two consecutive lines side by side (neither reaching over the other) join, left to right, when their middles
    /// differ by less than half the lower one's height once the page's slope is taken out (the median slope of its
    /// lines of three words or more).
    package static func joiningSplitRows(_ lines: [RecognizedLine]) -> [RecognizedLine] {
        guard lines.count > 1 else { return lines }
        let slopes = lines.compactMap { line -> Double? in
            guard line.words.count >= 3, let first = line.words.first?.bounds.boundingRect,
                let last = line.words.last?.bounds.boundingRect, last.midX - first.midX > 4 * first.height
            else { return nil }
            return (last.midY - first.midY) / (last.midX - first.midX)
        }.sorted()
        let slope = slopes.isEmpty ? 0 : slopes[slopes.count / 2]
        guard abs(slope) < 0.05 else { return lines }  // (under 3°: a steeper page is straightened before)
        var out: [RecognizedLine] = []
        for line in lines {
            if let previous = out.last, line.source == previous.source {
                let (a, b) = (previous.bounds.boundingRect, line.bounds.boundingRect)
                let (left, right) = a.midX < b.midX ? (a, b) : (b, a)
                let apart = right.minX > left.maxX
                let expected = left.midY + slope * (right.midX - left.midX)
                if apart, abs(right.midY - expected) < min(a.height, b.height) / 2,
                    max(a.height, b.height) < 2 * min(a.height, b.height)
                {
                    let words = a.midX < b.midX ? previous.words + line.words : line.words + previous.words
                    out[out.count - 1] = RecognizedLine(words: words, source: line.source)
                    continue
                }
            }
            out.append(line)
        }
        return out
    }

    /// The lines of `boxes` (one engine's boxes, each a line of words) merged into rows, in reading order: rows
    /// from top to bottom as the page reads, words left to right. Two boxes share a row when, in their reading
    /// frame with the page's slant taken out, their heights overlap by at least half the smaller one (against the
    /// nearer box of a row, so a slightly slanted row still joins up) and they do not stand over each other. (On a
    /// receipt photographed 1.5° askew, an amount flush right stands half a row below its label at the left margin:
    /// without the slant taken out it joins the row below; where the paper curls, the slant changes across the page:
    /// `RowShear`.)
    package static func rows(_ boxes: [RecognizedLine], pageTurns: Int) -> [RecognizedLine] {
        struct Placed {
            var line: RecognizedLine
            var turns: Int
            var rect: Rect
        }
        let turned = boxes.filter { !$0.words.isEmpty }.map { line in
            let turns = readingTurns(line.bounds)
            return (line: line, turns: turns, quad: upright(line.bounds, turns: turns))
        }
        let shear = RowShear(fittedTo: turned.filter { $0.turns == pageTurns }.map(\.quad))
        let placed = turned.map { line, turns, quad in
            let rect = turns == pageTurns ? quad.mapped { Point(x: $0.x, y: $0.y - shear.drop(at: $0)) }.boundingRect : quad.boundingRect
            return Placed(line: line, turns: turns, rect: rect)
        }.sorted { ($0.rect.midY, $0.rect.minX) < ($1.rect.midY, $1.rect.minX) }

        var rows: [[Placed]] = []
        for box in placed {
            var best: (row: Int, overlap: Double)?
            for (index, row) in rows.enumerated() where row[0].turns == box.turns {
                let standsOver = row.contains { other in
                    let shared = min(other.rect.maxX, box.rect.maxX) - max(other.rect.minX, box.rect.minX)
                    return shared > 0.25 * min(other.rect.width, box.rect.width)
                }
                guard !standsOver else { continue }
                let nearest = row.min { distanceAlong($0.rect, box.rect) < distanceAlong($1.rect, box.rect) }!
                let shared = min(nearest.rect.maxY, box.rect.maxY) - max(nearest.rect.minY, box.rect.minY)
                let overlap = shared / max(1, min(nearest.rect.height, box.rect.height))
                if overlap >= 0.5, overlap > (best?.overlap ?? 0) { best = (index, overlap) }
            }
            if let best { rows[best.row].append(box) } else { rows.append([box]) }
        }

        // Rows in the page's reading order: by their middle, in the frame the page as a whole reads in.
        func middle(_ row: [Placed]) -> Double {
            row.map { upright($0.line.bounds, turns: pageTurns).boundingRect.midY }.reduce(0, +) / Double(row.count)
        }
        return rows.map { ($0, middle($0)) }.sorted { $0.1 < $1.1 }.map { row, _ in
            let boxes = row.sorted { $0.rect.minX < $1.rect.minX }
            guard boxes.count > 1 else { return boxes[0].line }
            let words = boxes.flatMap(\.line.words)
            return RecognizedLine(words: words, source: boxes[0].line.source)
        }
    }

    /// The slant of a page's rows in their reading frame (dy/dx), from the top edges of its long boxes (at least
    /// three times as wide as high, where a box's angle is measured well): their median; 0 with fewer than three such
    /// boxes or beyond `maximumSlant`, unless three quarters of them agree with it (within 0.05) up to `steepestSlant`:
    /// a receipt photographed turned 16°, every row's boxes at that angle, reads as one page turned, not as boxes of
    /// text set at an angle (left level, its amounts flush right joined the rows above their labels).
    ///
    /// Taking the slant out as a shear (`y - slant * x`) sets every row level whatever the angle: a row turned by θ
    /// comes out at its own height over cos θ, the same factor for every row. PP-OCR reads a photographed page as it
    /// is (its boxes turn with the text), so a receipt photographed 6° askew, where an amount flush right stands a
    /// whole row above or below its label, needs it as much as one 1.5° askew.
    static func slant(of quads: [Quad]) -> Double {
        let slopes = quads.compactMap(longBoxSlope).sorted()
        guard slopes.count >= 3 else { return 0 }
        let median = slopes[slopes.count / 2]
        if abs(median) <= maximumSlant { return median }
        let agreeing = slopes.count { abs($0 - median) <= 0.05 }
        return abs(median) <= steepestSlant && agreeing * 4 >= slopes.count * 3 ? median : 0
    }

    /// The slope (dy/dx) of a box's top edge where the box is long (at least three times as wide as high, where its
    /// angle is measured well), nil for a shorter one.
    static func longBoxSlope(_ q: Quad) -> Double? {
        let (dx, dy) = (q.topRight.x - q.topLeft.x, q.topRight.y - q.topLeft.y)
        let (hx, hy) = (q.bottomLeft.x - q.topLeft.x, q.bottomLeft.y - q.topLeft.y)
        guard dx > 0, dx >= 3 * (hx * hx + hy * hy).squareRoot() else { return nil }
        return dy / dx
    }

    /// tan 15°: a median steeper than that is taken for the page's only where its long boxes agree on it
    /// (`steepestSlant`), else for boxes of text set at an angle.
    static let maximumSlant = 0.27
    /// tan 30°: the steepest a page's rows are taken for turned when its long boxes agree on it.
    static let steepestSlant = 0.58

    /// The quarter turns clockwise that make a box read left to right: 0 for upright text, 1 for text reading
    /// upward, 2 upside down, 3 downward.
    package static func readingTurns(_ quad: Quad) -> Int {
        let dx = (quad.topRight.x - quad.topLeft.x) + (quad.bottomRight.x - quad.bottomLeft.x)
        let dy = (quad.topRight.y - quad.topLeft.y) + (quad.bottomRight.y - quad.bottomLeft.y)
        if abs(dx) >= abs(dy) { return dx >= 0 ? 0 : 2 }
        return dy < 0 ? 1 : 3
    }

    /// The quarter turns a page was turned to read it, from its boxes: the reading direction of most of its text
    /// (by characters), 0 without text.
    package static func pageTurns(_ boxes: [RecognizedLine]) -> Int {
        var characters = [0, 0, 0, 0]
        for line in boxes { characters[readingTurns(line.bounds)] += line.words.reduce(0) { $0 + $1.text.count } }
        return characters.indices.max { characters[$0] < characters[$1] || (characters[$0] == characters[$1] && $0 > $1) } ?? 0
    }

    /// A quad turned `turns` quarter turns clockwise about the origin (only positions relative to one another
    /// matter here, so the page size is left out).
    static func upright(_ quad: Quad, turns: Int) -> Quad {
        quad.mapped { p in
            switch turns {
            case 1: Point(x: -p.y, y: p.x)
            case 2: Point(x: -p.x, y: -p.y)
            case 3: Point(x: p.y, y: -p.x)
            default: p
            }
        }
    }

    /// How far apart two boxes of a row are along it (0 when they touch or overlap).
    private static func distanceAlong(_ a: Rect, _ b: Rect) -> Double {
        max(0, max(a.minX, b.minX) - min(a.maxX, b.maxX))
    }
}
