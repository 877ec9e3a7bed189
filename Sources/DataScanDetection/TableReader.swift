import DataScanModel
import Foundation

/// Reads the price columns of a table from where the words stand on the page: a header row names the columns
/// (`Qty  Description  Unit Price  Amount`, `Menge Artikel Preis Betrag`, `品名 数量 単価 金額`), and every number in a
/// price column's rows is a price — also where the text alone does not say so (a unit price that does not end its
/// line, the integers of a yen invoice). Quantities and percentages stand in other columns and stay numbers.
///
/// A price column spans from halfway to the header word on its left to halfway to the one on its right; a number is
/// in the column when its centre is. The table ends at a total or subtotal line, or after three rows without a number.
///
/// Positions are taken in the frame the page reads in (`uprightTurns`): on a page scanned sideways and read turned,
/// the words' boxes stand on the page as stored, and a row's words run down or up it.
struct TableReader {
    let text: PageText
    /// Quarter turns clockwise that make the page read left to right (`ImageAnalysis.uprightTurns`).
    var uprightTurns = 0

    /// A word's box in the page's reading frame, turned as the page's items are (`ItemAssembler.turn`; only positions
    /// relative to one another matter here, so the page's size is left out).
    private func box(_ word: RecognizedWord) -> Rect {
        word.bounds.mapped { ItemAssembler.turn($0, quarterTurns: uprightTurns, width: 0, height: 0) }.boundingRect
    }

    /// Prices in price columns that `found` (the detectors' matches) does not already hold, in `currency`.
    func prices(notIn found: [DetectedText], currency: String?) -> [DetectedText] {
        let entries = text.entries
        guard !entries.isEmpty else { return [] }
        var byLine: [[Int]] = []
        for (i, e) in entries.enumerated() {
            while byLine.count <= e.line { byLine.append([]) }
            byLine[e.line].append(i)
        }
        var out: [DetectedText] = []
        var line = 0
        while line < byLine.count {
            guard let columns = priceColumns(header: byLine[line], entries: entries) else {
                line += 1
                continue
            }
            var empty = 0
            var row = line + 1
            // The numbers of each price column: (entries, plain value).
            var cells = [[(entries: ClosedRange<Int>, plain: String)]](repeating: [], count: columns.count)
            while row < byLine.count, empty < 3 {
                let words = byLine[row]
                let lineText = words.map { entries[$0].word.text }.joined(separator: " ")
                if let role = ReceiptLexicon.role(of: lineText), ReceiptReader.isTotalRole(role) || role == .subtotal { break }
                var numbers = 0
                for (k, i) in words.enumerated() {
                    // A number the OCR split after its separator (`3,` `000`) is one cell: never its tail alone (0).
                    let first = k > 0 && Self.isSplitHead(entries[words[k - 1]].word.text, tail: entries[i].word.text) ? words[k - 1] : i
                    let text = first == i ? entries[i].word.text : entries[first].word.text + entries[i].word.text
                    guard let plain = Self.number(text) else { continue }
                    numbers += 1
                    let x = (box(entries[first].word).minX + box(entries[i].word).maxX) / 2
                    if let column = columns.firstIndex(where: { $0.contains(x) }) { cells[column].append((first...i, plain)) }
                }
                empty = numbers == 0 ? empty + 1 : 0
                row += 1
            }
            for column in cells {
                // A column that prints cents prints them on every row: a whole number there is a misread
                // (`15161405` for `1,161.05`), not a price.
                let printsCents = column.contains { $0.plain.contains(".") }
                for (cell, plain) in column where !printsCents || plain.contains(".") {
                    let range = entries[cell.lowerBound].range.lowerBound..<entries[cell.upperBound].range.upperBound
                    guard !found.contains(where: { $0.range.overlaps(range) }), !out.contains(where: { $0.range.overlaps(range) })
                    else { continue }
                    out.append(
                        DetectedText(
                            type: .currency, range: range,
                            value: String(decoding: text.text.utf8.dropFirst(range.lowerBound).prefix(range.count), as: UTF8.self),
                            normalized: plain + (currency.map { " " + $0 } ?? "")))
                }
            }
            line = row
        }
        return out
    }

