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
        for region in regions {
            // An unknown region is not an error of the text: skip it and keep the others.
            guard let found = try? PhoneNumberLibrary.matches(in: text, region: region) else { continue }
            for match in found where !accepted.contains(where: { $0.range.overlaps(match.range) }) {
                if Self.looksLikeIdentifier(match, in: bytes) { continue }
                accepted.append(match)
            }
        }
        return accepted.sorted { $0.range.lowerBound < $1.range.lowerBound }.map {
            DetectedText(type: .telephoneNumber, range: $0.range, value: bytes.string($0.range), normalized: $0.e164)
        }
    }

    /// Receipts are full of long numbers that libphonenumber accepts as valid phones: GTINs, order and invoice
    /// numbers, card and terminal ids. A number is kept when it is formatted like a phone (`+`, brackets,
    /// separators) or its line says it is one; an unformatted digit run is dropped when it is long (GTINs) or when
    /// the words before it name an identifier.
    static func looksLikeIdentifier(_ match: PhoneNumberMatch, in text: UTF8Text) -> Bool {
        let line = text.lineRange(containing: match.range.lowerBound)
        let before = text.string(line.lowerBound..<match.range.lowerBound).lowercased()
        if phoneWords.contains(where: { before.contains($0) }) { return false }
        let raw = match.raw
        if raw.hasPrefix("+") || raw.hasPrefix("＋") || raw.hasPrefix("(") { return false }
        // Preceded directly by `#`, `No.` or `-` (an order "#4155550123", a product "A-0301234567").
        let previous = text[match.range.lowerBound - 1], beforePrevious = text[match.range.lowerBound - 2]
        if previous == UInt8(ascii: "#") || (previous == 0x20 && beforePrevious == UInt8(ascii: "#")) { return true }
        if endsWithIdentifierWord(before) { return true }
        let digitsOnly = raw.utf8.allSatisfy { UTF8Text.isDigit($0) }
        return digitsOnly && raw.utf8.count >= 11
    }

    /// Whether `before` (lower-cased) ends with an identifier word, ignoring trailing spaces, `:` and `#`.
    private static func endsWithIdentifierWord(_ before: String) -> Bool {
        var trimmed = Substring(before)
        while let last = trimmed.last, last == " " || last == ":" || last == "#" { trimmed = trimmed.dropLast() }
        return identifierWords.contains { word in
            guard trimmed.hasSuffix(word) else { return false }
            let head = trimmed.dropLast(word.count)
            return head.last.map { !$0.isLetter } ?? true
        }
    }

    /// Words that say the number on their line is a phone (then it is kept however it is written).
    private static let phoneWords = [
        "tel", "phone", "fon", "fax", "mobile", "mobil", "handy", "call", "téléphone", "telefono", "teléfono",
        "telefone", "telefoon", "電話", "☎", "전화", "ph:", "ph.",
    ]

    /// Words that, right before a number, say it is an identifier, not a phone.
    private static let identifierWords = [
        "order", "order no", "order no.", "invoice", "invoice no", "invoice no.", "inv", "inv.", "ref", "ref.",
        "receipt", "trans", "transaction", "txn", "auth", "account", "acct", "card", "terminal", "term",
        "ticket", "barcode", "ean", "gtin", "upc", "sku", "item", "art.", "art.-nr.", "artikel", "bestellung",
        "bestellnr.", "rechnung", "rechnungsnr.", "beleg", "beleg-nr.", "bon", "facture", "commande", "n°", "nº",
        "no", "no.", "nr", "nr.", "pedido", "factura", "número", "id", "注文番号", "伝票番号", "レシート",
    ]
}
