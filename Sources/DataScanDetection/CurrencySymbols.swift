import DataScanEngines
import DataScanModel

/// Currency signs and codes as receipts print them, and the ISO 4217 code each stands for.
enum CurrencySymbols {
    /// What a printed currency mark means.
    enum Meaning: Hashable, Sendable {
        /// One currency wherever it is printed (`€`, `EUR`, `円`).
        case code(String)
        /// `$`: the dollar of the region (CAD in Canada...), USD elsewhere.
        case dollar
        /// `¥`: yuan in China, yen elsewhere.
        case yen
        /// `kr`: the krone/krona of the region; unknown outside the Nordic countries.
        case krone
        /// `元`: the yuan in China, and the dollar in Taiwan, Hong Kong and Macau, where it is written so too.
        case yuan
        /// `pesos`: the peso of the region (Argentina, Chile, the Philippines…), the Mexican one elsewhere.
        case peso
        /// `Rs`, `₨`: the rupee of the region (Pakistan, Sri Lanka, Nepal, Mauritius), the Indian one elsewhere.
        case rupee
        /// A currency's name several countries give theirs (`dirhams`, `riyals`, `dinars`): the region's, where it is one
        /// of them (`regionalNames`); none elsewhere.
        case regional(String)
        /// A currency's name after a country's adjective no table knows (`Bermudian dollar`, `Congolese francs`):
        /// some country's dollar or franc, not the region's.
        case unknown
    }

    struct Mark: Sendable {
        var bytes: [UInt8]
        var meaning: Meaning
        /// Letters-only marks (`EUR`, `kr`, `Ft`) must stand apart from neighbouring letters, but for Chinese,
        /// Japanese and Korean ones, which are written without spaces (`價格為NT$100`, `100USD です`).
        var isWord: Bool
        /// A currency's name (`Euro`, `dollars`, `Franken`) rather than a sign or a code: four letters or more, but
        /// the shilling's abbreviations (`KShs`).
        var isName: Bool {
            isWord && bytes.count >= 4 && !bytes.contains(UInt8(ascii: "$")) && !CurrencySymbols.shillingAbbreviations.contains(bytes)
        }
    }

    /// All marks, longest first so that `US$` wins over `$` and `EUR` over nothing.
    static let marks: [Mark] = {
        var table: [(String, Meaning)] = [
            ("$", .dollar), ("＄", .dollar), ("US$", .code("USD")), ("U$S", .code("USD")), ("C$", .code("CAD")),
            ("CA$", .code("CAD")), ("A$", .code("AUD")), ("AU$", .code("AUD")), ("NZ$", .code("NZD")),
            ("HK$", .code("HKD")), ("S$", .code("SGD")), ("R$", .code("BRL")), ("MX$", .code("MXN")),
            ("NT$", .code("TWD")), ("€", .code("EUR")), ("£", .code("GBP")), ("￡", .code("GBP")), ("¥", .yen),
            ("￥", .yen), ("円", .code("JPY")), ("元", .yuan), ("₩", .code("KRW")), ("￦", .code("KRW")),
            ("원", .code("KRW")), ("₹", .code("INR")), ("Rs", .rupee), ("Rs.", .rupee), ("₨", .rupee),
            ("zł", .code("PLN")), ("zl", .code("PLN")), ("Kč", .code("CZK")), ("Ft", .code("HUF")), ("kn", .code("HRK")),
            ("KN", .code("HRK")),
            ("kr", .krone), ("kr.", .krone), ("Kr", .krone), ("Kr.", .krone), ("Fr.", .code("CHF")),
            ("₺", .code("TRY")), ("₽", .code("RUB")), ("฿", .code("THB")), ("₫", .code("VND")), ("₱", .code("PHP")),
            ("₪", .code("ILS")), ("RM", .code("MYR")), ("euro", .code("EUR")), ("euros", .code("EUR")),
            ("Euro", .code("EUR")), ("EURO", .code("EUR")), ("RMB", .code("CNY")), ("Rp", .code("IDR")), ("Rp.", .code("IDR")),
            ("руб.", .code("RUB")), ("руб", .code("RUB")), ("рублей", .code("RUB")), ("р.", .code("RUB")),
            // The ruble's sign as its letter (and as Tesseract's Russian model reads `₽`).
            ("Р", .code("RUB")), ("грн", .code("UAH")),
            ("грн.", .code("UAH")), ("Грн", .code("UAH")), ("ГРН", .code("UAH")), ("дин", .code("RSD")), ("дин.", .code("RSD")),
            ("บาท", .code("THB")), ("đ", .code("VND")), ("VNĐ", .code("VND")), ("₦", .code("NGN")), ("KSh", .code("KES")),
            ("Ksh", .code("KES")),
            ("₴", .code("UAH")), ("₸", .code("KZT")), ("E£", .code("EGP")), ("Dhs", .regional("Dhs")),
            ("DHS", .regional("Dhs")), ("DH", .regional("Dh")), ("Dh", .regional("Dh")),
            ("₵", .code("GHS")), ("GH₵", .code("GHS")), ("лв", .code("BGN")), ("лв.", .code("BGN")), ("৳", .code("BDT")),
            ("₾", .code("GEL")), ("₼", .code("AZN")),
            // The euro sign as Tesseract's Greek model reads it (`ΣΥΝΟΛΟ 23,94 ε`, `93,35έ`).
            ("ε", .code("EUR")), ("έ", .code("EUR")),
        ]
        table += shillingAbbreviations.map { (String(decoding: $0, as: UTF8.self), .code("KES")) }
        table += threeDecimalMarks
        for code in isoCodes { table.append((code, .code(code))) }
        table += AmountWords.currencies
        table += englishNames
        return
            table
            .map {
                Mark(
                    bytes: Array($0.0.utf8), meaning: $0.1,
                    isWord: $0.0.unicodeScalars.contains { $0.properties.isAlphabetic && $0.value < 0x3000 })
            }
            .sorted { $0.bytes.count > $1.bytes.count }
    }()

