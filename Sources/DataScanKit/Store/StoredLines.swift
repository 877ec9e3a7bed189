import Foundation

/// The compact form recognized lines are stored in (one JSON array per page):
/// `[[[text, confidence, x, y, width, height], …words], …lines]`. Word boxes are upright rectangles.
enum StoredLines {
    static func encode(_ lines: [RecognizedLine]) -> String {
        var out = "["
        for (li, line) in lines.enumerated() {
            if li > 0 { out += "," }
            out += "["
            for (wi, w) in line.words.enumerated() {
                if wi > 0 { out += "," }
                let b = w.bounds.boundingRect
                out += "[\(jsonString(w.text)),\(round3(w.confidence)),\(round1(b.x)),\(round1(b.y)),\(round1(b.width)),\(round1(b.height))]"
            }
            out += "]"
        }
        return out + "]"
    }

    static func decode(_ json: String) -> [RecognizedLine] {
        guard let data = json.data(using: .utf8),
            let lines = try? JSONSerialization.jsonObject(with: data) as? [[[Any]]]
        else { return [] }
        return lines.map { words in
            RecognizedLine(
                words: words.compactMap { w in
                    guard w.count == 6, let text = w[0] as? String, let c = w[1] as? NSNumber, let x = w[2] as? NSNumber,
                        let y = w[3] as? NSNumber, let width = w[4] as? NSNumber, let height = w[5] as? NSNumber
                    else { return nil }
                    let rect = Rect(x: x.doubleValue, y: y.doubleValue, width: width.doubleValue, height: height.doubleValue)
                    return RecognizedWord(text: text, bounds: Quad(rect), confidence: c.doubleValue)
                })
        }
    }

    private static func round1(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }

    private static func round3(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() ? String(Int(r)) : String(r)
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
