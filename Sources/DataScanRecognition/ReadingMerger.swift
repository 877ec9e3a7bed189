import DataScanModel

/// Combines two engines' readings of one page: the one kept, plus the lines of the other that stand where the
/// kept one read nothing (a faded row Tesseract skipped, a stamp PP-OCR did not box). A line of the other reading
/// is added when it overlaps no kept line (`overlaps`).
package enum ReadingMerger {
    /// Whether two lines stand in one place: their boxes share a third of the smaller one's area.
    package static func overlaps(_ a: RecognizedLine, _ b: RecognizedLine) -> Bool {
        let (k, r) = (a.bounds.boundingRect, b.bounds.boundingRect)
        guard let shared = k.intersection(r) else { return false }
        return shared.area >= min(k.area, r.area) / 3
    }

    /// `kept`'s lines, in their order, with the lines of `other` that overlap none of them put in between where
    /// they stand (top to bottom, in the frame the kept reading reads the page in).
    ///
    /// A line of `other` for which `replaces` is true (one that holds what the kept reading lacks, such as the
    /// receipt's date) takes the place of the kept lines it overlaps.
    package static func merge(
        _ kept: OCRReading, adding other: OCRReading, replacing replaces: (RecognizedLine) -> Bool = { _ in false }
    ) -> OCRReading {
        let replacing = other.lines.filter(replaces)
        let keptLines = kept.lines.filter { line in !replacing.contains { overlaps($0, line) } }
        let added = other.lines.filter { line in
            replacing.contains { $0 == line } || !keptLines.contains { overlaps($0, line) }
        }
        guard !added.isEmpty else { return kept }
        func middle(_ line: RecognizedLine) -> Double {
            TextRows.upright(line.bounds, turns: kept.quarterTurns).boundingRect.midY
        }
        var lines: [RecognizedLine] = []
        var pending = added.sorted { middle($0) < middle($1) }[...]
        for line in keptLines {
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
