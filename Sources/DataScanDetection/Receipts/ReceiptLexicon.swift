import DataScanModel
import Synchronization

/// What a receipt line says its amount is, read from the line's words with the OCR's usual damage tolerated
/// (`T0TAL`, `TOTA1`, `Tatal`, `Subtoiat`, `TotalAmtRounded`, `Total Incl. of GST`).
///
/// Why approximate: on real receipts (thermal prints, phone photos) a third of the label words come out of the OCR
/// with a letter or two wrong, split or glued. Words are compared after folding case, the digits OCR puts for
/// letters (`0`→`o`, `1`→`l`, `5`→`s`, `8`→`b`) and the line's punctuation away; a phrase of eight letters or more
/// may differ in two letters, one of five to seven in one, shorter ones must match exactly. The phrases are tried
/// most specific first (`total excl gst` before `total`), and a phrase only counts on whole words.
enum ReceiptLexicon {
    /// Folded letters, a slice of a line's or the phrase table's buffer.
    typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// The role of a line.
    enum Role: Hashable, Sendable {
        /// The amount to pay. `strength`: 3 names the final amount (`GRAND TOTAL`, `Total incl. GST`, `Rounded total`,
        /// `Gesamtbetrag`), 2 a plain total word (`TOTAL`, `Summe`), 1 a weak one (`Amount`, `Betrag`).
        case total(strength: Int)
        case subtotal
        case tax
        /// Tax that the total already includes (`davon MwSt`, `GST included`): not added to the subtotal.
        case includedTax
        case serviceCharge
        case rounding
        case discount
        case tip
        /// Cash handed over.
        case cash
        case change
        /// A card or other tender: usually the total again.
        case payment
        /// Counts of items or units (`Item Count 3`, `Total Qty 4.00`): not amounts.
        case count
        /// The header of a tax summary table (`GST Summary`, `MwSt-Satz Netto Steuer Brutto`).
        case taxSummary
    }

    /// One phrase: its folded words, the role, and whether it must start the line.
    struct Phrase {
        var words: [[UInt8]]
        var role: Role
        var atLineStart: Bool
        /// The words without spaces.
        let squeezed: [UInt8]
        /// Whether it is written in Latin letters (compared approximately; the others exactly).
        let isLatin: Bool

        init(words: [[UInt8]], role: Role, atLineStart: Bool) {
            self.words = words
            self.role = role
            self.atLineStart = atLineStart
            squeezed = words.flatMap { $0 }
            isLatin = words.first?.first.map { $0 < 0x80 } ?? false
        }
    }

    /// `moms`: VAT in Danish, Norwegian and Swedish.
    private static let moms = Array("moms".utf8)

    /// `Total includes GST`, as its phrases are squeezed.
    private static let totalIncludesTax: [[UInt8]] = ["totalincludesgst", "totalincludegst"].map { Array($0.utf8) }

    /// `税込`: tax included, said of a price.
    private static let taxInclusive = Array("税込".utf8)

    /// Words after a tax's name that say the goods bear none (`tax free`, `GST exempt`).
    private static let exemptionWords: [[UInt8]] = ["free", "exempt", "exempted", "frei", "exento", "exenta", "esente"].map {
        Array($0.utf8)
    }

    /// The role of `line` (its text), or nil: the role of the most specific phrase that stands in it.
    static func role(of line: String) -> Role? {
        matching(line) { context in
            guard let (p, start) = context.firstMatch() else { return nil }
            let role = context.index.phrases[p].role
            // A phrase that must start the line does not start it inside an item code (`GOG66 AXE DEO` is no `Geg.`).
            if context.index.atLineStart[p], startsWithCode(line) { return nil }
            // `Total incl. VAT`, `合計(税込)`: a total that names the tax it includes is the final amount; but
            // `GST 6% included in total RM 3.01` is the tax: which word comes first decides.
            if role == .includedTax, let total = context.firstStart(of: .total(strength: 2)), total <= start {
                return .total(strength: 3)
            }
            // `Total includes GST $2.90` under `TOTAL 66.58`: Australia's sentence names the tax the total includes;
            // with the rate instead (`TOTAL INCLUDES GST 6%` above `9.00`), Malaysia's names the total.
            if role == .total(strength: 3), totalIncludesTax.contains(context.index.phrases[p].squeezed), !line.utf8.contains(0x25) {
                return .includedTax
            }
            // `税込 98,000円`, `税込み`: a price with its tax, not the tax (unlike `内消費税`, the tax it holds).
            if role == .includedTax, context.index.phrases[p].squeezed == taxInclusive { return nil }
            // A tip line says little besides the word (`Tip`, `Tip amount`, `Gratuity added 18%`); `TIP EDELSALAMI 1,29`
            // is an item of a store brand, `Suggested tip` no tip paid.
            if role == .tip, context.hasOtherWords(besides: p, at: start) { return nil }
            // A tax word before `free` or `exempt` (`TAX FREE GUM 1.29`, `GST-free items 12.50`) names goods without the
            // tax: an item or their sum, not the tax.
            let after = start + context.index.wordCounts[p]
            if role == .tax, after < context.wordCount, exemptionWords.contains(where: { context.word(after).elementsEqual($0) }) {
                return nil
            }
            // Nordic `moms` (VAT) is an English word too (`MOMS PIZZA 12.00`): a tax where no longer word follows it.
            if role == .tax, context.index.phrases[p].squeezed == moms,
                (start + 1..<context.wordCount).contains(where: { context.word($0).count >= 4 })
            {
                return nil
            }
            return role
        } ?? nil
    }

    /// The role of a label printed right before its amount: as `role(of:)`, but a tax table's column names with their
    /// one row's figures after them (`MwSt 19% Netto 61,33 MwSt 11,65`) name the amount after them by their last word
    /// (`Netto`), as the row prints it.
    static func labelRole(of label: String) -> Role? {
        let role = role(of: label)
        guard role == .taxSummary, let last = label.split(whereSeparator: { !$0.isLetter }).last,
            let named = self.role(of: String(last)), named != .taxSummary, named != .count
        else { return role }
        return named
    }

