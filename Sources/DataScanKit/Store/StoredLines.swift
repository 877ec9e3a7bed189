import Foundation

/// The compact form recognized lines are stored in (one JSON array per page), and sent from worker processes:
/// `[[[text, confidence, x, y, width, height], …words], …lines]` for upright word boxes, and
/// `[text, confidence, x1, y1, x2, y2, x3, y3, x4, y4]` (corners in reading order) for words on a turned page.
enum StoredLines {
    static func encode(_ lines: [RecognizedLine]) -> String {
        var out = "["
        for (li, line) in lines.enumerated() {
            if li > 0 { out += "," }
            out += "["
            for (wi, w) in line.words.enumerated() {
                if wi > 0 { out += "," }
                let b = w.bounds.boundingRect
                if w.bounds == Quad(b) {
                    out +=
                        "[\(jsonString(w.text)),\(round3(w.confidence)),\(round1(b.x)),\(round1(b.y)),\(round1(b.width)),\(round1(b.height))]"
                } else {
                    let c = w.bounds.corners.map { "\(round1($0.x)),\(round1($0.y))" }.joined(separator: ",")
                    out += "[\(jsonString(w.text)),\(round3(w.confidence)),\(c)]"
                }
            }
            out += "]"
        }
        return out + "]"
    }

    /// The line as it reads back from the store: coordinates to 0.1 px, confidences to 0.001.
    static func quantized(_ line: RecognizedLine) -> RecognizedLine {
        func q(_ v: Double, _ scale: Double) -> Double { (v * scale).rounded() / scale }
        return RecognizedLine(
            words: line.words.map { w in
                RecognizedWord(
                    text: w.text, bounds: w.bounds.mapped { Point(x: q($0.x, 10), y: q($0.y, 10)) }, confidence: q(w.confidence, 1000))
            })
    }

    static func decode(_ json: String) -> [RecognizedLine] {
        guard let data = json.data(using: .utf8),
            let lines = try? JSONSerialization.jsonObject(with: data) as? [[[Any]]]
        else { return [] }
        return lines.map { words in
            RecognizedLine(
                words: words.compactMap { w in
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
                })
        }
    }

    private static func round1(_ v: Double) -> String { fixed(v, decimals: 1) }
    private static func round3(_ v: Double) -> String { fixed(v, decimals: 3) }

    /// `v` with at most `decimals` decimals and no trailing zeros (`12`, `12.5`, `0.875`), formatted through
    /// integers: `String(Double)` was a visible cost on text-layer pages with thousands of words.
    static func fixed(_ v: Double, decimals: Int) -> String {
        guard v.isFinite, abs(v) < 1e15 else { return "0" }
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let n = Int((v * Double(scale)).rounded())
        let sign = n < 0 ? "-" : ""
        let whole = abs(n) / scale
        var fraction = abs(n) % scale
        guard fraction != 0 else { return sign + String(whole) }
        var digits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let f = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: digits - f.count) + f
    }

    static func jsonString(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x2028 || u.value == 0x2029 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