    /// The x-ranges of the price columns a header line names, or nil when it is not a table's header: it needs a
    /// price or amount word and at least one other column word.
    private func priceColumns(header: [Int], entries: [(range: Range<Int>, word: RecognizedWord, line: Int)]) -> [ClosedRange<Double>]? {
        guard header.count >= 2 else { return nil }
        let words = header.map { entries[$0].word }
        let folded = words.map { Self.trimmed($0.text.lowercased(), dropping: Self.isPunctuation) }
        var priceIndices: [Int] = []
        var others = 0
        for (k, w) in folded.enumerated() {
            if Self.priceHeaders.contains(w) || (w == "price" && k > 0 && folded[k - 1] == "unit") || Self.isMisreadCJKPriceHeader(w) {
                priceIndices.append(k)
            } else if Self.otherHeaders.contains(w) {
                others += 1
            }
        }
        guard !priceIndices.isEmpty, others + priceIndices.count >= 2 else { return nil }
        let boxes = words.map(box)
        // (Header words that overlap or stand out of order, a row the OCR put together from a slanted page, give no
        // column.)
        let columns = priceIndices.compactMap { k -> ClosedRange<Double>? in
            let left = k > 0 ? (boxes[k - 1].maxX + boxes[k].minX) / 2 : boxes[k].minX - boxes[k].width
            let right = k + 1 < boxes.count ? (boxes[k].maxX + boxes[k + 1].minX) / 2 : boxes[k].maxX + boxes[k].width * 2
            return left < right ? left...right : nil
        }
        return columns.isEmpty ? nil : columns
    }

    /// A two-character CJK header one character away from a price header: an OCR's misread character (`单俩` for
    /// `单价`, PP-OCR's reading of Japanese `単価`). Not `単位`, the unit of measure.
    static func isMisreadCJKPriceHeader(_ word: String) -> Bool {
        let w = Array(word)
        guard isTwoCJKCharacters(w), word != "単位", word != "单位" else { return false }
        return cjkPriceHeaders.contains { h in zip(h, w).filter { $0 != $1 }.count == 1 }
    }
    private static let cjkPriceHeaders = priceHeaders.map(Array.init).filter(isTwoCJKCharacters)
    private static func isTwoCJKCharacters(_ w: [Character]) -> Bool {
        w.count == 2 && w.allSatisfy { $0.unicodeScalars.first.map { $0.value >= 0x3000 } ?? false }
    }

    /// Column words that head prices (lower-case). (`单`: PP-OCR's Chinese model reads Japanese `単価` so.)
    static let priceHeaders: Set<String> = [
        "price", "amount", "total", "unitprice", "preis", "einzelpreis", "gesamtpreis", "betrag", "summe", "prix", "montant",
        "total ttc", "importe", "precio", "prezzo", "importo", "prijs", "bedrag", "preço", "valor", "単価", "金額", "価格", "单价",
        "单", "金额", "단가", "금액", "rate",
    ]

    /// Other column words of a table's header.
    static let otherHeaders: Set<String> = [
        "qty", "quantity", "description", "item", "items", "unit", "units", "menge", "anzahl", "artikel", "bezeichnung",
        "qté", "quantité", "désignation", "article", "cantidad", "descripción", "quantità", "descrizione", "aantal",
        "omschrijving", "quantidade", "descrição", "品名", "数量", "商品名", "品目", "摘要", "数", "품명", "수량", "项目", "no",
        "code", "sku", "vat", "tax", "gst", "mwst", "%",
    ]

    /// `text` without the leading and trailing scalars `drop` matches. Why not `trimmingCharacters(in:)`: on Linux it
    /// bridges through NSString and builds its character set, 3 % of a text-layer job's CPU for a few words a line.
    static func trimmed(_ text: String, dropping drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }), let last = scalars.lastIndex(where: { !drop($0) }) else { return "" }
        return String(scalars[first...last])
    }

    /// Unicode's punctuation (general category P), what `CharacterSet.punctuationCharacters` holds.
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
            .otherPunctuation:
            true
        default: false
        }
    }

    /// Whether `head` is the first part of a number the OCR split after its separator and `tail` its last group
    /// (`3,` and `000`, `12.` and `600`).
    static func isSplitHead(_ head: String, tail: String) -> Bool {
        let h = Array(head.utf8), t = Array(tail.utf8)
        guard t.count == 3, t.allSatisfy(UTF8Text.isDigit), h.count >= 2, h.last == UInt8(ascii: ",") || h.last == UInt8(ascii: ".")
        else { return false }
        return h.dropLast().allSatisfy { UTF8Text.isDigit($0) || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ".") }
            && UTF8Text.isDigit(h[0])
    }

    /// The plain value (`1234.50`) of a word that is a number as amounts are printed (`1,234.50`, `150`, `1.200`), or nil.
    static func number(_ word: String) -> String? {
        let t = UTF8Text(trimmed(word) { $0 == "(" || $0 == ")" || $0 == "*" })
        guard t.count > 0, t.isDigit(at: 0) else { return nil }
        var end = 0
        guard let n = PrintedNumber.parse(at: 0, in: t, chainEnd: &end), n.range == 0..<t.count, !n.groupsAZero else { return nil }
        return n.plain
    }
}