    /// The Kenyan shilling's longer abbreviations (`KShs 250`, `Kshs. 1,500`): marks, not names.
    static let shillingAbbreviations: Set<[UInt8]> = Set(["KShs", "Kshs", "KShs.", "Kshs."].map { Array($0.utf8) })

    /// Currencies whose amounts are printed as whole numbers: ISO 4217's without minor units (yen, won, dong…), and
    /// those whose minor units are out of use: the rupiah (`TOTAL 60.000` on an Indonesian receipt), the New Taiwan
    /// dollar (`總計 45`), the forint and the Colombian peso.
    static let wholeUnitCodes: Set<String> = [
        "BIF", "CLP", "COP", "DJF", "GNF", "HUF", "IDR", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "TWD", "UGX", "VND", "VUV",
        "XAF", "XOF", "XPF",
    ]

    /// Currencies of three decimals (ISO 4217's, but the Iraqi dinar, whose fils are out of use): the Bahraini,
    /// Jordanian, Kuwaiti, Libyan and Tunisian dinar and the Omani rial. `KD 3.475` is three dinars and 475 fils.
    static let threeDecimalCodes: Set<String> = ["BHD", "JOD", "KWD", "LYD", "OMR", "TND"]

    /// The separators before a three-decimal currency's thousandths: a point (`KD 3.475`), and in Tunisia, which writes
    /// both (`12,500 DT`, `12.500 DT`), a comma. Elsewhere a comma groups thousands (`KWD 1,250`).
    static func thousandthsSeparators(of code: String) -> [UInt8] {
        code == "TND" ? [UInt8(ascii: "."), UInt8(ascii: ",")] : [UInt8(ascii: ".")]
    }

    /// Whether `mark` is one of the letters a three-decimal currency's country writes for it (`KD`, `BD`, `JD`, `DT`,
    /// `R.O.`, `د.ك`): it marks only an amount printed with its three decimals, or one a sentence names, as two capitals
    /// are often something else (`RO 12345678`, a Romanian VAT number).
    static func isThreeDecimalAbbreviation(_ mark: Mark) -> Bool {
        threeDecimalAbbreviations.contains(mark.bytes)
    }

    private static let threeDecimalAbbreviations: Set<[UInt8]> = Set(
        threeDecimalMarks.map { Array($0.0.utf8) })

    private static let threeDecimalMarks: [(String, Meaning)] = [
        ("KD", .code("KWD")), ("BD", .code("BHD")), ("JD", .code("JOD")), ("DT", .code("TND")), ("LD", .code("LYD")),
        ("R.O.", .code("OMR")), ("RO", .code("OMR")), ("د.ك", .code("KWD")), ("د.ك.", .code("KWD")), ("د.ب", .code("BHD")),
        ("د.ب.", .code("BHD")), ("د.أ", .code("JOD")), ("د.ا", .code("JOD")), ("د.ت", .code("TND")), ("د.ل", .code("LYD")),
        ("ر.ع", .code("OMR")), ("ر.ع.", .code("OMR")),
    ]

