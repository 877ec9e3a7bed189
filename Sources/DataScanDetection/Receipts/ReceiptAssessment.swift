import DataScanModel

/// How well a page's recognized text reads as a receipt: whether it has one, how sure its total is, whether it has
/// a date. The page pipeline uses it to decide whether a page is worth reading a second time with another OCR engine
/// (`--ocr auto`) and which reading to keep.
package struct ReceiptAssessment: Hashable, Sendable {
    /// The text has a receipt's amounts (a total, subtotal, tax, cash or change line, or several prices), or the
    /// labels of at least two such lines without their amounts (a faded column of figures the OCR did not read).
    package var isReceipt = false
    /// The confidence of the receipt's total (see `ReceiptReader`), nil when it has none.
    package var totalConfidence: Double?
    /// How many dates the text has.
    package var dates = 0
    /// How many prices the text has.
    package var prices = 0
    /// The x coordinates between the columns of a page of receipts side by side (`ReceiptColumns`), none for a page
    /// that is one receipt or receipts one above another only.
    package var columnCuts: [Double] = []

    /// OCR word confidence below which the total's characters count as unsure (as `readsPoorly` counts words), and
    /// how sure such a total is at most: not enough to skip a second reading.
    static let unsureCharacters = 0.6
    static let unsureTotal = 0.85

    /// A receipt whose total is missing or unsure, or that has no date: another reading may find them.
    package var needsSecondReading: Bool { isReceipt && ((totalConfidence ?? 0) < 0.9 || dates == 0) }

    /// Orders two readings of the same page: a surer total first, then a date, then more prices.
    package func isBetter(than other: ReceiptAssessment) -> Bool {
        let (a, b) = (totalConfidence ?? 0, other.totalConfidence ?? 0)
        if abs(a - b) >= 0.05 { return a > b }
        if (dates > 0) != (other.dates > 0) { return dates > 0 }
        return prices > other.prices
    }

    /// The assessment of `lines` (one page's text) under `context`'s conventions. A page of receipts side by side or
    /// one above another (`ReceiptColumns`, each with a total of its own, as `ItemAssembler` reads them) is as sure as
    /// its least sure receipt: one receipt read well does not spare the other a second reading.
    package static func assess(_ lines: [RecognizedLine], context: DetectionContext) -> ReceiptAssessment {
        guard
            let page = ReceiptColumns.receipts(
                in: lines, read: { assessWhole($0, context: context) }, hasTotal: { $0.totalConfidence != nil })
        else { return assessWhole(lines, context: context) }
        let receipts = page.readings
        var a = ReceiptAssessment()
        a.columnCuts = page.columnCuts
        a.isReceipt = true
        a.totalConfidence = receipts.compactMap(\.totalConfidence).min()
        a.dates = receipts.map(\.dates).min() ?? 0
        a.prices = receipts.reduce(0) { $0 + $1.prices }
        return a
    }

    /// The assessment of `lines` read as one receipt.
    private static func assessWhole(_ lines: [RecognizedLine], context: DetectionContext) -> ReceiptAssessment {
        let detector = DataDetector(types: [.currency, .dateTimeDuration], context: context)
        let text = PageText(lines: lines)
        let found = detector.detect(in: text.text)
        var a = ReceiptAssessment()
        for item in found {
            switch item.type {
            case .dateTimeDuration: a.dates += 1
            case .currency:
                a.prices += 1
                if item.label == .total {
                    // The OCR unsure of the total's own characters: the arithmetic may close on digits misread alike
                    // (`5.18` − `3.00` = `2.18` for 5.10 and 2.10, Tesseract at 0.39–0.54 on each).
                    let read = text.confidence(for: item.range) >= unsureCharacters ? 1 : unsureTotal
                    a.totalConfidence = max(a.totalConfidence ?? 0, min(read, item.confidence ?? 0.5))
                }
                if item.label != nil { a.isReceipt = true }
            default: break
            }
        }
        if a.prices >= 3 { a.isReceipt = true }
        if !a.isReceipt { a.isReceipt = labelledLines(in: lines) >= 2 }
        return a
    }

    /// How many of `lines` are worded as a receipt's amount lines (`SUMME`, `Gegeben Bar`, `Rückgeld`, `Subtotal`,
    /// `enth. MwSt 7%`), amount or not.
    static func labelledLines(in lines: [RecognizedLine]) -> Int {
        lines.count { line in
            switch ReceiptLexicon.role(of: line.text) {
            case .total, .subtotal, .tax, .includedTax, .cash, .change: true
            default: false
            }
        }
    }
}

/// A date a reading's line prints, and how surely the OCR read it: what `--ocr auto` compares when the two engines
/// read the same line as different dates (`17/09/2011` and `17/09/2017`).
package struct LineDate: Hashable, Sendable {
    /// The line's index in the reading.
    package var line: Int
    /// The calendar day, `2017-09-17` (a time beside it left out).
    package var day: String
    /// The lowest confidence of the words the date covers (the OCR's, 0...1).
    package var confidence: Double

    /// Every date of `lines` (one page's reading) under `context`'s conventions, in text order.
    package static func dates(in lines: [RecognizedLine], context: DetectionContext) -> [LineDate] {
        let text = PageText(lines: lines)
        let found = DataDetector(types: [.dateTimeDuration], context: context).detect(in: text.text)
        let entries = text.entries
        return found.compactMap { date in
            guard let word = entries.first(where: { $0.range.overlaps(date.range) }) else { return nil }
            return LineDate(
                line: word.line, day: String(date.normalized.prefix(10)), confidence: text.confidence(for: date.range))
        }
    }
}

/// A value a reading's line prints (a web or e-mail address, a phone number, an amount): what `--ocr auto` compares
/// where one engine read a value and the other read the same line as none or as another (`j.martin@sunrise-mapleJjp`,
/// `TEL 9120-123-276` for `0120-123-276`).
package struct LineValue: Hashable, Sendable {
    /// The line's index in the reading.
    package var line: Int
    package var type: TextContentType
    /// The value as printed, and as `DataDetector` normalizes it.
    package var value: String
    package var normalized: String

    package init(line: Int, type: TextContentType, value: String, normalized: String) {
        self.line = line
        self.type = type
        self.value = value
        self.normalized = normalized
    }

    /// Every value of `types` in `lines` (one page's reading), in text order.
    package static func values(
        _ types: Set<TextContentType>, in lines: [RecognizedLine], context: DetectionContext
    ) -> [LineValue] {
        let text = PageText(lines: lines)
        let found = DataDetector(types: types, context: context).detect(in: text.text)
        let entries = text.entries
        return found.compactMap { value in
            guard let word = entries.first(where: { $0.range.overlaps(value.range) }) else { return nil }
            return LineValue(line: word.line, type: value.type, value: value.value, normalized: value.normalized)
        }
    }
}
