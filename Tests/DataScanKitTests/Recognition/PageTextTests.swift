import Testing

@testable import DataScanDetection
@testable import DataScanEngines
@testable import DataScanModel
@testable import DataScanRecognition

@Suite struct PageTextTests {
    func word(_ t: String, _ x: Double, _ y: Double, _ w: Double) -> RecognizedWord {
        RecognizedWord(text: t, bounds: Quad(Rect(x: x, y: y, width: w, height: 20)), confidence: 0.9)
    }

    @Test func joinsLinesAndMapsByteRangesToWordBoxes() throws {
        let lines = [
            RecognizedLine(words: [word("Tel:", 0, 0, 40), word("555-1234", 50, 0, 80)]),
            RecognizedLine(words: [word("TOTAL", 0, 30, 50), word("9.99", 60, 30, 40)]),
        ]
        let text = PageText(lines: lines)
        #expect(text.text == "Tel: 555-1234\nTOTAL 9.99")
        let phone = try #require(text.quad(for: 5..<13))
        #expect(phone.boundingRect == Rect(x: 50, y: 0, width: 80, height: 20))
        // Half of "Tel:" (2 of 4 bytes) covers half its width.
        let half = try #require(text.quad(for: 0..<2))
        #expect(half.boundingRect == Rect(x: 0, y: 0, width: 20, height: 20))
        // Across lines: the union of both parts.
        let both = try #require(text.quad(for: 5..<19))
        #expect(both.boundingRect == Rect(x: 0, y: 0, width: 130, height: 50))
        #expect(text.quad(for: 100..<101) == nil)
    }

    @Test func multibyteTextUsesUTF8Offsets() throws {
        let text = PageText(lines: [RecognizedLine(words: [word("合計", 0, 0, 40), word("¥500", 50, 0, 40)])])
        #expect(text.text.utf8.count == 6 + 1 + 5)
        let price = try #require(text.quad(for: 7..<12))
        #expect(price.boundingRect.minX == 50)
    }
}

@Suite struct CJKJoiningTests {
    func word(_ t: String, _ x: Double, _ w: Double) -> RecognizedWord {
        RecognizedWord(text: t, bounds: Quad(Rect(x: x, y: 0, width: w, height: 40)), confidence: 0.9)
    }

    @Test func chineseAndJapaneseWordsJoinWithoutSpaces() {
        // Tesseract reports 東京 / 都 / 渋谷 as words with overlapping boxes.
        let address = RecognizedLine(words: [word("〒150-0002", 0, 200), word("東京", 260, 80), word("都", 330, 40), word("渋谷", 372, 80)])
        #expect(address.text == "〒150-0002 東京都渋谷")
        let date = RecognizedLine(words: [word("2024", 0, 80), word("年", 82, 40), word("3", 124, 20), word("月", 146, 40)])
        #expect(date.text == "2024年3月")
        // A column gap keeps its space; Latin and Korean words keep theirs.
        #expect(RecognizedLine(words: [word("小計", 0, 80), word("¥270", 400, 80)]).text == "小計 ¥270")
        #expect(RecognizedLine(words: [word("합계", 0, 80), word("금액", 90, 80)]).text == "합계 금액")
        #expect(RecognizedLine(words: [word("TOTAL", 0, 100), word("9.99", 105, 80)]).text == "TOTAL 9.99")
    }

    @Test func pageTextOffsetsFollowTheJoinedText() throws {
        let text = PageText(lines: [RecognizedLine(words: [word("合計", 0, 80), word("¥291", 300, 80)])])
        #expect(text.text == "合計 ¥291")
        let price = try #require(text.quad(for: 7..<12))
        #expect(price.boundingRect.minX == 300)
    }

    /// Tesseract's CJK models end a word after a Latin point or comma though nothing is printed there; the words
    /// are joined again when their boxes stand closer than a space and they read as one token.
    @Test func latinWordsACJKModelSplitAfterPunctuationAreJoined() {
        // Boxes as Tesseract gave them on a 200 dpi Japanese invoice (x, width; all 14 px high).
        func words(_ boxes: [(String, Double, Double)]) -> [RecognizedWord] {
            boxes.map { text, x, width in
                RecognizedWord(text: text, bounds: Quad(Rect(x: x, y: 100, width: width, height: 14)), confidence: 0.9)
            }
        }
        func glued(_ boxes: [(String, Double, Double)]) -> [String] { TesseractEngine.gluingSplitLatin(words(boxes)).map(\.text) }
        #expect(
            glued([("E-mail", 117, 50), ("sales@clairefontaine.", 179, 180), ("ne.", 365, 20), ("jp", 392, 15)])
                == ["E-mail", "sales@clairefontaine.ne.jp"])
        #expect(
            glued([("URL", 116, 25), ("www.", 152, 30), ("alpenglow,", 189, 81), ("co,", 276, 21), ("jp", 303, 15)]) == [
                "URL", "www.alpenglow.co.jp",
            ])
        #expect(glued([("コンサルティング", 118, 150), ("4", 520, 9), ("1,", 663, 11), ("700", 682, 27)]) == ["コンサルティング", "4", "1,700"])
        // A real space (as wide as the words are high), a capital after a point, a phone after its label, a comma
        // between words: kept apart.
        #expect(glued([("1,", 663, 11), ("700", 690, 27)]) == ["1,", "700"])
        #expect(glued([("Co.", 100, 24), ("Tokyo", 130, 40)]) == ["Co.", "Tokyo"])
        #expect(glued([("Tel.", 100, 28), ("03-1234-5678", 133, 90)]) == ["Tel.", "03-1234-5678"])
        #expect(glued([("apples,", 100, 50), ("pears", 155, 40)]) == ["apples,", "pears"])
    }

    @Test func backslashBeforeDigitsIsAYenSignInJapanesePrint() {
        #expect(TesseractEngine.yenForBackslash("\\150") == "¥150")
        #expect(TesseractEngine.yenForBackslash("a\\b") == "a\\b")
        #expect(TesseractEngine.yenForBackslash("合計\\1,200") == "合計¥1,200")
    }
}
