import DataScanEngines
import DataScanModel

/// Finds e-mail addresses (`local@domain.tld`, the domain ending in a real top-level domain) and normalizes
/// them to lower case.
///
/// OCR of small print often puts a space after a dot of the domain (`orders@example. net`). The local part and
/// `@` are strong evidence, so such a domain is joined when the pieces only make a real host together (the TLD
/// all lower or all upper case); the value keeps the printed spaces, the normalized form is joined.
struct EmailDetector: TextDetector {
    var type: TextContentType { .emailAddress }

    func detect(in text: String, context: DetectionContext) -> [DetectedText] {
        let printed = UTF8Text(text)
        // Japanese pages print `＠` (often on purpose, against harvesters) or the whole address full-width.
        let folding = ASCIIFolding(printed)
        let t = folding.text
        var results: [DetectedText] = []
        var searchFrom = 0
        for at in t.bytes.indices where t.bytes[at] == UInt8(ascii: "@") && at >= searchFrom {
            // OCR also puts a space beside the `@` (`info@ example.com`, `info @example.com`): skipped when a
            // local part and a real host stand on both sides (the host is then checked with strict case).
            var spaceBefore = at >= 2 && t[at - 1] == 0x20 && Self.isLocalByte(t[at - 2])
            var start = spaceBefore ? at - 1 : at
            // An apostrophe between letters belongs to the name (`o'brien@example.ie`), a quote before it does not.
            // Latin letters with diacritics are the name's too (`jürgen.müller@example.de`, `c.trüb@example.org`:
            // internationalized addresses, RFC 6531), but no other script: CJK text runs into addresses unspaced.
            while start > 0 {
                if HostName.isLatinLetter(t[start - 2], t[start - 1]) {
                    start -= 2
                } else if Self.isLocalByte(t[start - 1])
                    || (t[start - 1] == UInt8(ascii: "'") && UTF8Text.isASCIILetter(t[start - 2]) && UTF8Text.isASCIILetter(t[start]))
                {
                    start -= 1
                } else {
                    break
                }
            }
            // A local part cannot start or end with a dot (`…sentence.info@x.de` keeps only `info`). After a
            // character glued to the dot that can be no part of an address (`j」.martin@x.com`, an OCR's reading of
            // `j.martin`), what stands after it is the address's tail: no address rather than a wrong one.
            let dotted = start
            while start < at, t[start] == UInt8(ascii: ".") { start += 1 }
            if start > dotted, dotted > 0, t[dotted - 1] >= 0x80 || "!#$&*/=?^`{|}~".utf8.contains(t[dotted - 1]) { continue }
            let localEnd = spaceBefore ? at - 1 : at
            guard start < localEnd, t[localEnd - 1] != UInt8(ascii: ".") else { continue }
            // An initial the OCR set apart (`j. martin@example.org`): a lone lower-case letter and a point before it.
            if start >= 3, t[start - 1] == 0x20, t[start - 2] == UInt8(ascii: "."), t[start - 3] >= 0x61, t[start - 3] <= 0x7A,
                start == 3 || !UTF8Text.isASCIILetter(t[start - 4]) && !t.isDigit(at: start - 4) && t[start - 4] != UInt8(ascii: ".")
            {
                start -= 3
            }
            // An `E-mail` label glued to the address by an OCR (`E-mailtanaka@example.jp`).
            if localEnd - start > 6, t.hasPrefix("e-mail", at: start) { start += 6 }
            // The local part's first letters set apart by the OCR right after an e-mail's label (`E-mail su
            // pport@clairefontaine.com`): the part is read whole, never from its tail (a short word there is a
            // word: `E-mail: to info@example.com`).
            var local = t.string(start..<localEnd).replacingOccurrences(of: ". ", with: ".")
            if t[start - 1] == 0x20, case let head = Self.shortLowercaseToken(endingAt: start - 1, in: t), head.count > 0,
                Self.followsMailLabel(start - 1 - head.count, in: t), !Self.shortWords.contains(head)
            {
                local = head + local
                start -= 1 + head.count
            }
            // The local part's first name set apart with its point (or a comma, the OCR's reading of it) right after an
            // e-mail's label (`E-mail anna. weber@maple.ne.jp`, `メール : anna, weber@sakura.com`). Elsewhere `…our
            // office. info@example.com` ends a sentence before the address.
            if t[start - 1] == 0x20, t[start - 2] == UInt8(ascii: ".") || t[start - 2] == UInt8(ascii: ","),
                case let head = Self.lowercaseWord(endingAt: start - 2, in: t), !head.isEmpty,
                Self.followsMailLabel(start - 2 - head.utf8.count, in: t)
            {
                local = head + "." + local
                start -= 2 + head.utf8.count
            }
            // A short local part after a dotted piece the OCR set apart (`an na.web er@ silverline.ne.jp`, PP-OCR on a
            // Japanese page) is the tail of an address: none rather than a wrong one.
            if local.utf8.count <= 3, t[start - 1] == 0x20, case let piece = Self.lowercaseWord(endingAt: start - 1, in: t),
                piece.dropFirst().dropLast().contains("."), !HostName.isValid(piece, strictCase: true)  // (not `www.x.de jo@x.de`)
            {
                continue
            }
            guard !zip(local.utf8, local.utf8.dropFirst()).contains(where: { $0 == 0x2E && $1 == 0x2E }) else { continue }
            // Spaces on both sides (`tanaka @ example.eu`) only after an e-mail's label (`Mail`, `E-Mail:`): in running
            // text `see you @ home.com` is no address.
            let bothSpaced = spaceBefore && t[at + 1] == 0x20 && HostName.isHostByte(t[at + 2]) && Self.followsMailLabel(start, in: t)
            let spaceAfter = (!spaceBefore || bothSpaced) && t[at + 1] == 0x20 && HostName.isHostByte(t[at + 2])
            if bothSpaced { spaceBefore = true }
            let domainStart = spaceAfter ? at + 2 : at + 1
            var end = domainStart
            while end < t.count, case let n = HostName.characterLength(at: end, in: t, international: true), n > 0 { end += n }
            while end > domainStart, t[end - 1] == UInt8(ascii: ".") || t[end - 1] == UInt8(ascii: "-") { end -= 1 }
            guard end > domainStart else { continue }
            var domain = t.string(domainStart..<end)
            if spaceBefore || spaceAfter {
                if !HostName.isValid(domain, strictCase: true, international: true) {
                    // After an e-mail's label, the OCR's spaces beside the `@` and inside the host are all its own
                    // (`E-mail hello @mizuh o-kestrel.com`, as PP-OCR reads Latin text on a Japanese page).
                    guard Self.followsMailLabel(start, in: t), let (joinedEnd, joined) = Self.joinSplitDomain(domain, end: end, in: t)
                    else { continue }
                    end = joinedEnd
                    domain = joined
                }
            } else if !HostName.isValid(domain, strictCase: false, international: true) {
                guard let (joinedEnd, joined) = Self.joinSplitDomain(domain, end: end, in: t) else { continue }
                end = joinedEnd
                domain = joined
            } else if let (joinedEnd, joined) = Self.joinedCountrySuffix(domain, end: end, in: t) {
                end = joinedEnd
                domain = joined
            }
            let value = t.string(start..<end)
            results.append(
                DetectedText(
                    type: .emailAddress, range: start..<end, value: value,
                    normalized: (local + "@" + domain).lowercased()))
            searchFrom = end
        }
        return folding.unfolded(results, in: printed)
    }

