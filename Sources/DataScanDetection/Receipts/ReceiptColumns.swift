import DataScanModel

/// Receipts laid side by side on one page (two or three till slips scanned on one flatbed sheet): the OCR reads rows
/// across the whole page, `TOTAL RM 33.92 THANK YOU FOR SHOPPING`, so the receipt reader saw one receipt of two and
/// labelled one total. Where the page's words stand in two or more columns with an empty band between them that no
/// sure word crosses, and every column reads as a receipt of its own (a total of its own), each column is read as its
/// own page of text: each receipt gets its total and its date.
///
/// A single receipt whose labels and amounts stand apart (`TOTAL` … `33.92`) is not split: its column of amounts has
/// no label, so it reads as no receipt.
enum ReceiptColumns {
    /// The narrowest empty band between two receipts, in text heights (a flatbed scan's receipts lie a centimetre or
    /// more apart: three text heights or more at any resolution).
    static let narrowestGap = 3.0
    /// The fewest lines and words a column needs to be a receipt.
    static let fewestLines = 6
    static let fewestWords = 20
    /// Words the OCR read less surely than this (a speck, a fold's shadow) may stand in the band.
    static let unsureWord = 0.5

    /// A page of receipts side by side: each column's reading, left to right, and the page's x coordinates that part
    /// the columns.
    struct SideBySide<Reading> {
        var readings: [Reading]
        var cuts: [Double]

        /// The column (0 at the left) that `x` falls in.
        func column(of x: Double) -> Int { cuts.count { $0 < x } }
    }

    /// Each receipt of a page of receipts side by side, as `read` reads it, when every column's reading `hasTotal`;
    /// nil for a page that is one receipt (or none). What `ItemAssembler` keeps as the page's items (and the order it
    /// lists them in) and what `ReceiptAssessment` weighs for `auto` both follow this one rule.
    static func receipts<Reading>(
        in lines: [RecognizedLine], read: ([RecognizedLine]) -> Reading, hasTotal: (Reading) -> Bool
    ) -> SideBySide<Reading>? {
        guard let (columns, cuts) = columns(lines) else { return nil }
        let readings = columns.map(read)
        return readings.allSatisfy(hasTotal) ? SideBySide(readings: readings, cuts: cuts) : nil
    }

    /// `lines` split into side-by-side columns of text (each column's lines top to bottom, its words left to right)
    /// with the x coordinates between them, or nil when no empty band parts the page's words. Whether each column
    /// reads as a receipt is `receipts`'s to find.
    static func columns(_ lines: [RecognizedLine]) -> (columns: [[RecognizedLine]], cuts: [Double])? {
        let words = lines.flatMap(\.words).filter { $0.confidence >= unsureWord }
        guard words.count >= 2 * fewestWords else { return nil }
        let boxes = words.map(\.bounds.boundingRect)
        let heights = boxes.map(\.height).sorted()
        let textHeight = heights[heights.count / 2]
        guard textHeight > 0 else { return nil }
        // The bands no sure word covers, wide enough, between the first word and the last.
        let spans = boxes.map { ($0.x, $0.x + $0.width) }.sorted { $0.0 < $1.0 }
        var cuts: [Double] = []
        var reach = spans[0].1
        for (start, end) in spans.dropFirst() {
            if start - reach >= narrowestGap * textHeight { cuts.append((start + reach) / 2) }
            reach = max(reach, end)
        }
        guard !cuts.isEmpty, cuts.count <= 3 else { return nil }
        // Each line's words in their column; a column's lines in the page's order.
        var columns = [[RecognizedLine]](repeating: [], count: cuts.count + 1)
        for line in lines {
            var parts = [[RecognizedWord]](repeating: [], count: cuts.count + 1)
            for word in line.words {
                let center = word.bounds.boundingRect.x + word.bounds.boundingRect.width / 2
                parts[cuts.count { $0 < center }].append(word)
            }
            for (k, part) in parts.enumerated() where !part.isEmpty {
                columns[k].append(RecognizedLine(words: part, source: line.source))
            }
        }
        let large = columns.allSatisfy { column in
            column.count >= fewestLines && column.reduce(0, { $0 + $1.words.count }) >= fewestWords
        }
        return large ? (columns, cuts) : nil
    }
}
