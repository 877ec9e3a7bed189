import DataScanEngines
import DataScanModel
import Foundation

/// Finds postal street addresses as receipts, invoices and labels print them, on one line or two, and normalizes
/// them to one line with `, ` between the parts (`Musterstraße 12\n10115 Berlin` → `Musterstraße 12, 10115 Berlin`).
///
/// An address is a street part followed by a locality part, on the same line or at the start of the next:
///
/// | style | street | locality |
/// |---|---|---|
/// | US, UK, AU, CA | `1600 Amphitheatre Pkwy`, `221B Baker Street`, `455 Harbor Road, Suite 200` | `Mountain View, CA 94043`, `New York NY`, `London EC1A 1AA`, `SW1A 2AA` |
/// | DE, AT, CH, NL | `Musterstraße 12`, `Karl-Marx-Str. 5a`, `Kerkstraat 1` (with a street suffix) | `10115 Berlin`, `D-80331 München`, `1012 LG Amsterdam` |
/// | FR | `12 rue de la Paix`, `5, avenue Victor Hugo` | `75002 Paris`, `69001 Lyon Cedex` |
/// | IT, ES, PT | `Via Roma 1`, `Calle Mayor, 5`, `Rua Augusta 100` | `00184 Roma RM`, `28013 Madrid`, `1100-048 Lisboa` |
/// | JP | `〒100-0005 東京都千代田区丸の内1-1` (the postal mark, or a prefecture, then blocks) | — |
///
/// A street alone is not an address (`Tape measure 25 ft` has a number and a unit, not a street): the locality
/// with its postal code or state is the evidence. A country name on the next line (`Germany`) is included.
/// Text between the street and the line end that is not part of the address (a second column merged by OCR)
/// makes a two-line candidate fail rather than swallow it.
struct StreetAddressDetector: TextDetector {
    var type: TextContentType { .fullStreetAddress }

    func detect(in text: String, context: DetectionContext) -> [DetectedText] {
        let t = UTF8Text(text)
        let lines = t.lines
        var results: [DetectedText] = []
        var lineIndex = 0
        while lineIndex < lines.count {
            let line = lines[lineIndex]
            // Every address holds a digit (house number or postal code) on its first line.
            guard t.bytes[line].contains(where: UTF8Text.isDigit) || t.bytes[line].contains(0xE3) else {
                lineIndex += 1
                continue
            }
            let next = lineIndex + 1 < lines.count ? lines[lineIndex + 1] : nil
            // A cheap byte test first: a western address needs its locality (postal code or state) on this line
            // or the next; most receipt lines have neither.
            let westernPossible = Self.mayHoldLocality(line, in: t) || next.map { Self.mayHoldLocality($0, in: t) } == true
            if let found = japanese(line: line, next: next, lineIndex: lineIndex, in: t)
                ?? (westernPossible ? western(lineIndex: lineIndex, lines: lines, in: t) : nil)
            {
                results.append(found.item)
                lineIndex = found.lastLine + 1
            } else {
                lineIndex += 1
            }
        }
        return results
    }

    /// Whether `line` may hold a locality: a 4- or 5-digit run that is not part of a date, amount or time
    /// (`10115`, `1012`, `1100-048`), a UK inward postcode (` 1AA`), or a capital pair ending the line (`NY`).
    static func mayHoldLocality(_ line: Range<Int>, in t: UTF8Text) -> Bool {
        var i = line.lowerBound
        while i < line.upperBound {
            guard t.isDigit(at: i) else {
                i += 1
                continue
            }
            let run = t.digitRun(from: i)
            let before = t[i - 1], after = t[i + run]
            let glued: (UInt8) -> Bool = { ".,:/".utf8.contains($0) }
            if (run == 4 || run == 5), !(glued(before) && t.isDigit(at: i - 2)), !(glued(after) && t.isDigit(at: i + run + 1)) {
                return true
            }
            if run == 1, before == 0x20 || i == line.lowerBound, (0x41...0x5A).contains(t[i + 1]), (0x41...0x5A).contains(t[i + 2]),
                !t.isWordByte(at: i + 3)
            {
                return true
            }
            i += run
        }
        var end = line.upperBound
        while end > line.lowerBound, UTF8Text.isSpace(t[end - 1]) { end -= 1 }
        let isUpper: (UInt8) -> Bool = { $0 >= 0x41 && $0 <= 0x5A }
        return end - line.lowerBound >= 3 && isUpper(t[end - 1]) && isUpper(t[end - 2]) && t[end - 3] == 0x20
    }

