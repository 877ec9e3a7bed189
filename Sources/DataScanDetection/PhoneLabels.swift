import DataScanEngines
import DataScanModel

/// The words before a number that say what it is: a phone or fax label (`Tel.`, `Fax:`, `☎`, `電話`, `Tél.`,
/// `전화`), or an identifier (`Order`, `Invoice No.`, `IBAN`, `USt-IdNr.`, `注文`). The nearest such word decides,
/// so `☎ 030 1234567 Invoice 8322756467` keeps the first number and not the second.
enum PhoneLabels {
    enum Kind: Equatable {
        case phone
        case identifier
    }

    /// The nearest label before `index` on its line: its kind and how many words stand between it and `index`
    /// (0: right before). An identifier counts only as one of the two nearest words (`Order No. 123`, not `Order
    /// shipped, call 030 …`); a word for "number" takes the kind of the word before it (`Phone No.` is a phone
    /// label, `Ticket No.` an identifier), and an abbreviated one alone (`No. 123`, `Nr. 4`) says identifier.
    static func nearest(before index: Int, in t: UTF8Text) -> (kind: Kind, distance: Int)? {
        let line = t.lineRange(containing: index)
        var end = index
        var distance = 0
        var generic: (distance: Int, abbreviated: Bool)?
        var valueBetween = false
        var closer: [UInt8] = []
        while end > line.lowerBound, distance < 8 {
            while end > line.lowerBound, t[end - 1] == 0x20 || t[end - 1] == 0x09 { end -= 1 }
            var start = end
            while start > line.lowerBound, t[start - 1] != 0x20, t[start - 1] != 0x09 { start -= 1 }
            guard start < end else { break }
            let word = normalizedWord(t.bytes[start..<end])
            end = start
            if isPhoneLabel(word) { return (.phone, generic?.distance ?? distance) }
            // `Customer care`, `Customer service`: the line a customer calls, not a customer's number.
            if distance == 1, word.starts(with: Self.customer), Self.serviceWords.contains(closer) { return (.phone, 0) }
            closer = word
            if let g = generic {
                generic = nil
                // Only as one of the two nearest words too, and with no value of its own between (`Invoice no.
                // INV-6831-2188 is attached. Our Chicago office (617-219-3698)`).
                if g.distance <= 1, !valueBetween, isIdentifier(word) || g.abbreviated { return (.identifier, g.distance) }
            }
            // `注文番号` (order number) is one word: its identifier part decides, not its "number".
            if !isIdentifier(word), let abbreviated = genericNumberWord(word) {
                generic = (distance, abbreviated)
            } else if distance <= 1, isIdentifier(word), !valueBetween {
                return (.identifier, distance)
            }
            // An identifier's own value between it and the number (`注文番号 3870139095 ＋46 …`): it labels that one.
            if word.count(where: { UTF8Text.isDigit($0) }) >= 3 { valueBetween = true }
            distance += 1
        }
        if let g = generic, g.abbreviated, g.distance <= 1 { return (.identifier, g.distance) }
        return nil
    }

    /// Whether a phone label vouches for a number at `range`: one within the three words before it on its line
    /// (`Tel. 030 …`, `Give us a call on 0497 …`), or, for a number that starts its line, the end of the line
    /// before (`TEL` above the number, a label column).
    static func vouch(for range: Range<Int>, in t: UTF8Text) -> Bool {
        // (Not a number that starts `00`: dialled abroad from most countries, it is no national number of the page's,
        // and which country it dials the sentence does not say.)
        if spokenOf(range.lowerBound, in: t), range.count == 1 || !t.bytes[range].lazy.filter(UTF8Text.isDigit).starts(with: [0x30, 0x30]) {
            return true
        }
        if let found = nearest(before: range.lowerBound, in: t) { return found.kind == .phone && found.distance <= 2 }
        let line = t.lineRange(containing: range.lowerBound)
        guard line.lowerBound > 0,
            t.bytes[line.lowerBound..<range.lowerBound].allSatisfy({ $0 == 0x20 || $0 == 0x09 })
        else { return false }
        guard let above = nearest(before: line.lowerBound - 1, in: t) else { return false }
        return above.kind == .phone && above.distance == 0
    }

