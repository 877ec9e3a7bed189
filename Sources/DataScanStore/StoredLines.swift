import DataScanModel
import DataScanSQL
import Foundation

/// The compact form recognized lines are stored in (one JSON array per page), and sent from page processes:
/// `[[[text, confidence, x, y, width, height], …words], …lines]` for upright word boxes, and
/// `[text, confidence, x1, y1, x2, y2, x3, y3, x4, y4]` (corners in reading order) for words on a turned page or
/// in a slanted PP-OCR box. A line not read by Tesseract ends with its source after the words
/// (`[[…word], [… word], "ppocr"]`, or `"textLayer"`); one without is Tesseract's, as every line stored before
/// there were two engines.
package enum StoredLines {
    package static func encode(_ lines: [RecognizedLine]) -> String {
        // Through the project's JSON writer (escaping, and decimals without trailing zeros); an in-memory sink
        // cannot fail, so the `try?`s never drop anything.
        var sink = OutputSink.inMemory()
        var json = JSONWriter(style: .compact)
        try? json.beginArray(to: &sink)
        for line in lines {
            try? json.beginArray(to: &sink)
            for w in line.words {
                try? json.beginArray(to: &sink)
                try? json.string(w.text, to: &sink)
                try? json.number(w.confidence, maxFractionDigits: 3, to: &sink)
                let b = w.bounds.boundingRect
                let values = w.bounds == Quad(b) ? [b.x, b.y, b.width, b.height] : w.bounds.corners.flatMap { [$0.x, $0.y] }
                for v in values { try? json.number(v, maxFractionDigits: 1, to: &sink) }
                try? json.endArray(to: &sink)
            }
            if line.source != .tesseract { try? json.string(line.source.rawValue, to: &sink) }
            try? json.endArray(to: &sink)
        }
        try? json.endArray(to: &sink)
        return sink.text
    }

    /// How many of a page's stored lines each source read (`[.tesseract: 40, .ppocr: 3]`), for manifest.json.
    /// Scans the JSON instead of decoding it (a manifest counts every page of a job): a line ends where the nesting
    /// returns to the outer array, and a string directly inside a line (not inside a word) is its source.
    package static func sourceCounts(_ json: String) -> [LineSource: Int] {
        var json = json
        return json.withUTF8 { sourceCounts($0) }
    }

    /// `sourceCounts` of the JSON's UTF-8 bytes, as the store hands them over (no String is made of a page's lines).
    /// Why bytes and `memchr`-like skips: a job's manifest scans every page's lines, megabytes for a large job, and
    /// only brackets and quotes matter; inside a word's text only a quote or a backslash does.
    package static func sourceCounts(_ bytes: UnsafeBufferPointer<UInt8>) -> [LineSource: Int] {
        var counts: [LineSource: Int] = [:]
        var depth = 0
        var lineSource = LineSource.tesseract
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), open = UInt8(ascii: "["), close = UInt8(ascii: "]")
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b == quote {
                // A string: to its closing quote, past escaped characters.
                let start = i + 1
                i = start
                while i < n, bytes[i] != quote {
                    i += bytes[i] == backslash ? 2 : 1
                }
                if depth == 2 {
                    let raw = UnsafeBufferPointer(rebasing: bytes[start..<min(i, n)])
                    lineSource = LineSource(rawValue: String(decoding: raw, as: UTF8.self)) ?? .tesseract
                }
            } else if b == open {
                depth += 1
                if depth == 2 { lineSource = .tesseract }
            } else if b == close {
                if depth == 2 { counts[lineSource, default: 0] += 1 }
                depth -= 1
            }
            i += 1
        }
        return counts
    }

    /// Seconds per stage as a JSON object, keys sorted (`{"load":0.01,"ocr":0.4}`).
    static func encode(timings: [String: Double]) -> String {
        var sink = OutputSink.inMemory()
        var json = JSONWriter(style: .compact)
        try? json.beginObject(to: &sink)
        for (stage, seconds) in timings.sorted(by: { $0.key < $1.key }) {
            try? json.key(stage, to: &sink)
            try? json.number(seconds, to: &sink)
        }
        try? json.endObject(to: &sink)
        return sink.text
    }

    /// The line as it reads back from the store: coordinates to 0.1 px, confidences to 0.001.
    package static func quantized(_ line: RecognizedLine) -> RecognizedLine {
        func q(_ v: Double, _ scale: Double) -> Double { (v * scale).rounded() / scale }
        return RecognizedLine(
            words: line.words.map { w in
                RecognizedWord(
                    text: w.text, bounds: w.bounds.mapped { Point(x: q($0.x, 10), y: q($0.y, 10)) }, confidence: q(w.confidence, 1000))
            }, source: line.source)
    }

    static func decode(_ json: String) -> [RecognizedLine] {
        guard let data = json.data(using: .utf8),
            let lines = try? JSONSerialization.jsonObject(with: data) as? [[Any]]
        else { return [] }
        return lines.map { line in
            let source = line.last.flatMap { $0 as? String }.flatMap(LineSource.init(rawValue:)) ?? .tesseract
            return RecognizedLine(
                words: line.compactMap { $0 as? [Any] }.compactMap { w in
                    guard w.count == 6 || w.count == 10, let text = w[0] as? String, let c = w[1] as? NSNumber else { return nil }
                    let v = w.dropFirst(2).compactMap { ($0 as? NSNumber)?.doubleValue }
                    guard v.count == w.count - 2 else { return nil }
                    let quad =
                        v.count == 4
                        ? Quad(Rect(x: v[0], y: v[1], width: v[2], height: v[3]))
                        : Quad(
                            topLeft: Point(x: v[0], y: v[1]), topRight: Point(x: v[2], y: v[3]),
                            bottomRight: Point(x: v[4], y: v[5]), bottomLeft: Point(x: v[6], y: v[7]))
                    return RecognizedWord(text: text, bounds: quad, confidence: c.doubleValue)
                }, source: source)
        }
    }
}