    /// `body` run on `line`'s folded words against the phrase table; nil for a line without words.
    static func matching<R>(_ line: String, _ body: (Matching) -> R) -> R? {
        // Full-width forms as the OCR reads them beside Latin text (`Total （incl GST)`) are their ASCII letters and
        // punctuation: `（incl` would be no word of the lexicon, and the line would read as a tax line.
        let folded = line.utf8.contains(0xEF) ? ASCIIFolding(UTF8Text(line)).text : nil
        let words = FoldedLine(folded.map { $0.string(0..<$0.count) } ?? line)
        guard words.count > 0 else { return nil }
        return words.withBytes { line in
            let index = index
            return index.withBytes { table in body(Matching(index: index, table: table, line: line, offsets: words.offsets)) }
        }
    }

    /// Whether `line` starts with a code of one to three letters glued to digits (`GOG66`, `BA12`).
    static func startsWithCode(_ line: String) -> Bool {
        let bytes = line.utf8.drop { $0 == 0x20 }
        let letters = bytes.prefix { UTF8Text.isASCIILetter($0) }
        guard (1...3).contains(letters.count), let next = bytes.dropFirst(letters.count).first else { return false }
        return UTF8Text.isDigit(next)
    }

    /// Whether `line` is a label and nothing more: its letters (folded) at most three more than its phrase's, room
    /// for a currency code (`Total (RM):`, `Amount Due:`, `Geg. Bar EUR`; not `CHANGE PURSE`, `TIP TOP BREAD`).
    static func isLabelOnly(_ line: String) -> Bool {
        matching(line) { context in
            guard let (p, _) = context.firstMatch() else { return false }
            return context.line.count <= context.squeezed(p).count + 3
        } ?? false
    }

    /// Whether a total phrase (`Total`, `Summe`, `Grand Total`; not the weak `Amount`) stands anywhere in `line`.
    static func hasTotalWord(_ line: String) -> Bool {
        matching(line) { context in
            context.firstStart(of: .total(strength: 2)) != nil || context.firstStart(of: .total(strength: 3)) != nil
        } ?? false
    }

    /// A phrase word as lines are folded (`FoldedLine`: `rn` as `m`, `ł` as `l`, `ộ` as `o`), so that a phrase is
    /// written as printed (`należność`, `tổng cộng`) and matches lines with or without the accents. A word that is
    /// not letters (`10` of `sc 10`) keeps its bytes.
    static func foldedPhraseWord(_ word: Substring) -> [UInt8] {
        let folded = FoldedLine(String(word))
        if folded.count == 1 { return folded.bytes }
        var out: [UInt8] = []
        for b in word.utf8 {
            if b == UInt8(ascii: "n"), out.last == UInt8(ascii: "r") { out[out.count - 1] = UInt8(ascii: "m") } else { out.append(b) }
        }
        return out
    }

    /// Latin capitals and small letters shaped as Cyrillic ones (`C`, `M`, `P`…), inside a word with Cyrillic letters,
    /// as the Cyrillic letters the OCR took them for (`CУMA` → `СУМА`): an OCR that reads two scripts mixes them.
    static func cyrillicLookAlikesFolded(_ text: [UInt8]) -> [UInt8] {
        guard text.contains(where: { $0 == 0xD0 || $0 == 0xD1 }) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var start = 0
        while start < text.count {
            var end = start
            while end < text.count, text[end] != 0x20 { end += 1 }
            let word = text[start..<end]
            if word.contains(where: { $0 == 0xD0 || $0 == 0xD1 }) {
                for b in word { out += cyrillicLookAlike[b] ?? [b] }
            } else {
                out += word
            }
            if end < text.count { out.append(0x20) }
            start = end + 1
        }
        return out
    }

    /// Whether the word at `i` runs on to a decimal separator and a digit or a letter read for one (`6S.O4`, `1O,5O`):
    /// an amount the OCR damaged, not a word.
    private static func startsAmount(_ text: [UInt8], at i: Int) -> Bool {
        var k = i
        while k < text.count, UTF8Text.isASCIILetter(text[k]) || UTF8Text.isDigit(text[k]) { k += 1 }
        guard k + 1 < text.count, text[k] == UInt8(ascii: ".") || text[k] == UInt8(ascii: ",") else { return false }
        return UTF8Text.isDigit(text[k + 1]) || "OoSBlIZ".utf8.contains(text[k + 1])
    }

    /// The Latin word a word of small Cyrillic letters spells when every letter has a Latin look-alike (`тір` →
    /// `tip`, `тотаl` → nil: the `l` is no Cyrillic letter), else nil.
    static func latinLookAlike(_ word: Bytes) -> [UInt8]? {
        guard word.count >= 2, word.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        var i = word.startIndex
        while i < word.endIndex {
            guard let latin = latinOfCyrillic[UInt16(word[i]) << 8 | UInt16(word[i + 1])] else { return nil }
            out.append(latin)
            i += 2
        }
        return out
    }

    /// The Latin letter each small Cyrillic look-alike (UTF-8, two bytes) stands for.
    private static let latinOfCyrillic: [UInt16: UInt8] = {
        let cyrillic = "авекмнорстухіјѕ".map { Array(String($0).utf8) }
        let latin = Array("abekmhopctyxijs".utf8)
        return Dictionary(uniqueKeysWithValues: zip(cyrillic.map { UInt16($0[0]) << 8 | UInt16($0[1]) }, latin))
    }()

    /// The Cyrillic letter (UTF-8) each Latin look-alike stands for.
    static let cyrillicLookAlike: [UInt8: [UInt8]] = {
        let latin = Array("ABCEHKMOPTXYaceopxy".utf8)
        let cyrillic = "АВСЕНКМОРТХУасеорху".map { Array(String($0).utf8) }
        return Dictionary(uniqueKeysWithValues: zip(latin, cyrillic))
    }()

    /// A line's words in lower case, with digits that stand for letters inside words read as letters, `.`/`:`/`(`
    /// and other punctuation as word breaks, and camel-case glued words split (`TotalAmtRounded` → total amt
    /// rounded), in one buffer: word `k` is `bytes[offsets[k]..<offsets[k + 1]]`, so that words glued by a lost
    /// space are a slice too.
    struct FoldedLine {
        var bytes: [UInt8] = []
        var offsets: [Int] = [0]

