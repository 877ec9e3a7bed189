import DataScanModel

/// Words that say what an amount is counted in, as people print them beside numbers: currency names
/// (`17 dollars`, `75 Millionen Dollar`, `500 euros`, `3000 yen`) and scale words (`2,5 Mio. €`, `€2.5 million`,
/// `1.000万円`, `$3bn`), in the languages datascan reads.
///
/// Why a table of our own beside CLDR: Foundation's `Locale` names each currency formally and in the singular
/// (`US-Dollar`, `dollar des États-Unis`); running text uses the short, often plural forms. The formal names are
/// added from CLDR at start (`CurrencySymbols.marks`), so `Schweizer Franken` and `dólar estadounidense` read too.
enum AmountWords {
    /// Currency words and what they mean, in their printed case forms (lower-case and capitalized are added).
    static let currencies: [(String, CurrencySymbols.Meaning)] = {
        let words: [(String, CurrencySymbols.Meaning)] = [
            // en
            ("dollar", .dollar), ("dollars", .dollar), ("us dollars", .code("USD")), ("us dollar", .code("USD")),
            ("US dollars", .code("USD")), ("US dollar", .code("USD")), ("U.S. dollars", .code("USD")), ("U.S. dollar", .code("USD")),
            ("canadian dollars", .code("CAD")), ("australian dollars", .code("AUD")), ("new zealand dollars", .code("NZD")),
            ("singapore dollars", .code("SGD")), ("hong kong dollars", .code("HKD")), ("Hong Kong dollars", .code("HKD")),
            ("New Zealand dollars", .code("NZD")), ("American dollars", .code("USD")), ("American dollar", .code("USD")),
            ("euro", .code("EUR")), ("euros", .code("EUR")), ("pound sterling", .code("GBP")), ("pounds sterling", .code("GBP")),
            ("yen", .code("JPY")), ("yuan", .code("CNY")), ("renminbi", .code("CNY")), ("rupee", .code("INR")),
            ("rupees", .code("INR")), ("swiss francs", .code("CHF")), ("swiss franc", .code("CHF")), ("ringgit", .code("MYR")),
            ("pesos", .peso), ("peso", .peso), ("reais", .code("BRL")), ("zloty", .code("PLN")), ("rupiah", .code("IDR")),
            ("kronor", .code("SEK")), ("kroner", .code("NOK")), ("baht", .code("THB")), ("naira", .code("NGN")),
            ("forint", .code("HUF")), ("forints", .code("HUF")), ("shekel", .code("ILS")), ("shekels", .code("ILS")),
            ("rubles", .code("RUB")), ("roubles", .code("RUB")), ("ruble", .code("RUB")), ("rouble", .code("RUB")),
            ("hryvnia", .code("UAH")), ("hryvnias", .code("UAH")), ("dirham", .regional("dirham")),
            ("dirhams", .regional("dirham")), ("riyal", .regional("riyal")), ("riyals", .regional("riyal")),
            ("rial", .regional("riyal")), ("rials", .regional("riyal")), ("dinar", .regional("dinar")),
            ("dinars", .regional("dinar")),
            // de
            ("Dollar", .dollar), ("US-Dollar", .code("USD")), ("Euro", .code("EUR")), ("Franken", .code("CHF")),
            ("Pfund", .code("GBP")), ("Yen", .code("JPY")),
            // pl, fr, es, it, pt, nl
            ("złotych", .code("PLN")), ("złote", .code("PLN")), ("złoty", .code("PLN")), ("francs", .code("CHF")),
            ("dollars américains", .code("USD")), ("dólares", .dollar), ("dólar", .dollar), ("dollari", .dollar),
            ("dólares americanos", .code("USD")), ("francs suisses", .code("CHF")), ("franchi", .code("CHF")),
            ("sterline", .code("GBP")), ("libras", .code("GBP")), ("livres sterling", .code("GBP")), ("ienes", .code("JPY")),
            ("yenes", .code("JPY")),
            // ja, zh, ko
            ("ドル", .dollar), ("米ドル", .code("USD")), ("ユーロ", .code("EUR")), ("ポンド", .code("GBP")), ("美元", .code("USD")),
            ("欧元", .code("EUR")), ("人民币", .code("CNY")), ("日元", .code("JPY")), ("英镑", .code("GBP")), ("달러", .dollar),
            ("유로", .code("EUR")), ("엔", .code("JPY")),
        ]
        var out: [(String, CurrencySymbols.Meaning)] = []
        var seen = Set<String>()
        for (word, meaning) in words {
            for form in [word, word.prefix(1).uppercased() + word.dropFirst(), word.uppercased()] where seen.insert(form).inserted {
                out.append((form, meaning))
            }
        }
        return out
    }()

