import DataScanEngines
import DataScanModel
import Foundation

/// The word lists of western addresses: street types by language, directions, unit words, states, countries.
extension StreetAddressDetector {
    /// Street types printed after the name in English (lower-case, without a trailing dot).
    static let englishSuffixes: Set<String> = [
        "street", "st", "avenue", "ave", "av", "road", "rd", "boulevard", "blvd", "parkway", "pkwy", "lane", "ln",
        "drive", "dr", "way", "court", "ct", "place", "pl", "plaza", "plz", "highway", "hwy", "terrace", "ter", "circle",
        "cir", "square", "sq", "trail", "trl", "loop", "close", "crescent", "cres", "gardens", "grove", "mews", "row",
        "walk", "hill", "green", "park", "expressway", "expy", "freeway", "fwy", "turnpike", "tpke", "alley", "pike",
        "broadway", "esplanade", "parade", "quay", "wharf",
    ]

    /// Street types printed right after the house number in French.
    static let frenchTypes: Set<String> = [
        "rue", "avenue", "av.", "av", "boulevard", "bd", "bd.", "place", "pl.", "chemin", "allée", "allee", "impasse",
        "quai", "cours", "route", "rte", "square", "passage", "faubourg", "fg", "voie", "sentier", "rond-point",
    ]

    /// Street types printed before the name in Italian, Spanish and Portuguese (lower-case, without a dot).
    static let romanceTypes: Set<String> = [
        "via", "viale", "piazza", "piazzale", "corso", "largo", "vicolo", "calle", "avenida", "avda", "plaza", "paseo",
        "carrer", "camino", "ronda", "travesía", "rua", "praça", "praca", "travessa", "estrada", "alameda",
    ]

    /// Street suffixes glued to the name in German and Dutch (`Musterstraße`, `Beispielweg`, `Kerkstraat`).
    static let glueSuffixes = [
        "straße", "strasse", "str", "weg", "gasse", "platz", "allee", "ring", "damm", "ufer", "chaussee", "steig", "pfad",
        "markt", "graben", "wall", "straat", "laan", "plein", "gracht", "kade", "dijk", "singel", "steeg",
    ]

    static let directions: Set<String> = ["N", "S", "E", "W", "NE", "NW", "SE", "SW", "North", "South", "East", "West"]
    static let unitWords: Set<String> = ["suite", "ste", "apt", "unit", "floor", "fl", "room", "rm", "bldg", "building"]

    /// Capitalized words that end a town name on a merged line (`London EC1A 1AA Invoice date`).
    static let labelWords: Set<String> = [
        "tel", "telefon", "phone", "fax", "invoice", "rechnung", "datum", "date", "email", "e-mail", "web", "www", "order",
        "kasse", "bon", "facture", "no", "nr", "uhrzeit", "time", "total", "summe",
    ]

    static let usStates: Set<String> = [
        "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA",
        "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR",
        "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "PR",
        // Canadian provinces print the same way (`Toronto, ON M5V 2T6` has no ZIP, so it ends the line).
        "AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT",
    ]

    static let countries: Set<String> = [
        "germany", "deutschland", "united kingdom", "uk", "england", "scotland", "wales", "usa", "united states",
        "united states of america", "france", "japan", "日本", "österreich", "austria", "schweiz", "switzerland",
        "suisse", "italia", "italy", "españa", "spain", "portugal", "nederland", "netherlands", "belgium", "belgique",
        "canada", "ireland",
    ]
}