    /// The codes receipts and invoices print most: evidence of a page's currency. The others (`isMinorCode`) label
    /// their own amount only.
    static let commonCodes: Set<String> = [
        "USD", "EUR", "GBP", "JPY", "CNY", "KRW", "INR", "CHF", "SEK", "NOK", "DKK", "ISK", "PLN", "CZK", "HUF",
        "CAD", "AUD", "NZD", "HKD", "SGD", "MXN", "BRL", "ZAR", "TRY", "RUB", "THB", "MYR", "IDR", "PHP", "VND",
        "TWD", "ILS", "AED", "SAR", "RON", "BGN", "ARS", "CLP", "COP", "PEN", "EGP", "NGN", "KES", "UAH",
    ]

    /// Whether `mark` is the dirham's two letters (`DH`, `Dh`).
    static func isDirhamLetters(_ mark: Mark) -> Bool {
        if case .regional("Dh") = mark.meaning { true } else { false }
    }

    /// Whether `mark` stands for a currency in `regions`: the dirham's two letters only where the region pays in
    /// dirhams (elsewhere `DH` is a designated hitter, a heading's initials); every other mark anywhere.
    static func standsForCurrency(_ mark: Mark, regions: [String]) -> Bool {
        !isDirhamLetters(mark) || code(for: mark.meaning, regions: regions) != nil
    }

    /// Whether `mark` is another glyph the OCR read for a sign (`ε` for `€`): it marks only an amount printed with
    /// two decimals (`23,94 ε`), as a misread sign is no evidence for a number whose separator was misread too
    /// (`4973ε`, `79ο79ε`).
    static func isMisreadSign(_ mark: Mark) -> Bool {
        misreadSigns.contains(mark.bytes)
    }

    private static let misreadSigns: Set<[UInt8]> = [Array("ε".utf8), Array("έ".utf8)]

    /// Whether a mark is a less common currency's ISO code (`PKR`, `WST`, `VES`), which OCR noise spells too.
    static func isMinorCode(_ mark: Mark) -> Bool {
        guard mark.bytes.count == 3, case .code(let code) = mark.meaning, !commonCodes.contains(code) else { return false }
        return mark.bytes.elementsEqual(code.utf8)
    }

    /// Common currencies' codes that are also English words a receipt prints beside a price: `BLUE PEN 2.50`,
    /// `8 PEN` (eight pens) on a stationery receipt, `DRY RUB 4.50`. With an explicit region whose currency is another,
    /// such a code is read as the word (`PageCurrency`); without one, or where it is the region's currency
    /// (`25.00 PEN` in Peru), it stays a currency.
    static let wordCodes: Set<String> = ["PEN", "RUB", "TRY", "MAD"]

    /// Whether a mark is one of `wordCodes`, printed as the code.
    static func isWordCode(_ mark: Mark) -> Bool {
        guard mark.bytes.count == 3, case .code(let code) = mark.meaning, wordCodes.contains(code) else { return false }
        return mark.bytes.elementsEqual(code.utf8)
    }

    /// The ISO 4217 codes recognized when printed as such (`USD 12.00`, `12,00 EUR`, `PKR 50,577.73`): every current
    /// code but those that are English words or common item names beside a price (`ALL 3.99`, `CUP 2.50`, `TOP`,
    /// `GEL`, `SOS`, `BOB`, `MOP`, `BAM`, `AMD`, `CVE`; `MAD` is one of `wordCodes`).
    static let isoCodes: [String] = {
        let wordLike: Set<String> = ["ALL", "TOP", "CUP", "GEL", "SOS", "BOB", "MOP", "BAM", "AMD", "CVE"]
        return CurrencyNames.english.split(separator: "\n").compactMap { line in
            let code = String(line.prefix { $0 != ";" })
            return code.count == 3 && !wordLike.contains(code) ? code : nil
        }
    }()

