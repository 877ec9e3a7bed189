import DataScanEngines
import DataScanModel

/// A text with its full-width ASCII forms (U+FF01...U+FF5E: `ｗｗｗ．ｅｘａｍｐｌｅ．ｊｐ`, `info＠example.jp`, which
/// Japanese pages print) folded to ASCII, and the map from the folded text's byte offsets back to the original's, so
/// the detectors scan ASCII and still report ranges and values as printed.
struct FullWidthFolding {
    /// The folded text.
    let text: UTF8Text
    /// For each byte offset of `text` (and its end), the offset in the original; nil when nothing was folded.
    private let origin: [Int]?

    init(_ original: UTF8Text) {
        let bytes = original.bytes
        // Fast path: no EF BC / EF BD lead bytes, nothing to fold (most pages).
        var i = 0
        var any = false
        while i + 2 < bytes.count {
            if bytes[i] == 0xEF, bytes[i + 1] == 0xBC || bytes[i + 1] == 0xBD {
                any = true
                break
            }
            i += 1
        }
        guard any else {
            text = original
            origin = nil
            return
        }
        var folded: [UInt8] = [], map: [Int] = []
        folded.reserveCapacity(bytes.count)
        map.reserveCapacity(bytes.count + 1)
        i = 0
        while i < bytes.count {
            if let ascii = Self.asciiForm(bytes, at: i) {
                folded.append(ascii)
                map.append(i)
                i += 3
            } else {
                folded.append(bytes[i])
                map.append(i)
                i += 1
            }
        }
        // Other forms with those lead bytes (half-width katakana `ｸ`, U+FF61...U+FF9F; `｟`) fold to nothing: the text
        // is the original, and nothing was folded (a detector that reads the folded text would read it again).
        guard folded.count < bytes.count else {
            text = original
            origin = nil
            return
        }
        map.append(bytes.count)
        text = UTF8Text(bytes: folded)
        origin = map
    }

    /// Whether anything was folded.
    var isFolded: Bool { origin != nil }

    /// `detect` run on the folded form of `text` when it has full-width forms (`１，９８０円`, `２０２４年３月１４日`),
    /// its findings placed back on `text`; nil when there is nothing to fold.
    static func detect(in text: String, _ detect: (String) -> [DetectedText]) -> [DetectedText]? {
        let original = UTF8Text(text)
        let folding = FullWidthFolding(original)
        guard folding.isFolded else { return nil }
        return folding.unfolded(detect(folding.text.string(0..<folding.text.count)), in: original)
    }

    /// The original range of a range of the folded text.
    func originalRange(_ range: Range<Int>) -> Range<Int> {
        guard let origin else { return range }
        return origin[range.lowerBound]..<origin[range.upperBound]
    }

    /// `found` (ranges in the folded text) with ranges and values of `original`.
    func unfolded(_ found: [DetectedText], in original: UTF8Text) -> [DetectedText] {
        guard origin != nil else { return found }
        return found.map { item in
            var item = item
            item.range = originalRange(item.range)
            item.value = original.string(item.range)
            return item
        }
    }

    /// The ASCII character a full-width form at `index` stands for (`Ｗ` → `W`, `＠` → `@`); nil for anything else.
    private static func asciiForm(_ b: [UInt8], at i: Int) -> UInt8? {
        guard i + 2 < b.count, b[i] == 0xEF, b[i + 1] == 0xBC || b[i + 1] == 0xBD else { return nil }
        let scalar = 0xF000 | UInt32(b[i + 1] & 0x3F) << 6 | UInt32(b[i + 2] & 0x3F)
        guard (0xFF01...0xFF5E).contains(scalar) else { return nil }
        return UInt8(scalar - 0xFF01 + 0x21)
    }
}
