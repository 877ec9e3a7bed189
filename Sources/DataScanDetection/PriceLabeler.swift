import DataScanEngines
import DataScanModel

/// Reads the role of a receipt line's price (`TOTAL`, `MwSt`, `小計`...) from the line's wording, and picks the one
/// total of a receipt.
enum PriceLabeler {
    /// Keywords per label, in the order they are tried: the more specific roles first, because their lines often
    /// contain a total word too (`SUBTOTAL`, `TOTAL TAX`, `TOTAL SAVINGS`, `Cash total`).
    /// ASCII keywords match whole words; others (CJK, accented) match anywhere in the line.
    static let keywords: [(PriceLabel, [String])] = [
        (
            .subtotal,
            [
                "subtotal", "sub total", "sub-total", "zwischensumme", "zwischen-summe", "sous-total", "sous total",
                "total ht", "subtotale", "subtotaal", "net total", "小計", "小计", "소계",
            ]
        ),
        (
            .tax,
            [
                "tax", "taxes", "sales tax", "vat", "gst", "hst", "pst", "qst", "mwst", "mwst.", "ust", "ust.", "tva",
                "iva", "btw", "igv", "impuesto", "imposto", "消費税", "税", "부가세", "세금", "부가가치세",
            ]
        ),
        (
            .discount,
            [
                "discount", "rabatt", "remise", "réduction", "descuento", "sconto", "desconto", "korting",
                "coupon", "savings", "you saved", "saved", "値引", "割引", "할인",
            ]
        ),
        (
            .tip,
            [
                "tip", "tips", "gratuity", "trinkgeld", "pourboire", "propina", "mancia", "gorjeta", "fooi", "チップ",
                "팁", "봉사료",
            ]
        ),
        (
            .change,
            [
                "change", "change due", "rückgeld", "wechselgeld", "rendu", "monnaie rendue", "cambio", "vuelto",
                "resto", "troco", "wisselgeld", "お釣り", "おつり", "お釣", "釣銭", "釣り", "거스름돈", "잔돈", "找零",
            ]
        ),
        (
            .cash,
            [
                "cash", "cash tendered", "tendered", "bar", "bargeld", "gegeben", "geg.", "espèces", "especes", "efectivo",
                "contanti", "dinheiro", "contant", "お預り", "お預かり", "預り", "現金", "현금", "받은금액", "现金",
            ]
        ),
        (
            .total,
            [
                "total", "grand total", "amount due", "balance due", "total due", "balance", "amount", "summe",
                "gesamt", "gesamtbetrag", "gesamtsumme", "endbetrag", "betrag", "zu zahlen", "total ttc", "à payer",
                "a payer", "montant", "importe", "totale", "totaal", "te betalen", "合計", "合计", "総計", "お会計",
                "お買上計", "합계", "총액", "총계", "결제금액", "받을금액",
            ]
        ),
    ]

    /// Phrases that name a tax without the line being a tax line (`Total incl. VAT`, `合計(税込)`).
    private static let includedTaxPhrases = [
        "incl. vat", "incl vat", "including vat", "inc. vat", "inc vat", "incl. tax", "including tax", "tax included",
        "tax incl", "inkl. mwst", "inkl mwst", "incl. mwst", "inkl. ust", "ttc", "iva incluido", "iva incl", "iva inc",
        "tva incluse", "税込", "税込み", "内税", "부가세포함", "부가세 포함", "iva incluida",
    ]

    /// The label a line's wording gives its prices, or nil.
    static func label(forLine line: String) -> PriceLabel? {
        var words = Array(closingHangulGaps(line).lowercased().utf8)
        // Blank the included-tax phrases only when the line can hold one (all of them contain one of these bytes).
        if words.contains(where: { $0 == UInt8(ascii: "i") || $0 == UInt8(ascii: "t") || $0 >= 0x80 }) {
            for phrase in includedTaxBytes { blank(phrase, in: &words) }
        }
        // One pass over the line, trying only the keywords that start with the byte at hand.
        var best: Int?
        for i in words.indices {
            guard let candidates = keywordsByFirstByte[words[i]] else { continue }
            for (rank, keyword) in candidates where best.map({ rank < $0 }) ?? true && matches(keyword, at: i, in: words) {
                best = rank
            }
        }
        return best.map { keywords[$0].0 }
    }