    /// Whether the sentence before `index` says that what follows is dialled: a verb of calling among its last five
    /// words, with `at`, `on`, `is` or `to` right before the number when others stand between (`Please call Anthony
    /// Sanchez at 293 364 5966`, `Reach the help desk at 1757589`, `can be reached on …`, `You may also text …`), or
    /// a phone's noun (`Jeff's direct line is …`). Verbs that are no labels where they stand alone before a number
    /// on a receipt (`text`, `reach`), so only in a sentence.
    static func spokenOf(_ index: Int, in t: UTF8Text) -> Bool {
        let line = t.lineRange(containing: index)
        var end = index
        var words: [[UInt8]] = []
        while end > line.lowerBound, words.count < 6 {
            while end > line.lowerBound, t[end - 1] == 0x20 { end -= 1 }
            var start = end
            while start > line.lowerBound, t[start - 1] != 0x20 { start -= 1 }
            guard start < end else { break }
            let raw = t.bytes[start..<end]
            // A sentence ends before it (`… is closed. You may also text …`); a name's initial does not (`J. Smith`).
            if !words.isEmpty, let last = raw.last, last == UInt8(ascii: ".") || last == UInt8(ascii: "!") || last == UInt8(ascii: "?"),
                raw.count > 2
            {
                break
            }
            words.append(normalizedWord(raw))
            end = start
        }
        guard let nearest = words.first else { return false }
        if directVerbs.contains(nearest) { return true }
        guard bridgeWords.contains(nearest) else { return false }
        if words.count >= 3, words[1].elementsEqual("line".utf8),
            ["direct", "phone", "mobile", "cell"].contains(where: { words[2].elementsEqual($0.utf8) })
        {
            return true
        }
        return words.dropFirst().contains(where: spokenVerbs.contains)
    }

    /// Verbs that say a number is dialled or messaged (lower-case); the first ones right before it too (`text 929-1920`;
    /// not `reached 2933645966 units`).
    private static let directVerbs = Set(bytes(["call", "text", "dial", "ring", "phone", "sms", "whatsapp"]))
    private static let spokenVerbs = directVerbs.union(bytes(["reach", "reached", "contact", "contacted"]))
    /// Words between such a verb and its number.
    private static let bridgeWords = Set(bytes(["at", "on", "is", "to", "via", "under"]))

