import DataScanEngines
import DataScanModel

/// Finds telephone numbers with libphonenumber (leniency VALID) and normalizes them to E.164.
///
/// Numbers without a country code are read as numbers of the context's region, then of the regions of the other
/// hinted languages; where two regions find the same digits, the earlier region wins. A number that only a
/// secondary region reads needs more evidence than one of the primary region (see `isConvincing`).
///
/// OCR's usual confusions inside digit runs (`O`/`o` for 0, `l`/`I` for 1, `S` for 5) are read as digits; such a
/// number is kept only when libphonenumber validates it, and its value stays as printed.
struct PhoneDetector: TextDetector {
    var type: TextContentType { .telephoneNumber }

    func detect(in text: String, context: DetectionContext) -> [DetectedText] {
        let printed = UTF8Text(text)
        // Same length as the printed text (ASCII letters become ASCII digits), so ranges carry over unchanged.
        let bytes = Self.withConfusablesAsDigits(printed)
        var accepted: [PhoneNumberMatch] = []
        var regions = context.regions
        if regions.isEmpty { regions = ["ZZ"] }  // then only numbers printed with +country code
        // libphonenumber scans with big ICU regexes (several ms per region for a 3 KB page). Only the stretches
        // that can hold a phone number go to it: runs of digits and phone punctuation with enough digits in them.
        let segments = Self.candidateSegments(in: bytes)
        // A segment where an earlier region found numbers covering its digits is settled: the later regions'
        // readings of it would lose to those anyway.
        var settled = Set<Int>()
        for (regionIndex, region) in regions.enumerated() {
            let open = segments.indices.filter { !settled.contains($0) }
            guard !open.isEmpty else { break }
            // One libphonenumber call per region over all open segments, joined by a separator no number can
            // cross: building its matcher costs more than scanning a short segment.
            var buffer: [UInt8] = [], starts: [Int] = []
            for index in open {
                starts.append(buffer.count)
                buffer += bytes.bytes[segments[index]]
                buffer += Self.segmentSeparator
            }
            // An unknown region is not an error of the text: skip it and keep the others.
            guard let all = try? PhoneNumberLibrary.matches(in: buffer[...], region: region) else { continue }
            var bySegment: [Int: [PhoneNumberMatch]] = [:]
            var k = 0
            for match in all.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                while k + 1 < starts.count, starts[k + 1] <= match.range.lowerBound { k += 1 }
                let segment = segments[open[k]]
                let shift = segment.lowerBound - starts[k]
                guard match.range.upperBound + shift <= segment.upperBound else { continue }
                var shifted = match
                shifted.range = (match.range.lowerBound + shift)..<(match.range.upperBound + shift)
                bySegment[open[k], default: []].append(shifted)
            }
            for index in open {
                guard let found = bySegment[index] else { continue }
                let segment = segments[index]
                let leftover = segment.filter { i in bytes.isDigit(at: i) && !found.contains { $0.range.contains(i) } }
                if leftover.count < Self.minimumDigits { settled.insert(index) }
                for match in found where !accepted.contains(where: { $0.range.overlaps(match.range) }) {
                    if Self.looksLikeIdentifier(match, in: bytes) { continue }
                    if regionIndex > 0, !Self.isConvincing(match) { continue }
                    accepted.append(match)
                }
            }
        }
        return accepted.sorted { $0.range.lowerBound < $1.range.lowerBound }.map {
            DetectedText(type: .telephoneNumber, range: $0.range, value: printed.string($0.range), normalized: $0.e164)
        }
    }

    /// Whether a number read with a secondary region (a hinted language's, not the primary `region`) is printed
    /// like a phone of that country: with an international prefix (`+49`, `0049`), or with at least 7 national
    /// digits and either a national trunk prefix (`030 …`) or 9+ digits (countries without a trunk prefix, `912 34
    /// 56 78`). A bare 6-digit group (`333931` of a GTIN's human-readable text) is not read as a German number.
    static func isConvincing(_ match: PhoneNumberMatch) -> Bool {
        let trimmed = match.raw.drop { $0 == " " || $0 == "(" }
        if trimmed.hasPrefix("+") || trimmed.hasPrefix("＋") { return true }
        let digits = match.raw.unicodeScalars.compactMap { $0.properties.numericType == .decimal ? $0 : nil }.count
        let prefixDigits = digits - match.nationalDigits
        // `00 49 …` / `011 49 …`: more leading digits than a trunk prefix; the country code is among them.
        if prefixDigits > String(match.countryCode).count, trimmed.hasPrefix("0") { return true }
        guard match.nationalDigits >= 7 else { return false }
        return prefixDigits > 0 || match.nationalDigits >= 9
    }

    /// Whether a match of bare digits and spaces is one group of a longer sequence of digit groups (the
    /// human-readable text of a barcode `4 006381 333931`, an IBAN or card number in groups): a whole-digit group
    /// touches it on either side, separated by only a space or a quote.
    static func isPartOfDigitGroups(_ range: Range<Int>, in t: UTF8Text) -> Bool {
        let separators: [UInt8] = [0x20, UInt8(ascii: "\""), UInt8(ascii: "'")]
        // A group boundary: the end of the text or a line, a space or a quote (not `/ . : -`, which make dates,
        // times and amounts).
        func isBoundary(_ b: UInt8) -> Bool { b == 0 || b == 0x0A || b == 0x0D || separators.contains(b) }
        var k = range.lowerBound - 1
        if separators.contains(t[k]), t.isDigit(at: k - 1) {
            k -= 1
            while t.isDigit(at: k) { k -= 1 }
            if isBoundary(t[k]) { return true }
        }
        k = range.upperBound
        if separators.contains(t[k]), t.isDigit(at: k + 1) {
            k += 1
            while t.isDigit(at: k) { k += 1 }
            if isBoundary(t[k]) { return true }
        }
        return false
    }

    /// The text with OCR's letter-for-digit confusions (`O o` → 0, `l I` → 1, `S` → 5) replaced inside runs of
    /// digits and phone punctuation without spaces (`O3O`, `253-OOOO`) that hold a real digit, three digits in all, and touch
    /// no other letter (`Tel`, `SOS`, `2Stk` stay).
    static func withConfusablesAsDigits(_ t: UTF8Text) -> UTF8Text {
        func digitFor(_ b: UInt8) -> UInt8? {
            switch b {
            case UInt8(ascii: "O"), UInt8(ascii: "o"): return UInt8(ascii: "0")
            case UInt8(ascii: "l"), UInt8(ascii: "I"): return UInt8(ascii: "1")
            case UInt8(ascii: "S"): return UInt8(ascii: "5")
            default: return nil
            }
        }
        func inRun(_ b: UInt8) -> Bool { UTF8Text.isDigit(b) || digitFor(b) != nil || "-./()".utf8.contains(b) }
        var bytes = t.bytes
        var changed = false
        var i = 0
        while i < bytes.count {
            guard inRun(bytes[i]) else {
                i += 1
                continue
            }
            let start = i
            var digits = 0, confusables = 0
            while i < bytes.count, inRun(bytes[i]) {
                if UTF8Text.isDigit(bytes[i]) { digits += 1 } else if digitFor(bytes[i]) != nil { confusables += 1 }
                i += 1
            }
            guard confusables > 0, digits >= 1, digits + confusables >= 3, !t.isLetter(at: start - 1), !t.isLetter(at: i) else { continue }
            for k in start..<i {
                if let d = digitFor(bytes[k]) { bytes[k] = d }
            }
            changed = true
        }
        return changed ? UTF8Text(bytes: bytes) : t
    }

    /// Goes between segments in the one text handed to libphonenumber: a line break and a character that is no
    /// phone punctuation, so that no number runs from one segment into the next.
    private static let segmentSeparator = Array("\n|\n".utf8)

    /// Fewest digits of a phone number worth handing to libphonenumber (shorter valid numbers are service codes).
    static let minimumDigits = 6

    /// Maximal runs of digits (ASCII or full-width), spaces and phone punctuation holding at least
    /// `minimumDigits` digits, widened by one character on each side: libphonenumber looks at the neighbours of
    /// a candidate (a letter or currency sign glued to it makes it no phone).
    static func candidateSegments(in t: UTF8Text) -> [Range<Int>] {
        var segments: [Range<Int>] = []
        var i = 0
        while i < t.count {
            var start = i, digits = 0, end = i
            while end < t.count, let width = phoneCharacterWidth(at: end, in: t) {
                // An unbroken run of 11+ digits without `+` is a GTIN or an id (see `looksLikeIdentifier`); it ends
                // the segment, which keeps the slowest candidates away from libphonenumber.
                if t.isDigit(at: end), !t.isDigit(at: end - 1), t[end - 1] != UInt8(ascii: "+"), t.digitRun(from: end) >= 11 {
                    break
                }
                if t.isDigit(at: end) || (width == 3 && t[end + 2] >= 0x90 && t[end + 2] <= 0x99 && t[end + 1] == 0xBC) {
                    digits += 1
                }
                end += width
            }
            if end == i {
                i += max(1, t.digitRun(from: i))
                continue
            }
            if digits >= minimumDigits {
                if start > 0 {
                    start -= 1
                    while start > 0, t[start] & 0xC0 == 0x80 { start -= 1 }  // back to the first byte of a character
                }
                var stop = end
                if stop < t.count {
                    stop += 1
                    while stop < t.count, t[stop] & 0xC0 == 0x80 { stop += 1 }
                }
                if let last = segments.last, last.upperBound > start {
                    segments[segments.count - 1] = last.lowerBound..<stop
                } else {
                    segments.append(start..<stop)
                }
            }
            i = end
        }
        return segments
    }

    /// The byte width of the phone-number character at `index`, or nil when there is none: ASCII digits, space,
    /// `+ ( ) - . / [ ]`, full-width forms (`０３－…`, `＋`), Unicode hyphens and dashes.
    private static func phoneCharacterWidth(at index: Int, in t: UTF8Text) -> Int? {
        let b = t[index]
        if UTF8Text.isDigit(b) || " +()-./[]\t".utf8.contains(b) { return 1 }
        if b == 0xEF, t[index + 1] == 0xBC, (0x81...0xBF).contains(t[index + 2]) { return 3 }  // U+FF01...U+FF3F
        if b == 0xE2, t[index + 1] == 0x80, (0x90...0x95).contains(t[index + 2]) { return 3 }  // ‐ ‑ ‒ – — ―
        return nil
    }

    /// Receipts are full of long numbers that libphonenumber accepts as valid phones: GTINs, order and invoice
    /// numbers, card and terminal ids. A number is kept when it is formatted like a phone (`+`, brackets,
    /// separators) or its line says it is one; an unformatted digit run is dropped when it is long (GTINs) or when
    /// the words before it name an identifier.
    static func looksLikeIdentifier(_ match: PhoneNumberMatch, in text: UTF8Text) -> Bool {
        let line = text.lineRange(containing: match.range.lowerBound)
        let words = text.string(line.lowerBound..<match.range.lowerBound).lowercased()
            .split(separator: " ").map { $0.drop(while: { "([*".contains($0) }) }
        if words.contains(where: { word in phoneWords.contains { word.hasPrefix($0) } }) { return false }
        let raw = match.raw
        if raw.hasPrefix("+") || raw.hasPrefix("＋") || raw.hasPrefix("(") { return false }
        if raw.utf8.allSatisfy({ UTF8Text.isDigit($0) || $0 == 0x20 }), isPartOfDigitGroups(match.range, in: text) {
            return true
        }
        // Preceded directly by `#` (an order "#4155550123").
        let previous = text[match.range.lowerBound - 1], beforePrevious = text[match.range.lowerBound - 2]
        if previous == UInt8(ascii: "#") || (previous == 0x20 && beforePrevious == UInt8(ascii: "#")) { return true }
        // The last one or two words name an identifier (`Order No.`, `Bestellnummer:`, `Ref`).
        for word in words.suffix(2) {
            var w = word
            while let last = w.last, last == ":" || last == "#" { w = w.dropLast() }
            if identifierExactWords.contains(String(w)) || identifierStems.contains(where: { w.hasPrefix($0) }) { return true }
        }
        let digitsOnly = raw.utf8.allSatisfy { UTF8Text.isDigit($0) }
        return digitsOnly && raw.utf8.count >= 11
    }

    /// Word starts that say the number on their line is a phone (then it is kept however it is written).
    private static let phoneWords = [
        "tel", "phone", "fon", "fax", "mobile", "mobil", "handy", "call", "téléphone", "telefono", "teléfono",
        "telefone", "telefoon", "電話", "☎", "전화", "ph:", "ph.", "tél",
    ]

    /// Starts of words that, right before a number, say it is an identifier, not a phone.
    private static let identifierStems = [
        "order", "invoice", "receipt", "trans", "txn", "auth", "approval", "account", "acct", "card", "terminal",
        "ticket", "barcode", "ean", "gtin", "upc", "sku", "item", "serial", "member", "loyalty", "seq", "ref", "inv",
        "artikel", "art.-nr", "bestell", "rechnung", "beleg", "bon-nr", "kunden", "auftrag", "referenz", "facture",
        "commande", "pedido", "factura", "número", "numero", "注文", "伝票", "レシート", "取引", "会員",
    ]

    /// Short words that, right before a number, say it is an identifier.
    private static let identifierExactWords: Set<String> = ["no", "no.", "nr", "nr.", "n°", "nº", "id", "term", "bon"]
}