    /// `받 은 금액` → `받은금액`: Tesseract splits Korean words into syllables with spaces, and Korean receipts
    /// write the label words both joined and apart (`받은 금액`); the keywords are matched without those spaces.
    static func closingHangulGaps(_ line: String) -> String {
        let scalars = Array(line.unicodeScalars)
        guard scalars.contains(where: isHangul) else { return line }
        var out = String.UnicodeScalarView()
        for (i, s) in scalars.enumerated() {
            if s == " ", i > 0, i + 1 < scalars.count, isHangul(scalars[i - 1]), isHangul(scalars[i + 1]) { continue }
            out.append(s)
        }
        return String(out)
    }

    private static func isHangul(_ s: Unicode.Scalar) -> Bool { (0xAC00...0xD7A3).contains(s.value) }

    /// Keywords with the rank of their label in `keywords`, by first byte.
    private static let keywordsByFirstByte: [UInt8: [(Int, Keyword)]] = {
        var table: [UInt8: [(Int, Keyword)]] = [:]
        for (rank, (_, keys)) in keywords.enumerated() {
            for key in keys {
                let keyword = Keyword(bytes: Array(key.utf8), atLineStartOnly: lineStartKeywords.contains(key))
                if let first = keyword.bytes.first { table[first, default: []].append((rank, keyword)) }
            }
        }
        return table
    }()

    private static let includedTaxBytes = includedTaxPhrases.map { Array($0.utf8) }
    private struct Keyword {
        var bytes: [UInt8]
        var atLineStartOnly: Bool
    }

    /// Overwrites every occurrence of `phrase` in `words` with spaces.
    private static func blank(_ phrase: [UInt8], in words: inout [UInt8]) {
        guard let first = phrase.first, phrase.count <= words.count else { return }
        var i = 0
        while i + phrase.count <= words.count {
            if words[i] == first, words[i..<i + phrase.count].elementsEqual(phrase) {
                for j in i..<i + phrase.count { words[j] = 0x20 }
                i += phrase.count
            } else {
                i += 1
            }
        }
    }

    /// Keywords that are also ordinary words of item names (`Chocolate Bar`, `Tip Top`, `Change Purse`): they
    /// label a line only when they start it.
    private static let lineStartKeywords: Set<String> = [
        "bar", "tip", "tips", "change", "amount", "balance", "resto",
        "cambio", "rendu", "saved",
    ]

    private static func matches(_ keyword: Keyword, at i: Int, in words: [UInt8]) -> Bool {
        let key = keyword.bytes
        guard i + key.count <= words.count, words[i..<i + key.count].elementsEqual(key) else { return false }
        if key[0] >= 0x80 { return true }  // CJK and other non-Latin keywords have no word boundaries to check
        if keyword.atLineStartOnly, words[..<i].contains(where: { UTF8Text.isWordByte($0) }) { return false }
        let before = i > 0 ? words[i - 1] : 0x20, after = i + key.count < words.count ? words[i + key.count] : 0x20
        return !UTF8Text.isASCIILetter(before) && !UTF8Text.isASCIILetter(after)
            && (before < 0x80 || !isLatinLetterTail(words, i)) && (after < 0x80 || !startsLatinLetter(words, i + key.count))
    }

    /// Whether a Latin accented letter starts at `index` (`taxé`).
    private static func startsLatinLetter(_ bytes: [UInt8], _ index: Int) -> Bool {
        index < bytes.count && (0xC3...0xC5).contains(bytes[index])
    }

    /// Whether the byte before `index` ends a Latin accented letter (`é` before `tax` in `prétax`), which glues
    /// the keyword into a longer word.
    private static func isLatinLetterTail(_ bytes: [UInt8], _ index: Int) -> Bool {
        guard index >= 2 else { return false }
        let lead = bytes[index - 2]
        return lead == 0xC3 || lead == 0xC4 || lead == 0xC5
    }

