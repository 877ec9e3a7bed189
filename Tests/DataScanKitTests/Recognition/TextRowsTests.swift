import Foundation
import Testing

@testable import DataScanModel
@testable import DataScanRecognition

/// PP-OCR's boxes put together into printed rows, and two readings of a page merged.
@Suite struct TextRowsTests {
    typealias L = TextLines

    @Test func boxesSideBySideBecomeOneRowLeftToRight() {
        let boxes = [
            L.line("RM9.00", x: 300, y: 102, source: .ppocr), L.line("TOTAL", x: 10, y: 100, source: .ppocr),
            L.line("Cash", x: 10, y: 130, source: .ppocr), L.line("50.00", x: 300, y: 133, source: .ppocr),
            L.line("Thank you", x: 10, y: 160, source: .ppocr),
        ]
        let rows = TextRows.rows(boxes, pageTurns: 0)
        #expect(rows.map(\.text) == ["TOTAL RM9.00", "Cash 50.00", "Thank you"])
        #expect(rows.allSatisfy { $0.source == .ppocr })
        #expect(rows[0].bounds.boundingRect == Rect(x: 10, y: 100, width: 350, height: 22))
    }

    /// A page scanned 1.2° askew (its rows rise 2 px every 100 px to the right): a label at the left margin and its
    /// amount 1,100 px to the right stand 22 px apart, and the engine gave them as two lines, the amount first.
    @Test func aLabelAndItsAmountFarApartOnASlantedRowJoin() {
        func slanted(_ words: [(String, Double)], y: Double) -> RecognizedLine {
            RecognizedLine(
                words: words.map { text, x in
                    RecognizedWord(
                        text: text, bounds: Quad(Rect(x: x, y: y - 0.02 * x, width: Double(text.count) * 12, height: 24)),
                        confidence: 0.9)
                })
        }
        let lines = [
            slanted([("Lampe", 10), ("de", 90), ("bureau", 130), ("3", 600), ("1288,67", 800), ("3866,01", 1100)], y: 100),
            slanted([("6114,19", 1100)], y: 140),
            slanted([("Total", 10), ("HT", 80)], y: 140),
            slanted([("1222,84", 1100)], y: 180),
            slanted([("TVA", 10), ("20", 60), ("%", 90)], y: 180),
            slanted([("Merci", 10)], y: 220),
            slanted([("de", 10), ("votre", 40), ("visite", 110)], y: 250),
        ]
        #expect(
            TextRows.joiningSplitRows(lines).map(\.text) == [
                "Lampe de bureau 3 1288,67 3866,01", "Total HT 6114,19", "TVA 20 % 1222,84", "Merci", "de votre visite",
            ])
        // Without a long line to measure the slope by, the same rows stay apart (22 px at the right margin).
        #expect(TextRows.joiningSplitRows(Array(lines[1...4])).count == 4)
    }

    /// A receipt photographed 1.6° askew (its rows fall 2.8 px every 100 px to the right), PP-OCR's boxes turned with
    /// it: each amount 300 px right of its label stands 8 px lower, half a row, and overlaps the next row's label more
    /// than its own. With the page's slant (from its long boxes) taken out, each amount joins its own label.
    @Test func boxesOfASlantedPageJoinTheirOwnRow() {
        let slope = 0.028
        func box(_ text: String, x: Double, y: Double) -> RecognizedLine {
            let (width, height) = (Double(text.count) * 14, 14.0)
            let quad = Quad(
                topLeft: Point(x: x, y: y + slope * x), topRight: Point(x: x + width, y: y + slope * (x + width)),
                bottomRight: Point(x: x + width, y: y + height + slope * (x + width)), bottomLeft: Point(x: x, y: y + height + slope * x))
            return RecognizedLine(words: [RecognizedWord(text: text, bounds: quad, confidence: 0.9)], bounds: quad, source: .ppocr)
        }
        let labels = ["WHOLE MILK GAL", "SUBTOTAL", "TAX", "BALANCE DUE", "CASH PAID", "CHANGE"]
        let amounts = ["24.50", "85.28", "7.04", "92.32", "100.00", "7.68"]
        var boxes = [box("THANK YOU FOR SHOPPING WITH US", x: 20, y: 300)]
        for (k, (label, amount)) in zip(labels, amounts).enumerated() {
            boxes.append(box(label, x: 0, y: 100 + 16 * Double(k)))
            boxes.append(box(amount, x: 300, y: 100 + 16 * Double(k)))
        }
        #expect(
            TextRows.rows(boxes, pageTurns: 0).map(\.text) == [
                "WHOLE MILK GAL 24.50", "SUBTOTAL 85.28", "TAX 7.04", "BALANCE DUE 92.32", "CASH PAID 100.00", "CHANGE 7.68",
                "THANK YOU FOR SHOPPING WITH US",
            ])
    }

    /// The same receipt photographed turned by 6° to 22° (PP-OCR reads a photo as it is, unstraightened): an amount
    /// 300 px right of its label stands two to eight rows lower. Taken out as a shear, the slant sets every row level
    /// (beyond 15° where the boxes agree on it).
    @Test(arguments: [6.0, 11.0, -6.0, 17.0, -22.0]) func boxesOfAPagePhotographedFarAskewJoinTheirOwnRow(degrees: Double) {
        let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
        func turned(_ x: Double, _ y: Double) -> Point { Point(x: 400 + x * c - y * s, y: 100 + x * s + y * c) }
        func box(_ text: String, x: Double, y: Double) -> RecognizedLine {
            let (width, height) = (Double(text.count) * 14, 14.0)
            let quad = Quad(
                topLeft: turned(x, y), topRight: turned(x + width, y), bottomRight: turned(x + width, y + height),
                bottomLeft: turned(x, y + height))
            return RecognizedLine(words: [RecognizedWord(text: text, bounds: quad, confidence: 0.9)], bounds: quad, source: .ppocr)
        }
        let labels = ["TOTAL SALES INCL GST", "DISCOUNT", "TOTAL", "ROUND ADJ", "FINAL TOTAL", "CASH", "CHANGE"]
        let amounts = ["43.70", "0.00", "43.70", "0.00", "43.70", "50.00", "6.30"]
        var boxes = [box("THANK YOU FOR YOUR PATRONAGE", x: 20, y: 200)]
        for (k, (label, amount)) in zip(labels, amounts).enumerated() {
            boxes.append(box(label, x: 0, y: 16 * Double(k)))
            boxes.append(box(amount, x: 300, y: 16 * Double(k)))
        }
        #expect(
            TextRows.rows(boxes, pageTurns: 0).map(\.text) == zip(labels, amounts).map { "\($0) \($1)" } + ["THANK YOU FOR YOUR PATRONAGE"])
    }

    /// A receipt whose paper curls, photographed from above: its rows rise 30 px from the left margin to two thirds
    /// across and fall back 15 px by the right (slope +0.16 at the left, -0.14 at the right). The article codes at the
    /// left margin give the page's one slant, +0.13, which puts an amount flush right 35 px below where it stands:
    /// a row lower, beside the next article's name. The slope fitted across the page puts each amount on its own row.
    /// (The same with the curl the other way; a page whose rows are straight keeps one slant: the tests above.)
    @Test(arguments: [30.0, -30.0]) func boxesOfACurledReceiptJoinTheirOwnRow(rise: Double) {
        let width = 480.0
        func bend(_ x: Double) -> Double { rise * sin(.pi * x / (1.2 * width)) }
        func box(_ text: String, x: Double, y: Double) -> RecognizedLine {
            let (length, height) = (Double(text.count) * 14, 20.0)
            let quad = Quad(
                topLeft: Point(x: x, y: y + bend(x)), topRight: Point(x: x + length, y: y + bend(x + length)),
                bottomRight: Point(x: x + length, y: y + height + bend(x + length)), bottomLeft: Point(x: x, y: y + height + bend(x)))
            return RecognizedLine(words: [RecognizedWord(text: text, bounds: quad, confidence: 0.9)], bounds: quad, source: .ppocr)
        }
        var boxes: [RecognizedLine] = []
        var expected: [String] = []
        var y = 100.0
        for k in 0..<6 {
            let (code, amount, name) = ("1x 95567890123\(k)", "1\(k).90SR", "ARTICLE NO \(k)")
            boxes += [box(code, x: 0, y: y), box(amount, x: width - 98, y: y), box(name, x: 40, y: y + 30)]
            expected += ["\(code) \(amount)", name]
            y += 60
        }
        boxes += [box("SUBTOTAL", x: 0, y: y), box("87.40", x: width - 70, y: y), box("THANK YOU COME AGAIN", x: 100, y: y + 30)]
        expected += ["SUBTOTAL 87.40", "THANK YOU COME AGAIN"]
        #expect(TextRows.rows(boxes, pageTurns: 0).map(\.text) == expected)
    }

    @Test func rowsAboveEachOtherStayApart() {
        // Half a line height apart: not one row; standing over each other: not one row either.
        let boxes = [L.line("ABC", y: 100, source: .ppocr), L.line("DEF", x: 60, y: 111, source: .ppocr)]
        #expect(TextRows.rows(boxes, pageTurns: 0).map(\.text) == ["ABC", "DEF"])
        let stacked = [L.line("ABCDEF", y: 100, source: .ppocr), L.line("GH", x: 20, y: 105, source: .ppocr)]
        #expect(TextRows.rows(stacked, pageTurns: 0).count == 2)
    }

    @Test func aSidewaysPageGroupsRowsInItsReadingFrame() {
        // Text reading downward (the page turned a quarter counter-clockwise): the row's boxes stand one below
        // the other at the same x, and the next row is to the left.
        func downward(_ text: String, x: Double, y: Double) -> RecognizedLine {
            let length = Double(text.count) * 10
            let quad = Quad(
                topLeft: Point(x: x + 20, y: y), topRight: Point(x: x + 20, y: y + length), bottomRight: Point(x: x, y: y + length),
                bottomLeft: Point(x: x, y: y))
            return RecognizedLine(words: [RecognizedWord(text: text, bounds: quad, confidence: 0.9)], bounds: quad, source: .ppocr)
        }
        let boxes = [downward("9.00", x: 200, y: 300), downward("TOTAL", x: 200, y: 10), downward("Cash", x: 170, y: 10)]
        #expect(TextRows.readingTurns(boxes[0].bounds) == 3)
        #expect(TextRows.pageTurns(boxes) == 3)
        #expect(TextRows.rows(boxes, pageTurns: 3).map(\.text) == ["TOTAL 9.00", "Cash"])
    }

    @Test func aMergedReadingAddsOnlyLinesWhereTheKeptOneReadNothing() {
        let kept = OCRReading(lines: L.page(["SHOP", "TOTAL 5.50", "THANK YOU"]), quarterTurns: 0)
        // PP-OCR read the shop name again (overlaps), and a faded date row between the total and the thanks.
        var other = L.page(["SH0P"], source: .ppocr)
        other.append(L.line("12/03/2024", y: 55, source: .ppocr))
        other.append(L.line("VISA", x: 400, y: 40, source: .ppocr))
        let merged = ReadingMerger.merge(kept, adding: OCRReading(lines: other, quarterTurns: 0))
        #expect(merged.lines.map(\.text) == ["SHOP", "TOTAL 5.50", "VISA", "12/03/2024", "THANK YOU"])
        #expect(merged.lines.map(\.source) == [.tesseract, .tesseract, .ppocr, .ppocr, .tesseract])
        #expect(ReadingMerger.merge(kept, adding: OCRReading(lines: [], quarterTurns: 0)).lines == kept.lines)
    }
}