        init(_ line: String) {
            var previousWasLower = false
            func flush() {
                if bytes.count > offsets[offsets.count - 1] { offsets.append(bytes.count) }
            }
            let text = ReceiptLexicon.cyrillicLookAlikesFolded(Array(line.utf8))
            // The continuation bytes of a letter already folded.
            var skip = 0
            for (i, b) in text.enumerated() {
                if skip > 0 {
                    skip -= 1
                    continue
                }
                let isUpper = b >= 0x41 && b <= 0x5A, isLower = b >= 0x61 && b <= 0x7A
                if isUpper || isLower {
                    // A capital `I` the OCR read as `l` or `i`, alone before a capital (`TlNTO`, `lVA`, `lNCLUlDO`): the word
                    // goes on, its letter an `i`.
                    let misreadCapital =
                        isUpper && previousWasLower && i >= 1 && (text[i - 1] == UInt8(ascii: "l") || text[i - 1] == UInt8(ascii: "i"))
                        && (i < 2 || !(text[i - 2] >= 0x61 && text[i - 2] <= 0x7A))
                    if misreadCapital {
                        bytes[bytes.count - 1] = UInt8(ascii: "i")
                    } else if isUpper, previousWasLower {
                        flush()
                    }
                    let letter = b | 0x20
                    // A word that starts `ln` is an `In` misread (`lnclusive`, `lnvoice`, `lnkl.`): no word of the
                    // languages read starts so (`Ln` alone is a lane).
                    if letter == UInt8(ascii: "n"), i >= 1, text[i - 1] == UInt8(ascii: "l"), bytes.count - offsets[offsets.count - 1] == 1,
                        i + 1 < text.count, UTF8Text.isASCIILetter(text[i + 1])
                    {
                        bytes[bytes.count - 1] = UInt8(ascii: "i")
                    }
                    // `rn` is the OCR's `m` (`Surnme`, `Gesarnt`, `Arnount`): read as one, in phrases too.
                    if letter == UInt8(ascii: "n"), bytes.count > offsets[offsets.count - 1], bytes[bytes.count - 1] == UInt8(ascii: "r") {
                        bytes[bytes.count - 1] = UInt8(ascii: "m")
                    } else {
                        bytes.append(letter)
                    }
                    previousWasLower = isLower
                } else if UTF8Text.isDigit(b) {
                    // A digit among letters is a misread letter (`T0TAL`, `SUBT0TAL`, `5ubtotal`); beside another
                    // digit, part of a number (`14T19:39` of a timestamp is no `tl`).
                    let letterBefore = i > 0 && UTF8Text.isASCIILetter(text[i - 1])
                    let letterAfter = i + 1 < text.count && UTF8Text.isASCIILetter(text[i + 1])
                    let digitBeside = (i > 0 && UTF8Text.isDigit(text[i - 1])) || (i + 1 < text.count && UTF8Text.isDigit(text[i + 1]))
                    // (A rate glued to its label is a number: `GST5%` is no `GSTS`.)
                    let rate = i + 1 < text.count && text[i + 1] == UInt8(ascii: "%")
                    // (Nor is a number's first digit, its other digits misread as letters: `6S.O4` is no `gs`.)
                    if letterBefore || letterAfter, !digitBeside, !rate, !(!letterBefore && ReceiptLexicon.startsAmount(text, at: i)),
                        let letter = digitLetters[b]
                    {
                        bytes.append(letter)
                    } else {
                        flush()
                    }
                    previousWasLower = false
                } else if b == 0xC3, i + 1 < text.count, let plain = latin1Letters[text[i + 1]] {
                    // `é` → `e`, `ü` → `u`, `ß` → `ss`: receipts print the same words with and without accents.
                    bytes += plain
                    previousWasLower = true
                    skip = 1
                } else if b >= 0xC4, b <= 0xC9, i + 1 < text.count, let plain = extendedLetters[Int(b - 0xC4) << 8 | Int(text[i + 1])] {
                    // The same for the letters of Central European languages and Vietnamese: `ZAPŁATY`, `FIZETENDŐ`,
                    // `CELKEM KČ`, `TIỀN THỪA`.
                    bytes.append(plain)
                    previousWasLower = true
                    skip = 1
                } else if b == 0xE1, i + 2 < text.count, text[i + 1] == 0xBA || text[i + 1] == 0xBB,
                    let plain = vietnameseLetters[Int(text[i + 1] & 1) << 8 | Int(text[i + 2])]
                {
                    // Vietnamese letters with two marks (`Ổ`, `ộ`, `ả`: U+1EA0–U+1EF9), which the OCR keeps or drops.
                    bytes.append(plain)
                    previousWasLower = true
                    skip = 2
                } else if (0xD0...0xD5).contains(b), i + 1 < text.count, let lower = Self.smallLetter(b, text[i + 1]) {
                    // Cyrillic and Armenian capitals as small letters (`ИТОГО`, `СУМА`, `ГОТІВКА`, `ҚҚС`, `ԸՆԴԱՄԵՆԸ`), as the
                    // phrases are written.
                    bytes.append(lower.lead)
                    bytes.append(lower.trail)
                    previousWasLower = false
                    skip = 1
                } else if b == 0xCE || b == 0xCF, i + 1 < text.count, let letter = greekLetters[Int(b - 0xCE) << 8 | Int(text[i + 1])] {
                    // Greek letters in one form, capital or small, with or without their accents (`ΣΥΝΟΛΟ`, `Σύνολο`),
                    // and those the OCR may read as Latin capitals read as those (`ΣYNOΛO`).
                    bytes += letter
                    previousWasLower = false
                    skip = 1
                } else if (0xE4...0xE9).contains(b), i + 2 < text.count,
                    let form = ReceiptLexicon.kanjiForms[
                        UInt32(b & 0x0F) << 12 | UInt32(text[i + 1] & 0x3F) << 6 | UInt32(text[i + 2] & 0x3F)]
                {
                    // A Chinese character read in its simplified or traditional form where the label prints the
                    // Japanese one (`買上计` for `買上計`): PP-OCR's Chinese recognizer writes either.
                    bytes += form
                    previousWasLower = false
                    skip = 2
                } else if b >= 0x80 {
                    bytes.append(b)
                    previousWasLower = false
                } else {
                    flush()
                    previousWasLower = false
                }
            }
            flush()
            joinLetterSpacedWords()
        }

        var count: Int { offsets.count - 1 }