    /// Scale words and their power of ten; the longest match wins, a trailing `.` belongs to abbreviations.
    static let scales: [(word: [UInt8], exponent: Int, glued: Bool, englishShort: Bool)] = {
        let table: [(String, Int)] = [
            ("thousand", 3), ("million", 6), ("millions", 6), ("billion", 9), ("billions", 9), ("trillion", 12),
            ("bn", 9), ("mn", 6), ("m", 6), ("k", 3), ("K", 3), ("M", 6), ("B", 9),
            ("Tausend", 3), ("Tsd.", 3), ("Mio.", 6), ("Mio", 6), ("Million", 6), ("Millionen", 6), ("Mrd.", 9), ("Mrd", 9),
            ("Milliarde", 9), ("Milliarden", 9), ("mille", 3), ("milliard", 9), ("milliards", 9), ("Md", 9), ("Mds", 9),
            ("mil", 3), ("millón", 6), ("millones", 6), ("mil millones", 9), ("milhão", 6), ("milhões", 6), ("bilhão", 9),
            ("bilhões", 9), ("mila", 3), ("milione", 6), ("milioni", 6), ("miliardo", 9), ("miliardi", 9), ("mln", 6),
            ("mld", 9), ("duizend", 3), ("miljoen", 6), ("miljard", 9), ("lakh", 5), ("lakhs", 5), ("crore", 7), ("crores", 7),
            ("千", 3), ("万", 4), ("萬", 4), ("億", 8), ("亿", 8), ("兆", 12), ("천", 3), ("만", 4), ("억", 8), ("조", 12),
        ]
        var out: [(word: [UInt8], exponent: Int, glued: Bool, englishShort: Bool)] = []
        for (word, exponent) in table {
            let forms =
                word.first.map { $0.isLowercase } == true && word.count > 2
                ? [word, word.prefix(1).uppercased() + word.dropFirst()] : [word]
            for form in forms {
                // Single letters and the CJK units are written glued to the number (`$3m`, `5k`, `1,000万`); words after a space.
                let glued = form.utf8.count <= 2 || form.unicodeScalars.first.map { $0.value >= 0x3000 } == true
                out.append((Array(form.utf8), exponent, glued, englishShortScales.contains(form)))
            }
        }
        return out.sorted { $0.word.count > $1.word.count }
    }()

    /// English abbreviations of scales (`$3bn`, `£1.25m`, `5k`): an English number's, never after a decimal comma
    /// (`EUR 3,6B` is 3,68 with the 8 misread).
    static let englishShortScales: Set<String> = ["bn", "mn", "m", "k", "K", "M", "B"]

    /// Words between a scale and its currency: `3 millions d'euros`, `12 milioni di euro`, `2 millones de euros`.
    static let connectors = [" d'", " d’", " de ", " di ", " des "].map { Array($0.utf8) }

    /// Scale letters glued to a currency's sign or code, as French, German and Swedish financial text abbreviates
    /// (`200 k€`, `3,5 M€`, `1,2 Md€`, `500 T€`, `12 MEUR`, `4 M$`, `350 tkr`, `2 mdkr`): a scale after a decimal
    /// comma too, since the sign says what the letter is.
    static let signScales: [(word: [UInt8], exponent: Int)] = [
        ("Mds", 9), ("Mrd", 9), ("Md", 9), ("md", 9), ("M", 6), ("k", 3), ("K", 3), ("T", 3), ("t", 3),
    ].map { (Array($0.utf8), $1) }

    /// The scale word right after `end` (`12 million`, `12m`, `1.000万`, `2,5 Mio.`, `3,5 M€`): its end and power of
    /// ten.
    static func scale(after end: Int, in t: UTF8Text, decimalComma: Bool = false) -> (end: Int, exponent: Int)? {
        let signed = t[end] == 0x20 ? end + 1 : end
        for scale in signScales where t.matches(scale.word, at: signed) {
            let after = signed + scale.word.count
            if let mark = CurrencySymbols.mark(startingAt: after, in: t), !mark.isName { return (after, scale.exponent) }
        }
        for scale in scales where !(decimalComma && scale.englishShort) {
            var k = end
            if !scale.glued {
                guard t[k] == 0x20 else { continue }
                k += 1
            }
            guard k + scale.word.count <= t.count, t.bytes[k..<(k + scale.word.count)].elementsEqual(scale.word) else { continue }
            let after = k + scale.word.count
            // A whole word (`12 millimetres` is no million; `5km` no thousand): an ASCII scale may not run on into letters.
            if scale.word.allSatisfy({ $0 < 0x80 }), scale.word.last != UInt8(ascii: "."), UTF8Text.isASCIILetter(t[after]) { continue }
            // Nor may it run on into digits: `EUR 8B.88` is 88.88 with an 8 read as a B, not eight billion. (A CJK unit
            // may: `1億2000万円`.)
            if scale.word.allSatisfy({ $0 < 0x80 }), t.isDigit(at: after) || (".,".utf8.contains(t[after]) && t.isDigit(at: after + 1)) {
                continue
            }
            return (after, scale.exponent)
        }
        return nil
    }

