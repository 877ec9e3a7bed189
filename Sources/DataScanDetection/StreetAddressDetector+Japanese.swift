import DataScanEngines
import DataScanModel
import Foundation

extension StreetAddressDetector {
    // MARK: - Japanese addresses

    /// `〒100-0005 東京都千代田区丸の内1-1`, the postal code alone on the line before the address, or a line that
    /// starts with a prefecture and ends in block numbers (`大阪府大阪市北区梅田3-1-3`).
    func japanese(line: Range<Int>, next: Range<Int>?, lineIndex: Int, in t: UTF8Text)
        -> (item: DetectedText, lastLine: Int)?
    {
        let text = t.string(line)
        guard text.unicodeScalars.contains(where: { $0.value >= 0x3000 }) else { return nil }  // `〒` is U+3012
        let scalars = Array(text.unicodeScalars)
        // Where the address starts: the postal mark, or a prefecture name.
        var startScalar: Int?
        var postal = false
        for (index, scalar) in scalars.enumerated() {
            if scalar == "〒" {
                startScalar = index
                postal = true
                break
            }
            if Self.prefectureStart(in: scalars, at: index) {
                startScalar = index
                break
            }
        }
        guard let first = startScalar else { return nil }
        let startByte = line.lowerBound + String(String.UnicodeScalarView(scalars[..<first])).utf8.count
        var body = Array(scalars[first...])
        var endLine = line
        var lastLineOffset = 0
        if postal {
            // `〒100-0005` then the address, on this line or the next.
            var k = 1
            while k < body.count, body[k] == " " { k += 1 }
            let codeStart = k
            while k < body.count, body[k].properties.numericType != nil || body[k] == "-" || body[k] == "－" { k += 1 }
            guard k - codeStart >= 7 else { return nil }
            let rest = String(String.UnicodeScalarView(body[k...])).trimmingCharacters(in: .whitespaces)
            if rest.isEmpty, let next {
                let nextText = t.string(next)
                guard Self.japaneseBody(Array(nextText.unicodeScalars)) != nil else { return nil }
                body += ["\n"] + Array(nextText.unicodeScalars)
                endLine = next
                lastLineOffset = 1
            }
        }
        // The body: up to the last block number (`1-1`, `3丁目5番2号`), with a building after it on the same line.
        guard let cut = Self.japaneseEnd(body) else { return nil }
        let kept = String(String.UnicodeScalarView(body[..<cut]))
        let end = startByte + kept.utf8.count
        guard end <= endLine.upperBound else { return nil }
        let range = startByte..<end
        let normalized = kept.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
        return (
            DetectedText(type: .fullStreetAddress, range: range, value: t.string(range), normalized: normalized),
            lineIndex + lastLineOffset
        )
    }

    /// The index just after the address in `body`: its last block number or `番地`/`号`, and a building name
    /// (`ビル 3F`) right after it; nil without a block number or a municipality (`市区町村郡`).
    static func japaneseEnd(_ body: [Unicode.Scalar]) -> Int? {
        guard body.contains(where: { "市区町村郡".unicodeScalars.contains($0) }) else { return nil }
        var lastBlock: Int?
        for (index, scalar) in body.enumerated() {
            if scalar.properties.numericType != nil || "番号目地".unicodeScalars.contains(scalar) { lastBlock = index + 1 }
            // A space ends the address unless CJK text or the block number (`渋谷 2-1-1`, as OCR spaces it) follows.
            if scalar == " " || scalar == "　", index + 1 < body.count, !isCJK(body[index + 1]),
                body[index + 1].properties.numericType == nil
            {
                break
            }
            if "TEL電話℡".unicodeScalars.contains(scalar) { break }
        }
        guard var end = lastBlock else { return nil }
        // A building name and floor right after the block number (`丸の内1-1 パレスビル3F`).
        var k = end
        if k < body.count, body[k] == " " || body[k] == "　" { k += 1 }
        var building = k
        while building < body.count,
            isCJK(body[building]) || body[building].properties.numericType != nil
                || body[building] == "F"
        {
            building += 1
        }
        if building > k, String(String.UnicodeScalarView(body[k..<building])).contains(where: { "ビル館階F".contains($0) }) {
            end = building
        }
        return end
    }

    static func japaneseBody(_ scalars: [Unicode.Scalar]) -> Int? {
        scalars.indices.contains { prefectureStart(in: scalars, at: $0) } ? 0 : nil
    }

    static func isCJK(_ s: Unicode.Scalar) -> Bool { s.value >= 0x3040 && s.value <= 0x9FFF || s.value >= 0xFF00 }

    /// Whether a prefecture name (`東京都`, `北海道`, `大阪府`, `神奈川県`) starts at `index`.
    static func prefectureStart(in scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard let candidates = prefecturesByFirstScalar[scalars[index]] else { return false }
        return candidates.contains { p in
            index + p.count <= scalars.count && p.indices.allSatisfy { scalars[index + $0] == p[$0] }
        }
    }

    static let prefecturesByFirstScalar: [Unicode.Scalar: [[Unicode.Scalar]]] =
        Dictionary(grouping: prefectures.map { Array($0.unicodeScalars) }) { $0[0] }

    static let prefectures = [
        "北海道", "青森県", "岩手県", "宮城県", "秋田県", "山形県", "福島県", "茨城県", "栃木県", "群馬県", "埼玉県", "千葉県",
        "東京都", "神奈川県", "新潟県", "富山県", "石川県", "福井県", "山梨県", "長野県", "岐阜県", "静岡県", "愛知県", "三重県",
        "滋賀県", "京都府", "大阪府", "兵庫県", "奈良県", "和歌山県", "鳥取県", "島根県", "岡山県", "広島県", "山口県", "徳島県",
        "香川県", "愛媛県", "高知県", "福岡県", "佐賀県", "長崎県", "熊本県", "大分県", "宮崎県", "鹿児島県", "沖縄県",
    ]
}
