import DataScanEngines
import DataScanModel

/// A text as UTF-8 bytes, with the scanning helpers the detectors share.
/// Detectors scan bytes by hand instead of running `Regex`: it is many times faster, and match ranges come out
/// directly as the UTF-8 byte offsets `DetectedText.range` wants.
struct UTF8Text {
    let bytes: [UInt8]

    init(_ text: String) { bytes = Array(text.utf8) }
    init(bytes: [UInt8]) { self.bytes = bytes }

    var count: Int { bytes.count }

    /// The byte at `index`, or 0 outside the text (so look-behind/ahead needs no bounds checks).
    subscript(index: Int) -> UInt8 { index >= 0 && index < bytes.count ? bytes[index] : 0 }

    func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[max(0, range.lowerBound)..<min(bytes.count, range.upperBound)], as: UTF8.self)
    }

    func isDigit(at index: Int) -> Bool { Self.isDigit(self[index]) }
    /// Whether a `%` follows `index`, right after it or after a space: the number ending there is a rate.
    func percentFollows(_ index: Int) -> Bool {
        self[index] == UInt8(ascii: "%") || (self[index] == 0x20 && self[index + 1] == UInt8(ascii: "%"))
    }
    func isLetter(at index: Int) -> Bool { Self.isASCIILetter(self[index]) || self[index] >= 0x80 }
    /// Whether a character of a script written without spaces between words (kana, CJK ideographs and punctuation,
    /// Hangul: U+3000–U+D7FF, three bytes) ends just before `index`: a number glued to it stands on its own
    /// (`価格は1,980円`, `总价¥199元`).
    func isCJK(endingAt index: Int) -> Bool { (0xE3...0xED).contains(self[index - 3]) && self[index - 1] & 0xC0 == 0x80 }
    /// The same for a character starting at `index`.
    func isCJK(startingAt index: Int) -> Bool { (0xE3...0xED).contains(self[index]) && self[index + 2] & 0xC0 == 0x80 }
    /// The length of a dash starting at `index`: 1 for `-`, 3 for an en or em dash or a minus sign (`–`, `—`, `−`),
    /// 0 for none.
    func dashLength(startingAt index: Int) -> Int {
        if self[index] == UInt8(ascii: "-") { return 1 }
        return hasPrefix("–", at: index) || hasPrefix("—", at: index) || hasPrefix("−", at: index) ? 3 : 0
    }
    /// The same for a dash ending just before `index`.
    func dashLength(endingAt index: Int) -> Int {
        if self[index - 1] == UInt8(ascii: "-") { return 1 }
        return hasPrefix("–", at: index - 3) || hasPrefix("—", at: index - 3) || hasPrefix("−", at: index - 3) ? 3 : 0
    }
    /// The length of a space starting at `index` between an amount and its currency mark: 1 for ` `, 2 for a no-break
    /// space, 3 for a narrow no-break or thin space (`1 234,56 €` as French software prints it), 0 for none.
    func markSpaceLength(startingAt index: Int) -> Int {
        if self[index] == 0x20 { return 1 }
        if self[index] == 0xC2, self[index + 1] == 0xA0 { return 2 }
        return self[index] == 0xE2 && self[index + 1] == 0x80 && (self[index + 2] == 0xAF || self[index + 2] == 0x89) ? 3 : 0
    }
    /// The same for a space ending just before `index`.
    func markSpaceLength(endingAt index: Int) -> Int {
        if self[index - 1] == 0x20 { return 1 }
        if self[index - 2] == 0xC2, self[index - 1] == 0xA0 { return 2 }
        return self[index - 3] == 0xE2 && self[index - 2] == 0x80 && (self[index - 1] == 0xAF || self[index - 1] == 0x89) ? 3 : 0
    }
    /// A byte that belongs to a word: an ASCII letter or digit, or any byte of a non-ASCII character.
    func isWordByte(at index: Int) -> Bool { Self.isWordByte(self[index]) }

    /// The number of consecutive ASCII digits starting at `index`.
    func digitRun(from index: Int) -> Int {
        var i = index
        while i < bytes.count, Self.isDigit(bytes[i]) { i += 1 }
        return i - index
    }

    /// The number of consecutive ASCII digits ending right before `index`.
    func digitRun(endingAt index: Int) -> Int {
        var i = min(index, bytes.count)
        while i > 0, Self.isDigit(bytes[i - 1]) { i -= 1 }
        return max(0, index - i)
    }

    /// The value of the ASCII digits in `range`; `Int.max` for a run too long for an `Int` (a 22-digit reference
    /// number), so a caller checking a range of values never sees a wrapped one.
    func intValue(_ range: Range<Int>) -> Int {
        var value = 0
        for i in range {
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = shifted.addingReportingOverflow(Int(self[i] &- 0x30))
            if overflow || carry { return .max }
            value = sum
        }
        return value
    }

    /// The line (without its "\n") that holds `index`.
    func lineRange(containing index: Int) -> Range<Int> {
        var start = min(index, bytes.count), end = min(index, bytes.count)
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        return start..<end
    }

    /// All lines, without their "\n".
    var lines: [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            result.append(start..<i)
            start = i + 1
        }
        result.append(start..<bytes.count)
        return result
    }

    /// Whether exactly the bytes of `word` occur at `index`.
    func matches(_ word: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + word.count <= bytes.count else { return false }
        return bytes[index..<(index + word.count)].elementsEqual(word)
    }

    /// Whether `word` (ASCII, lower-case) occurs at `index`, in any case.
    func hasPrefix(_ word: String, at index: Int) -> Bool {
        guard index >= 0 else { return false }
        var i = index
        for w in word.utf8 {
            guard i < bytes.count, Self.lowercase(bytes[i]) == w else { return false }
            i += 1
        }
        return true
    }

    /// Whether one of `keywords` (lower-case UTF-8) occurs anywhere in `range`, ignoring ASCII case (inside words too).
    func contains(anyOf keywords: [[UInt8]], in range: Range<Int>) -> Bool {
        containsKeyword(keywords, in: range) { _, _ in true }
    }

    /// Whether one of `keywords` (lower-case UTF-8) occurs in `range`, ignoring ASCII case. An ASCII keyword must
    /// not continue a word before it, nor (with `wholeWords`) after it; others (CJK, accented) match anywhere.
    /// Byte-wise on purpose: `String.range(of:)` goes through Foundation's locale-aware search, many times slower.
    func containsKeyword(_ keywords: [[UInt8]], in range: Range<Int>, wholeWords: Bool) -> Bool {
        containsKeyword(keywords, in: range) { found, keyword in
            guard keyword[0] < 0x80 else { return true }
            let before = found.lowerBound > range.lowerBound ? bytes[found.lowerBound - 1] : 0x20
            let after = found.upperBound < min(range.upperBound, bytes.count) ? bytes[found.upperBound] : 0x20
            let startsWord = !Self.isASCIILetter(before) && before < 0x80
            let endsWord = !wholeWords || (!Self.isASCIILetter(after) && after < 0x80)
            return startsWord && endsWord
        }
    }

    /// Whether one of `keywords` occurs in `range`, ignoring ASCII case, where `accept` takes it (given where it
    /// stands and which keyword it is).
    private func containsKeyword(
        _ keywords: [[UInt8]], in range: Range<Int>, accept: (Range<Int>, [UInt8]) -> Bool
    ) -> Bool {
        let lower = max(range.lowerBound, 0), upper = min(range.upperBound, bytes.count)
        guard lower < upper else { return false }
        for keyword in keywords {
            guard let first = keyword.first, keyword.count <= upper - lower else { continue }
            var i = lower
            while i + keyword.count <= upper {
                if Self.lowercase(bytes[i]) == first {
                    var k = 1
                    while k < keyword.count, Self.lowercase(bytes[i + k]) == keyword[k] { k += 1 }
                    if k == keyword.count, accept(i..<(i + k), keyword) { return true }
                }
                i += 1
            }
        }
        return false
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    static func isASCIILetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    static func isWordByte(_ b: UInt8) -> Bool { isDigit(b) || isASCIILetter(b) || b >= 0x80 }
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
    static func lowercase(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }
}
