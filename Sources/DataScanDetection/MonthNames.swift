import DataScanEngines
import DataScanModel

/// Month names and their abbreviations in the languages whose dates the detector reads (en, de, fr, es, it, pt,
/// nl, id, ms; and, as they stand after the day, pl, cs, sk, hu, ro, tr, sv, da, no, fi, ru, uk, bg, sr, el), lower-cased,
/// without a trailing dot, with the forms an OCR or a keyboard without accents writes (`Marz`, `wrzesnia`). (Not
/// Indonesian `des`: French `3 des 2020 modèles`; not Polish three-letter abbreviations such as `sie`, German `Sie`;
/// not Croatian, whose `listopad` is October where Polish and Czech's is November.)
enum MonthNames {
    /// Month number (1...12) by name.
    static let number: [String: Int] = {
        let names: [[String]] = [
            [
                "january", "jan", "januar", "jänner", "jän", "janvier", "janv", "enero", "ene", "gennaio", "gen",
                "janeiro", "januari",
            ],
            [
                "february", "feb", "febr", "februar", "février", "fevrier", "févr", "fevr", "fév", "fev", "febrero",
                "febbraio", "fevereiro", "februari",
            ],
            ["march", "mar", "märz", "maerz", "marz", "mär", "mrz", "mars", "marzo", "março", "marco", "maart", "mrt", "maret", "mac"],
            ["april", "apr", "avril", "avr", "abril", "abr", "aprile"],
            ["may", "mai", "mayo", "maggio", "mag", "maio", "mei"],
            ["june", "jun", "juni", "juin", "junio", "giugno", "giu", "junho"],
            ["july", "jul", "juli", "juillet", "juil", "julio", "luglio", "lug", "julho", "julai"],
            ["august", "aug", "août", "aout", "agosto", "ago", "augustus", "agustus", "agt", "ags", "ogos"],
            ["september", "sep", "sept", "septembre", "septiembre", "setiembre", "settembre", "set", "setembro"],
            ["october", "oct", "oktober", "okt", "octobre", "octubre", "ottobre", "ott", "outubro", "out"],
            ["november", "nov", "novembre", "noviembre", "novembro"],
            [
                "december", "dec", "dezember", "dez", "décembre", "decembre", "déc", "diciembre", "dic", "dicembre",
                "dezembro", "desember", "disember",
            ],
        ]
        var table: [String: Int] = [:]
        for (index, group) in (names + dayFirstNames).enumerated() {
            for name in group { table[name] = index % 12 + 1 }
        }
        return table
    }()

    /// The months of languages that write the day first (`15 марта 2024`, `15. října 2024`, `2024. március 15.`), in
    /// the forms of a date (the genitive where the language has one) and alone: never read as `March 15, 2024`
    /// (`MINI MART 15 2024` is a shop, Turkish `Mart` its March).
    private static let dayFirstNames: [[String]] = [
        [
            "stycznia", "styczeń", "styczen", "ledna", "leden", "januára", "januara", "január", "ianuarie", "ian", "ocak",
            "tammikuuta", "января", "январь", "янв", "січня", "січень", "януари", "јануар", "ιανουαρίου", "ιανουαριου",
        ],
        [
            "lutego", "luty", "února", "unora", "únor", "unor", "februára", "februara", "február", "februarie", "şubat",
            "subat", "helmikuuta", "февраля", "февраль", "фев", "февр", "лютого", "лютий", "февруари", "фебруар",
            "φεβρουαρίου", "φεβρουαριου",
        ],
        [
            "marca", "marzec", "března", "brezna", "březen", "brezen", "március", "marcius", "márc", "marc", "martie",
            "mart", "marts", "maaliskuuta", "марта", "март", "мар", "березня", "березень", "μαρτίου", "μαρτιου",
        ],
        [
            "kwietnia", "kwiecień", "kwiecien", "dubna", "duben", "apríla", "aprila", "április", "aprilis", "ápr",
            "aprilie", "nisan", "huhtikuuta", "апреля", "апрель", "апр", "квітня", "квітень", "април", "απριλίου",
            "απριλιου",
        ],
        [
            "maja", "maj", "května", "kvetna", "květen", "kveten", "mája", "május", "majus", "máj", "mayıs", "mayis",
            "toukokuuta", "мая", "май", "травня", "травень", "мај", "μαΐου", "μαιου",
        ],
        [
            "czerwca", "czerwiec", "června", "cervna", "červen", "cerven", "júna", "június", "junius", "jún", "iunie",
            "iun", "haziran", "kesäkuuta", "kesakuuta", "июня", "июнь", "июн", "червня", "червень", "юни", "јун",
            "ιουνίου", "ιουνιου",
        ],
        [
            "lipca", "lipiec", "července", "cervence", "červenec", "cervenec", "júla", "július", "julius", "júl", "iulie",
            "iul", "temmuz", "heinäkuuta", "heinakuuta", "июля", "июль", "июл", "липня", "липень", "юли", "јул",
            "ιουλίου", "ιουλιου",
        ],
        [
            "sierpnia", "sierpień", "sierpien", "srpna", "srpen", "augusta", "augusztus", "ağustos", "agustos", "augusti",
            "elokuuta", "августа", "август", "авг", "серпня", "серпень", "αυγούστου", "αυγουστου",
        ],
        [
            "września", "wrzesnia", "wrzesień", "wrzesien", "září", "zari", "septembra", "szeptember", "szept",
            "septembrie", "eylül", "eylul", "syyskuuta", "сентября", "сентябрь", "сен", "сент", "вересня", "вересень",
            "септември", "септембар", "σεπτεμβρίου", "σεπτεμβριου",
        ],
        [
            "października", "pazdziernika", "październik", "pazdziernik", "října", "rijna", "říjen", "rijen", "októbra",
            "oktobra", "október", "octombrie", "ekim", "lokakuuta", "октября", "октябрь", "жовтня", "жовтень", "октомври",
            "октобар", "οκτωβρίου", "οκτωβριου",
        ],
        [
            "listopada", "listopad", "listopadu", "novembra", "noiembrie", "kasım", "kasim", "marraskuuta", "ноября",
            "ноябрь", "ноя", "нояб", "листопада", "листопад", "ноември", "новембар", "νοεμβρίου", "νοεμβριου",
        ],
        [
            "grudnia", "grudzień", "grudzien", "prosince", "prosinec", "decembra", "decembrie", "aralık", "aralik",
            "joulukuuta", "декабря", "декабрь", "дек", "грудня", "грудень", "декември", "децембар", "δεκεμβρίου",
            "δεκεμβριου",
        ],
    ]

    /// Names read only with the day before them (above, and Malay `Mac`, a computer too: `Mac 12 2019`).
    static let dayFirstOnly: Set<String> = Set(dayFirstNames.joined()).union(["mac"])

    /// January's to December's three-letter English abbreviation.
    static let englishAbbreviations = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The longest name in bytes, to skip long words without building a string.
    static let maxByteCount = number.keys.map(\.utf8.count).max() ?? 0

    /// Whether a month's name and a space stand before `i` (`MAR 22`).
    static func standsBefore(_ i: Int, in t: UTF8Text) -> Bool {
        guard t[i - 1] == 0x20 else { return false }
        var start = i - 1
        while start > 0, t.isLetter(at: start - 1), i - 1 - start < maxByteCount { start -= 1 }
        guard start < i - 1, !t.isLetter(at: start - 1) else { return false }
        return number[t.string(start..<(i - 1)).lowercased()] != nil
    }
}