    /// Words that name the final amount to pay, stronger than a plain `total`/`Summe`.
    static let finalTotalPhrases = [
        "grand total", "gesamtbetrag", "gesamtsumme", "endbetrag", "zu zahlen", "total ttc", "net à payer",
        "à payer", "a payer", "montant dû", "importe total", "total a pagar", "totale da pagare", "totale complessivo",
        "te betalen", "totaalbedrag", "amount due", "total due", "rounded total", "総計", "お会計", "お買上計", "결제금액",
        "받을금액", "총액",
    ]

    /// Whether a line labeled total names the final amount (`Gesamtbetrag 27,43 €`, `GRAND TOTAL`).
    static func isFinalTotal(line: String) -> Bool {
        let t = UTF8Text(line)
        return t.containsKeyword(finalTotalKeywords, in: 0..<t.count, wholeWords: false)
    }

    private static let finalTotalKeywords = finalTotalPhrases.map { Array($0.utf8) }

    /// Keeps `total` on the one price a person would call the receipt's total.
    ///
    /// 1. A plain total (`Summe 23,05 €`, `TOTAL`) with no subtotal before it, followed later by a final-amount
    ///    total (`Gesamtbetrag`, `GRAND TOTAL`, `Amount due`: `finalTotals`) of at least its amount, is the
    ///    receipt's subtotal: German receipts print `Summe`, then the tax, then `Gesamtbetrag`.
    /// 2. Among the remaining totals: those after the last subtotal (if any), the largest, the last of equals.
    ///    The other "totals" (a total repeated before the payment lines, item-group totals) lose the label.
    ///
    /// A page with totals in two currencies (a receipt from each of two countries, a total and its conversion)
    /// is resolved per currency: amounts in different currencies are not compared.
    static func resolveTotals(_ prices: inout [DetectedText], finalTotals: Set<Int> = []) {
        let currencies = Set(prices.filter { $0.label == .total }.map(currency))
        if currencies.subtracting([""]).count > 1 {
            for code in currencies {
                let members = prices.indices.filter { currency(prices[$0]) == code }
                var group = members.map { prices[$0] }
                let groupFinals = Set(members.enumerated().filter { finalTotals.contains($0.element) }.map(\.offset))
                resolveTotals(inCurrency: &group, finalTotals: groupFinals)
                for (offset, index) in members.enumerated() { prices[index] = group[offset] }
            }
        } else {
            resolveTotals(inCurrency: &prices, finalTotals: finalTotals)
        }
    }

    private static func currency(_ price: DetectedText) -> String {
        String(price.normalized.split(separator: " ").dropFirst().first ?? "")
    }

    private static func resolveTotals(inCurrency prices: inout [DetectedText], finalTotals: Set<Int>) {
        var totals = prices.indices.filter { prices[$0].label == .total }
        guard totals.count > 1 else { return }
        // Linear: the first subtotal, and the largest final-amount total after each position.
        let firstSubtotal = prices.indices.first { prices[$0].label == .subtotal } ?? prices.count
        var largestFinalAfter = [Double](repeating: -.infinity, count: prices.count + 1)
        for index in prices.indices.reversed() {
            let own = finalTotals.contains(index) && prices[index].label == .total ? amount(prices[index]) : -.infinity
            largestFinalAfter[index] = max(largestFinalAfter[index + 1], own)
        }
        for index in totals where !finalTotals.contains(index) && index < firstSubtotal {
            if largestFinalAfter[index + 1] >= amount(prices[index]) { prices[index].label = .subtotal }
        }
        totals = prices.indices.filter { prices[$0].label == .total }
        guard totals.count > 1 else { return }
        let lastSubtotal = prices.indices.last { prices[$0].label == .subtotal }
        var candidates = totals.filter { index in lastSubtotal.map { index > $0 } ?? true }
        if candidates.isEmpty { candidates = totals }
        var best = candidates[0]
        for index in candidates where amount(prices[index]) >= amount(prices[best]) { best = index }
        for index in totals where index != best { prices[index].label = nil }
    }

    private static func amount(_ price: DetectedText) -> Double {
        Double(price.normalized.split(separator: " ").first ?? "") ?? 0
    }
}
