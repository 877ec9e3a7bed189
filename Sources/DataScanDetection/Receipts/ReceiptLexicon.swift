import DataScanModel

/// What a receipt line says its amount is, read from the line's words with the OCR's usual damage tolerated
/// (`T0TAL`, `TOTA1`, `Tatal`, `Subtoiat`, `TotalAmtRounded`, `Total Incl. of GST`).
///
/// Why approximate: on real receipts (thermal prints, phone photos) a third of the label words come out of the OCR
/// with a letter or two wrong, split or glued. Words are compared after folding case, the digits OCR puts for
/// letters (`0`→`o`, `1`→`l`, `5`→`s`, `8`→`b`) and the line's punctuation away; a phrase of eight letters or more
/// may differ in two letters, one of five to seven in one, shorter ones must match exactly. The phrases are tried
/// most specific first (`total excl gst` before `total`), and a phrase only counts on whole words.
enum ReceiptLexicon {
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

    /// The role of `line` (its text), or nil: the role of the most specific phrase that stands in it.
    static func role(of line: String) -> Role? {
        let words = foldedWords(line)
        guard !words.isEmpty else { return nil }
        guard let (index, start) = firstMatch(in: words) else { return nil }
        let phrase = phrases[index]
        // `Total incl. VAT`, `合計(税込)`: a total that names the tax it includes is the final amount; but
        // `GST 6% included in total RM 3.01` is the tax: which word comes first decides.
        if phrase.role == .includedTax, let total = firstIndex(of: .total(strength: 2), in: words), total <= start {
            return .total(strength: 3)
        }
        return phrase.role
    }

    /// The most specific phrase (the lowest index in `phrases`) that matches `words`, and the word it starts at.
    /// Why the index: a page has hundreds of lines and the table hundreds of phrases; only phrases whose first letter
    /// fits a word's (the same, a confusable one, or one lost or gained at the start) are compared with it.
    static func firstMatch(in words: [[UInt8]]) -> (index: Int, start: Int)? {
        var best: (index: Int, start: Int)?
        var scratch: [UInt8] = []
        scratch.reserveCapacity(64)
        let masks = words.map(letterMask)
        for (start, word) in words.enumerated() {
            guard let w0 = word.first else { continue }
            // The two candidate lists, each in phrase order, walked together (lowest index first, each once).
            let first = byFirstByte[Int(w0)]
            let second = word.count > 1 ? byExactFirstByte[Int(word[1])] : []
            var (x, y) = (0, 0)
            while x < first.count || y < second.count {
                let p: Int
                if y >= second.count || (x < first.count && first[x] <= second[y]) {
                    p = first[x]
                    if y < second.count, second[y] == p { y += 1 }
                    x += 1
                } else {
                    p = second[y]
                    y += 1
                }
                if let b = best, p >= b.index { break }
                if start != 0, phraseAtLineStart[p] { continue }
                // Checked on bit sets of letters before the phrase itself is looked at (see `matches`): word by
                // word, its first word is at most two letters from the line's word; glued or split, the line's words
                // that make up its length miss at most one of its letters.
                let count = phraseWordCounts[p]
                if start + count > words.count || (firstWordMasks[p] & ~masks[start]).nonzeroBitCount > 2 {
                    var window: UInt32 = 0
                    var length = 0
                    for k in start..<min(words.count, start + count + 2) {
                        length += words[k].count
                        if length > squeezedLengths[p] + 1 { break }
                        window |= masks[k]
                    }
                    if (phraseMasks[p] & ~window).nonzeroBitCount > 1 { continue }
                }
                let phrase = phrases[p]
                if matches(phrase, words, at: start, scratch: &scratch) {
                    best = (p, start)
                    break
                }
            }
        }
        if words.contains(where: { $0.contains { $0 >= 0x80 } }) {
            for p in nonLatinPhrases {
                if let b = best, p >= b.index { break }
                if let start = find(phrases[p].words, in: words), !phrases[p].atLineStart || start == 0 {
                    best = (p, start)
                    break
                }
            }
        }
        return best
    }

    /// Where the first phrase of `role` stands among `words` (rarely needed: the slow way).
    private static func firstIndex(of role: Role, in words: [[UInt8]]) -> Int? {
        phrases.compactMap { $0.role == role ? find($0.words, in: words) : nil }.min()
    }

    /// Whether `phrase` matches `words` at `start`: word by word, or with the spaces between its words lost or added
    /// (`subtotal` for `sub total`, `tot al`: then one letter may differ, no more — two would let `total tax` pass for
    /// `total ttc`).
    private static func matches(_ phrase: Phrase, _ words: [[UInt8]], at start: Int, scratch: inout [UInt8]) -> Bool {
        if start + phrase.words.count <= words.count {
            var all = true
            for (k, w) in phrase.words.enumerated() where !similar(w, words[start + k]) {
                all = false
                break
            }
            if all { return true }
        }
        scratch.removeAll(keepingCapacity: true)
        for end in start..<min(words.count, start + phrase.words.count + 2) {
            scratch += words[end]
            if scratch.count >= phrase.squeezed.count - 1, similar(phrase.squeezed, scratch, maximum: 1) { return true }
            if scratch.count > phrase.squeezed.count + 2 { break }
        }
        return false
    }

