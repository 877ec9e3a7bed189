import DataScanEngines
import DataScanModel

/// A text with its full-width ASCII forms (U+FF01...U+FF5E: `ｗｗｗ．ｅｘａｍｐｌｅ．ｊｐ`, `info＠example.jp`, which
/// Japanese pages print) folded to ASCII, and the map from the folded text's byte offsets back to the original's, so
/// the detectors scan ASCII and still report ranges and values as printed. On request it also folds the Cyrillic
/// letters an OCR that reads Cyrillic puts for digits inside a number (`=1 575.7О`, `О2.О9.24`, `=116.бб`) to the
/// ASCII letters the detectors read as those digits when damaged (`O`, `B`, `b`) or to the digit (`З` → `3`).
struct ASCIIFolding {
    /// The folded text.
    let text: UTF8Text
    /// For each byte offset of `text` (and its end), the offset in the original; nil when nothing was folded.
    private let origin: [Int]?

    init(_ original: UTF8Text, cyrillicDigits: Bool = false) {
        let bytes = original.bytes
        // Fast path: no EF BC / EF BD lead bytes, nor a Cyrillic look-alike where asked for, nothing to fold (most pages).
        var i = 0
        var any = false
        while i + 1 < bytes.count {
            if bytes[i] == 0xEF, i + 2 < bytes.count, bytes[i + 1] == 0xBC || bytes[i + 1] == 0xBD {
                any = true
                break
            }
            if cyrillicDigits, Self.isLookAlike(bytes, at: i) {
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
            } else if cyrillicDigits, let ascii = Self.cyrillicDigit(bytes, at: i) {
                folded.append(ascii)
                map.append(i)
                i += 2
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

    /// `detect` run on the folded form of `text` when it has full-width forms (`１，９８０円`, `２０２４年３月１４日`) or,
    /// where asked, Cyrillic digits, its findings placed back on `text`; nil when there is nothing to fold.
    static func detect(in text: String, cyrillicDigits: Bool = false, _ detect: (String) -> [DetectedText]) -> [DetectedText]? {
        let original = UTF8Text(text)
        let folding = ASCIIFolding(original, cyrillicDigits: cyrillicDigits)
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

    /// The ASCII each Cyrillic look-alike of a digit folds to, by the second byte of its UTF-8 (`D0 xx`): `О`, `о` (0),
    /// `З`, `з` (3), `б` (6), `В` (8).
    private static let cyrillicDigitForms: [UInt8: UInt8] = [
        0x9E: UInt8(ascii: "O"), 0xBE: UInt8(ascii: "o"), 0x97: UInt8(ascii: "3"), 0xB7: UInt8(ascii: "3"), 0xB1: UInt8(ascii: "b"),
        0x92: UInt8(ascii: "B"),
    ]

    /// Whether a Cyrillic look-alike of a digit (`cyrillicDigitForms`) starts at `k`.
    private static func isLookAlike(_ b: [UInt8], at k: Int) -> Bool {
        k >= 0 && k + 1 < b.count && b[k] == 0xD0 && cyrillicDigitForms[b[k + 1]] != nil
    }

    /// The ASCII a Cyrillic look-alike of a digit at `i` folds to where it stands in a number: a run of digits, such
    /// letters (Cyrillic, or Latin ones the OCR reads for digits) and separators, with a digit, a separator between two
    /// of the others, and no letter glued to either end (`=2ООО.ОО`, `О2.О9.24`, `2l:1З`; not `ЗООг`, `д. 15б`, `В`).
    private static func cyrillicDigit(_ b: [UInt8], at i: Int) -> UInt8? {
        guard isLookAlike(b, at: i), let ascii = cyrillicDigitForms[b[i + 1]] else { return nil }
        // An element of the run at `k`: its length in bytes and whether it is a digit, a look-alike or a separator.
        func element(at k: Int) -> (length: Int, kind: Character)? {
            guard k >= 0, k < b.count else { return nil }
            if UTF8Text.isDigit(b[k]) { return (1, "d") }
            if isLookAlike(b, at: k) { return (2, "l") }
            if DamagedAmount.digitLike[b[k]] != nil { return (1, "l") }
            if ".,:/".utf8.contains(b[k]) { return (1, "s") }
            return nil
        }
        // (Most such letters stand in words: nothing beside them that a number holds.)
        guard element(at: i + 2) != nil || element(at: i - 1) != nil || isLookAlike(b, at: i - 2) else { return nil }
        // Backwards: a look-alike's second byte is a continuation byte, so step over whole characters.
        var start = i
        while start > 0 {
            if isLookAlike(b, at: start - 2) {
                start -= 2
            } else if element(at: start - 1)?.length == 1 {
                start -= 1
            } else {
                break
            }
        }
        var kinds: [Character] = []
        var end = start
        while let e = element(at: end) {
            kinds.append(e.kind)
            end += e.length
        }
        while kinds.last == "s" {
            kinds.removeLast()
            end -= 1
        }
        // No letter glued to the run's ends: `ЗООг` is 300 g, `д. 15б` a house.
        func isLetter(_ k: Int) -> Bool { b[k] >= 0x80 || UTF8Text.isASCIILetter(b[k]) }
        guard kinds.contains("d"), start == 0 || !isLetter(start - 1), end == b.count || !isLetter(end) else { return nil }
        let separated = kinds.indices.contains { k in
            kinds[k] == "s" && k > 0 && k + 1 < kinds.count && kinds[k - 1] != "s" && kinds[k + 1] != "s"
        }
        return separated ? ascii : nil
    }
}
