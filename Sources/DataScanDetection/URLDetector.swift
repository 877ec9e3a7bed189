import DataScanEngines
import DataScanModel

/// Finds web addresses, with a scheme (`https://…`) or without (`www.x.com`, `shop.example.de/a?b=1`), and
/// normalizes them to an absolute URL: `http://` is added when none is printed (as Apple's data detectors do; a
/// printed `https://` is kept), the scheme and host are lower-cased, path and query stay as printed. E-mail
/// addresses are not URLs.
///
/// OCR of small print often puts a space after `.` or `:` (`www. example. com/x`, `https: //example.org`). Such a
/// split URL is joined only with strong evidence: it starts with a scheme or `www.`, and the joined host ends in a
/// real top-level domain. Its value is the text as printed (with the spaces), its normalized form the joined URL.
struct URLDetector: TextDetector {
    var type: TextContentType { .url }

    func detect(in text: String, context: DetectionContext) -> [DetectedText] {
        let printed = UTF8Text(text)
        // Japanese pages print URLs in full-width forms too (`ｗｗｗ．ｅｘａｍｐｌｅ．ｃｏ．ｊｐ`): scanned as ASCII.
        let folding = ASCIIFolding(printed)
        let t = folding.text
        var results: [DetectedText] = []
        var i = 0
        while i < t.count {
            if Self.isDelimiter(t[i]) {
                i += 1
                continue
            }
            var end = i
            while end < t.count, !Self.isDelimiter(t[end]) { end += 1 }
            // At each place a URL may start in the token: first as split by OCR (which reads on past the token),
            // then as printed.
            var found: DetectedText?
            for start in Self.candidateStarts(i..<end, t) {
                found =
                    Self.matchSplitByOCR(from: start, in: t, countryCode: context.region.lowercased())
                    ?? Self.match(from: start, tokenEnd: end, in: t)
                if found != nil { break }
            }
            // A host that a Latin letter with a diacritic runs on from (`c.trüb@example.org`, `Info.Büro`) ends
            // inside a word: no host.
            if let host = found, HostName.isLatinLetter(t[host.range.upperBound], t[host.range.upperBound + 1]),
                !Self.hasPath(host)
            {
                found = nil
            }
            if var found {
                // A query's `=` set apart by an OCR (`offers?id =42`, `offers?id= 42`): the value goes on with the URL.
                let stop = found.range.upperBound
                let apartBefore = t[stop] == 0x20 && t[stop + 1] == UInt8(ascii: "=") && !Self.isDelimiter(t[stop + 2])
                let apartAfter =
                    found.value.hasSuffix("=") && t[stop] == 0x20 && (t.isDigit(at: stop + 1) || UTF8Text.isASCIILetter(t[stop + 1]))
                if apartBefore || apartAfter, let query = found.value.lastIndex(of: "?"),
                    apartAfter ? !found.value[query...].dropLast().contains("=") : !found.value[query...].contains("=")
                {
                    var tail = stop + 1
                    while tail < t.count, !Self.isDelimiter(t[tail]) { tail += 1 }
                    tail = Self.trimTrailing(stop + 1..<tail, in: t).upperBound
                    found = Self.extended(found, to: tail, normalizedTail: t.string(stop + 1..<tail), in: t)
                }
                // A path goes on through Latin letters with diacritics (`www.example.de/über-uns`, `/straße`).
                if Self.hasPath(found),
                    HostName.isLatinLetter(t[found.range.upperBound], t[found.range.upperBound + 1])
                {
                    var tail = found.range.upperBound
                    while tail < t.count {
                        if HostName.isLatinLetter(t[tail], t[tail + 1]) {
                            tail += 2
                        } else if !Self.isDelimiter(t[tail]) {
                            tail += 1
                        } else {
                            break
                        }
                    }
                    tail = Self.trimTrailing(found.range.upperBound..<tail, in: t).upperBound
                    found = Self.extended(found, to: tail, normalizedTail: t.string(found.range.upperBound..<tail), in: t)
                }
                // The rest of a path an OCR set apart with a space (`www.x.org.uk/supp ort/returns`, `www.x.jp/ jp/info`).
                if let tail = Self.pathSetApart(after: found, in: t) {
                    found = Self.extended(found, to: tail, normalizedTail: t.string(found.range.upperBound + 1..<tail), in: t)
                }
                // A file extension an OCR set apart after the path's last point (`www.x.com/kontakt. html`).
                if let extensionEnd = Self.extensionSetApart(after: found, in: t) {
                    let stop = found.range.upperBound
                    found = Self.extended(found, to: extensionEnd, normalizedTail: "." + t.string(stop + 2..<extensionEnd), in: t)
                }
                results.append(found)
                i = max(end, found.range.upperBound)
            } else {
                i = end
            }
        }
        results.removeAll { Self.isFileName($0, in: t, languages: context.languages) }
        results = results.compactMap { Self.joinedWithSplitHead($0, in: t, taken: results) }
        return folding.unfolded(results, in: printed)
    }

