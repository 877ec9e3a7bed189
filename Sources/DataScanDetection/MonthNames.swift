import DataScanEngines
import DataScanModel

/// Month names and their abbreviations in the languages whose dates the detector reads (en, de, fr, es, it, pt,
/// nl, id, ms), lower-cased, without a trailing dot, with the forms an OCR or a keyboard without umlauts writes
/// (`Marz`). (Not Indonesian `des`: French `3 des 2020 modèles`.)
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
        for (index, group) in names.enumerated() {
            for name in group { table[name] = index + 1 }
        }
        return table
    }()

    /// January's to December's three-letter English abbreviation.
    static let englishAbbreviations = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The longest name in bytes, to skip long words without building a string.
    static let maxByteCount = number.keys.map(\.utf8.count).max() ?? 0
}