    /// The currencies' English names from CLDR as running text prints them: `Saudi Riyal`, `Saudi riyal`, `saudi
    /// riyal` and their plurals (`Saudi riyals`), `Trinidad and Tobago dollars` for `Trinidad & Tobago Dollar`; a
    /// former currency's dates dropped (`Sierra Leonean Leone (1964—2022)`).
    static let englishNames: [(String, Meaning)] = {
        var out: [(String, Meaning)] = []
        for line in CurrencyNames.english.split(separator: "\n") {
            let parts = line.split(separator: ";", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let code = String(parts[0])
            var name = String(parts[1].prefix { $0 != "(" })
            while name.hasSuffix(" ") { name.removeLast() }
            guard name.contains(" ") else { continue }  // `Euro`: in AmountWords with its plural
            var forms: [String] = []
            for base in name.contains("&") ? [name, name.replacing("&", with: "and")] : [name] {
                var words = base.split(separator: " ").map(String.init)
                let title = words.joined(separator: " ")
                words[words.count - 1] = words[words.count - 1].lowercased()
                let lastLowered = words.joined(separator: " ")
                for form in [title, lastLowered, title.lowercased()] {
                    forms.append(form)
                    if !form.hasSuffix("s") { forms.append(form + "s") }
                }
            }
            var seen = Set<String>()
            for form in forms where seen.insert(form).inserted { out.append((form, .code(code))) }
        }
        return out
    }()

    /// Marks by their last and first two bytes (one-byte marks by their byte), longest first: a lookup tries a
    /// handful of marks instead of all.
    private static let byLastBytes: [UInt16: [Mark]] = Dictionary(
        grouping: marks.filter { $0.bytes.count >= 2 }, by: { pair($0.bytes[$0.bytes.count - 2], $0.bytes[$0.bytes.count - 1]) })
    private static let byFirstBytes: [UInt16: [Mark]] = Dictionary(
        grouping: marks.filter { $0.bytes.count >= 2 }, by: { pair($0.bytes[0], $0.bytes[1]) })
    private static let singleBytes: [UInt8: [Mark]] = Dictionary(grouping: marks.filter { $0.bytes.count == 1 }) { $0.bytes[0] }

    private static func pair(_ a: UInt8, _ b: UInt8) -> UInt16 { UInt16(a) << 8 | UInt16(b) }

    /// The mark that ends exactly at `end` (before an amount), if any.
    static func mark(endingAt end: Int, in t: UTF8Text) -> Mark? {
        func fits(_ mark: Mark) -> Bool {
            let start = end - mark.bytes.count
            guard start >= 0, matches(mark, at: start, in: t) else { return false }
            return !mark.isWord || !t.isLetter(at: start - 1) || t.isCJK(endingAt: start)
        }
        if end >= 2, let found = byLastBytes[pair(t[end - 2], t[end - 1])]?.first(where: fits) {
            return qualified(found, startingAt: end - found.bytes.count, in: t)
        }
        return singleBytes[t[end - 1]]?.first(where: fits)
    }

    /// A currency code of two or more letters that ends exactly at `end` glued to the word before it (`TOTALRM`,
    /// `BELANJARp`, as an OCR loses the space between a label and its amount's mark), if any. Only the caller can
    /// say whether the word before is a label.
    static func gluedCode(endingAt end: Int, in t: UTF8Text) -> Mark? {
        guard end >= 3, t.isLetter(at: end - 3) else { return nil }
        return byLastBytes[pair(t[end - 2], t[end - 1])]?.first { mark in
            let start = end - mark.bytes.count
            return mark.isWord && !mark.isName && mark.bytes.count >= 2 && mark.bytes.allSatisfy(UTF8Text.isASCIILetter)
                && start >= 1 && matches(mark, at: start, in: t) && t.isLetter(at: start - 1)
        }
    }

    /// A name many countries' currencies share (`dollar`, `pesos`, `francs`, `rupee`) after a capitalized country
    /// adjective that did not make a longer known name (`Bermudian dollar`, `Zimbabwean dollars`, `Congolese
    /// francs`): that country's currency, which is not known here; the mark itself when not so qualified.
    static func qualified(_ mark: Mark, startingAt start: Int, in t: UTF8Text) -> Mark {
        let shared: Bool
        switch mark.meaning {
        case .dollar, .peso, .rupee: shared = mark.isName
        case .code("CHF"): shared = mark.isName && (mark.bytes.first == UInt8(ascii: "f") || mark.bytes.first == UInt8(ascii: "F"))
        default: shared = false
        }
        guard shared, t[start - 1] == 0x20 else { return mark }
        var k = start - 1
        while k > 0, UTF8Text.isASCIILetter(t[k - 1]) { k -= 1 }
        let word = t.bytes[k..<(start - 1)]
        guard word.count >= 4, let first = word.first, (0x41...0x5A).contains(first), !t.isWordByte(at: k - 1) else { return mark }
        let adjective = ["an", "ese", "ish", "ic", "i"].contains { word.reversed().starts(with: $0.utf8.reversed()) }
        return adjective ? Mark(bytes: mark.bytes, meaning: .unknown, isWord: mark.isWord) : mark
    }

    /// The mark that starts at `start`, or after one space there, and the index just after it.
    static func mark(startingAtOrAfterSpace start: Int, in t: UTF8Text) -> (mark: Mark, end: Int)? {
        if let m = mark(startingAt: start, in: t) { return (m, start + m.bytes.count) }
        let space = t.markSpaceLength(startingAt: start)
        if space > 0, let m = mark(startingAt: start + space, in: t) { return (m, start + space + m.bytes.count) }
        return nil
    }

    /// The mark that starts exactly at `start` (after an amount), if any.
    static func mark(startingAt start: Int, in t: UTF8Text) -> Mark? {
        func fits(_ mark: Mark) -> Bool {
            guard matches(mark, at: start, in: t) else { return false }
            let after = start + mark.bytes.count
            return !mark.isWord || !t.isLetter(at: after) || t.isCJK(startingAt: after) || mark.bytes.last == UInt8(ascii: ".")
        }
        if let found = byFirstBytes[pair(t[start], t[start + 1])]?.first(where: fits) {
            return qualified(found, startingAt: start, in: t)
        }
        return singleBytes[t[start]]?.first(where: fits)
    }

    private static func matches(_ mark: Mark, at start: Int, in t: UTF8Text) -> Bool {
        guard start + mark.bytes.count <= t.count else { return false }
        for (offset, b) in mark.bytes.enumerated() where t.bytes[start + offset] != b { return false }
        return true
    }

    /// The ISO code of a mark in the context's regions (the region first, then the languages' regions).
    static func code(for meaning: Meaning, regions: [String]) -> String? {
        switch meaning {
        case .code(let code): return code
        case .dollar:
            return regions.first.flatMap { dollars[$0] } ?? "USD"
        case .yen:
            return regions.first == "CN" ? "CNY" : "JPY"
        case .krone:
            return regions.lazy.compactMap { krone[$0] }.first
        case .yuan:
            return regions.first.flatMap { yuan[$0] } ?? "CNY"
        case .peso:
            return regions.first.flatMap { pesos[$0] } ?? "MXN"
        case .rupee:
            return regions.first.flatMap { rupees[$0] } ?? "INR"
        case .regional(let name):
            return regions.first.flatMap { regionalNames[name]?[$0] } ?? regionalDefaults[name]
        case .unknown:
            return nil
        }
    }

    /// The regions whose own currency `$` stands for: their dollars and pesos, and the Malaysian ringgit (the
    /// Malaysian dollar until 1993: receipt printers there still print `$` for it, 12 of the 156 sroie-dev receipts).
    private static let dollars = [
        "US": "USD", "CA": "CAD", "AU": "AUD", "NZ": "NZD", "SG": "SGD", "HK": "HKD",
        "TW": "TWD", "MX": "MXN", "AR": "ARS", "CL": "CLP", "CO": "COP", "BR": "BRL",
        "MY": "MYR", "BN": "BND", "FJ": "FJD", "JM": "JMD", "TT": "TTD", "BS": "BSD", "BB": "BBD", "BZ": "BZD",
        "GY": "GYD", "SR": "SRD", "LR": "LRD", "NA": "NAD", "SB": "SBD", "KY": "KYD", "BM": "BMD", "DO": "DOP",
        "UY": "UYU", "CU": "CUP", "AG": "XCD", "DM": "XCD", "GD": "XCD", "KN": "XCD", "LC": "XCD", "VC": "XCD",
    ]
    private static let yuan = ["TW": "TWD", "HK": "HKD", "MO": "MOP"]
    private static let pesos = [
        "MX": "MXN", "AR": "ARS", "CL": "CLP", "CO": "COP", "PH": "PHP", "UY": "UYU", "DO": "DOP", "CU": "CUP", "BO": "BOB",
    ]
    private static let rupees = ["PK": "PKR", "LK": "LKR", "NP": "NPR", "MU": "MUR", "SC": "SCR"]
    /// The regions whose own currency each of several countries' names stands for.
    private static let regionalNames: [String: [String: String]] = [
        "dirham": ["AE": "AED", "MA": "MAD"],
        // The dirham's letters: `Dhs 50`, `400 DH`, `125,00 DH` (Morocco writes `DH`, the Emirates `Dhs`).
        "Dhs": ["AE": "AED", "MA": "MAD"], "Dh": ["AE": "AED", "MA": "MAD"],
        "riyal": ["SA": "SAR", "QA": "QAR", "OM": "OMR", "YE": "YER", "IR": "IRR"],
        "dinar": [
            "KW": "KWD", "BH": "BHD", "JO": "JOD", "TN": "TND", "LY": "LYD", "IQ": "IQD", "DZ": "DZD", "RS": "RSD",
        ],
    ]
    /// What a regional name stands for outside its regions, where one country's use prevails: `Dhs` is the Emirates'.
    private static let regionalDefaults = ["Dhs": "AED"]
    /// The regions whose own currency `kr` stands for.
    private static let krone = ["SE": "SEK", "NO": "NOK", "DK": "DKK", "IS": "ISK", "FO": "DKK", "GL": "DKK"]
}