    // MARK: - Words of a line

    /// A space-separated word of a line, without a trailing comma or semicolon.
    struct Word {
        var range: Range<Int>
        var text: String
        var comma: Bool
        var lower: String { text.lowercased() }
    }

    static func words(in range: Range<Int>, of t: UTF8Text) -> [Word] {
        var result: [Word] = []
        var i = range.lowerBound
        while i < range.upperBound {
            if t[i] == 0x20 || t[i] == 0x09 || t[i] == 0x0D {
                i += 1
                continue
            }
            let start = i
            while i < range.upperBound, t[i] != 0x20, t[i] != 0x09, t[i] != 0x0D { i += 1 }
            var end = i, comma = false
            if t[end - 1] == UInt8(ascii: ",") || t[end - 1] == UInt8(ascii: ";") {
                end -= 1
                comma = true
            }
            if end > start {
                result.append(Word(range: start..<end, text: t.string(start..<end), comma: comma))
            }
            // A lone comma (`Suite 200 , Portland`) marks the word before.
            else if comma, !result.isEmpty {
                result[result.count - 1].comma = true
            }
        }
        return result
    }

    // MARK: - Western addresses

    struct Part {
        /// Byte range of the part.
        var range: Range<Int>
        /// Index of the first word after the part in its line's words.
        var nextWord: Int
    }

    func western(lineIndex: Int, lines: [Range<Int>], in t: UTF8Text) -> (item: DetectedText, lastLine: Int)? {
        let line = lines[lineIndex]
        let words = Self.words(in: line, of: t)
        for start in words.indices {
            var strongLocalityOnly = false
            var found = Self.street(words, from: start)
            if found == nil, start == 0, let bare = Self.streetWithoutType(words) {
                found = bare
                strongLocalityOnly = true
            }
            guard let street = found else { continue }
            var localityLine = lineIndex
            var locality: Part?
            // On the same line, after the street (`…Pkwy, Mountain View, CA 94043`, `Musterstraße 12, 10115 Berlin`).
            if street.nextWord < words.count, !strongLocalityOnly {
                locality = Self.locality(words, from: street.nextWord)
            }
            // At the start of the next line, when nothing but punctuation follows the street on its own.
            if locality == nil, lineIndex + 1 < lines.count, Self.onlyPunctuation(after: street.range.upperBound, in: line, of: t) {
                let nextWords = Self.words(in: lines[lineIndex + 1], of: t)
                let place = strongLocalityOnly ? Self.strongLocality(nextWords) : Self.locality(nextWords, from: 0)
                if let found = place {
                    locality = found
                    localityLine = lineIndex + 1
                }
            }
            guard let place = locality else { continue }
            var parts = [t.string(street.range), t.string(place.range)]
            var end = place.range.upperBound
            var lastLine = localityLine
            // A country on the line after, alone.
            if lastLine + 1 < lines.count, Self.onlyPunctuation(after: end, in: lines[lastLine], of: t) {
                let next = lines[lastLine + 1]
                var first = next.lowerBound, last = next.upperBound
                while first < last, UTF8Text.isSpace(t[first]) { first += 1 }
                while last > first, UTF8Text.isSpace(t[last - 1]) { last -= 1 }
                let country = t.string(first..<last)
                if Self.countries.contains(country.lowercased()) {
                    parts.append(country)
                    end = last
                    lastLine += 1
                }
            }
            let range = street.range.lowerBound..<end
            let normalized = parts.map { Self.collapseSpaces($0) }.joined(separator: ", ")
            return (
                DetectedText(type: .fullStreetAddress, range: range, value: t.string(range), normalized: normalized),
                lastLine
            )
        }
        return nil
    }

    /// Whether only spaces, punctuation and symbols (no letters or digits) stand between `index` and the line end:
    /// specks an OCR read after a street (`2 Example Ave ° .`) do not keep its locality off the next line.
    static func onlyPunctuation(after index: Int, in line: Range<Int>, of t: UTF8Text) -> Bool {
        guard index < line.upperBound else { return true }
        for i in index..<line.upperBound where t.isWordByte(at: i) {
            guard t[i] >= 0x80 else { return false }
            return !t.string(i..<line.upperBound).unicodeScalars.contains {
                $0.properties.isAlphabetic || $0.properties.numericType != nil
            }
        }
        return true
    }

