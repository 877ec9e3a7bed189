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

    /// A line of words; `bounds` defaults to the rectangle around them, `confidence` to their mean.
    public init(words: [RecognizedWord], bounds: Quad? = nil, confidence: Double? = nil) {
        self.words = words
        self.bounds = bounds ?? Quad(words.map(\.bounds.boundingRect).reduce(words.first?.bounds.boundingRect ?? Rect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) })
        self.confidence = confidence ?? (words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count))
    }

    /// The words joined by single spaces.
    public var text: String { words.map(\.text).joined(separator: " ") }
}