        /// The small letter (UTF-8) of a two-byte Cyrillic or Armenian capital (`А`–`Я`, `Ѐ`–`Џ`, `Ґ`, `Қ`, `Ө`, `Ա`–`Ֆ`),
        /// nil for any other character.
        /// (A pair of bytes, not an array: the lexicon folds every line of every page.)
        static func smallLetter(_ lead: UInt8, _ trail: UInt8) -> (lead: UInt8, trail: UInt8)? {
            let capital = UInt32(lead & 0x1F) << 6 | UInt32(trail & 0x3F)
            let small: UInt32
            switch capital {
            case 0x400...0x40F: small = capital + 0x50  // Ѐ–Џ → ѐ–џ
            case 0x410...0x42F: small = capital + 0x20  // А–Я → а–я
            // The letters of Ukrainian, Kazakh, Mongolian… (`Ґ`, `Қ`, `Ү`, `Ө`, `Ә`): capital and small in pairs.
            case 0x460...0x481 where capital % 2 == 0, 0x48A...0x4BF where capital % 2 == 0, 0x4D0...0x4FF where capital % 2 == 0:
                small = capital + 1
            case 0x4C1...0x4CE where capital % 2 == 1: small = capital + 1
            case 0x531...0x556: small = capital + 0x30  // Armenian Ա–Ֆ → ա–ֆ
            default: return nil
            }
            return (0xC0 | UInt8(small >> 6), 0x80 | UInt8(small & 0x3F))
        }

        /// Three or more one-letter words in a row are one word printed letter-spaced (`S U M M E`, `T O T A L`), as
        /// receipts print their headline labels.
        private mutating func joinLetterSpacedWords() {
            var kept: [Int] = [0]
            var k = 0
            let n = offsets.count - 1
            while k < n {
                var run = k
                while run < n, offsets[run + 1] - offsets[run] == 1 { run += 1 }
                if run - k >= 3 {
                    kept.append(offsets[run])
                    k = run
                } else {
                    kept.append(offsets[k + 1])
                    k += 1
                }
            }
            offsets = kept
        }