    /// Latin phrases by a line word's first byte: those that start with it or a letter the OCR confuses with it, or
    /// whose second letter it is (the first lost).
    private static let byFirstByte: [[Int]] = {
        var table = [[Int]](repeating: [], count: 256)
        for (i, p) in phrases.enumerated() where p.isLatin {
            guard let first = p.squeezed.first else { continue }
            var bytes: Set<UInt8> = [first]
            for b in UInt8(ascii: "a")...UInt8(ascii: "z") where confusable(b, first) || (similarLetters[first] ?? []).contains(b) {
                bytes.insert(b)
            }
            for (x, set) in similarLetters where set.contains(first) { bytes.insert(x) }
            if p.squeezed.count > 1 { bytes.insert(p.squeezed[1]) }
            for b in bytes { table[Int(b)].append(i) }
        }
        return table
    }()

    /// The letters `a`–`z` of a folded word as bits.
    static func letterMask(_ word: [UInt8]) -> UInt32 {
        var mask: UInt32 = 0
        for b in word where b >= 0x61 && b <= 0x7A { mask |= 1 << UInt32(b - 0x61) }
        return mask
    }

    /// Per phrase, flat: its letters and its first word's as bits, its word count and squeezed length, whether it
    /// must start its line (read per candidate without copying the phrase).
    private static let phraseMasks: [UInt32] = phrases.map { letterMask($0.squeezed) }
    private static let phraseWordCounts: [Int] = phrases.map(\.words.count)
    private static let firstWordMasks: [UInt32] = phrases.map { letterMask($0.words.first ?? []) }
    private static let squeezedLengths: [Int] = phrases.map(\.squeezed.count)
    private static let phraseAtLineStart: [Bool] = phrases.map(\.atLineStart)

    /// Latin phrases by their exact first byte (a line word with one letter gained at its start).
    private static let byExactFirstByte: [[Int]] = {
        var table = [[Int]](repeating: [], count: 256)
        for (i, p) in phrases.enumerated() where p.isLatin {
            if let first = p.squeezed.first { table[Int(first)].append(i) }
        }
        return table
    }()

    /// The indices of the non-Latin (CJK, Hangul) phrases, in order.
    private static let nonLatinPhrases: [Int] = phrases.indices.filter { !phrases[$0].isLatin }

    /// The line's words in lower case, with digits that stand for letters inside words read as letters, `.`/`:`/`(`
    /// and other punctuation as word breaks, and camel-case glued words split (`TotalAmtRounded` → total amt rounded).
    static func foldedWords(_ line: String) -> [[UInt8]] {
        var words: [[UInt8]] = []
        var current: [UInt8] = []
        var previousWasLower = false
        func flush() {
            if !current.isEmpty { words.append(current) }
            current = []
        }
        let bytes = Array(line.utf8)
        for (i, b) in bytes.enumerated() {
            let isUpper = b >= 0x41 && b <= 0x5A, isLower = b >= 0x61 && b <= 0x7A
            if isUpper || isLower {
                if isUpper, previousWasLower { flush() }
                current.append(b | 0x20)
                previousWasLower = isLower
            } else if UTF8Text.isDigit(b) {
                // A digit among letters is a misread letter (`T0TAL`, `SUBT0TAL`, `5ubtotal`); among digits, a number.
                let letterBefore = i > 0 && UTF8Text.isASCIILetter(bytes[i - 1])
                let letterAfter = i + 1 < bytes.count && UTF8Text.isASCIILetter(bytes[i + 1])
                if (letterBefore || letterAfter), let letter = digitLetters[b] {
                    current.append(letter)
                } else {
                    flush()
                }
                previousWasLower = false
            } else if b == 0xC3, i + 1 < bytes.count, let plain = latin1Letters[bytes[i + 1]] {
                // `é` → `e`, `ü` → `u`, `ß` → `ss`: receipts print the same words with and without accents.
                current += plain
                previousWasLower = true
            } else if i > 0, bytes[i - 1] == 0xC3, latin1Letters[b] != nil {
                continue
            } else if b >= 0x80 {
                current.append(b)
                previousWasLower = false
            } else {
                flush()
                previousWasLower = false
            }
        }
        flush()
        return words
    }

