import DataScanEngines
import DataScanModel

/// Finds flight numbers: an IATA airline designator and a 1–4 digit number, apart or together (`LH 400`,
/// `UA2`, `6E 2134`, `LH 0400`), normalized to designator + number without leading zeros (`LH400`).
///
/// The designator must be a known airline (`AirlineDesignators`) written in capitals and standing alone. Many
/// designators are also country codes, US states, units or words (`CA 9404`, `NO 12`, `AM 10`, `IT 2024`): those
/// count only when a flight word (`Flight`, `Flug`, `vol`, `便`, `Gate`, `Boarding`…) stands on the line or the line
/// before. A number followed by more digit groups (`GB 123 4567 89`), by a decimal or time separator and digits
/// (`LH 12.50`, `AA 10:30`) or by letters is no flight number.
struct FlightNumberDetector: TextDetector {
    var type: TextContentType { .flightNumber }

    func detect(in text: String, context: DetectionContext) -> [DetectedText] {
        let t = UTF8Text(text)
        var results: [DetectedText] = []
        var i = 0
        while i + 2 < t.count {
            guard Self.isDesignatorByte(t[i]), !t.isWordByte(at: i - 1), let found = match(at: i, in: t) else {
                i += 1
                continue
            }
            results.append(found)
            i = found.range.upperBound
        }
        return results
    }

    private func match(at start: Int, in t: UTF8Text) -> DetectedText? {
        let (a, b) = (t[start], t[start + 1])
        guard Self.isDesignatorByte(b), !(UTF8Text.isDigit(a) && UTF8Text.isDigit(b)) else { return nil }
        let code = String(decoding: [a, b], as: UTF8.self)
        guard AirlineDesignators.contains(code) else { return nil }
        var numberStart = start + 2
        if t[numberStart] == 0x20 || t[numberStart] == UInt8(ascii: "-") { numberStart += 1 }
        let run = t.digitRun(from: numberStart)
        guard (1...4).contains(run) else { return nil }
        let end = numberStart + run
        // What follows must end the token: not letters (`LS1A`), more digit groups, decimals or times.
        if t.isWordByte(at: end) { return nil }
        if ".,:/%".utf8.contains(t[end]), t.isDigit(at: end + 1) || t[end] == UInt8(ascii: "%") { return nil }
        if t[end] == 0x20, t.isDigit(at: end + 1) { return nil }
        if Self.isAmbiguous(code, glued: numberStart == start + 2), !Self.hasFlightWord(near: start, in: t) {
            return nil
        }
        // `Gate B22`, `Seat 12A`, `Terminal 2`: a designator-like code after such a word is a place.
        if Self.followsPlaceWord(start, in: t) { return nil }
        let number = t.intValue(numberStart..<end)
        guard number > 0 else { return nil }
        let range = start..<end
        return DetectedText(type: .flightNumber, range: range, value: t.string(range), normalized: code + String(number))
    }

    /// Whether the word before `index` names a place at the airport (`Gate`, `Seat`, `Terminal`, `Row`).
    private static func followsPlaceWord(_ index: Int, in t: UTF8Text) -> Bool {
        var end = index
        while end > 0, t[end - 1] == 0x20 || t[end - 1] == UInt8(ascii: ":") { end -= 1 }
        var start = end
        while start > 0, UTF8Text.isASCIILetter(t[start - 1]) { start -= 1 }
        let word = t.string(start..<end).lowercased()
        return ["gate", "seat", "terminal", "row", "platz", "sitz", "porte", "puerta", "siège", "reihe", "zone"].contains(word)
    }

    private static func isDesignatorByte(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || UTF8Text.isDigit(b) }

    /// Designators that are also common two-letter abbreviations: country codes (the two-letter TLDs), US and
    /// Canadian states and provinces (`CA 9404`, `AT 1010`), units and words printed in capitals (`AM 10`). Glued to
    /// the number (`UA2`, `BA2490`) a country or state code reads as a flight; a unit or word (`12KG`) still does not.
    static func isAmbiguous(_ code: String, glued: Bool) -> Bool {
        if ambiguousWords.contains(code) { return true }
        if glued { return false }
        return regionCodes.contains(code) || (code.utf8.allSatisfy(UTF8Text.isASCIILetter) && TopLevelDomains.contains(code))
    }

    private static let regionCodes: Set<String> = [
        // US states and Canadian provinces not already country codes.
        "AK", "AL", "AR", "AZ", "CA", "CO", "CT", "DC", "DE", "FL", "GA", "HI", "IA", "ID", "IL", "IN", "KS", "KY", "LA",
        "MA", "MD", "ME", "MI", "MN", "MO", "MS", "MT", "NC", "ND", "NE", "NH", "NJ", "NM", "NV", "NY", "OH", "OK", "OR",
        "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VA", "VT", "WA", "WI", "WV", "WY", "AB", "BC", "MB", "NB", "NL", "NS",
        "NT", "NU", "ON", "PE", "QC", "SK", "YT",
    ]

    /// Words, units and receipt abbreviations.
    private static let ambiguousWords: Set<String> = [
        "AM", "PM", "AS", "AT", "BE", "BY", "GO", "HE", "IF", "IS", "IT", "ME", "MY", "NO", "OF", "OK", "SO", "TO", "UP",
        "US", "WE", "OR", "AN", "KG", "CM", "MM", "KM", "ML", "MG", "OZ", "LB", "FT", "PC", "PK", "ST", "EA", "TV", "UK",
        "EU", "UX", "PS", "VS", "FX", "QR", "SA", "SN",
    ]

    /// Whether the line of `index`, or the line before, says it is about a flight.
    static func hasFlightWord(near index: Int, in t: UTF8Text) -> Bool {
        let line = t.lineRange(containing: index)
        let previous = line.lowerBound > 0 ? t.lineRange(containing: line.lowerBound - 1) : line
        return t.containsKeyword(flightKeywords, in: previous.lowerBound..<line.upperBound, wholeWords: false)
    }

    private static let flightKeywords = flightWords.map { Array($0.utf8) }

    /// Word starts that say a line is about a flight, in the languages datascan reads.
    static let flightWords = [
        "flight", "flt", "flug", "vol ", "vol:", "vol.", "vuelo", "volo", "voo", "vlucht", "lot ", "rejs", "flyg", "avgång", "afgang",
        "avgang", "lento", "boarding",
        "gate", "departure", "arrival", "depart", "abflug", "ankunft", "départ", "arrivée", "embarquement", "salida",
        "llegada", "embarque", "partenza", "imbarco", "seat", "sitzplatz", "siège", "asiento", "posto", "airline",
        "operated by", "durchgeführt von", "opéré par", "carrier", "便", "航班", "搭乗", "出発", "到着", "항공편", "편명",
        "탑승", "출발",
    ]
}