    /// The domain `prefix` (ending at `end`) joined with the labels after `. ` gaps, as far as the joined host is
    /// valid (at most three gaps); nil when no join makes one.
    ///
    /// A label split by a space alone (`rheinblick-harb or.co.jp`, an OCR's gap inside a word) is joined too when
    /// the rest is a host's tail (it has a point) and together they make a valid host.
    private static func joinSplitDomain(_ prefix: String, end: Int, in t: UTF8Text) -> (Int, String)? {
        if t[end] == 0x20, HostName.isHostByte(t[end + 1]), UTF8Text.isASCIILetter(t[end + 1]) || t.isDigit(at: end + 1) {
            var tailEnd = end + 1
            while HostName.isHostByte(t[tailEnd]) { tailEnd += 1 }
            while tailEnd > end + 1, t[tailEnd - 1] == UInt8(ascii: ".") || t[tailEnd - 1] == UInt8(ascii: "-") { tailEnd -= 1 }
            let tail = t.string(end + 1..<tailEnd)
            if tail.contains("."), HostName.isValid(prefix + tail, strictCase: true) { return (tailEnd, prefix + tail) }
        }
        var domain = prefix, i = end
        var longest: (Int, String)?
        for _ in 0..<3 {
            guard t[i] == UInt8(ascii: "."), t[i + 1] == 0x20 else { return longest }
            var next = i + 1
            while next < i + 3, t[next] == 0x20 { next += 1 }
            var labelEnd = next
            while HostName.isHostByte(t[labelEnd]) { labelEnd += 1 }
            while labelEnd > next, t[labelEnd - 1] == UInt8(ascii: ".") || t[labelEnd - 1] == UInt8(ascii: "-") {
                labelEnd -= 1
            }
            guard labelEnd > next, UTF8Text.isASCIILetter(t[next]) || t.isDigit(at: next) else { return longest }
            domain += "." + t.string(next..<labelEnd)
            i = labelEnd
            // The longest join that is a host: `oakridge. ne. jp` is oakridge.ne.jp, not oakridge.ne (Niger).
            if HostName.isValid(domain, strictCase: true) { longest = (i, domain) }
        }
        return longest
    }

