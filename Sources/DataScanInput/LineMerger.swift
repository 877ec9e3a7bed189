import DataScanEngines
import DataScanModel

/// Joins text lines that stand on the same row of the page into one line, left to right.
/// PDF text layers split a row wherever the producer placed text separately ("Total" at the left margin,
/// "€ 12.50" right-aligned), but a reader — and the price-label logic — treats the row as one line,
/// as Tesseract's single-block segmentation does for scans.
enum LineMerger {
    static func mergeRows(_ lines: [RecognizedLine]) -> [RecognizedLine] {
        guard lines.count > 1 else { return lines }
        var rows: [[RecognizedLine]] = []
        for line in lines.sorted(by: { $0.bounds.boundingRect.midY < $1.bounds.boundingRect.midY }) {
            let r = line.bounds.boundingRect
            // Same row: the vertical centers fall within each other's extent (tolerates baseline jitter and
            // mixed font sizes, but not the next line of text).
            if let last = rows.last, let first = last.first {
                let f = first.bounds.boundingRect
                if r.midY >= f.minY, r.midY <= f.maxY, f.midY >= r.minY, f.midY <= r.maxY {
                    rows[rows.count - 1].append(line)
                    continue
                }
            }
            rows.append([line])
        }
        return rows.map { row in
            guard row.count > 1 else { return row[0] }
            let ordered = row.sorted { $0.bounds.boundingRect.minX < $1.bounds.boundingRect.minX }
            return RecognizedLine(words: ordered.flatMap(\.words))
        }
    }
}
