import DataScanModel

/// Combines two engines' readings of one page: the one kept, plus the lines of the other that stand where the
/// kept one read nothing (a faded row Tesseract skipped, a stamp PP-OCR did not box). A line of the other reading
/// is added when its box shares less than a third of the smaller box's area with every kept line.
package enum ReadingMerger {
    /// `kept`'s lines, in their order, with the lines of `other` that overlap none of them put in between where
    /// they stand (top to bottom, in the frame the kept reading reads the page in).
    package static func merge(_ kept: OCRReading, adding other: OCRReading) -> OCRReading {
        let keptRects = kept.lines.map(\.bounds.boundingRect)
        let added = other.lines.filter { line in
            let r = line.bounds.boundingRect
            return !keptRects.contains { k in
                guard let shared = k.intersection(r) else { return false }
                return shared.area >= min(k.area, r.area) / 3
            }
        }
        guard !added.isEmpty else { return kept }
        func middle(_ line: RecognizedLine) -> Double {
            TextRows.upright(line.bounds, turns: kept.quarterTurns).boundingRect.midY
        }
        var lines: [RecognizedLine] = []
        var pending = added.sorted { middle($0) < middle($1) }[...]
        for line in kept.lines {
            while let next = pending.first, middle(next) < middle(line) {
                lines.append(next)
                pending.removeFirst()
            }
            lines.append(line)
        }
        lines.append(contentsOf: pending)
        return OCRReading(lines: lines, quarterTurns: kept.quarterTurns)
    }
}
