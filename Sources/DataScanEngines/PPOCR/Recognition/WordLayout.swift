/// Splits a recognized line into words at spaces and places each word along the line.
///
/// CTC marks each character at the time steps where the model fired, near the character's middle, so a word
/// spans from its first character's centre to its last one's, widened by half a character pitch on each side
/// (the median distance between neighbouring characters' centres in the line's words; 3 steps, about one Latin
/// character at height 48, when no word has two characters). Steps are mapped to crop pixels through the
/// resize the recognizer's input went through, and to the page through the crop's perspective transform.
/// A line of one word gets the line's own quad.
enum WordLayout {
    struct Span {
        var characters: [CTCDecoder.Character]
        var text: String { characters.map(\.text).joined() }
    }

    /// The words of `characters`: split at the spaces the model wrote, and where it wrote none but the time steps
    /// show a gap wider than a space. PP-OCRv4 runs words together across a receipt's wide gaps (`TOTALRM9.00`,
    /// `25/01/20181:22:56PM`), which no detector could take apart again.
    ///
    /// The gap test: the distance between two neighbouring characters' centres exceeds the line's median
    /// character pitch by 2 time steps or more (a step is 8 pixels of the 48-pixel-high input, so 2 steps are a
    /// third of the text height), or by 3 inside a number (a digit after a digit, `.` or `,`) and beside the wide
    /// letters M and W, whose centres stand further from their neighbours anyway. Calibrated on 33 sroie-dev
    /// receipts, on the 1,518 PP-OCR lines whose text equals a line of the receipt's transcript but for spaces: the
    /// model left out 636 of the transcripts' spaces; this finds 308 of them (48 %), and splits 8 of the 10,870
    /// places without one (`Ite m`, `(R M)`). The other missed spaces are narrower than the model's pitch
    /// resolution (a step is a third to a half of a character).
    static func words(_ characters: [CTCDecoder.Character]) -> [Span] {
        let printed = characters.filter { !$0.text.allSatisfy(\.isWhitespace) }
        let pitch = medianPitch(printed)
        var words: [Span] = []
        var current: [CTCDecoder.Character] = []
        for c in characters {
            if c.text.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { words.append(Span(characters: current)) }
                current = []
                continue
            }
            if let last = current.last, let pitch, opensGap(after: last, before: c, pitch: pitch) {
                words.append(Span(characters: current))
                current = []
            }
            current.append(c)
        }
        if !current.isEmpty { words.append(Span(characters: current)) }
        return words
    }

    /// The median distance between neighbouring characters' centres, in time steps; nil with fewer than two.
    static func medianPitch(_ characters: [CTCDecoder.Character]) -> Double? {
        guard characters.count >= 2 else { return nil }
        let distances = (1..<characters.count).map { center(characters[$0]) - center(characters[$0 - 1]) }.sorted()
        return distances[distances.count / 2]
    }

    /// Whether the model left out a space between `a` and `b` (see `words`).
    static func opensGap(after a: CTCDecoder.Character, before b: CTCDecoder.Character, pitch: Double) -> Bool {
        let extra = center(b) - center(a) - pitch
        let inNumber = b.text.allSatisfy(\.isNumber) && (a.text.allSatisfy(\.isNumber) || a.text == "." || a.text == ",")
        let wide = ["M", "W", "m", "w"].contains(b.text) || ["M", "W", "m", "w"].contains(a.text)
        return extra >= (inNumber || wide ? 3 : 2)
    }

    static func center(_ c: CTCDecoder.Character) -> Double { Double(c.firstStep + c.lastStep + 1) / 2 }

    /// Each word's start and end along the turned crop, in its pixels.
    static func extents(of words: [Span], result: TextRecognizer.Result, cropWidth: Int) -> [(Double, Double)] {
        guard result.steps > 0, result.contentWidth > 0 else { return words.map { _ in (0, Double(cropWidth)) } }
        let stepWidth = Double(result.inputWidth) / Double(result.steps)  // input pixels per step
        let toCrop = Double(cropWidth) / Double(result.contentWidth)
        var gaps: [Double] = []
        for word in words where word.characters.count > 1 {
            for i in 1..<word.characters.count { gaps.append(center(word.characters[i]) - center(word.characters[i - 1])) }
        }
        gaps.sort()
        let pitch = gaps.isEmpty ? 3 : gaps[gaps.count / 2]
        return words.map { word in
            let start = (center(word.characters.first!) - pitch / 2) * stepWidth * toCrop
            let end = (center(word.characters.last!) + pitch / 2) * stepWidth * toCrop
            return (min(max(start, 0), Double(cropWidth)), min(max(end, 0), Double(cropWidth)))
        }
    }
}
