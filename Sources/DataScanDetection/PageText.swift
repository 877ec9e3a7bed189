import DataScanEngines
import DataScanModel

/// A page's recognized lines as one string for the detectors (lines joined by "\n", words as `RecognizedLine.text`
/// joins them),
/// with the map from UTF-8 byte offsets back to word boxes so each match gets its quad on the page.
struct PageText {
    let text: String
    private let words: [(range: Range<Int>, word: RecognizedWord, line: Int)]

    init(lines: [RecognizedLine]) {
        var text = ""
        var words: [(Range<Int>, RecognizedWord, Int)] = []
        var offset = 0
        for (li, line) in lines.enumerated() {
            if li > 0 {
                text += "\n"
                offset += 1
            }
            for (wi, w) in line.words.enumerated() {
                if wi > 0 {
                    let separator = RecognizedLine.separator(between: line.words[wi - 1], and: w)
                    text += separator
                    offset += separator.utf8.count
                }
                let n = w.text.utf8.count
                words.append((offset..<(offset + n), w, li))
                text += w.text
                offset += n
            }
        }
        self.text = text
        self.words = words
    }

    /// Each word with its byte range in `text` and its line's index, in text order.
    var entries: [(range: Range<Int>, word: RecognizedWord, line: Int)] { words }

    /// The words a byte range touches, with the fraction of each word covered (start, end in 0...1).
    private func pieces(_ range: Range<Int>) -> [(word: RecognizedWord, line: Int, from: Double, to: Double)] {
        // Binary search for the first word ending after the range start: pages have thousands of words.
        var lo = 0, hi = words.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if words[mid].range.upperBound <= range.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        var out: [(RecognizedWord, Int, Double, Double)] = []
        var i = lo
        while i < words.count, words[i].range.lowerBound < range.upperBound {
            let (r, w, line) = words[i]
            let n = Double(max(1, r.count))
            let a = Double(max(range.lowerBound, r.lowerBound) - r.lowerBound) / n
            let b = Double(min(range.upperBound, r.upperBound) - r.lowerBound) / n
            if b > a { out.append((w, line, a, b)) }
            i += 1
        }
        return out
    }

    /// The quad around the text of a byte range: the covered part of each word (by character share, along the
    /// word's reading direction, so text on a turned page gets a turned quad). A match within one line spans from
    /// its first piece's leading edge to its last piece's trailing edge; a match over several lines gets the
    /// upright rectangle around all its pieces.
    func quad(for range: Range<Int>) -> Quad? {
        let parts = pieces(range)
        guard let first = parts.first, let last = parts.last else { return nil }
        func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point { Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        let quads = parts.map { p -> Quad in
            let q = p.word.bounds
            return Quad(
                topLeft: lerp(q.topLeft, q.topRight, p.from), topRight: lerp(q.topLeft, q.topRight, p.to),
                bottomRight: lerp(q.bottomLeft, q.bottomRight, p.to), bottomLeft: lerp(q.bottomLeft, q.bottomRight, p.from))
        }
        if first.line == last.line {
            let a = quads[0], b = quads[quads.count - 1]
            // Top and bottom edges from the extreme pieces; words of a line share its baseline closely enough.
            return Quad(topLeft: a.topLeft, topRight: b.topRight, bottomRight: b.bottomRight, bottomLeft: a.bottomLeft)
        }
        let rects = quads.map(\.boundingRect)
        return Quad(rects.dropFirst().reduce(rects[0]) { $0.union($1) })
    }

    /// The lowest confidence of the words a range touches (a match is as sure as its weakest word).
    func confidence(for range: Range<Int>) -> Double {
        pieces(range).map(\.word.confidence).min() ?? 0
    }
}
