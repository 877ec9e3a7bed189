import Testing

@testable import DataScanEngines

/// Where a recognized line is split into words: at the spaces the model wrote, and at the gaps it ran together.
@Suite struct WordLayoutTests {
    /// Characters at the given centre steps (each one step wide), `" "` for a space the model wrote.
    private func characters(_ text: String, at centers: [Int]) -> [CTCDecoder.Character] {
        zip(text, centers).map { c, step in CTCDecoder.Character(text: String(c), firstStep: step, lastStep: step, probability: 0.9) }
    }

    private func words(_ text: String, at centers: [Int]) -> [String] {
        WordLayout.words(characters(text, at: centers)).map(\.text)
    }

    @Test func splitsWhereTheGapIsWiderThanASpace() {
        // pitch 2 steps; 5 steps between L and R (3 more than the pitch)
        #expect(words("TOTALRM9.00", at: [0, 2, 4, 6, 8, 13, 15, 17, 19, 21, 23]) == ["TOTAL", "RM9.00"])
        // two steps more than the pitch is a space between letters…
        #expect(words("ABCDEF", at: [0, 2, 4, 8, 10, 12]) == ["ABC", "DEF"])
        // …but not yet inside a number or beside an M or W, whose centres stand further apart anyway
        #expect(words("1234.56", at: [0, 2, 4, 8, 10, 12, 14]) == ["1234.56"])
        #expect(words("19.0019.00", at: [0, 2, 4, 6, 8, 13, 15, 17, 19, 21]) == ["19.00", "19.00"])
        #expect(words("ITEM", at: [0, 2, 4, 8]) == ["ITEM"])
        #expect(words("ITEMXYZ", at: [0, 2, 4, 8, 13, 15, 17]) == ["ITEM", "XYZ"])
    }

    @Test func keepsTheSpacesTheModelWrote() {
        #expect(words("AB CD", at: [0, 2, 4, 6, 8]) == ["AB", "CD"])
        #expect(words(" AB  ", at: [0, 2, 4, 6, 8]) == ["AB"])
        #expect(words("AB", at: [0, 9]) == ["AB"], "two characters have no pitch to compare with")
        #expect(words("", at: []).isEmpty)
    }
}
