import Testing

@testable import DataScanModel
@testable import DataScanOutput

@Suite struct PageTextWriterTests {
    static func line(_ words: String...) -> RecognizedLine {
        RecognizedLine(
            words: words.enumerated().map { i, w in
                RecognizedWord(text: w, bounds: Quad(Rect(x: Double(i) * 100, y: 0, width: 80, height: 20)), confidence: 0.9)
            })
    }

    @Test func eachPageIsABlockUnderAHeaderNamingDocumentAndPage() throws {
        var sink = OutputSink.inMemory()
        try PageTextWriter.write(
            document: "a.png", page: 1, lines: [Self.line("Tel", "(650)", "253-0000"), Self.line("TOTAL")], first: true, to: &sink)
        try PageTextWriter.write(document: "b.pdf", page: 2, lines: [], first: false, to: &sink)
        #expect(sink.text == "==> a.png page 1 <==\nTel (650) 253-0000\nTOTAL\n\n==> b.pdf page 2 <==\n")
    }

    @Test func aNewlineInAFileNameCannotForgeAHeader() throws {
        var sink = OutputSink.inMemory()
        try PageTextWriter.write(document: "x <==\n==> y.png", page: 1, lines: [], first: true, to: &sink)
        #expect(sink.text == "==> x <==\u{FFFD}==> y.png page 1 <==\n")
    }
}
