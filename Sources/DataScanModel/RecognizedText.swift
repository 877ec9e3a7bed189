/// One recognized word with its box on the page.
public struct RecognizedWord: Hashable, Sendable, Codable {
    /// The word as recognized (or as in the PDF text layer).
    public var text: String
    /// Where it stands on the page, in page pixels.
    public var bounds: Quad
    /// 0...1
    public var confidence: Double

    /// A word with its box and confidence.
    public init(text: String, bounds: Quad, confidence: Double) {
        self.text = text
        self.bounds = bounds
        self.confidence = confidence
    }
}

/// One line of recognized text: its words in reading order. `text` is the words joined by single spaces,
/// so a character offset into `text` falls into exactly one word or one separating space.
public struct RecognizedLine: Hashable, Sendable, Codable {
    /// The words, left to right as they read.
    public var words: [RecognizedWord]
    /// Where it stands on the page, in page pixels.
    public var bounds: Quad
    /// 0...1, the mean of the words' confidences.
    public var confidence: Double
    /// The engine that read it (or the PDF text layer).
    public var source: LineSource

    /// A line of words; `bounds` defaults to the rectangle around them, `confidence` to their mean.
    public init(words: [RecognizedWord], bounds: Quad? = nil, confidence: Double? = nil, source: LineSource = .tesseract) {
        self.words = words
        self.bounds = bounds ?? Self.bounds(of: words)
        self.confidence = confidence ?? (words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count))
        self.source = source
    }

    private enum CodingKeys: String, CodingKey { case words, bounds, confidence, source }

    /// Decodes a line; one without `source` (written before there were two engines) was read by Tesseract.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        words = try c.decode([RecognizedWord].self, forKey: .words)
        bounds = try c.decode(Quad.self, forKey: .bounds)
        confidence = try c.decode(Double.self, forKey: .confidence)
        source = try c.decodeIfPresent(LineSource.self, forKey: .source) ?? .tesseract
    }

    /// The quad around words: the rectangle around them, or — for words on a turned page — from the first
    /// word's leading edge to the last word's trailing edge, so the line's quad turns with its words.
    static func bounds(of words: [RecognizedWord]) -> Quad {
        guard let first = words.first, let last = words.last else { return Quad(Rect(x: 0, y: 0, width: 0, height: 0)) }
        if words.allSatisfy({ $0.bounds == Quad($0.bounds.boundingRect) }) {
            return Quad(words.dropFirst().reduce(first.bounds.boundingRect) { $0.union($1.bounds.boundingRect) })
        }
        return Quad(
            topLeft: first.bounds.topLeft, topRight: last.bounds.topRight, bottomRight: last.bounds.bottomRight,
            bottomLeft: first.bounds.bottomLeft)
    }

    /// The words joined as they read: by single spaces, except where Chinese or Japanese characters touch
    /// (see `separator(between:and:)`).
    public var text: String {
        var out = ""
        for (i, w) in words.enumerated() {
            if i > 0 { out += Self.separator(between: words[i - 1], and: w) }
            out += w.text
        }
        return out
    }

    /// The text between two neighbouring words: one space, except around Chinese and Japanese characters.
    /// Those scripts put no spaces between words, but Tesseract reports each character or run as a word, which
    /// would turn `東京都` into `東京 都` and `2024年3月` into `2024 年 3 月`. Its word boxes for these scripts
    /// overlap and are unreliable, so the rule is mostly by script: two CJK characters join unless a column gap
    /// (over 1.5 line heights) separates them; a CJK character and a digit or letter join when the boxes nearly
    /// touch (under 0.3 line heights). Korean keeps its spaces: Hangul is not in the set.
    public static func separator(between a: RecognizedWord, and b: RecognizedWord) -> String {
        guard let last = a.text.unicodeScalars.last, let first = b.text.unicodeScalars.first else { return " " }
        let (leftCJK, rightCJK) = (isCJK(last), isCJK(first))
        guard leftCJK || rightCJK else { return " " }
        let ra = a.bounds.boundingRect, rb = b.bounds.boundingRect
        let gap = rb.minX - ra.maxX
        let lineHeight = max(max(ra.maxY, rb.maxY) - min(ra.minY, rb.minY), 1)
        return gap < (leftCJK && rightCJK ? 1.5 : 0.3) * lineHeight ? "" : " "
    }

    /// Han ideographs, kana, CJK punctuation and full-width forms.
    static func isCJK(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x2FA1F: true
        default: false
        }
    }
}
