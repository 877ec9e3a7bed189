import DataScanModel

/// Receipts laid side by side on one page (two or three till slips scanned on one flatbed sheet): the OCR reads rows
/// across the whole page, `TOTAL RM 33.92 THANK YOU FOR SHOPPING`, so the receipt reader saw one receipt of two and
/// labelled one total. Where the page's words stand in two or more columns with an empty band between them that no
/// sure word crosses, and every column reads as a receipt of its own (a total of its own), each column is read as its
/// own page of text: each receipt gets its total and its date.
///
/// Short receipts laid one above another read as one long receipt with two totals, of which one was the total; where
/// no band parts columns, an empty band across the whole page parts them the same way, wider (a receipt's own blank
/// lines stand two or three text heights apart). So does one across a column: four receipts scanned two by two are
/// two columns of two.
///
/// A single receipt whose labels and amounts stand apart (`TOTAL` … `33.92`) is not split: its column of amounts has
/// no label, so it reads as no receipt.
enum ReceiptColumns {
    /// The narrowest empty band between two receipts side by side, in text heights (a flatbed scan's receipts lie a
    /// centimetre or more apart: three text heights or more at any resolution).
    static let narrowestGap = 3.0
    /// The narrowest empty band between two receipts one above the other: a receipt's blank lines (a feed of two or
    /// three before its card slip, the gap above its footer) stand less apart than the two papers' margins and the
    /// space between them.
    static let narrowestGapAcross = 6.0
    /// The fewest lines and words a column needs to be a receipt.
    static let fewestLines = 6
    static let fewestWords = 20
    /// Words the OCR read less surely than this (a speck, a fold's shadow) may stand in the band.
    static let unsureWord = 0.5

    /// A page of receipts side by side, one above another, or both: each one's reading, column by column from the
    /// left and top to bottom in a column, and the page coordinates that part them.
    struct SideBySide<Reading> {
        var readings: [Reading]
        /// The x coordinates between the columns (none for one column).
        var columnCuts: [Double] = []
        /// Each column's y coordinates between the receipts in it (none for a column of one receipt).
        var rowCuts: [[Double]] = [[]]

        /// The receipt (0 at the top left) that `point` falls in.
        func part(of point: Point) -> Int {
            let column = columnCuts.count { $0 < point.x }
            return rowCuts[..<column].reduce(0) { $0 + $1.count + 1 } + rowCuts[column].count { $0 < point.y }
        }
    }

    /// Each receipt of a page of receipts side by side (or else one above another), as `read` reads it; nil for a page
    /// that is one receipt (or none). Side by side, every column must read with a total (`hasTotal`), as one receipt
    /// or as receipts one above another; one above another, the parts the empty bands leave are taken top to bottom
    /// until they read as a receipt with a total (a receipt's logo stands a band above its lines), and what is left
    /// below the last one is that one's. What `ItemAssembler` keeps as the page's items (and the order it lists them
    /// in) and what `ReceiptAssessment` weighs for `auto` both follow this one rule.
    static func receipts<Reading>(
        in lines: [RecognizedLine], read: ([RecognizedLine]) -> Reading, hasTotal: (Reading) -> Bool
    ) -> SideBySide<Reading>? {
        if let (parts, cuts) = columns(lines) {
            var readings: [Reading] = [], rowCuts: [[Double]] = []
            for part in parts {
                if let stacked = stacked(part, read: read, hasTotal: hasTotal) {
                    readings += stacked.readings
                    rowCuts.append(stacked.cuts)
                } else {
                    let reading = read(part)
                    guard hasTotal(reading) else { break }
                    readings.append(reading)
                    rowCuts.append([])
                }
            }
            if rowCuts.count == parts.count { return SideBySide(readings: readings, columnCuts: cuts, rowCuts: rowCuts) }
        }
        return stacked(lines, read: read, hasTotal: hasTotal).map { SideBySide(readings: $0.readings, rowCuts: [$0.cuts]) }
    }

