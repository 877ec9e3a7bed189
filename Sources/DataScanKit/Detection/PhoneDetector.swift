/// Finds telephone numbers with libphonenumber (leniency VALID) and normalizes them to E.164.
///
/// Numbers without a country code are read as numbers of the context's region, then of the regions of the other
/// hinted languages; where two regions find the same digits, the earlier region wins.
struct PhoneDetector: TextDetector {
    var type: TextContentType { .telephoneNumber }

    func detect(in text: String, context: DetectionContext) -> [DetectedText] {
        let bytes = UTF8Text(text)
        var accepted: [PhoneNumberMatch] = []
        var regions = context.regions
        if regions.isEmpty { regions = ["ZZ"] }  // then only numbers printed with +country code
        // libphonenumber scans with big ICU regexes (several ms per region for a 3 KB page). Only the stretches
        // that can hold a phone number go to it: runs of digits and phone punctuation with enough digits in them.
        let segments = Self.candidateSegments(in: bytes)
        // A segment where an earlier region found numbers covering its digits is settled: the later regions'
        // readings of it would lose to those anyway.
        var settled = Set<Int>()
        for region in regions {
            for (index, segment) in segments.enumerated() where !settled.contains(index) {
                // An unknown region is not an error of the text: skip it and keep the others.
                guard let found = try? PhoneNumberLibrary.matches(in: bytes.bytes[segment], region: region) else { break }
                if !found.isEmpty {
                    let leftover = segment.filter { i in bytes.isDigit(at: i) && !found.contains { $0.range.contains(i) } }
                    if leftover.count < Self.minimumDigits { settled.insert(index) }
                }
                for match in found where !accepted.contains(where: { $0.range.overlaps(match.range) }) {
                    if Self.looksLikeIdentifier(match, in: bytes) { continue }
                    accepted.append(match)
                }
            }
        }
        return accepted.sorted { $0.range.lowerBound < $1.range.lowerBound }.map {
            DetectedText(type: .telephoneNumber, range: $0.range, value: bytes.string($0.range), normalized: $0.e164)
        }
    }

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
