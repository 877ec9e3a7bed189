import DataScanEngines
import DataScanModel
import Foundation
import Synchronization

/// Country names a page prints (an address's `United Kingdom`, `our office in France`, `フランスの事務所`), as the
/// regions whose phone numbers the page may print in their national format. Names come from CLDR through
/// Foundation in the page's languages and English, plus the short forms people print that CLDR lacks (`UK`,
/// `USA`, `Holland`, `アメリカ`), and the names of the world's large cities people print instead of their country
/// (`our Paris office`, `Mumbai: 022 2345 6789`).
struct CountryNames: Sendable {
    /// A name found in a text: its byte range and the region it names.
    struct Mention: Equatable {
        var range: Range<Int>
        var region: String
        /// A city's name, not the country's: weaker evidence (`the Berlin Wall`).
        var isCity = false
    }

    /// The names per first two bytes (lower-cased), so a scan compares only a few names at each word start.
    private let byPrefix: [UInt16: [(name: [UInt8], region: String, latin: Bool, city: Bool)]]

    /// The table for `languages` (BCP-47; English is always added), built once per set of languages: CLDR's names
    /// of all regions take Foundation some 20 ms per language.
    static func table(for languages: [String]) -> CountryNames {
        var bases = languages.map { String($0.prefix { $0 != "-" && $0 != "_" }).lowercased() }
        if !bases.contains("en") { bases.append("en") }
        let key = bases.sorted().joined(separator: ",")
        return cache.withLock { tables in
            if let table = tables[key] { return table }
            let table = CountryNames(languages: bases)
            tables[key] = table
            return table
        }
    }

    private static let cache = Mutex<[String: CountryNames]>([:])

    private init(languages: [String]) {
        var names: [(String, String, city: Bool)] = []
        for language in languages {
            let locale = Locale(identifier: language)
            for region in Locale.Region.isoRegions where region.identifier.count == 2 {
                let code = region.identifier
                guard !Self.ambiguous.contains(code), let name = locale.localizedString(forRegionCode: code) else { continue }
                // Qualified names (`Congo - Kinshasa`, `中国本土`, `Myanmar (Burma)`) are not printed as such.
                if name.contains(where: { "(（,、".contains($0) }) || name.contains(" - ") || name.hasSuffix("本土") {
                    continue
                }
                names.append((name, code, false))
            }
        }
        names += Self.shortForms.map { ($0, $1, false) }
        names += Self.cities.map { ($0, $1, true) }
        var byPrefix: [UInt16: [(name: [UInt8], region: String, latin: Bool, city: Bool)]] = [:]
        for (name, region, city) in names {
            let bytes = Array(name.utf8)
            // Latin names need a capital first letter and at least four letters (`Oman`, not `us` or `in`).
            let latin = bytes[0] < 0x80
            if latin && bytes.count < 4 && !bytes.allSatisfy({ $0 < 0x61 || $0 == 0x2E }) { continue }
            guard bytes.count >= 2 else { continue }
            byPrefix[Self.key(bytes[0], bytes[1]), default: []].append((bytes, region, latin, city))
        }
        self.byPrefix = byPrefix
    }

    /// Every mention in `t`, in text order.
    func mentions(in t: UTF8Text) -> [Mention] {
        var found: [Mention] = []
        var i = 0
        let n = t.count
        while i + 1 < n {
            let b = t[i]
            // A word start: a Latin capital after a non-letter, or any non-ASCII character (CJK has no spaces).
            let startsLatin = b >= 0x41 && b <= 0x5A && !t.isWordByte(at: i - 1)
            let startsOther = b >= 0xC0
            guard startsLatin || startsOther, let candidates = byPrefix[Self.key(b, t[i + 1])] else {
                i += 1
                continue
            }
            var best: (length: Int, region: String, city: Bool)?
            for c in candidates where c.name.count <= n - i && (best == nil || c.name.count > best!.length) {
                guard c.latin == startsLatin, matches(c.name, at: i, in: t) else { continue }
                var end = i + c.name.count
                if c.latin {
                    // German and Dutch inflect names (`den Niederlanden`, `Deutschlands`): an `n` only after an `e`
                    // (`Roman` is no `Roma`).
                    if (t[end] == UInt8(ascii: "n") && c.name.last == UInt8(ascii: "e")) || t[end] == UInt8(ascii: "s") { end += 1 }
                    // (`US$76 million` names a currency.)
                    guard !t.isWordByte(at: end), t[end] != UInt8(ascii: "$") else { continue }
                    // `New Mexico`, `New Jersey`, `New South Wales` are not the countries.
                    if i >= 4, t.hasPrefix("new ", at: i - 4) { continue }
                }
                best = (end - i, c.region, c.city)
            }
            if let (length, region, city) = best {
                found.append(Mention(range: i..<(i + length), region: region, isCity: city))
                i += length
            } else {
                i += 1
            }
        }
        return found
    }