    /// A URL found after the first pieces of its host that OCR set apart with spaces (`www.solei l-bel
    /// levue.jp/de/kontakt`, `https://www, bel levue-fuj iyama.com/support`, as PP-OCR reads Latin text on a Japanese
    /// page): the whole, joined, where it is a URL with a real host; else nothing, never the host's tail
    /// (`levue.jp/de/kontakt`). The pieces are at most two tokens, the first starting with `www.` (its point read as
    /// a comma too) or standing after a web address's label, or three after a scheme; none of them a URL of its own.
    /// Other URLs are returned unchanged.
    private static func joinedWithSplitHead(_ found: DetectedText, in t: UTF8Text, taken: [DetectedText]) -> DetectedText? {
        let start = found.range.lowerBound
        guard start >= 2, t[start - 1] == 0x20, !found.value.lowercased().hasPrefix("www."), !found.value.contains("://")
        else { return found }
        // An e-mail address's host after an `@` the OCR set apart (`service @ co ntoso.jp`): no URL.
        if t[start - 2] == UInt8(ascii: "@") { return nil }
        var pieceStart = start - 1
        for count in 1...3 {
            var k = pieceStart
            while k > 0, t[k - 1] != 0x20, t[k - 1] != 0x0A { k -= 1 }
            guard k < pieceStart, !taken.contains(where: { $0.range.overlaps(k..<pieceStart) }) else { return found }
            var piece = t.string(k..<pieceStart)
            let scheme = ["https://", "http://"].first { piece.lowercased().hasPrefix($0) }
            let host = piece.dropFirst(scheme?.count ?? 0)
            guard host.utf8.allSatisfy({ HostName.isHostByte($0) || $0 == UInt8(ascii: ",") }) else { return found }
            if host.lowercased().hasPrefix("www,") { piece = (scheme ?? "") + "www." + host.dropFirst(4) }
            guard piece.utf8.allSatisfy({ HostName.isHostByte($0) || ":/".utf8.contains($0) }) else { return found }
            if t[k - 1] == 0x20, t[k - 2] == UInt8(ascii: "@") { return nil }
            // After a web address's label, what stands before the URL is its head too (`URL solei l-fabrikam.co.jp/shop`),
            // unless it is a word of a sentence (`Web: visit shop.de`) or a label itself (`Web URL shop.de`).
            let afterLabel =
                k >= 2 && t[k - 1] == 0x20 && Self.followsWebLabel(k - 1, in: t) && !Self.followsWebLabel(pieceStart, in: t)
                && !wordsBeforeURL.contains(piece.lowercased())
            // Three pieces only after a scheme (`The www.example page and shop.example.com` is a sentence).
            if scheme != nil || (count < 3 && (host.lowercased().hasPrefix("www.") || afterLabel)) {
                let joined = UTF8Text((piece + t.string(pieceStart..<found.range.upperBound)).replacingOccurrences(of: " ", with: ""))
                guard let whole = match(from: 0, tokenEnd: joined.count, in: joined), whole.range == 0..<joined.count else { return nil }
                return DetectedText(
                    type: .url, range: k..<found.range.upperBound, value: t.string(k..<found.range.upperBound),
                    normalized: whole.normalized)
            }
            guard k >= 2, t[k - 1] == 0x20 else { return found }
            pieceStart = k - 1
        }
        return found
    }

