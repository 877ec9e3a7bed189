@testable import DataScanModel

/// Lines of text made by hand for the seam tests: words 10 px per character, 10 px apart, 20 px high, upright.
enum TextLines {
    static func line(_ text: String, x: Double = 10, y: Double, source: LineSource = .tesseract, confidence: Double = 0.9)
        -> RecognizedLine
    {
        var left = x
        let words = text.split(separator: " ").map { word -> RecognizedWord in
            let w = RecognizedWord(
                text: String(word), bounds: Quad(Rect(x: left, y: y, width: Double(word.count) * 10, height: 20)), confidence: confidence)
            left += Double(word.count) * 10 + 10
            return w
        }
        return RecognizedLine(words: words, source: source)
    }

    /// Lines one below the other, 30 px apart from `top`.
    static func page(_ texts: [String], top: Double = 10, source: LineSource = .tesseract, confidence: Double = 0.9) -> [RecognizedLine] {
        texts.enumerated().map { i, text in line(text, y: top + Double(i) * 30, source: source, confidence: confidence) }
    }
}