    /// Whether `name` stands at `index`, its first byte exactly and the rest ignoring ASCII case (`GERMANY`); a
    /// two-letter abbreviation (`US`, `UK`) exactly (`Us` is a pronoun).
    private func matches(_ name: [UInt8], at index: Int, in t: UTF8Text) -> Bool {
        guard t[index] == name[0] else { return false }
        if name.count == 2 { return t[index + 1] == name[1] }
        for k in 1..<name.count where UTF8Text.lowercase(t[index + k]) != UTF8Text.lowercase(name[k]) { return false }
        return true
    }

    private static func key(_ a: UInt8, _ b: UInt8) -> UInt16 { UInt16(a) << 8 | UInt16(UTF8Text.lowercase(b)) }

    /// Regions whose English name is also a common word, name or US state (`Georgia`, `Jersey`, `Jordan`, `Chad`,
    /// `Niger`, `Turkey`): they are no evidence of a country.
    private static let ambiguous: Set<String> = ["GE", "JE", "JO", "TD", "NE", "TR", "GU", "PR", "VI", "AS", "MP"]

    /// Names people print that CLDR does not give (or gives only in a qualified form).
    private static let shortForms: [(String, String)] = [
        ("UK", "GB"), ("U.K.", "GB"), ("England", "GB"), ("Scotland", "GB"), ("Wales", "GB"), ("Great Britain", "GB"),
        ("Britain", "GB"), ("Großbritannien", "GB"), ("Grande-Bretagne", "GB"), ("Angleterre", "GB"), ("英国", "GB"),
        ("USA", "US"), ("U.S.A.", "US"), ("U.S.", "US"), ("US", "US"), ("America", "US"), ("アメリカ", "US"), ("米国", "US"),
        ("Amerika", "US"), ("Holland", "NL"), ("China", "CN"), ("Chine", "CN"), ("中国", "CN"), ("Hong Kong", "HK"),
        ("香港", "HK"), ("Korea", "KR"), ("Corée", "KR"), ("Czechia", "CZ"), ("Czech Republic", "CZ"), ("Russia", "RU"),
        ("UAE", "AE"), ("Türkiye", "TR"), ("Türkei", "TR"), ("Turquie", "TR"), ("トルコ", "TR"), ("Taiwan", "TW"),
        ("台湾", "TW"), ("台灣", "TW"), ("Macau", "MO"), ("Brasil", "BR"), ("España", "ES"), ("Italia", "IT"),
        ("Österreich", "AT"), ("Schweiz", "CH"), ("Suisse", "CH"), ("Svizzera", "CH"), ("Deutschland", "DE"),
    ]