    /// Whether the word before `index` (spaces and a colon between) is a web address's label: `URL`, `Web`,
    /// `Website`, `Homepage`, `ホームページ`. The text between such a label and a URL is the URL's.
    static func followsWebLabel(_ index: Int, in t: UTF8Text) -> Bool {
        var end = index
        while end > 0, t[end - 1] == 0x20 || t[end - 1] == UInt8(ascii: ":") { end -= 1 }
        if end >= 3, t.hasPrefix("：", at: end - 3) { end -= 3 }
        if end >= 18, t.hasPrefix("ホームページ", at: end - 18) { return true }
        return webLabels.contains { label in
            let start = end - label.utf8.count
            return start >= 0 && t.hasPrefix(label, at: start) && !UTF8Text.isASCIILetter(t[start - 1])
        }
    }

    /// `found` with its printed text running on to `end`, and `normalizedTail` added to its normalized form.
    private static func extended(_ found: DetectedText, to end: Int, normalizedTail: String, in t: UTF8Text) -> DetectedText {
        DetectedText(
            type: .url, range: found.range.lowerBound..<end, value: t.string(found.range.lowerBound..<end),
            normalized: found.normalized + normalizedTail)
    }

    /// Whether a URL has a path after its host (`x.com/a`, `x.com/`).
    private static func hasPath(_ url: DetectedText) -> Bool {
        (url.normalized.split(separator: "://", maxSplits: 1).last ?? "").contains("/")
    }

    /// Words that stand between a web address's label and the address (`Web: visit shop.de`).
    private static let wordsBeforeURL: Set<String> = [
        "visit", "see", "at", "on", "go", "to", "via", "our", "unter", "auf", "bei", "besuchen", "sur", "en", "visitez", "visita",
        "in", "is", "und", "and", "et", "y", "or", "oder", "ou", "http", "https",
    ]

    private static let webLabels = ["url", "web", "website", "webseite", "homepage", "internet", "site", "sitio"]

    /// The end of a web page's file extension printed a space after the point that ends `found`'s path
    /// (`kontakt. html`, `index. php`), when one is; nil otherwise (`See x.com/a. Then …` is a sentence's end).
    private static func extensionSetApart(after found: DetectedText, in t: UTF8Text) -> Int? {
        let stop = found.range.upperBound
        guard t[stop] == UInt8(ascii: "."), t[stop + 1] == 0x20, found.normalized.split(separator: "/").count > 2,
            !found.normalized.contains("?"), !found.normalized.hasSuffix("/")
        else { return nil }
        var k = stop + 2
        while UTF8Text.isASCIILetter(t[k]), t[k] >= 0x61 { k += 1 }
        guard !UTF8Text.isASCIILetter(t[k]), !t.isDigit(at: k), pageExtensions.contains(t.string(stop + 2..<k)) else { return nil }
        // Its query or fragment goes on with it (`index. php?id=2`).
        guard t[k] == UInt8(ascii: "?") || t[k] == UInt8(ascii: "#") else { return k }
        var end = k
        while end < t.count, !isDelimiter(t[end]) { end += 1 }
        return trimTrailing(k..<end, in: t).upperBound
    }

    /// The end of the rest of `found`'s path printed after one space, when that is what follows: a token that goes
    /// on with the path (a lower-case letter first, not a digit: `24/7`, `12/03/2024`; a `/` inside), no host of its own (no point before its
    /// first `/`, no `@`) and no pair of words (`and/or`). Nil otherwise.
    private static func pathSetApart(after found: DetectedText, in t: UTF8Text) -> Int? {
        let stop = found.range.upperBound, first = stop + 1
        guard t[stop] == 0x20, Self.hasPath(found),
            t[first] >= 0x61, t[first] <= 0x7A
        else { return nil }
        var end = first
        while end < t.count, !isDelimiter(t[end]) { end += 1 }
        end = trimTrailing(first..<end, in: t).upperBound
        let token = t.string(first..<end)
        guard let slash = token.firstIndex(of: "/"), !token[..<slash].contains("."), !token.contains("@"), !token.contains(":"),
            !wordPairs.contains(token.lowercased())
        else { return nil }
        return end
    }