    /// The receipts one above another in `lines` (a page or a column of one), as `read` reads them, with the y
    /// coordinates between them; nil where fewer than two read with a total.
    private static func stacked<Reading>(
        _ lines: [RecognizedLine], read: ([RecognizedLine]) -> Reading, hasTotal: (Reading) -> Bool
    ) -> (readings: [Reading], cuts: [Double])? {
        guard let (parts, cuts) = rows(lines) else { return nil }
        // (Read only where the parts can make two receipts: two runs of them large enough to be one.)
        var large = 0, run: [RecognizedLine] = []
        for part in parts {
            run += part
            if isLarge(run) { (large, run) = (large + 1, []) }
        }
        guard large >= 2 else { return nil }
        var receipts: [[RecognizedLine]] = [], readings: [Reading] = [], kept: [Double] = []
        var current: [RecognizedLine] = []
        for (k, part) in parts.enumerated() {
            current += part
            guard isLarge(current) else { continue }
            let reading = read(current)
            guard hasTotal(reading) else { continue }
            receipts.append(current)
            readings.append(reading)
            current = []
            if k < cuts.count { kept.append(cuts[k]) }
        }
        guard receipts.count >= 2 else { return nil }
        if !current.isEmpty {
            receipts[receipts.count - 1] += current
            readings[readings.count - 1] = read(receipts[receipts.count - 1])
            kept.removeLast()
        }
        return (readings, kept)
    }

    /// `lines` split into side-by-side columns of text (each column's lines top to bottom, its words left to right)
    /// with the x coordinates between them, or nil when no empty band parts the page's words. Whether each column
    /// reads as a receipt is `receipts`'s to find.
    static func columns(_ lines: [RecognizedLine]) -> (parts: [[RecognizedLine]], cuts: [Double])? {
        guard let (boxes, textHeight) = sureWords(lines) else { return nil }
        guard let cuts = cuts(boxes.map { ($0.minX, $0.maxX) }, gap: narrowestGap * textHeight) else { return nil }
        // Each line's words in their column; a column's lines in the page's order.
        var columns = [[RecognizedLine]](repeating: [], count: cuts.count + 1)
        for line in lines {
            var parts = [[RecognizedWord]](repeating: [], count: cuts.count + 1)
            for word in line.words {
                parts[cuts.count { $0 < word.bounds.boundingRect.midX }].append(word)
            }
            for (k, part) in parts.enumerated() where !part.isEmpty {
                columns[k].append(RecognizedLine(words: part, source: line.source))
            }
        }
        return columns.allSatisfy(isLarge) ? (columns, cuts) : nil
    }

    /// `lines` split at the empty bands `narrowestGapAcross` text heights high that run across the page (parts of
    /// receipts one above another, top to bottom), with the y coordinates between them; nil where none does.
    static func rows(_ lines: [RecognizedLine]) -> (parts: [[RecognizedLine]], cuts: [Double])? {
        guard let (_, textHeight) = sureWords(lines) else { return nil }
        // Lines, not words: the noise a paper's torn edge reads as (`~~] '22 a che`) holds a word or two the OCR is
        // sure of, and would close the band between two receipts; such a line as a whole is unsure.
        let spans = lines.filter { $0.confidence >= unsureWord }.map(\.bounds.boundingRect).map { ($0.minY, $0.maxY) }
        guard !spans.isEmpty, let cuts = cuts(spans, gap: narrowestGapAcross * textHeight, most: 5) else { return nil }
        var rows = [[RecognizedLine]](repeating: [], count: cuts.count + 1)
        for line in lines { rows[cuts.count { $0 < line.bounds.boundingRect.midY }].append(line) }
        return (rows, cuts)
    }

    /// The boxes of the words read surely enough to close a band, and their median height; nil with too few of them.
    private static func sureWords(_ lines: [RecognizedLine]) -> (boxes: [Rect], textHeight: Double)? {
        let boxes = lines.flatMap(\.words).filter { $0.confidence >= unsureWord }.map(\.bounds.boundingRect)
        guard boxes.count >= 2 * fewestWords else { return nil }
        let textHeight = boxes.map(\.height).sorted()[boxes.count / 2]
        return textHeight > 0 ? (boxes, textHeight) : nil
    }

    /// The middles of the empty bands at least `gap` wide between the first span and the last (one to `most` of them),
    /// or nil.
    private static func cuts(_ spans: [(start: Double, end: Double)], gap: Double, most: Int = 3) -> [Double]? {
        let spans = spans.sorted { $0.start < $1.start }
        var cuts: [Double] = []
        var reach = spans[0].end
        for (start, end) in spans.dropFirst() {
            if start - reach >= gap { cuts.append((start + reach) / 2) }
            reach = max(reach, end)
        }
        return cuts.isEmpty || cuts.count > most ? nil : cuts
    }

    /// Whether a part of the page holds enough text to be a receipt.
    private static func isLarge(_ part: [RecognizedLine]) -> Bool {
        part.count >= fewestLines && part.reduce(0, { $0 + $1.words.count }) >= fewestWords
    }
}