    /// `word` lower-cased (ASCII and the full-width Latin letters of Japanese pages, `ＴＥＬ`), without the
    /// punctuation around labels (`Tel.:`, `(Fax)`, `電話：`).
    static func normalizedWord(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            // U+FF01...U+FF5E (full-width ASCII) is EF BC 81...EF BD 9E; folded to ASCII.
            if b == 0xEF, i + 2 < bytes.endIndex, bytes[i + 1] == 0xBC || bytes[i + 1] == 0xBD {
                let scalar = (UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)) + 0xF000
                if (0xFF01...0xFF5E).contains(scalar) {
                    out.append(UTF8Text.lowercase(UInt8(scalar - 0xFF01 + 0x21)))
                    i += 3
                    continue
                }
            }
            out.append(UTF8Text.lowercase(b))
            i += 1
        }
        let trim: Set<UInt8> = Set(":.,;()[]*#/-=|\"'".utf8)
        while let last = out.last, trim.contains(last) { out.removeLast() }
        while let first = out.first, trim.contains(first) { out.removeFirst() }
        return out
    }

    private static func isPhoneLabel(_ word: [UInt8]) -> Bool {
        guard let first = word.first else { return false }
        if first < 0x80 {
            if phoneExact.contains(word) { return true }
            if phoneStems.contains(where: { word.starts(with: $0) }) { return true }
        }
        // Non-ASCII labels stand anywhere in the word: CJK text has no spaces (`お問い合わせ電話番号`, `です。TEL`).
        return word.contains(where: { $0 >= 0x80 }) && phoneSymbols.contains { contains(word, $0) }
    }

    /// nil when `word` is no word for "number"; else whether it is an abbreviation (`No.`, `Nr.`, `#`).
    private static func genericNumberWord(_ word: [UInt8]) -> Bool? {
        if abbreviatedNumberWords.contains(word) { return true }
        if numberWords.contains(word) { return false }
        return word.contains(where: { $0 >= 0x80 }) && contains(word, Array("番号".utf8)) ? false : nil
    }

    private static func isIdentifier(_ word: [UInt8]) -> Bool {
        if identifierExact.contains(word) { return true }
        if identifierStems.contains(where: { word.starts(with: $0) }) { return true }
        if let stem = numberCompoundStem(word), stem.count >= 2, !isPhoneLabel(stem),
            !servedStems.contains(where: { stem.starts(with: $0) })
        {
            return true
        }
        return word.contains(where: { $0 >= 0x80 }) && identifierSymbols.contains { contains(word, $0) }
    }

    /// What a German compound with its word for "number" names (`VU-Nr.`, `Genehmigungs-Nr.`, `Kassennr.`,
    /// `Genehmigungsnummer` → `vu`, `genehmigungs`, `kassen`): nil for another word. A phone's compound (`Tel.-Nr.`,
    /// `Telefonnummer`) is a phone label before it is read so.
    private static func numberCompoundStem(_ word: [UInt8]) -> [UInt8]? {
        for suffix in numberCompoundSuffixes where word.count > suffix.count && word.suffix(suffix.count).elementsEqual(suffix) {
            var stem = Array(word.dropLast(suffix.count))
            while let last = stem.last, last == UInt8(ascii: "-") || last == UInt8(ascii: ".") { stem.removeLast() }
            return stem
        }
        return nil
    }

    private static let numberCompoundSuffixes = bytes(["nummer", "nr"])
    /// Stems whose number may be dialled (`Rufnummer`, `Service-Nr.`, `Kontakt-Nr.`, `Notruf-Nr.`): no identifier's.
    private static let servedStems = bytes(["ruf", "service", "kontakt", "notruf", "info", "zentrale", "durchwahl"])

    private static func contains(_ word: [UInt8], _ part: [UInt8]) -> Bool {
        guard part.count <= word.count else { return false }
        for i in 0...(word.count - part.count) where word[i] == part[0] && word[i..<(i + part.count)].elementsEqual(part) {
            return true
        }
        return false
    }

    private static func bytes(_ words: [String]) -> [[UInt8]] { words.map { Array($0.utf8) } }

    private static let customer = Array("customer".utf8)
    /// Words after `customer` that name the line a customer calls (after `normalizedWord`).
    private static let serviceWords = Set(bytes(["care", "service", "services", "support"]))

    /// Whole words that label a phone (after `normalizedWord`); short or ambiguous ones only as whole words.
    private static let phoneExact = Set(
        bytes([
            "ph", "tel", "tél", "tlf", "tfn", "tf", "fon", "mob", "cell", "call", "dial", "ring", "puh", "cep", "tel/fax",
            "fax/tel", "sms", "whatsapp", "portable", "móvil", "movil", "celular", "cellulare", "handy", "natel",
            "gsm", "tel.nr", "tel-nr", "careline", "helpline", "enquiries", "inquiries",
        ]))

    /// Starts of words that label a phone (`Telefon`, `Telefonnummer`, `Telephone`, `Faxnr`, `Mobilnummer`).
    private static let phoneStems = bytes([
        "tel.", "tele", "telf", "teléf", "téléph", "télécop", "phone", "fax", "mobil", "hotline", "puhelin", "telp",
        "appel", "anruf", "llam", "chiam", "ligue",
    ])

    /// Labels in other scripts and symbols, matched inside words.
    private static let phoneSymbols = bytes([
        "☎", "📞", "✆", "℡", "📱", "電話", "电话", "電郵電話", "携帯", "ケータイ", "ファックス", "ファクス", "手机", "手機", "传真",
        "傳真", "전화", "휴대폰", "핸드폰", "팩스", "연락처", "телефон", "тел", "Тел", "ТЕЛ", "факс", "Факс", "τηλ", "Τηλ", "هاتف",
        "טל", "โทร", "điện thoại", "ĐT", "đt",
    ])

    /// Words that say "number" without saying of what: they take the kind of the word before them.
    private static let abbreviatedNumberWords = Set(bytes(["no", "nr", "n°", "nº", "num", "#", "nro", "núm"]))
    private static let numberWords = Set(bytes(["number", "nummer", "numéro", "numero", "número", "numer", "nummer:"]))

    /// Short words that, right before a number, say it is an identifier.
    private static let identifierExact = Set(
        bytes([
            "id", "term", "bon", "vat", "tva", "iva", "btw", "mwst", "ust", "nif", "cif", "abn", "gst", "kvk", "iban",
            "bic", "swift", "blz", "sort", "siret", "siren", "tax", "plz", "zip", "lot", "batch", "part", "pnr", "isbn",
            "issn", "imei", "pin", "tan", "code", "ean", "sku", "upc", "pos", "kasse", "caisse", "ref", "item",
            "ssn", "ein", "tin", "nin", "itin", "sin", "p.iva", "piva", "p.i", "c.f", "cf", "partita", "cnpj", "cpf", "nip",
            "regon", "krs", "rfc", "uid", "rut", "ruc", "nit", "cvr", "orgnr", "org.nr", "kbo", "oib",
        ]))

    /// Starts of words that, right before a number, say it is an identifier, not a phone.
    private static let identifierStems = bytes([
        "order", "invoice", "receipt", "trans", "txn", "auth", "approval", "account", "acct", "card", "terminal",
        "ticket", "barcode", "gtin", "serial", "member", "loyalty", "seq", "inv", "artikel", "art.-nr", "bestell",
        "rechnung", "beleg", "bon-nr", "kunden", "auftrag", "referenz", "reference", "facture", "commande", "pedido",
        "factura", "ust-id", "ustid", "steuer", "vat-", "tracking", "customer", "konto", "compte", "contrat",
        "contract", "policy", "postcode", "postleitzahl", "model", "modell", "version", "build", "tva-",
        "mitglied", "vorgang", "quittung", "passport", "licence", "license", "social", "kassenbon",
    ])

    /// Identifier words in other scripts, matched inside words.
    private static let identifierSymbols = bytes([
        "注文", "伝票", "レシート", "取引", "会員", "登録", "請求", "口座", "問合せ番号", "問い合わせ番号", "주문", "订单", "發票", "发票",
    ])
}