    /// The second byte of a Latin-1 letter's UTF-8 form (after 0xC3), and its letters without the accent.
    private static let latin1Letters: [UInt8: [UInt8]] = {
        let pairs: [(String, String)] = [
            ("àáâãäå", "a"), ("ÀÁÂÃÄÅ", "a"), ("èéêë", "e"), ("ÈÉÊË", "e"), ("ìíîï", "i"), ("ÌÍÎÏ", "i"), ("òóôõö", "o"),
            ("ÒÓÔÕÖ", "o"), ("ùúûü", "u"), ("ÙÚÛÜ", "u"), ("ç", "c"), ("Ç", "c"), ("ñ", "n"), ("Ñ", "n"), ("ß", "ss"),
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

    private static let digitLetters: [UInt8: UInt8] = [
        UInt8(ascii: "0"): UInt8(ascii: "o"), UInt8(ascii: "1"): UInt8(ascii: "l"), UInt8(ascii: "5"): UInt8(ascii: "s"),
        UInt8(ascii: "8"): UInt8(ascii: "b"), UInt8(ascii: "6"): UInt8(ascii: "g"),
    ]

    /// The index of the first word where `phrase` matches, words compared approximately; a phrase word may also
    /// match two line words glued by the OCR's lost space, and two phrase words one glued line word.
    static func find(_ phrase: [[UInt8]], in words: [[UInt8]]) -> Int? {
        let squeezed = phrase.joined().map { $0 }
        // CJK and other non-Latin phrases: anywhere in a word (those scripts put no spaces between words).
        if squeezed.first.map({ $0 >= 0x80 }) == true {
            func contains(_ word: [UInt8]) -> Bool {
                word.count >= squeezed.count
                    && (0...(word.count - squeezed.count)).contains { word[$0..<($0 + squeezed.count)].elementsEqual(squeezed) }
            }
            if let index = words.firstIndex(where: contains) { return index }
            // Split into syllables by the OCR (`받 은 금액`): the words joined.
            for start in words.indices {
                var joined: [UInt8] = []
                for word in words[start...] {
                    joined += word
                    if contains(joined) { return start }
                    if joined.count > squeezed.count + 8 { break }
                }
            }
            return nil
        }
        for start in words.indices {
            // Word by word.
            if start + phrase.count <= words.count,
                zip(phrase, words[start..<(start + phrase.count)]).allSatisfy({ similar($0, $1) })
            {
                return start
            }
            // The same letters with the spaces lost or added (`subtotal` for `sub total`, `tot al`): one letter may
            // differ, no more (two would let `total tax` pass for `total ttc`).
            var joined: [UInt8] = []
            for end in start..<min(words.count, start + phrase.count + 2) {
                joined += words[end]
                if joined.count >= squeezed.count - 1, similar(squeezed, joined, maximum: 1) { return start }
                if joined.count > squeezed.count + 2 { break }
            }
        }
        return nil
    }

    /// Whether two folded words are the same allowing for OCR damage (see the type's comment). Non-ASCII words
    /// (CJK, accented) must match exactly.
    static func similar(_ a: [UInt8], _ b: [UInt8], maximum: Int = 2) -> Bool {
        if a == b { return true }
        let length = max(a.count, b.count)
        // Short words: one letter the OCR is known to confuse (`gash` for `cash`, `tcta` for `tota`), nothing else.
        if length < 5 {
            guard a.count == b.count, a.count >= 3 else { return false }
            var differing: (UInt8, UInt8)?
            for k in a.indices where a[k] != b[k] {
                guard differing == nil else { return false }
                differing = (a[k], b[k])
            }
            guard let (x, y) = differing, confusable(x, y), !a.contains(where: { $0 >= 0x80 }), !b.contains(where: { $0 >= 0x80 })
            else { return false }
            return !nearWords.contains(b)
        }
        let allowed = min(maximum, length >= 8 ? 2 : 1)
        guard abs(a.count - b.count) <= allowed else { return false }
        // The first letter is rarely the one misread on a label; requiring it keeps `rental` from being `total`.
        // (A first letter lost or gained is a deletion, and allowed: `otal` for `total`.)
        let (x, y) = (a.first ?? 0, b.first ?? 0)
        guard x == y || a.count != b.count || isSimilarStart(x, y) || isSimilarStart(y, x) else { return false }
        if a.contains(where: { $0 >= 0x80 }) || b.contains(where: { $0 >= 0x80 }) { return false }
        guard editDistance(a, b, limit: allowed) <= allowed else { return false }
        // Real words one letter away from a keyword are themselves, not a misread keyword (`charge` is not `change`).
        return !nearWords.contains(b)
    }

    /// Words that are one or two letters from a keyword and common on receipts.
    private static let nearWords: Set<[UInt8]> = Set(
        [
            "charge", "charges", "charged", "cashier", "rental", "metal", "tote", "totes", "totem", "orange", "range", "taxi", "cask",
            "cart", "bank",
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
        UInt8(ascii: "t"): [UInt8(ascii: "i"), UInt8(ascii: "l"), UInt8(ascii: "f")],
        UInt8(ascii: "s"): [UInt8(ascii: "a")], UInt8(ascii: "c"): [UInt8(ascii: "e"), UInt8(ascii: "o")],
        UInt8(ascii: "g"): [UInt8(ascii: "c")],
    ]

    /// Levenshtein distance, stopping early once every path exceeds `limit`.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let n = b.count + 1
        // Two rows on the stack: this runs for many word pairs of every page.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * n) { rows in
            var (previous, current) = (0, n)
            for j in 0..<n { rows[j] = j }
            for i in 1...a.count {
                rows[current] = i
                var rowMin = i
                for j in 1...b.count {
                    let v = Swift.min(
                        rows[previous + j] + 1, rows[current + j - 1] + 1, rows[previous + j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
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