    private static let wordPairs: Set<String> = [
        "and/or", "und/oder", "et/ou", "y/o", "e/o", "w/o", "km/h", "n/a", "or/and", "he/she", "s/he", "to/from", "yes/no", "his/her",
        "c/o",
    ]

    private static let pageExtensions: Set<String> = ["html", "htm", "php", "asp", "aspx", "jsp", "shtml", "cfm", "pdf"]

    /// Whether a bare two-label host is rather a file name (`setup.py`, `README.md`, `main.rs`, `run.sh`): its
    /// "TLD" is a country's that is far more often a file extension in print. Polish pages keep `.pl` hosts.
    static func isFileName(_ found: DetectedText, in t: UTF8Text, languages: [String]) -> Bool {
        let value = t.string(found.range)
        guard !value.contains("/"), !value.contains(":"), value.utf8.filter({ $0 == UInt8(ascii: ".") }).count == 1,
            let ext = value.split(separator: ".").last?.lowercased(), !value.lowercased().hasPrefix("www.")
        else { return false }
        if ext == "pl" { return !languages.contains { $0.hasPrefix("pl") } }
        return fileExtensions.contains(ext)
    }

    private static let fileExtensions: Set<String> = ["py", "md", "sh", "rs", "cc", "ps", "so", "mk", "pm", "ml"]