        func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            bytes.withUnsafeBufferPointer(body)
        }
    }

    /// The phrases in flat arrays, read per line without copying a phrase: their words one after another in `bytes`
    /// (phrase `p`'s squeezed form is `bytes[starts[p]..<starts[p + 1]]`, its word `k` ends at
    /// `wordEnds[firstWord[p] + k]`), their letters and their first word's as bit sets, and the candidate lists by
    /// a line word's first byte (`candidates[candidateStarts[b]..<candidateStarts[b + 1]]`, in phrase order).
    final class PhraseIndex: Sendable {
        let phrases: [Phrase]
        let bytes: [UInt8]
        let starts: [Int]
        let wordEnds: [Int]
        let firstWord: [Int]
        let wordCounts: [Int]
        let masks: [UInt32]
        let firstWordMasks: [UInt32]
        let atLineStart: [Bool]
        /// Latin phrases that start with a line word's first byte, a letter the OCR confuses with it, or whose
        /// second letter it is (the first lost).
        let candidates: [Int]
        let candidateStarts: [Int]
        /// Latin phrases by their exact first byte (a line word with one letter gained at its start).
        let exactCandidates: [Int]
        let exactCandidateStarts: [Int]
        /// The indices of the non-Latin (CJK, Hangul) phrases, in order.
        let nonLatin: [Int]

        init(_ phrases: [Phrase]) {
            self.phrases = phrases
            var bytes: [UInt8] = [], starts: [Int] = [], wordEnds: [Int] = [], firstWord: [Int] = []
            for p in phrases {
                starts.append(bytes.count)
                firstWord.append(wordEnds.count)
                for w in p.words {
                    bytes += w
                    wordEnds.append(bytes.count)
                }
            }
            starts.append(bytes.count)
            (self.bytes, self.starts, self.wordEnds, self.firstWord) = (bytes, starts, wordEnds, firstWord)
            wordCounts = phrases.map(\.words.count)
            masks = phrases.map { letterMask($0.squeezed[...]) }
            firstWordMasks = phrases.map { letterMask(($0.words.first ?? [])[...]) }
            atLineStart = phrases.map(\.atLineStart)
            var byFirst = [[Int]](repeating: [], count: 256), byExact = [[Int]](repeating: [], count: 256)
            for (i, p) in phrases.enumerated() where p.isLatin {
                guard let first = p.squeezed.first else { continue }
                byExact[Int(first)].append(i)
                var firstBytes: Set<UInt8> = [first]
                for b in UInt8(ascii: "a")...UInt8(ascii: "z")
                where confusable(b, first) || isSimilarStart(first, b) {
                    firstBytes.insert(b)
                }
                for (x, set) in similarLetters where set.contains(first) { firstBytes.insert(x) }
                if p.squeezed.count > 1 { firstBytes.insert(p.squeezed[1]) }
                for b in firstBytes { byFirst[Int(b)].append(i) }
            }
            func flat(_ lists: [[Int]]) -> ([Int], [Int]) {
                var starts = [0]
                for list in lists { starts.append(starts[starts.count - 1] + list.count) }
                return (lists.flatMap { $0 }, starts)
            }
            (candidates, candidateStarts) = flat(byFirst)
            (exactCandidates, exactCandidateStarts) = flat(byExact)
            nonLatin = phrases.indices.filter { !phrases[$0].isLatin }
        }

        func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            bytes.withUnsafeBufferPointer(body)
        }
    }

    static let index = PhraseIndex(phrases)

    /// The phrases that could start at a line word, by the word, remembered across lines and pages (a page's words
    /// and a batch's are mostly the same few hundred): the phrase index's candidates for its first letters, less
    /// those it cannot begin either word by word (`similar` to the phrase's first word) or glued (within one letter
    /// of the start of the phrase's letters). `firstMatch` then tries a handful of phrases a word instead of a hundred.
    final class WordCandidates: Sendable {
        private struct Entry {
            var word: [UInt8]
            var phrases: [Int32]
        }
        private let table = Mutex<[UInt64: Entry]>([:])
        /// Words remembered at most (then forgotten all at once): about 2 MB.
        static let capacity = 16_384

        func phrases(for word: Bytes, compute: () -> [Int32]) -> [Int32] {
            var key: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
            for b in word { key = (key ^ UInt64(b)) &* 0x100_0000_01b3 }
            if let known = table.withLock({ $0[key] }), known.word.elementsEqual(word) { return known.phrases }
            let phrases = compute()
            table.withLock { table in
                if table.count >= Self.capacity { table.removeAll(keepingCapacity: true) }
                table[key] = Entry(word: Array(word), phrases: phrases)
            }
            return phrases
        }
    }

    static let wordCandidates = WordCandidates()

    /// One line matched against the phrase index.
    struct Matching {
        let index: PhraseIndex
        let table: UnsafeBufferPointer<UInt8>
        let line: UnsafeBufferPointer<UInt8>
        let offsets: [Int]
        /// Each line word's letters as bits (`letterMask`).
        let masks: [UInt32]

        init(index: PhraseIndex, table: UnsafeBufferPointer<UInt8>, line: UnsafeBufferPointer<UInt8>, offsets: [Int]) {
            (self.index, self.table, self.line, self.offsets) = (index, table, line, offsets)
            masks = (0..<(offsets.count - 1)).map { letterMask(line[offsets[$0]..<offsets[$0 + 1]]) }
        }

        var wordCount: Int { offsets.count - 1 }

        func word(_ k: Int) -> Bytes { line[offsets[k]..<offsets[k + 1]] }

        /// Line words `from..<to` glued together (the space between them lost).
        func glued(_ from: Int, _ to: Int) -> Bytes { line[offsets[from]..<offsets[to]] }

        func phraseWord(_ p: Int, _ k: Int) -> Bytes {
            let w = index.firstWord[p] + k
            return table[(k == 0 ? index.starts[p] : index.wordEnds[w - 1])..<index.wordEnds[w]]
        }

        func squeezed(_ p: Int) -> Bytes { table[index.starts[p]..<index.starts[p + 1]] }

        /// The most specific phrase (the lowest index in `phrases`) that matches the line, and the word it starts
        /// at. Why the index: a page has hundreds of lines and the table hundreds of phrases; only phrases whose
        /// first letter fits a word's (the same, a confusable one, or one lost or gained at the start) are compared
        /// with it.
        func firstMatch() -> (index: Int, start: Int)? {
            var best: (index: Int, start: Int)?
            let n = wordCount
            for start in 0..<n {
                let w = word(start)
                guard !w.isEmpty else { continue }
                for candidate in ReceiptLexicon.wordCandidates.phrases(for: w, compute: { candidates(startingAt: w) }) {
                    let p = Int(candidate)
                    if let b = best, p >= b.index { break }
                    if start != 0, index.atLineStart[p] { continue }
                    // Checked on bit sets of letters before the phrase itself is looked at (see `matches`): word by
                    // word, its first word is at most two letters from the line's word; glued or split, the line's
                    // words that make up its length miss at most one of its letters.
                    let count = index.wordCounts[p]
                    if start + count > n || (index.firstWordMasks[p] & ~masks[start]).nonzeroBitCount > 2 {
                        var window: UInt32 = 0
                        var length = 0
                        let squeezedLength = index.starts[p + 1] - index.starts[p]
                        for k in start..<min(n, start + count + 2) {
                            length += offsets[k + 1] - offsets[k]
                            if length > squeezedLength + 1 { break }
                            window |= masks[k]
                        }
                        if (index.masks[p] & ~window).nonzeroBitCount > 1 { continue }
                    }
                    if matches(p, at: start) {
                        best = (p, start)
                        break
                    }
                }
            }
            if line.contains(where: { $0 >= 0x80 }) {
                for p in index.nonLatin {
                    if let b = best, p >= b.index { break }
                    if let start = nonLatinStart(p), !index.atLineStart[p] || start == 0 {
                        best = (p, start)
                        break
                    }
                }
            }
            return best
        }

        /// The Latin phrases, in order, that could start at line word `w` (see `WordCandidates`): those whose first
        /// letter fits its first (the same, a confusable one, or one lost or gained at the start), and whose first word
        /// is `similar` to it or whose letters start within one letter of it.
        func candidates(startingAt w: Bytes) -> [Int32] {
            guard let w0 = w.first else { return [] }
            // The two candidate lists, each in phrase order, walked together (lowest index first, each once).
            var x = index.candidateStarts[Int(w0)], y = 0
            let xEnd = index.candidateStarts[Int(w0) + 1]
            var yEnd = 0
            if w.count > 1 {
                let w1 = Int(w[w.startIndex + 1])
                (y, yEnd) = (index.exactCandidateStarts[w1], index.exactCandidateStarts[w1 + 1])
            }
            var out: [Int32] = []
            while x < xEnd || y < yEnd {
                let p: Int
                if y >= yEnd || (x < xEnd && index.candidates[x] <= index.exactCandidates[y]) {
                    p = index.candidates[x]
                    if y < yEnd, index.exactCandidates[y] == p { y += 1 }
                    x += 1
                } else {
                    p = index.exactCandidates[y]
                    y += 1
                }
                if couldStart(p, at: w) { out.append(Int32(p)) }
            }
            return out
        }

        /// Whether phrase `p` could match a line from word `w` on: `matches` compares it word by word (its first word
        /// `similar` to `w`) or glued (its letters within one edit of the line's words glued, which start with `w`:
        /// then a start of its letters is within one edit of `w`).
        private func couldStart(_ p: Int, at w: Bytes) -> Bool {
            if ReceiptLexicon.similar(phraseWord(p, 0), w) { return true }
            let letters = squeezed(p)
            guard !letters.isEmpty, w.count - 1 <= letters.count else { return false }
            for k in max(1, w.count - 1)...min(letters.count, w.count + 1) {
                let start = letters[letters.startIndex..<(letters.startIndex + k)]
                if ReceiptLexicon.editDistance(start, w, limit: 1) <= 1 { return true }
            }
            return false
        }

        /// Whether the line has a word of four letters or more outside phrase `p` (standing at word `start`) that is
        /// not one of the few a tip line adds (`Tip amount`, `Gratuity added`), or a word of two letters or more before
        /// it that is not one a tip line starts with (`Add tip`, `Staff gratuity`: `PG TIPS 80S` is a tea).
        func hasOtherWords(besides p: Int, at start: Int) -> Bool {
            let phraseEnd = start + index.wordCounts[p]
            for k in 0..<wordCount where k < start || k >= phraseEnd {
                let w = word(k)
                let leads = k < start && Self.tipLeadWords.contains(where: { w.elementsEqual($0) })
                if k < start, w.count >= 2, w.allSatisfy(UTF8Text.isASCIILetter), !leads { return true }
                if w.count >= 4, !leads, !Self.tipLineWords.contains(where: { w.elementsEqual($0) }), !isTipWord(at: k),
                    !isLatinTipWordInCyrillic(w)
                {
                    return true
                }
            }
            return false
        }

        /// Whether `word` is all Cyrillic letters shaped as Latin ones that spell a tip's word (`ТІР` of `ЧАЕВЫЕ / ТІР`):
        /// a Cyrillic OCR model reads the Latin half of a bilingual slip in its own letters.
        private func isLatinTipWordInCyrillic(_ word: Bytes) -> Bool {
            guard let latin = ReceiptLexicon.latinLookAlike(word) else { return false }
            return index.phrases.contains { $0.role == .tip && $0.isLatin && $0.words.count == 1 && $0.squeezed == latin }
        }

        /// Whether word `k` is a tip's word itself: a bilingual slip names it twice (`ЧАЕВЫЕ / TIP`, `NAPOJNICA / TIP`).
        /// (The slow way, asked only of a tip line's other words.)
        private func isTipWord(at k: Int) -> Bool {
            index.phrases.indices.contains { index.phrases[$0].role == .tip && index.wordCounts[$0] == 1 && matches($0, at: k) }
        }

        private static let tipLineWords: [[UInt8]] = ["amount", "added", "paid", "included", "incl"].map { Array($0.utf8) }
        private static let tipLeadWords: [[UInt8]] = [
            "add", "added", "plus", "your", "staff", "server", "service", "card", "cash", "credit",
            "total", "incl", "included", "inkl", "mit", "avec", "con",
            // Whom a delivery's tip is for (`Dasher Tip $4.00`, `Driver tip`).
            "dasher", "driver", "courier", "rider", "shopper",
        ].map { Array($0.utf8) }

        /// Where the first phrase of `role` starts among the line's words (rarely needed: the slow way).
        func firstStart(of role: Role) -> Int? {
            var first: Int?
            for p in index.phrases.indices where index.phrases[p].role == role {
                let start =
                    index.phrases[p].isLatin ? (0..<wordCount).first { matches(p, at: $0) } : nonLatinStart(p)
                if let start, start < (first ?? .max) { first = start }
            }
            return first
        }

        /// Whether phrase `p` matches the line at word `start`: word by word, or with the spaces between its words
        /// lost or added (`subtotal` for `sub total`, `tot al`: then one letter may differ, no more — two would let
        /// `total tax` pass for `total ttc`).
        func matches(_ p: Int, at start: Int) -> Bool {
            let count = index.wordCounts[p]
            if start + count <= wordCount {
                var all = true
                for k in 0..<count where !similar(phraseWord(p, k), word(start + k)) {
                    all = false
                    break
                }
                if all { return true }
            }
            // One letter may differ: at most one of the phrase's letters is missing from the glued words (checked on
            // bit sets before the letters are compared).
            let squeezed = squeezed(p)
            // Glued, a phrase with a word of one or two letters matches only as printed: one letter off, `total ht`
            // would be Scandinavian `Totalt`.
            let edits = (0..<count).contains(where: { phraseWord(p, $0).count <= 2 }) ? 0 : 1
            var window: UInt32 = 0
            for end in start..<min(wordCount, start + count + 2) {
                let joined = glued(start, end + 1)
                if joined.count > squeezed.count + 1 { break }
                window |= masks[end]
                // A phrase's word of one or two letters (`ht`, `tl`) says what the phrase is: spaced as the phrase is,
                // it must be there as printed (`TOTAL HE` is no `total HT`).
                if end + 1 - start == count,
                    (0..<count).allSatisfy({ word(start + $0).count == phraseWord(p, $0).count }),
                    (0..<count).contains(where: { phraseWord(p, $0).count <= 2 && !word(start + $0).elementsEqual(phraseWord(p, $0)) })
                {
                    continue
                }
                if joined.count >= squeezed.count - edits, (index.masks[p] & ~window).nonzeroBitCount <= edits,
                    similar(squeezed, joined, maximum: edits)
                {
                    return true
                }
            }
            return false
        }

        /// The word where non-Latin (CJK, Hangul) phrase `p` stands: anywhere in the line's words, also across
        /// them (those scripts put no spaces between words, and the OCR splits syllables: `받 은 금액`).
        func nonLatinStart(_ p: Int) -> Int? {
            let needle = squeezed(p)
            guard let first = needle.first, needle.count <= line.count else { return nil }
            // A Cyrillic or Armenian phrase starts one of the line's words: `անկանխիկ` (not in cash) holds `կանխիկ` (cash).
            let startsWord = (0xD0...0xD6).contains(first)
            var i = 0
            while i + needle.count <= line.count {
                if line[i] == first, line[i..<(i + needle.count)].elementsEqual(needle),
                    !ReceiptLexicon.katakanaGlued(length: needle.count, at: i, in: line),
                    !startsWord || i < 2 || !(0xD0...0xD6).contains(line[i - 2]) || offsets.contains(i)
                {
                    var k = 0
                    while offsets[k + 1] <= i { k += 1 }
                    return k
                }
                i += 1
            }
            return nil
        }
    }

    /// The Japanese form (UTF-8) of the simplified and traditional Chinese characters of receipts' labels, by the
    /// character's code point: a label and a line are compared in one form, whichever the OCR or the till wrote.
    static let kanjiForms: [UInt32: [UInt8]] = {
        let forms = [
            "計": "计", "額": "额", "費": "费", "現": "现", "総": "总總", "対": "对對", "単": "单單", "価": "价價", "応": "应應",
            "税": "稅", "銭": "钱錢", "買": "买", "売": "卖賣", "実": "实實", "収": "收", "領": "领", "発": "发發", "預": "预",
            "内": "內", "釣": "钓", "値": "值",
        ]
        var table: [UInt32: [UInt8]] = [:]
        for (japanese, others) in forms {
            for c in others.unicodeScalars where String(c) != japanese { table[c.value] = Array(japanese.utf8) }
        }
        return table
    }()

    /// Whether a katakana phrase found at `i` of `line` is part of a longer katakana word: loanwords are written
    /// in katakana without spaces, so `チップ` (tip) inside `ポテトチップス` (potato chips) is no tip.
    static func katakanaGlued<L: RandomAccessCollection<UInt8>>(length: Int, at i: Int, in line: L) -> Bool
    where L.Index == Int {
        func isKatakana(_ k: Int) -> Bool {
            guard k >= line.startIndex, k + 2 < line.endIndex else { return false }
            let (a, b, c) = (line[k], line[k + 1], line[k + 2])
            // U+30A1–U+30FA and the prolonged sound mark U+30FC; half-width U+FF66–U+FF9F.
            return (a == 0xE3 && ((b == 0x82 && c >= 0xA1) || (b == 0x83 && (c <= 0xBA || c == 0xBC))))
                || (a == 0xEF && ((b == 0xBD && c >= 0xA6) || (b == 0xBE && c <= 0x9F)))
        }
        let end = i + length
        let startsKatakana = isKatakana(i), endsKatakana = length >= 3 && isKatakana(end - 3)
        return (startsKatakana && isKatakana(i - 3)) || (endsKatakana && isKatakana(end))
    }

    /// The letters `a`–`z` of a folded word as bits.
    static func letterMask<C: Collection<UInt8>>(_ word: C) -> UInt32 {
        var mask: UInt32 = 0
        for b in word where b >= 0x61 && b <= 0x7A { mask |= 1 << UInt32(b - 0x61) }
        return mask
    }

    /// The second byte of a Latin-1 letter's UTF-8 form (after 0xC3), and its letters without the accent.
    private static let latin1Letters: [UInt8: [UInt8]] = {
        let pairs: [(String, String)] = [
            ("àáâãäå", "a"), ("ÀÁÂÃÄÅ", "a"), ("èéêë", "e"), ("ÈÉÊË", "e"), ("ìíîï", "i"), ("ÌÍÎÏ", "i"), ("òóôõö", "o"),
            ("ÒÓÔÕÖ", "o"), ("ùúûü", "u"), ("ÙÚÛÜ", "u"), ("ç", "c"), ("Ç", "c"), ("ñ", "n"), ("Ñ", "n"), ("ß", "ss"),
            ("ýÿÝ", "y"), ("æÆ", "ae"), ("øØ", "o"),
        ]
        var table: [UInt8: [UInt8]] = [:]
        for (letters, plain) in pairs {
            for scalar in letters.unicodeScalars {
                let utf8 = Array(String(scalar).utf8)
                if utf8.count == 2, utf8[0] == 0xC3 { table[utf8[1]] = Array(plain.utf8) }
            }
        }
        return table
    }()

    /// Latin Extended-A and -B letters and the schwa (U+0100–U+027F, UTF-8 lead byte 0xC4–0xC9) without their accents,
    /// by `(lead - 0xC4) << 8 | second byte`: `ő` → `o`, `Ł` → `l`, `Č` → `c`, `ư` → `u`, `ə` → `e`.
    private static let extendedLetters: [Int: UInt8] = plainLetters(0x100...0x27F) { utf8 in
        utf8.count == 2 ? Int(utf8[0] - 0xC4) << 8 | Int(utf8[1]) : nil
    }

    /// Greek letters (U+0370–U+03FF, UTF-8 lead byte 0xCE or 0xCF) by `(lead - 0xCE) << 8 | second byte`: without
    /// their accents, the capitals that look like Latin ones (`Α`, `Ε`, `Η`, `Ν`, `Ο`, `Ρ`, `Τ`, `Υ`, …) as those Latin
    /// letters, small (the OCR reads a Greek page's capitals as either), the others as small Greek letters (`Σ`, `ς`
    /// → `σ`): `ΣΥΝΟΛΟ`, `Σύνολο` and `ΣYNOΛO` fold alike.
    private static let greekLetters: [Int: [UInt8]] = {
        let latin: [Character: UInt8] = [
            "Α": 0x61, "Β": 0x62, "Ε": 0x65, "Ζ": 0x7A, "Η": 0x68, "Ι": 0x69, "Κ": 0x6B, "Μ": 0x6D, "Ν": 0x6E, "Ο": 0x6F,
            "Ρ": 0x70, "Τ": 0x74, "Υ": 0x79, "Χ": 0x78,
        ]
        var table: [Int: [UInt8]] = [:]
        for value in UInt32(0x370)...0x3FF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic else { continue }
            let utf8 = Array(String(scalar).utf8)
            let capital = String(scalar).folding(options: .diacriticInsensitive, locale: nil).uppercased()
            guard utf8.count == 2, utf8[0] >= 0xCE, capital.unicodeScalars.count == 1, let c = capital.first else { continue }
            let small = Array(capital.lowercased().utf8)
            guard let form = latin[c].map({ [$0] }) ?? (small.count == 2 && (0xCE...0xCF).contains(small[0]) ? small : nil)
            else { continue }
            table[Int(utf8[0] - 0xCE) << 8 | Int(utf8[1])] = form
        }
        return table
    }()

    /// Vietnamese letters of Latin Extended Additional (U+1EA0–U+1EF9, UTF-8 `E1 BA xx` or `E1 BB xx`) without
    /// their marks, by `(second byte & 1) << 8 | third byte`: `Ộ` → `o`, `ả` → `a`.
    private static let vietnameseLetters: [Int: UInt8] = plainLetters(0x1EA0...0x1EF9) { utf8 in
        utf8.count == 3 ? Int(utf8[1] & 1) << 8 | Int(utf8[2]) : nil
    }

    /// The letters of `range` that fold to one small letter `a`–`z`, by the key `key` makes of their UTF-8 bytes.
    private static func plainLetters(_ range: ClosedRange<UInt32>, key: ([UInt8]) -> Int?) -> [Int: UInt8] {
        var table: [Int: UInt8] = [:]
        for value in range {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let letter = String(scalar)
            var plain = Array(letter.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).utf8)
            if "łŁ".contains(letter) { plain = [UInt8(ascii: "l")] }
            if "đĐ".contains(letter) { plain = [UInt8(ascii: "d")] }
            if letter == "ı" { plain = [UInt8(ascii: "i")] }  // Turkish dotless i (`kredi kartı`)
            if "əƏ".contains(letter) { plain = [UInt8(ascii: "e")] }  // Azerbaijani schwa (`CƏMİ`, `ƏDV`)
            guard plain.count == 1, plain[0] >= 0x61, plain[0] <= 0x7A, let k = key(Array(letter.utf8)) else { continue }
            table[k] = plain[0]
        }
        return table
    }

    private static let digitLetters: [UInt8: UInt8] = [
        UInt8(ascii: "0"): UInt8(ascii: "o"), UInt8(ascii: "1"): UInt8(ascii: "l"), UInt8(ascii: "5"): UInt8(ascii: "s"),
        UInt8(ascii: "8"): UInt8(ascii: "b"), UInt8(ascii: "6"): UInt8(ascii: "g"),
    ]

    /// Whether two folded words are the same allowing for OCR damage (see the type's comment). Non-ASCII words
    /// (CJK, accented) must match exactly.
    static func similar(_ a: Bytes, _ b: Bytes, maximum: Int = 2) -> Bool {
        // Never more than two letters apart, and short words only with the same length (below).
        guard abs(a.count - b.count) <= min(maximum, 2) else { return false }
        if a.count == b.count, a.elementsEqual(b) { return true }
        let length = max(a.count, b.count)
        // Short words: one letter the OCR is known to confuse (`gash` for `cash`, `tcta` for `tota`), nothing else.
        if length < 5 {
            guard a.count == b.count, a.count >= 3 else { return false }
            var differing: (UInt8, UInt8)?
            for k in 0..<a.count where a[a.startIndex + k] != b[b.startIndex + k] {
                guard differing == nil else { return false }
                differing = (a[a.startIndex + k], b[b.startIndex + k])
            }
            guard let (x, y) = differing, confusable(x, y), !a.contains(where: { $0 >= 0x80 }), !b.contains(where: { $0 >= 0x80 })
            else { return false }
            return !nearWords.contains(Array(b))
        }
        // Two letters only in a phrase word of eight or more: a longer line word does not earn a short phrase a
        // second (`INTEGRAL` is no `interac`).
        let allowed = min(maximum, a.count >= 8 ? 2 : 1)
        guard abs(a.count - b.count) <= allowed else { return false }
        // The first letter is rarely the one misread on a label; requiring it keeps `rental` from being `total`.
        // (A first letter lost or gained is a deletion, and allowed: `otal` for `total`.)
        let (x, y) = (a.first ?? 0, b.first ?? 0)
        guard x == y || a.count != b.count || isSimilarStart(x, y) || isSimilarStart(y, x) else { return false }
        if a.contains(where: { $0 >= 0x80 }) || b.contains(where: { $0 >= 0x80 }) { return false }
        guard editDistance(a, b, limit: allowed) <= allowed else { return false }
        // Real words one letter away from a keyword are themselves, not a misread keyword (`charge` is not `change`).
        return !nearWords.contains(Array(b))
    }

    /// Words that are one or two letters from a keyword and common on receipts.
    private static let nearWords: Set<[UInt8]> = Set(
        [
            "charge", "charges", "charged", "cashier", "rental", "metal", "tote", "totes", "totem", "orange", "range", "taxi", "cask",
            "cart", "bank", "terung", "hat", "sat", "pat", "fax", "lip", "cord", "innen", "pln", "contact", "contacts", "presto", "redondo",
            "redonda", "paper", "papers", "point", "pint", "pints", "drinks",
        ].map { Array($0.utf8) })

    /// Letter pairs the OCR confuses in print (either way round).
    static func confusable(_ x: UInt8, _ y: UInt8) -> Bool {
        confusableTable[Int(x) << 8 | Int(y)]
    }

    /// `confusablePairs` as a table by `x << 8 | y`, both ways round (the lookup runs for every word of a page).
    private static let confusableTable: [Bool] = {
        var table = [Bool](repeating: false, count: 1 << 16)
        for pair in confusablePairs {
            let p = Array(pair)
            guard p.count == 2 else { continue }
            table[Int(p[0]) << 8 | Int(p[1])] = true
            table[Int(p[1]) << 8 | Int(p[0])] = true
        }
        return table
    }()

    /// Whether `y` is a letter the OCR reads for `x` at the start of a word (`similarLetters`).
    private static func isSimilarStart(_ x: UInt8, _ y: UInt8) -> Bool {
        similarLetters[x]?.contains(y) ?? false
    }

    private static let confusablePairs: Set<Set<UInt8>> = Set(
        ["cg", "ce", "co", "ao", "il", "it", "lt", "ft", "rn", "nm", "uv", "vy", "hb", "hn", "sa", "ec", "oe", "ul"].map {
            Set(Array($0.utf8))
        })

    /// Letters the OCR confuses at the start of a word.
    private static let similarLetters: [UInt8: Set<UInt8>] = [
        UInt8(ascii: "t"): [UInt8(ascii: "i"), UInt8(ascii: "l"), UInt8(ascii: "f"), UInt8(ascii: "j")],
        UInt8(ascii: "s"): [UInt8(ascii: "a")], UInt8(ascii: "c"): [UInt8(ascii: "e"), UInt8(ascii: "o")],
        UInt8(ascii: "g"): [UInt8(ascii: "c")],
    ]

    /// Levenshtein distance, stopping early once every path exceeds `limit`.
    static func editDistance(_ a: Bytes, _ b: Bytes, limit: Int) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let n = b.count + 1
        let (a0, b0) = (a.startIndex, b.startIndex)
        // Two rows on the stack: this runs for many word pairs of every page.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * n) { rows in
            var (previous, current) = (0, n)
            for j in 0..<n { rows[j] = j }
            for i in 1...a.count {
                rows[current] = i
                var rowMin = i
                let ai = a[a0 + i - 1]
                for j in 1...b.count {
                    let v = Swift.min(
                        rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + (ai == b[b0 + j - 1] ? 0 : 1))
                    rows[current + j] = v
                    rowMin = Swift.min(rowMin, v)
                }
                if rowMin > limit { return limit + 1 }
                swap(&previous, &current)
            }
            return rows[previous + b.count]
        }
    }
}
