import DataScanModel

extension PPOCREngine {
    /// One word: a run of characters between spaces in a recognized line.
    package struct Word: Hashable, Sendable, Codable {
        /// The characters as recognized, without spaces.
        package var text: String
        /// Where the word stands: the line's quad cut at the word's estimated start and end along the line
        /// (from the recognizer's time steps; see NOTES.md for how they are mapped).
        package var quad: Quad
        /// 0...1: the mean probability of its characters.
        package var confidence: Double
    }

    /// One detected and recognized line of text.
    package struct Line: Hashable, Sendable, Codable {
        /// The text exactly as recognized (the words with the spaces the model read between them).
        package var text: String
        /// The words in reading order; never empty.
        package var words: [Word]
        /// The detected box, in reading order.
        package var quad: Quad
        /// 0...1: the mean probability of the line's characters, spaces included (rapidocr's score).
        package var confidence: Double
    }
}