    /// Large cities, in English and as printed locally, whose name is no common word and names no other large city
    /// (not `Perth`, `Hyderabad`, `Santiago`, `Valencia`, `Wellington`, `Nice`, `Split`).
    private static let cities: [(String, String)] = {
        let byRegion: [(String, [String])] = [
            ("GB", ["London", "Manchester", "Edinburgh", "Glasgow", "Liverpool", "Leeds", "Bristol", "Cardiff", "Belfast"]),
            ("IE", ["Dublin"]),
            ("FR", ["Paris", "Lyon", "Marseille", "Toulouse", "Bordeaux", "Lille", "Strasbourg", "Nantes"]),
            (
                "DE",
                [
                    "Berlin", "Hamburg", "München", "Munich", "Köln", "Cologne", "Frankfurt", "Stuttgart", "Düsseldorf", "Leipzig",
                    "Dresden", "Hannover", "Nürnberg", "Nuremberg", "Bremen",
                ]
            ),
            ("AT", ["Wien", "Vienna", "Salzburg", "Graz", "Innsbruck"]),
            ("CH", ["Zürich", "Zurich", "Genève", "Geneva", "Genf", "Basel", "Lausanne", "Luzern", "Lucerne"]),
            (
                "IT",
                [
                    "Roma", "Rome", "Milano", "Milan", "Napoli", "Naples", "Torino", "Turin", "Firenze", "Florence", "Venezia", "Venice",
                    "Bologna",
                ]
            ),
            ("ES", ["Madrid", "Barcelona", "Sevilla", "Seville", "Bilbao", "Málaga", "Zaragoza"]),
            ("PT", ["Lisboa", "Lisbon"]),
            ("NL", ["Amsterdam", "Rotterdam", "Utrecht", "Den Haag", "The Hague", "Eindhoven"]),
            ("BE", ["Brussels", "Bruxelles", "Brussel", "Antwerpen", "Antwerp", "Gent", "Ghent", "Liège"]),
            ("DK", ["Copenhagen", "København", "Aarhus"]),
            ("SE", ["Stockholm", "Göteborg", "Gothenburg", "Malmö"]),
            ("NO", ["Oslo"]),
            ("FI", ["Helsinki"]),
            ("PL", ["Warsaw", "Warszawa", "Kraków", "Krakow", "Wrocław", "Gdańsk"]),
            ("CZ", ["Prague", "Praha"]),
            ("HU", ["Budapest"]),
            ("GR", ["Athens", "Thessaloniki"]),
            ("RO", ["Bucharest", "București"]),
            ("RU", ["Moscow", "Москва"]),
            ("TR", ["Istanbul", "İstanbul", "Ankara"]),
            ("IL", ["Tel Aviv", "Jerusalem"]),
            ("AE", ["Dubai", "Abu Dhabi"]),
            ("SA", ["Riyadh", "Jeddah"]),
            ("EG", ["Cairo"]),
            ("ZA", ["Johannesburg", "Cape Town", "Durban", "Pretoria"]),
            ("NG", ["Lagos", "Abuja"]),
            ("KE", ["Nairobi"]),
            ("MA", ["Casablanca"]),
            ("IN", ["Mumbai", "New Delhi", "Delhi", "Bangalore", "Bengaluru", "Chennai", "Kolkata", "Pune", "Ahmedabad"]),
            ("PK", ["Karachi", "Lahore", "Islamabad"]),
            ("BD", ["Dhaka"]),
            ("CN", ["Beijing", "Shanghai", "Shenzhen", "Guangzhou", "北京", "上海", "深圳", "广州"]),
            ("TW", ["Taipei", "台北"]),
            ("JP", ["Tokyo", "Osaka", "Kyoto", "Yokohama", "Nagoya", "Sapporo", "Fukuoka", "東京", "大阪", "京都", "横浜", "名古屋"]),
            ("KR", ["Seoul", "Busan", "서울", "부산"]),
            ("MY", ["Kuala Lumpur", "Penang", "Johor Bahru"]),
            ("TH", ["Bangkok"]),
            ("VN", ["Hanoi", "Ho Chi Minh City", "Saigon"]),
            ("PH", ["Manila"]),
            ("ID", ["Jakarta", "Surabaya"]),
            ("AU", ["Sydney", "Melbourne", "Brisbane", "Adelaide", "Canberra"]),
            ("NZ", ["Auckland", "Christchurch"]),
            ("CA", ["Toronto", "Montreal", "Montréal", "Vancouver", "Ottawa", "Calgary", "Edmonton", "Winnipeg"]),
            ("US", ["New York", "Los Angeles", "Chicago", "San Francisco", "Seattle", "Boston", "Houston", "Miami", "Atlanta"]),
            ("MX", ["Mexico City", "Ciudad de México", "Guadalajara", "Monterrey"]),
            ("BR", ["São Paulo", "Sao Paulo", "Rio de Janeiro", "Brasília", "Belo Horizonte"]),
            ("AR", ["Buenos Aires"]),
            ("CO", ["Bogotá", "Bogota", "Medellín"]),
            ("PE", ["Lima"]),
        ]
        return byRegion.flatMap { region, names in names.map { ($0, region) } }
    }()
}