    static func collapseSpaces(_ s: String) -> String {
        s.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    // MARK: Streets

    static func street(_ words: [Word], from k: Int) -> Part? {
        numberFirstStreet(words, from: k) ?? nameFirstStreet(words, from: k)
    }

    /// `1600 Amphitheatre Pkwy`, `221B Baker Street`, `12 rue de la Paix`, `5, avenue Victor Hugo`, with an
    /// optional direction and unit (`N`, `Suite 200`, `Apt 4B`, `#12`).
    static func numberFirstStreet(_ words: [Word], from k: Int) -> Part? {
        guard isHouseNumber(words[k].text) else { return nil }
        if k > 0, !words[k - 1].comma, isWordLike(words[k - 1].text), !words[k - 1].text.hasSuffix(":") {
            // A number in the middle of a phrase (`Wood screws 100 ct`) does not start a street; after a label
            // (`Adresse:`), a comma or at the line start it may.
            return nil
        }
        // French style: the street type right after the number.
        if k + 2 < words.count, frenchTypes.contains(words[k + 1].lower) {
            var end = k + 2
            while end < words.count, end - k <= 8, isNameWord(words[end].text, allowParticles: true),
                !isPostalCode(words[end].text)
            {
                if words[end].comma || words[end - 1].comma && end > k + 2 { break }
                end += 1
            }
            if end < words.count, words[end].comma, isNameWord(words[end].text, allowParticles: true) { end += 1 }
            guard end > k + 2 else { return nil }
            return Part(range: words[k].range.lowerBound..<words[end - 1].range.upperBound, nextWord: end)
        }
        // English style: name words, then a street suffix.
        var suffixAt: Int?
        var j = k + 1
        while j < words.count, j - k <= 6 {
            let w = words[j]
            if j > k + 1, englishSuffixes.contains(trimDot(w.lower)) { suffixAt = j }
            if w.comma || !isNameWord(w.text, allowParticles: false) { break }
            j += 1
        }
        guard let suffix = suffixAt else { return nil }
        var end = suffix + 1
        if end < words.count, !words[suffix].comma, directions.contains(trimDot(words[end].text)) { end += 1 }
        // A unit: `Suite 200`, `Ste. 5`, `Apt 4B`, `#12`, `Unit 3`, `Floor 2`.
        if end < words.count, words[end].text.hasPrefix("#"), words[end].text.count > 1 {
            end += 1
        } else if end + 1 < words.count, unitWords.contains(trimDot(words[end].lower)),
            words[end + 1].text.first.map({ $0.isNumber || $0.isLetter }) == true, words[end + 1].text.count <= 6
        {
            end += 2
        }
        return Part(range: words[k].range.lowerBound..<words[end - 1].range.upperBound, nextWord: end)
    }

    /// `Musterstraße 12`, `Karl-Marx-Str. 5a`, `Alte Landstraße 3-5`, `Damrak 1`, `Via Roma 1`, `Calle Mayor, 5`.
    static func nameFirstStreet(_ words: [Word], from k: Int) -> Part? {
        let first = words[k]
        guard let initial = first.text.first, initial.isUppercase || first.text.hasPrefix("C/") else { return nil }
        if k > 0, !words[k - 1].comma, !words[k - 1].text.hasSuffix(":"), isNameWord(words[k - 1].text, allowParticles: false),
            words[k - 1].text.first?.isUppercase == true
        {
            // `Alte Landstraße 3` starts at `Alte`: the loop tries it first; a later start inside the same name
            // is no new street.
            return nil
        }
        var j = k
        var named = false
        if romanceTypes.contains(trimDot(first.lower)) || first.text.hasPrefix("C/") {
            // The type, then name words, then (after an optional comma) the number.
            j = k + 1
            while j < words.count, j - k <= 6, !isHouseNumber(words[j].text), isNameWord(words[j].text, allowParticles: true) {
                j += 1
                if words[j - 1].comma { break }
            }
            named = j > k + 1
        } else {
            // Name words up to one that ends in a street suffix (`…straße`, `…str.`, `…weg`, `…straat`).
            while j < words.count, j - k <= 4, isNameWord(words[j].text, allowParticles: true) {
                let lower = trimDot(words[j].lower)
                j += 1
                // `Musterstraße`, or a separate `Straße` after the name (`Mariahilfer Straße`).
                if glueSuffixes.contains(where: { lower.hasSuffix($0) && (lower.count > $0.count + 1 || j - 1 > k) })
                    || words[j - 1].lower.hasSuffix("str.")
                {
                    named = true
                    break
                }
                if words[j - 1].comma { break }
            }
        }
        guard named, j < words.count, isHouseNumber(words[j].text) else { return nil }
        return Part(range: first.range.lowerBound..<words[j].range.upperBound, nextWord: j + 1)
    }

    /// A whole line of house number and capitalized name words without a street type (`4501 El Camino Real`,
    /// `12 Calle Real`): a street only when at least two name words follow the number and a strong locality
    /// follows on the next line (see `strongLocality`).
    static func streetWithoutType(_ words: [Word]) -> Part? {
        guard words.count >= 3, words.count <= 5, isHouseNumber(words[0].text), words[0].text.first != "0",
            words.dropFirst().allSatisfy({ $0.text.first?.isUppercase == true && isNameWord($0.text, allowParticles: false) }),
            !words.contains(where: \.comma)
        else { return nil }
        return Part(range: words[0].range.lowerBound..<words[words.count - 1].range.upperBound, nextWord: words.count)
    }

    /// A locality line that alone says "address": a US city, state and ZIP (`Palo Alto, CA 94306`) or a UK town
    /// and postcode, filling the whole line.
    static func strongLocality(_ words: [Word]) -> Part? {
        guard let place = usLocality(words, from: 0) ?? postcodeLocality(words, from: 0), place.nextWord == words.count,
            let last = words.last, isZIP(last.text) || isUKInward(last.text)
        else { return nil }
        return place
    }

    // MARK: Localities

    static func locality(_ words: [Word], from k: Int) -> Part? {
        guard k < words.count else { return nil }
        return europeanLocality(words, from: k) ?? postcodeLocality(words, from: k) ?? usLocality(words, from: k)
    }

    /// `10115 Berlin`, `D-80331 München`, `1012 LG Amsterdam`, `75002 Paris Cedex 02`, `1100-048 Lisboa`,
    /// `00184 Roma RM`.
    static func europeanLocality(_ words: [Word], from k: Int) -> Part? {
        var code = words[k].text
        if let dash = code.firstIndex(of: "-"), code[..<dash].count <= 2, code[..<dash].allSatisfy(\.isUppercase) {
            code = String(code[code.index(after: dash)...])
        }
        let digits = code.filter(\.isNumber)
        let isCode =
            (digits.count == 5 && code.count == 5) || (digits.count == 4 && code.count == 4)
            || (code.count == 8 && digits.count == 7 && code.utf8.dropFirst(4).first == UInt8(ascii: "-"))
        guard isCode, code.allSatisfy({ $0.isASCII }) else { return nil }
        var j = k + 1
        // Dutch postcodes: four digits and two capitals (`1012 LG`).
        if digits.count == 4, j < words.count, words[j].text.count == 2, words[j].text.allSatisfy(\.isUppercase),
            !words[j].comma
        {
            j += 1
        }
        let cityStart = j
        while j < words.count, j - cityStart < 4, words[j].lower != "cedex", isCityWord(words[j].text, first: j == cityStart) {
            j += 1
            if words[j - 1].comma { break }
        }
        guard j > cityStart else { return nil }
        // `Cedex 02`, an Italian province (`RM`) after the city.
        if j < words.count, words[j].lower == "cedex" {
            j += 1
            if j < words.count, words[j].text.allSatisfy(\.isNumber), words[j].text.count <= 2 { j += 1 }
        }
        return Part(range: words[k].range.lowerBound..<words[j - 1].range.upperBound, nextWord: j)
    }

    /// A UK postcode, with the town before it: `London EC1A 1AA`, `SW1A 2AA`, `Manchester, M1 1AE`.
    static func postcodeLocality(_ words: [Word], from k: Int) -> Part? {
        var j = k
        while j < words.count, j - k <= 3 {
            if j + 1 < words.count, isUKOutward(words[j].text), isUKInward(words[j + 1].text) {
                return Part(range: words[k].range.lowerBound..<words[j + 1].range.upperBound, nextWord: j + 2)
            }
            guard isCityWord(words[j].text, first: j == k) else { return nil }
            j += 1
        }
        return nil
    }

    /// `Mountain View, CA 94043`, `Portland, OR 97201-1234`, `New York NY`, `Chicago IL 60601`.
    static func usLocality(_ words: [Word], from k: Int) -> Part? {
        var j = k
        while j < words.count, j - k <= 4 {
            let w = words[j]
            if j > k, usStates.contains(w.text) {
                var end = j + 1
                if end < words.count, isZIP(words[end].text) {
                    end += 1
                } else if end < words.count, !words[j].comma {
                    return nil  // a state code without ZIP must end the line (`…, New York NY`)
                }
                return Part(range: words[k].range.lowerBound..<words[end - 1].range.upperBound, nextWord: end)
            }
            guard isCityWord(w.text, first: j == k) else { return nil }
            j += 1
        }
        return nil
    }

    // MARK: - Word shapes

    /// `12`, `221B`, `3-5`, `12a`, `5bis`, `100-102`.
    static func isHouseNumber(_ s: String) -> Bool {
        guard let first = s.first, first.isASCII, first.isNumber, s.count <= 8 else { return false }
        let digits = s.prefix(while: \.isNumber)
        guard digits.count <= 5 else { return false }
        let rest = s.dropFirst(digits.count).lowercased()
        if rest.isEmpty { return true }
        if ["bis", "ter", "º", "°"].contains(rest) || (rest.count == 1 && rest.first!.isLetter) { return true }
        if rest.hasPrefix("-"), rest.dropFirst().allSatisfy({ $0.isNumber || $0.isLetter }), rest.count <= 5 { return true }
        return false
    }

    /// A word of a street name: letters (with `-` `'` `.`), or an ordinal (`5th`, `1st`); particles (`de`, `la`)
    /// only where `allowParticles`.
    static func isNameWord(_ s: String, allowParticles: Bool) -> Bool {
        guard let first = s.first, s.count <= 30 else { return false }
        if first.isNumber {
            let lower = s.lowercased()
            return ["st", "nd", "rd", "th"].contains(where: { lower.hasSuffix($0) }) && lower.dropLast(2).allSatisfy(\.isNumber)
                && lower.count > 2
        }
        guard first.isLetter, s.allSatisfy({ $0.isLetter || "-'’.".contains($0) }) else { return false }
        if first.isUppercase { return true }
        if allowParticles || s.count <= 3 { return true }
        return first.isLowercase && s.count > 3 && allowParticles
    }

    /// A word of a town name: capitalized letters (`Mountain`, `Saint-Denis`, `St.`), or a particle inside it.
    static func isCityWord(_ s: String, first: Bool) -> Bool {
        guard let c = s.first, s.allSatisfy({ $0.isLetter || "-'’.()".contains($0) }), s.count <= 30 else { return false }
        if c.isUppercase { return !labelWords.contains(String(s.lowercased().filter { $0.isLetter || $0 == "-" })) }
        return !first && ["am", "an", "der", "de", "la", "le", "sur", "en", "upon", "on", "d'", "di", "del"].contains(s)
    }

    static func isWordLike(_ s: String) -> Bool { s.first?.isLetter == true }

    static func isPostalCode(_ s: String) -> Bool { s.count >= 4 && s.allSatisfy(\.isNumber) }

    static func isZIP(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts[0].count == 5, parts[0].allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        return parts.count == 1 || (parts.count == 2 && parts[1].count == 4 && parts[1].allSatisfy(\.isNumber))
    }

    /// The outward half of a UK postcode: `EC1A`, `SW1A`, `M1`, `B33`, `W1J`.
    static func isUKOutward(_ s: String) -> Bool {
        let b = Array(s.utf8)
        guard (2...4).contains(b.count) else { return false }
        let isUpper: (UInt8) -> Bool = { $0 >= 0x41 && $0 <= 0x5A }
        var i = 0
        while i < b.count, i < 2, isUpper(b[i]) { i += 1 }
        guard i >= 1, i < b.count, UTF8Text.isDigit(b[i]) else { return false }
        i += 1
        if i < b.count, isUpper(b[i]) || UTF8Text.isDigit(b[i]) { i += 1 }
        return i == b.count
    }

    /// The inward half: a digit and two letters (`1AA`).
    static func isUKInward(_ s: String) -> Bool {
        let b = Array(s.utf8)
        // The letters C I K M O V never appear in the inward code.
        let isLetter: (UInt8) -> Bool = { $0 >= 0x41 && $0 <= 0x5A && !"CIKMOV".utf8.contains($0) }
        return b.count == 3 && UTF8Text.isDigit(b[0]) && isLetter(b[1]) && isLetter(b[2])
    }

    static func trimDot(_ s: String) -> String { s.hasSuffix(".") ? String(s.dropLast()) : s }

}
