import Foundation
import Testing

@testable import DataScanJob
@testable import DataScanModel

@Suite struct SearchablePDFExportTests {
    @Test func namesDropTheSharedFoldersAndTakeThePDFExtension() {
        var names = OutputNames(documents: ["scans/2024/a.png", "scans/2024/b.pdf", "scans/2024/march/c.jpeg", "scans/2024/noext"])
        #expect(names.next(for: "scans/2024/a.png", isPDF: false) == "a.pdf")
        #expect(names.next(for: "scans/2024/b.pdf", isPDF: true) == "b.pdf")
        #expect(names.next(for: "scans/2024/march/c.jpeg", isPDF: false) == "march/c.pdf")
        #expect(names.next(for: "scans/2024/noext", isPDF: false) == "noext.pdf")
    }

    @Test func twoDocumentsOfOneNameKeepTheirExtensionsApart() {
        var names = OutputNames(documents: ["in/r.jpg", "in/r.png", "in/r.tif"])
        #expect(names.next(for: "in/r.jpg", isPDF: false) == "r.pdf")
        #expect(names.next(for: "in/r.png", isPDF: false) == "r.png.pdf")
        #expect(names.next(for: "in/r.tif", isPDF: false) == "r.tif.pdf")
        var clash = OutputNames(documents: ["a/x.pdf", "a/x.png", "a/x.png.pdf"])
        #expect(clash.next(for: "a/x.pdf", isPDF: true) == "x.pdf")
        #expect(clash.next(for: "a/x.png", isPDF: false) == "x.png.pdf")
        #expect(clash.next(for: "a/x.png.pdf", isPDF: true) == "x.png-2.pdf")
    }

    @Test func parentFoldersCannotLeadOutOfTheOutputFolder() {
        var names = OutputNames(documents: ["../up/a.png", "b.png", "/abs/c.png", "./d/.hidden"])
        #expect(names.next(for: "../up/a.png", isPDF: false) == "_/up/a.pdf")
        #expect(names.next(for: "b.png", isPDF: false) == "b.pdf")
        #expect(names.next(for: "/abs/c.png", isPDF: false) == "abs/c.pdf")
        #expect(names.next(for: "./d/.hidden", isPDF: false) == "d/.hidden.pdf")
    }

    /// The words of one line share its baseline and size, and carry the line's spaces up to the next word.
    @Test func wordsOfALineShareABaselineAndReachTheNextWord() throws {
        let line = RecognizedLine(words: [
            RecognizedWord(text: "Tel", bounds: Quad(Rect(x: 373, y: 294, width: 71, height: 32)), confidence: 1),
            RecognizedWord(text: "(650)", bounds: Quad(Rect(x: 483, y: 294, width: 109, height: 37)), confidence: 1),
            RecognizedWord(text: "253-0000", bounds: Quad(Rect(x: 628, y: 294, width: 197, height: 32)), confidence: 1),
        ])
        let words = SearchablePDFExport.words([line], scale: 0.5)
        #expect(words.map(\.text) == ["Tel ", "(650) ", "253-0000"])
        #expect(Set(words.map(\.origin.y)) == [163])  // the median bottom, 326 px, in points
        #expect(words.map(\.origin.x) == [186.5, 241.5, 314])
        #expect(words.map(\.length) == [55, 72.5, 98.5])
        #expect(Set(words.map(\.size)) == [16])
        #expect(words.allSatisfy { $0.angle == 0 })
    }

    /// A page read turned a quarter: the words run down the page, and so does their baseline.
    @Test func wordsOfATurnedLineRunAlongIt() throws {
        let quad = Quad(
            topLeft: Point(x: 100, y: 10), topRight: Point(x: 100, y: 110), bottomRight: Point(x: 80, y: 110),
            bottomLeft: Point(x: 80, y: 10))
        let words = SearchablePDFExport.words(
            [RecognizedLine(words: [RecognizedWord(text: "down", bounds: quad, confidence: 1)])], scale: 1)
        let word = try #require(words.first)
        #expect(abs(word.angle - Double.pi / 2) < 1e-9)
        #expect(word.origin == Point(x: 80, y: 10))
        #expect(word.length == 100)
        #expect(word.size == 20)
    }

    @Test func theJFIFDensityIsThePagesResolution() {
        func jfif(units: UInt8, x: UInt16) -> [UInt8] {
            [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF\0".utf8) + [1, 1, units, UInt8(x >> 8), UInt8(x & 0xFF), 0, 1, 0, 0, 0xFF, 0xD9]
        }
        #expect(SearchablePDFExport.jfifResolution(jfif(units: 1, x: 300)) == 300)
        #expect(SearchablePDFExport.jfifResolution(jfif(units: 2, x: 118)) == 300)
        #expect(SearchablePDFExport.jfifResolution(jfif(units: 0, x: 1)) == nil)
        #expect(SearchablePDFExport.jfifResolution([0xFF, 0xD8, 0xFF, 0xE1, 0, 2]) == nil)
        #expect(SearchablePDFExport.resolution(recorded: 72) == 72)
        #expect(SearchablePDFExport.resolution(recorded: 1) == 300)
    }

    @Test func aFileJustWrittenIsStillSettling() throws {
        let path = TestFolders.root + "/settling-\(UUID().uuidString)"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(JobRegistration.isSettling(RawPath(path), within: 60))
        #expect(!JobRegistration.isSettling(RawPath(path), within: 0))
        #expect(!JobRegistration.isSettling(RawPath(path + ".missing"), within: 60))
    }
}