    /// Bytes that cannot be part of a URL as printed; non-ASCII ends a URL too (hosts are ASCII, see `HostName`,
    /// and CJK text runs into URLs without spaces).
    static func isDelimiter(_ b: UInt8) -> Bool {
        switch b {
        case 0x00...0x20, 0x7F...0xFF: return true
        case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "`"), UInt8(ascii: "{"),
            UInt8(ascii: "}"), UInt8(ascii: "|"), UInt8(ascii: "\\"), UInt8(ascii: "^"):
            return true
        default: return false
        }
    }

    /// Positions inside a token where a URL may start besides the token's start: after `:` `;` `,` `(` `=`
    /// (`Web:shop.de`, `(www.x.com)`).
    /// A token that a Latin letter with a diacritic runs into (`kontakt@müller-bäckerei.de`, `Straße.de`) starts
    /// inside a word: only a scheme or `www.` may start a URL there.
    private static func candidateStarts(_ token: Range<Int>, _ t: UTF8Text) -> [Int] {
        let s = token.lowerBound
        let insideWord =
            HostName.isLatinLetter(t[s - 2], t[s - 1])
            && !(t.hasPrefix("http://", at: s) || t.hasPrefix("https://", at: s) || t.hasPrefix("www.", at: s))
        var starts = insideWord ? [] : [s]
        for i in token
        where [
            UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "("),
            UInt8(ascii: "["), UInt8(ascii: "'"),
        ].contains(t[i]) {
            if i + 1 < token.upperBound { starts.append(i + 1) }
        }
        // `www.` glued to the word before it by an OCR that lost the space (`Visitwww.example.co.uk`): the URL starts
        // at `www.`, tried first.
        if let w = token.dropFirst(2).first(where: { t.hasPrefix("www.", at: $0) }), !t.hasPrefix("www", at: w - 1),
            (s..<w).allSatisfy({ UTF8Text.isASCIILetter(t[$0]) })
        {
            starts.insert(w, at: 0)
        }
        // The label `URL` glued to a host by an OCR that lost the space (`URLsakura.jp/contact`): the host starts after it.
        if t.bytes[s..<min(s + 3, token.upperBound)].elementsEqual("URL".utf8), t[s + 3] >= 0x61, t[s + 3] <= 0x7A,
            t[s + 4] != UInt8(ascii: ".")  // (not `URLs.com`)
        {
            starts.insert(s + 3, at: 0)
        }
        // A scheme or `www.` glued to the text before it (`May 5th.https://t.co/x`, `FAQ.www.x.com`).
        for i in token where i > token.lowerBound && !UTF8Text.isASCIILetter(t[i - 1]) && !t.isDigit(at: i - 1) {
            if t.hasPrefix("http://", at: i) || t.hasPrefix("https://", at: i) || t.hasPrefix("www.", at: i) {
                if !starts.contains(i) { starts.append(i) }
            }
        }
        return starts
    }

    private static func match(from tokenStart: Int, tokenEnd: Int, in t: UTF8Text) -> DetectedText? {
        var start = tokenStart
        while start < tokenEnd, "([{'*".utf8.contains(t[start]) { start += 1 }
        guard start < tokenEnd else { return nil }

        // Scheme: letters then "://".
        var scheme: String?
        var hostStart = start
        var schemeEnd = start
        while schemeEnd < tokenEnd, UTF8Text.isASCIILetter(t[schemeEnd]) { schemeEnd += 1 }
        if schemeEnd > start, t[schemeEnd] == UInt8(ascii: ":"), t[schemeEnd + 1] == UInt8(ascii: "/"),
            t[schemeEnd + 2] == UInt8(ascii: "/")
        {
            let name = t.string(start..<schemeEnd).lowercased()
            guard name == "http" || name == "https" || name == "ftp" else { return nil }
            scheme = name
            hostStart = schemeEnd + 3
        }

        var hostEnd = hostStart
        while hostEnd < tokenEnd, HostName.isHostByte(t[hostEnd]) { hostEnd += 1 }
        // `name@host` is an e-mail address (or credentials, which printed URLs do not carry).
        if t[hostEnd] == UInt8(ascii: "@") { return nil }
        var end = trimTrailing(start..<tokenEnd, in: t).upperBound
        // The host may end in trailing punctuation that was just trimmed (`see x.com.`).
        hostEnd = min(hostEnd, end)
        while hostEnd > hostStart, t[hostEnd - 1] == UInt8(ascii: ".") || t[hostEnd - 1] == UInt8(ascii: "-") {
            hostEnd -= 1
        }
        guard hostEnd > hostStart else { return nil }
        let host = t.string(hostStart..<hostEnd)
        let hasWWW = host.lowercased().hasPrefix("www.")
        if scheme != nil {
            guard HostName.isValid(host, strictCase: false) || HostName.isIPv4(host) || host.lowercased() == "localhost"
            else { return nil }
        } else {
            guard HostName.isValid(host, strictCase: !hasWWW) else { return nil }
        }
        // After the host: an optional port, then the end or a path/query/fragment.
        var rest = hostEnd
        if t[rest] == UInt8(ascii: ":"), t.isDigit(at: rest + 1) {
            rest += 1
            while t.isDigit(at: rest) { rest += 1 }
        }
        if rest >= end {
            end = rest
        } else if !"/?#".utf8.contains(t[rest]) {
            return nil
        }

        var value = t.string(start..<end)
        var normalizedTail = t.string(hostEnd..<end)
        var range = start..<end
        // A long URL broken across lines: the line ends inside the path and the next line goes on with it.
        if end == tokenEnd, t[end] == 0x0A, "/-_?&=".utf8.contains(t[end - 1]), rest < end,
            let continuation = continuation(
                after: end + 1, in: t, deepPath: t.bytes[hostEnd..<end].filter { $0 == UInt8(ascii: "/") }.count >= 3)
        {
            range = start..<continuation.upperBound
            value = t.string(range)
            normalizedTail += t.string(continuation)
        }
        let normalized = (scheme ?? "http") + "://" + Self.repairedHost(host.lowercased()) + normalizedTail
        return DetectedText(type: .url, range: range, value: value, normalized: normalized)
    }

    /// A URL whose scheme or host OCR split with spaces after `.`, `:` or `/` (`www. example. com/a`,
    /// `https: //example.org/rx`, `Www. shop.de`), starting at `start`; nil when nothing was split there or
    /// the evidence is missing (no scheme or `www.`; `Thanks. Com` is a sentence, not a host).
    ///
    /// `countryCode` (the page's region, lower-case) may follow its usual second level capitalized (`ne. Jp` on a
    /// Japanese page, as Tesseract's Japanese model reads it); elsewhere `www.shop.co. It is…` is a sentence's end.
    static func matchSplitByOCR(from start: Int, in t: UTF8Text, countryCode: String = "") -> DetectedText? {
        var s = start
        // Brackets, and the colon of a label glued to it (`URL:www. x.de`, `ウェブサイト：www. x.de`).
        while "([{'*:;,=".utf8.contains(t[s]) { s += 1 }
        var joined: [UInt8] = [], origin: [Int] = []
        func copy(_ index: Int) {
            joined.append(t[index])
            origin.append(index)
        }
        /// Skips one or two plain spaces (never a line break) at `index`; returns the index after them.
        func spaces(_ index: Int) -> Int {
            var k = index
            while k < index + 2, t[k] == 0x20 { k += 1 }
            return k
        }
        var splits = 0
        var i = s
        var letters = s
        while UTF8Text.isASCIILetter(t[letters]) { letters += 1 }
        let name = t.string(s..<letters).lowercased()
        if letters > s, t[letters] == UInt8(ascii: ":"), ["http", "https", "ftp"].contains(name) {
            // `https: //`, `https:/ /`, `https:// x`: a colon and two slashes with spaces between them.
            for k in s...letters { copy(k) }
            var k = spaces(letters + 1)
            for _ in 0..<2 {
                guard t[k] == UInt8(ascii: "/") else { return nil }
                copy(k)
                k = spaces(k + 1)
            }
            if k - letters > 3 { splits += 1 }
            i = k
        } else if t.hasPrefix("www.", at: s) || (t.hasPrefix("www,", at: s) && t[s + 4] == 0x20) {
            // (`www, example.com`: the point read as a comma, a space after it.)
            for k in s..<s + 3 { copy(k) }
            joined.append(UInt8(ascii: "."))
            origin.append(s + 3)
            let k = spaces(s + 4)
            if k > s + 4 { splits += 1 }
            i = k
        } else {
            return nil
        }
        // The host: labels joined across `. ` while the host so far is not a complete host name.
        let hostStart = joined.count
        var spaceInLabel = false
        while true {
            let labelStart = i
            while HostName.isHostByte(t[i]), t[i] != UInt8(ascii: ".") {
                copy(i)
                i += 1
            }
            // A label split by a space alone (`www. si lverline. ne. jp`): once, when lower-case letters follow that
            // go on with the host (a point after them).
            if i > labelStart, !spaceInLabel, t[i] == 0x20, t[i + 1] >= 0x61, t[i + 1] <= 0x7A {
                var end = i + 1
                while HostName.isHostByte(t[end]), t[end] != UInt8(ascii: ".") { end += 1 }
                if t[end] == UInt8(ascii: "."), HostName.isHostByte(t[end + 1]) || t[end + 1] == 0x20 {
                    spaceInLabel = true
                    splits += 1
                    i += 1
                    continue
                }
            }
            guard i > labelStart, t[i] == UInt8(ascii: ".") else { break }
            if HostName.isHostByte(t[i + 1]), t[i + 1] != UInt8(ascii: ".") {
                copy(i)
                i += 1
                continue
            }
            let next = spaces(i + 1)
            guard next > i + 1, UTF8Text.isASCIILetter(t[next]) || t.isDigit(at: next) else { break }
            let host = String(decoding: joined[hostStart...], as: UTF8.self)
            if HostName.isValid(host, strictCase: false) {
                // Complete already: the `. ` ends a sentence, unless a lower-case top-level domain follows
                // (`www. shop. de`, where `www.shop` alone would be a host too).
                var labelEnd = next
                while HostName.isHostByte(t[labelEnd]), t[labelEnd] != UInt8(ascii: ".") { labelEnd += 1 }
                // (`ne. Jp`: a country's code capitalized after its usual second level, `co`, `ne`, `or`…)
                let label = t.string(next..<labelEnd)
                let secondLevel = host.split(separator: ".").last.map { Self.secondLevels.contains($0.lowercased()) } ?? false
                guard
                    (t[next] >= 0x61 && HostName.isValid(host + "." + label, strictCase: true))
                        || (secondLevel && label.lowercased() == countryCode)
                else { break }
            }
            copy(i)
            splits += 1
            i = next
        }
        guard splits > 0 else { return nil }
        // The rest (port, path, query) as printed, up to the first delimiter.
        while i < t.count, !isDelimiter(t[i]) {
            copy(i)
            i += 1
        }
        let joinedText = UTF8Text(bytes: joined)
        guard let found = match(from: 0, tokenEnd: joined.count, in: joinedText), found.range.lowerBound == 0,
            found.range.upperBound > hostStart
        else { return nil }
        let range = origin[0]..<(origin[found.range.upperBound - 1] + 1)
        return DetectedText(type: .url, range: range, value: t.string(range), normalized: found.normalized)
    }

    /// The rest of a URL continued at `index` (the start of the next line), if the next line starts with a token
    /// that looks like more path (URL characters only, with one of `/ . = & _ -` in it). After a deep path
    /// (`…/en/support/`, a URL long enough to wrap) a plain lower-case word goes on with it too (`returns`).
    private static func continuation(after index: Int, in t: UTF8Text, deepPath: Bool) -> Range<Int>? {
        var end = index
        while end < t.count, !isDelimiter(t[end]) { end += 1 }
        guard end > index else { return nil }
        let trimmedEnd = trimTrailing(index..<end, in: t).upperBound
        guard trimmedEnd > index else { return nil }
        let slice = t.bytes[index..<trimmedEnd]
        let plainWord = deepPath && slice.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || UTF8Text.isDigit($0) }
        guard plainWord || slice.contains(where: { "/.=&_-".utf8.contains($0) }), !slice.contains(UInt8(ascii: "@")),
            !slice.contains(UInt8(ascii: ":"))
        else { return nil }
        return index..<trimmedEnd
    }

    /// Drops sentence punctuation after a URL, and closing brackets that do not close one opened inside it.
    private static func trimTrailing(_ range: Range<Int>, in t: UTF8Text) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound {
            let b = t[end - 1]
            if ".,;:!?'*".utf8.contains(b) {
                end -= 1
                continue
            }
            let pairs: [(UInt8, UInt8)] = [(UInt8(ascii: "("), UInt8(ascii: ")")), (UInt8(ascii: "["), UInt8(ascii: "]"))]
            if let (open, close) = pairs.first(where: { $0.1 == b }) {
                let opened = t.bytes[range.lowerBound..<end].filter { $0 == open }.count
                let closed = t.bytes[range.lowerBound..<end].filter { $0 == close }.count
                if closed > opened {
                    end -= 1
                    continue
                }
            }
            break
        }
        return range.lowerBound..<end
    }

    /// The second-level labels under which countries register names (`co.jp`, `ne.jp`, `com.au`, `org.uk`).
    static let secondLevels: Set<String> = ["co", "ne", "or", "ac", "go", "ed", "com", "net", "org", "gov", "edu"]

    /// OCR doubles the `w` of a printed `www.` now and then (`wWww.shop.fr`), or reads its point as a hyphen
    /// (`www-soleil.net`); no real site is named `wwww.`, and a `www-` host is one with its point misread. It also
    /// reads the `o` of a country's second level as a zero (`shop.c0.jp`, `x.c0.uk`): no such level exists.
    static func repairedHost(_ host: String) -> String {
        var host = host
        if host.hasSuffix(".jp") || host.hasSuffix(".uk") || host.hasSuffix(".nz") || host.hasSuffix(".kr") || host.hasSuffix(".za"),
            let zero = host.range(of: ".c0.", options: .backwards), host.index(zero.upperBound, offsetBy: 2) == host.endIndex
        {
            host.replaceSubrange(zero, with: ".co.")
        }
        if host.hasPrefix("www-"), host.dropFirst(4).contains(".") { return "www." + host.dropFirst(4) }
        let prefix = host.prefix { $0 == "w" }
        guard prefix.count >= 4, host.dropFirst(prefix.count).first == "." else { return host }
        return "www" + host.dropFirst(prefix.count)
    }
}