    /// The one to three lower-case letters or digits that end at `end` after a space or a colon, or "".
    private static func shortLowercaseToken(endingAt end: Int, in t: UTF8Text) -> String {
        var k = end
        while k > 0, end - k < 4, (t[k - 1] >= 0x61 && t[k - 1] <= 0x7A) || t.isDigit(at: k - 1) { k -= 1 }
        guard (1...3).contains(end - k), t[k - 1] == 0x20 || t[k - 1] == UInt8(ascii: ":") else { return "" }
        return t.string(k..<end)
    }

    /// The lower-case letters, digits, `.`, `_` and `-` (at most 30, starting with a letter) that end at `end` after a
    /// space or a colon, or "".
    private static func lowercaseWord(endingAt end: Int, in t: UTF8Text) -> String {
        var k = end
        while k > 0, end - k < 30, (t[k - 1] >= 0x61 && t[k - 1] <= 0x7A) || t.isDigit(at: k - 1) || "._-".utf8.contains(t[k - 1]) {
            k -= 1
        }
        guard k < end, t[k] >= 0x61, t[k] <= 0x7A, t[k - 1] == 0x20 || t[k - 1] == UInt8(ascii: ":") else { return "" }
        return t.string(k..<end)
    }

    /// Short words that stand between an e-mail's label and the address (`E-mail: to info@example.com`).
    private static let shortWords: Set<String> = [
        "to", "at", "me", "us", "or", "via", "is", "and", "an", "a", "by", "de", "la", "le", "el", "in", "on", "von", "per", "for",
        "the", "our", "my", "une", "un", "una", "au", "en",
    ]

    /// A host that ends in a second-level label (`maple.ne`, `example.co`) with the country's label set apart by the
    /// OCR (`service@maple.ne. jp`, `x@shop.co. uk`): the whole host, when it is valid, and its end.
    private static func joinedCountrySuffix(_ domain: String, end: Int, in t: UTF8Text) -> (Int, String)? {
        guard t[end] == UInt8(ascii: "."), t[end + 1] == 0x20, let last = domain.split(separator: ".").last,
            secondLevelLabels.contains(String(last))
        else { return nil }
        let start = end + 2
        var labelEnd = start
        while labelEnd < t.count, t[labelEnd] >= 0x61, t[labelEnd] <= 0x7A { labelEnd += 1 }
        guard labelEnd - start == 2, !t.isWordByte(at: labelEnd) || t[labelEnd] == UInt8(ascii: ".") else { return nil }
        let joined = domain + "." + t.string(start..<labelEnd)
        return HostName.isValid(joined, strictCase: true) ? (labelEnd, joined) : nil
    }

    private static let secondLevelLabels: Set<String> = ["co", "ne", "or", "ac", "go", "com", "net", "org", "gov", "edu", "gr", "lg", "ed"]

    /// Whether the word before `index` (spaces and a colon between) is an e-mail's label: `Mail`, `E-Mail`,
    /// `Email`, `Courriel`, `Correo`, `メール`.
    static func followsMailLabel(_ index: Int, in t: UTF8Text) -> Bool {
        var end = index
        while end > 0 {
            if t[end - 1] == 0x20 || t[end - 1] == UInt8(ascii: ":") {
                end -= 1
            } else if end >= 3, t.hasPrefix("：", at: end - 3) {
                end -= 3
            } else {
                break
            }
        }
        if end >= 9, t.hasPrefix("メール", at: end - 9) { return true }
        // The label's letters, one space inside them ignored (`E-mai l`, as PP-OCR splits Latin words on Japanese pages).
        var letters: [UInt8] = []
        var k = end, spaced = false
        while k > 0, letters.count < 8 {
            if t[k - 1] == 0x20, !spaced, !letters.isEmpty, UTF8Text.isASCIILetter(t[k - 2]) {
                spaced = true
            } else if UTF8Text.isASCIILetter(t[k - 1]) {
                letters.append(UTF8Text.lowercase(t[k - 1]))
            } else {
                break
            }
            k -= 1
        }
        return ["mail", "courriel", "correo"].contains { label in letters.starts(with: label.utf8.reversed()) }
    }

    /// The characters of an address's local part that OCR'd pages actually show (RFC 5322 allows more).
    private static func isLocalByte(_ b: UInt8) -> Bool {
        UTF8Text.isDigit(b) || UTF8Text.isASCIILetter(b) || "._%+-".utf8.contains(b)
    }
}