    /// The length of a scale word ending at `end` right after a number (`2.5 billion`, `$3bn`), or nil.
    static func scaleWord(endingAt end: Int, in t: UTF8Text) -> Int? {
        for scale in scales {
            let start = end - scale.word.count
            guard start > 0, t.bytes[start..<end].elementsEqual(scale.word) else { continue }
            if t.isDigit(at: start - 1) || (!scale.glued && t[start - 1] == 0x20 && t.isDigit(at: start - 2)) { return scale.word.count }
        }
        return nil
    }

    /// CJK units that a smaller amount may follow (`1億2000万円`, `3조 5000억 원`, `1万2000円`, `1만 2000원`).
    static let compoundUnits: [[UInt8]] = ["億", "亿", "兆", "억", "조", "万", "萬", "만"].map { Array($0.utf8) }

    /// A compound CJK amount whose head, `integer` times ten to `exponent` (a unit of `compoundUnits`), ends at
    /// `end`: the digits after it, with their own smaller unit (`2000万`, `5000억`), added. Its end and its digits.
    static func cjkCompound(head integer: String, exponent: Int, after end: Int, in t: UTF8Text) -> (end: Int, amount: String)? {
        guard exponent >= 4, let head = Int(integer) else { return nil }
        var k = end
        if t[k] == 0x20 { k += 1 }
        var tail = 0
        var digits = 0
        while t.isDigit(at: k) || (t[k] == UInt8(ascii: ",") && t.isDigit(at: k + 1) && digits > 0) {
            if t.isDigit(at: k) {
                guard digits < 12 else { return nil }
                tail = tail * 10 + Int(t[k] - 0x30)
                digits += 1
            }
            k += 1
        }
        guard digits > 0 else { return nil }
        if let unit = scale(after: k, in: t), unit.exponent < exponent, unit.end - k <= 3 {
            let (scaled, overflow) = tail.multipliedReportingOverflow(by: power(unit.exponent))
            guard !overflow else { return nil }
            tail = scaled
            k = unit.end
        }
        let headUnit = power(exponent)
        let (whole, overflow) = head.multipliedReportingOverflow(by: headUnit)
        guard !overflow, tail < headUnit else { return nil }
        let (total, carry) = whole.addingReportingOverflow(tail)
        guard !carry else { return nil }
        return (k, String(total))
    }

    /// Ten to `exponent` (at most 12, the largest scale).
    private static func power(_ exponent: Int) -> Int { (0..<exponent).reduce(1) { n, _ in n * 10 } }

    /// Whether `index` starts the digits right after a compound CJK unit that follows digits (`2000` in `1億2000万円`):
    /// the tail of one amount, never an amount of its own.
    static func isCompoundTail(at index: Int, in t: UTF8Text) -> Bool {
        var k = index
        if t[k - 1] == 0x20 { k -= 1 }
        return compoundUnits.contains { unit in
            k - unit.count >= 1 && t.bytes[(k - unit.count)..<k].elementsEqual(unit) && t.isDigit(at: k - unit.count - 1)
        }
    }

    /// `plain` (`2.5`, `1000`) times ten to `exponent`, as digits without grouping (`2500000`, `10000000`).
    static func scaled(_ plain: String, by exponent: Int) -> String {
        let negative = plain.hasPrefix("-")
        let digits = negative ? String(plain.dropFirst()) : plain
        let parts = digits.split(separator: ".", maxSplits: 1).map(String.init)
        var integer = parts[0]
        var fraction = parts.count > 1 ? parts[1] : ""
        for _ in 0..<exponent {
            if fraction.isEmpty {
                integer += "0"
            } else {
                integer.append(fraction.removeFirst())
            }
        }
        while integer.count > 1, integer.hasPrefix("0") { integer.removeFirst() }
        return (negative ? "-" : "") + integer + (fraction.isEmpty ? "" : "." + fraction)
    }
}
