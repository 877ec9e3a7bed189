import DataScanEngines
import DataScanModel

/// Finds telephone numbers with libphonenumber and normalizes them to E.164.
///
/// A number is kept when libphonenumber calls it valid (in its country's assigned ranges) for one of the regions
/// the page suggests, or, where a phone label vouches for it (`Tel.`, `Fax:`, `☎`, `電話`, see `PhoneLabels`),
/// when it is only possible (of a possible length: the fictional and newly assigned numbers libphonenumber's
/// metadata does not know), and, without a label, when it is only possible but printed in a shape only phone numbers
/// take (with its country code, or in North American form where the page dials +1; at a lower confidence).
///
/// The regions, in order: the country named in the number's sentence (`our office in France: 01 42 68 53 00`),
/// the context's region, the regions of the other hinted languages, the countries named anywhere on the page
/// (an address's `United Kingdom`), and the countries of the numbers printed with a country code (`+44 20 …`
/// makes `020 7946 0959` on the same page a UK number). Where two regions read the same digits, the earlier one
/// wins; a number that only a region other than the context's reads needs more evidence (see `isConvincing`), and
/// one the context's region could dial is its, not another's.
///
/// OCR's usual confusions inside digit runs (`O`/`o` for 0, `l`/`I` for 1, `S` for 5) are read as digits; such a
/// number is kept only when libphonenumber validates it, and its value stays as printed.
struct PhoneDetector: TextDetector {
    var type: TextContentType { .telephoneNumber }

    func detect(in text: String, context: DetectionContext) -> [DetectedText] {
        let printed = UTF8Text(text)
        // Same length as the printed text (ASCII letters become ASCII digits), so ranges carry over unchanged.
        let bytes = Self.withConfusablesAsDigits(printed)
        // libphonenumber scans with big ICU regexes (several ms per region for a 3 KB page). Only the stretches
        // that can hold a phone number go to it: runs of digits and phone punctuation with enough digits in them.
        let segments = Self.candidateSegments(in: bytes)
        guard !segments.isEmpty else { return [] }
        let primary = context.regions.first ?? "ZZ"
        var pageRegions = context.regions.isEmpty ? ["ZZ"] : context.regions  // ZZ: only numbers with +country code
        let mentions = CountryNames.table(for: context.languages).mentions(in: printed)
        for mention in mentions where !pageRegions.contains(mention.region) { pageRegions.append(mention.region) }
        let cues = segments.map { Self.sentenceCue(for: $0, mentions: mentions, in: printed) }
        // The cue when it comes before the number (`Customers in the UK should call …`), not after it, where it may
        // introduce the next one (`窓口 050-1234-5679メキシコオフィス：800 123 4565`).
        let leadingCues = zip(segments, cues).map { segment, cue in
            cue == nil ? nil : Self.sentenceCue(for: segment, mentions: mentions, in: printed, onlyBefore: true)
        }
        var accepted: [PhoneNumberMatch] = []
        // A segment where numbers cover its digits is settled: later regions' readings would lose to those anyway.
        var settled = Set<Int>()
        var tried = [Set<String>](repeating: [], count: segments.count)
        while true {
            // Each open segment's next untried region: its sentence's country, then the page's regions in order.
            var byRegion: [String: [Int]] = [:], regionOrder: [String] = []
            for index in segments.indices where !settled.contains(index) {
                let order = (cues[index].map { [$0] } ?? []) + pageRegions
                guard let next = order.first(where: { !tried[index].contains($0) }) else { continue }
                tried[index].insert(next)
                if byRegion[next] == nil { regionOrder.append(next) }
                byRegion[next, default: []].append(index)
            }
            guard !regionOrder.isEmpty else { break }
            for region in regionOrder {
                let open = byRegion[region] ?? []
                for (index, found) in Self.matches(in: open, of: segments, bytes, region: region, leniency: .valid) {
                    // Digits an accepted number or an identifier covers are done with; those of a number this
                    // region reads but may not claim stay open for the next regions and the labelled pass.
                    var covered: [Range<Int>] = []
                    defer {
                        let leftover = segments[index].filter { i in
                            bytes.isDigit(at: i) && !covered.contains { $0.contains(i) }
                                && !accepted.contains { $0.range.contains(i) }
                        }
                        if leftover.count < Self.minimumDigits { settled.insert(index) }
                    }
                    for match in found where !accepted.contains(where: { $0.range.overlaps(match.range) }) {
                        // (A national number printed unbroken after its trunk 0, `04054773351`, is read by the page's
                        // own country or its sentence's, where it is valid.)
                        let own = region == primary || region == cues[index]
                        if Self.looksLikeIdentifier(match, in: bytes, allowingTrunkRun: own)
                            || Self.isShortRunWithoutTrunkPrefix(match, region: region, in: bytes)
                        {
                            covered.append(match.range)
                            continue
                        }
                        if Self.isFragment(match, in: bytes) || !Self.dialPrefixIsOneGroup(match) { continue }
                        // `001-918-484-6205` is a North American number dialled from abroad, not a Japanese one
                        // starting 00: left to the reading of numbers dialled with 00.
                        if Self.isNorthAmericanDialledFromAbroad(match) { continue }
                        // The country the number's sentence names before it (`Customers in the UK should call 01632
                        // 960296`) reads a national number it could dial, not another country whose ranges hold the
                        // digits: left to the later passes, which read it as that country's or not at all.
                        if let cue = cues[index], region != cue, leadingCues[index] == cue,
                            Self.isFirstNumber(match, of: segments[index], in: bytes), !Self.isInternational(match),
                            Self.couldBeNationalNumber(match, of: cue)
                        {
                            continue
                        }
                        if region != primary {
                            guard Self.isConvincing(match) else { continue }
                            // A country the page only names or dials is weaker evidence than the context's
                            // languages: digits the context's region could dial (a number libphonenumber does not
                            // know yet, `(207) 193-3808` on a US page) are not its, unless their sentence names it.
                            // A prefix that is this region's dial-out prefix (`011 49 …` read by the US on a UK
                            // page) is no country code either.
                            let plus = match.raw.hasPrefix("+") || match.raw.hasPrefix("＋")
                            if region != cues[index], primary != "ZZ", !plus,
                                !context.regions.contains(region) || Self.isInternational(match),
                                PhoneNumberLibrary.isPossibleNumber(match.raw, region: primary)
                            {
                                continue
                            }
                            // A North American reading that only a page's language brings (English on a Malaysian
                            // receipt) needs the North American shape: `2508/2017 10` (a date and a time the OCR
                            // glued) is no +1 250-820-1710.
                            if Self.northAmericanRegions.contains(region), region != cues[index], !plus,
                                !Self.isInternational(match), !Self.isNorthAmericanShape(match)
                            {
                                continue
                            }
                        }
                        accepted.append(match)
                    }
                }
            }
            // A number printed with its country code makes that country's national numbers likely on the page.
            for match in accepted where Self.isInternational(match) {
                if let region = PhoneNumberLibrary.region(forCountryCode: match.countryCode), !pageRegions.contains(region) {
                    pageRegions.append(region)
                }
            }
        }
        // Labelled numbers libphonenumber calls only possible, read as the sentence's country's, else the context's.
        // One that is a valid number of another country as printed is kept (the label says it is a phone) with a
        // low confidence: its country, and so its normalized form, may be wrong.
        var doubtful: Set<Int> = []
        var labelled: [String: [Int]] = [:], labelledOrder: [String] = []
        // Read as a country's the sentence names, not a city's (`The Berlin Wall fell in 1989; call 555-0100`).
        let countryMentions = mentions.filter { !$0.isCity }
        for index in segments.indices where !settled.contains(index) && Self.hasLabel(segments[index], in: bytes) {
            let cue = Self.sentenceCue(for: segments[index], mentions: countryMentions, in: printed)
            for region in Set([cue, primary].compactMap { $0 }) where region != "ZZ" {
                if labelled[region] == nil { labelledOrder.append(region) }
                labelled[region, default: []].append(index)
            }
        }
        for region in labelledOrder.sorted(by: { ($0 == primary ? 1 : 0, $0) < ($1 == primary ? 1 : 0, $1) }) {
            for (_, found) in Self.matches(in: labelled[region] ?? [], of: segments, bytes, region: region, leniency: .possible) {
                for match in found where !accepted.contains(where: { $0.range.overlaps(match.range) }) {
                    guard match.nationalDigits >= 7, PhoneLabels.vouch(for: match.range, in: bytes),
                        !Self.looksLikeIdentifier(match, in: bytes), !Self.isFragment(match, in: bytes),
                        Self.dialPrefixIsOneGroup(match),
                        !Self.isNorthAmericanDialledFromAbroad(match), Self.isDialableFromAnywhere(match)
                    else { continue }
                    // `Tel. 01 42 68 53 00` on a page read as American: ten digits, so possible for +1, but nobody
                    // dials a North American number with a leading 0 (the trunk prefix of most other countries). It is
                    // another country's, and which one the digits do not say (10 to 18 of the common countries
                    // validate such a number): `+10142685300` would be wrong.
                    if Self.isNationalNumberOfAnotherCountry(match) { continue }
                    if Self.isAnotherCountrysNumber(match, readAs: region) { doubtful.insert(match.range.lowerBound) }
                    accepted.append(match)
                }
            }
        }
        // Unlabelled numbers libphonenumber calls only possible (fictional, unassigned, newly assigned), printed in a
        // shape only phone numbers take: with their country code (`+1-283-919-4410`, `+44(0)1632 960123`,
        // `001-627-458-1192`), or in North American form where the page dials +1 (`(283) 919-4410`,
        // `283.919.4410`). Their country's ranges do not vouch for them: a lower confidence.
        var shaped: Set<Int> = []
        var shapedOpen: [String: [Int]] = [:], dialledOut: [Int] = []
        for index in segments.indices where !settled.contains(index) {
            // `00` is the international prefix of most of the world: `001-627-458-1192` on an American page is a
            // +1 number printed from abroad (libphonenumber reads it as the page's own dial-out prefix only).
            let dialledFromAbroad = Self.startsWithInternationalPrefix(segments[index], in: bytes)
            // The sentence's country first, then the page's (the cue may be a name: `Sydney Medina's direct line is
            // (427)344-4658x42805`).
            let regions = cues[index].map { $0 == primary ? [primary] : [$0, primary] } ?? [primary]
            // Only segments that can hold such a shape go to libphonenumber once more.
            guard
                dialledFromAbroad || Self.hasPlus(segments[index], in: bytes) || Self.hasBracketedTrunk(segments[index], in: bytes)
                    || (regions.contains(where: Self.northAmericanRegions.contains)
                        && Self.hasNorthAmericanGroups(segments[index], in: bytes))
                    || leadingCues[index] != nil || (cues[index] == nil && Self.startsWithTrunkPrefix(segments[index], in: bytes))
            else { continue }
            for region in regions { shapedOpen[region, default: []].append(index) }
            if dialledFromAbroad { dialledOut.append(index) }
        }
        // Sentences' countries before the page's, so that a named country reads its own numbers first; the numbers
        // dialled with `00` read by a country whose dial-out prefix it is, for their country code only.
        var passes = shapedOpen.keys.filter { $0 != primary }.sorted().map {
            (region: $0, open: shapedOpen[$0] ?? [], onlyInternational: false)
        }
        if !dialledOut.isEmpty { passes.append((Self.zeroZeroDialler, dialledOut, true)) }
        if let open = shapedOpen[primary] { passes.append((primary, open, false)) }
        for (region, open, onlyInternational) in passes {
            for (index, found) in Self.matches(in: open, of: segments, bytes, region: region, leniency: .possible) {
                for match in found where !accepted.contains(where: { $0.range.overlaps(match.range) }) {
                    let international = Self.isInternational(match)
                    // A national number of the country its sentence names before it, printed in groups after the trunk
                    // 0 (`The Tokyo branch answers on 070-0032-8713`), or unbroken as that country dials it
                    // (`Customers in the US should call 2446214238`, `Our Milan office (04312219460)`).
                    let namedAndGrouped =
                        leadingCues[index] == region && Self.isFirstNumber(match, of: segments[index], in: bytes)
                        && (Self.isTrunkGrouped(match) || Self.isUnbrokenNationalNumber(match, of: region))
                    // The page's own country's national number, printed in groups after the trunk 0 in a sentence
                    // that names no country (`The help desk is on 0115 496 0268`, `090-0052-3135` on a Japanese page).
                    let homeGrouped = region == primary && cues[index] == nil && Self.isNationalGroupShape(match)
                    // The page's country reading a number its sentence gives another: only in North American form.
                    let againstCue = cues[index].map { $0 != region } ?? false
                    guard match.nationalDigits >= 7, international || !onlyInternational,
                        international || Self.isNorthAmericanShape(match)
                            || (!againstCue && (Self.isBracketedTrunkShape(match) || namedAndGrouped || homeGrouped)),
                        !Self.looksLikeIdentifier(match, in: bytes, allowingTrunkRun: namedAndGrouped),
                        !Self.isFragment(match, in: bytes), Self.dialPrefixIsOneGroup(match),
                        !Self.isNationalNumberOfAnotherCountry(match), !Self.isNorthAmericanDialledFromAbroad(match),
                        Self.isDialableFromAnywhere(match)
                    else { continue }
                    shaped.insert(match.range.lowerBound)
                    accepted.append(match)
                }
            }
        }
        return accepted.sorted { $0.range.lowerBound < $1.range.lowerBound }.map {
            // An opening bracket the number does not close encloses it: `(212-555-0147)`.
            var range = $0.range
            if printed[range.lowerBound] == UInt8(ascii: "("), !printed.bytes[range].contains(UInt8(ascii: ")")) {
                range = (range.lowerBound + 1)..<range.upperBound
            }
            var found = DetectedText(type: .telephoneNumber, range: range, value: printed.string(range), normalized: $0.e164)
            if doubtful.contains($0.range.lowerBound) { found.confidence = Self.doubtfulCountryConfidence }
            if shaped.contains($0.range.lowerBound) { found.confidence = Self.shapedOnlyConfidence }
            return found
        }
    }

    /// libphonenumber's matches in the segments `open` (indices into `segments`), per segment, with ranges in
    /// the text. One call over all of them, joined by a separator no number can cross: building the matcher costs
    /// more than scanning a short segment.
    private static func matches(
        in open: [Int], of segments: [Range<Int>], _ bytes: UTF8Text, region: String, leniency: PhoneNumberLeniency
    ) -> [(Int, [PhoneNumberMatch])] {
        guard !open.isEmpty else { return [] }
        var bySegment: [Int: [PhoneNumberMatch]] = [:]
        // In chunks of a few kilobytes: libphonenumber's matcher copies the rest of its text into ICU for every
        // number it looks at, so one call over a long text (a 300-page PDF's or a 5 MB file's segments) takes
        // time quadratic in its length. A page's segments are one chunk; no match spans two segments.
        var first = 0
        while first < open.count {
            var buffer: [UInt8] = [], starts: [Int] = []
            var last = first
            while last < open.count, buffer.isEmpty || buffer.count + segments[open[last]].count <= Self.chunkBytes {
                starts.append(buffer.count)
                buffer += bytes.bytes[segments[open[last]]]
                buffer += Self.segmentSeparator
                last += 1
            }
            let chunk = open[first..<last]
            first = last
            // An unknown region is not an error of the text: skip it and keep the others.
            guard let all = try? PhoneNumberLibrary.matches(in: buffer[...], region: region, leniency: leniency) else {
                return []
            }
            var k = 0
            for match in all.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                while k + 1 < starts.count, starts[k + 1] <= match.range.lowerBound { k += 1 }
                let index = chunk[chunk.startIndex + k]
                let segment = segments[index]
                let shift = segment.lowerBound - starts[k]
                // E.164: no number is longer than 15 digits with its country code (`1682 1 200 242 242`, a table row
                // whose decimals the OCR lost, on a page that names Germany, is no +49 number).
                guard match.range.upperBound + shift <= segment.upperBound,
                    String(match.countryCode).count + match.nationalDigits <= Self.longestNumber
                else { continue }
                var shifted = match
                shifted.range = (match.range.lowerBound + shift)..<(match.range.upperBound + shift)
                bySegment[index, default: []].append(shifted)
            }
        }
        return open.compactMap { index in bySegment[index].map { (index, $0) } }
    }

    /// The most bytes of segments one call of the matcher reads (more when one segment is longer).
    static let chunkBytes = 8192

    /// The most digits a phone number has with its country code (ITU-T E.164).
    static let longestNumber = 15

    /// Whether a phone label stands before the segment or one of its digit groups (`Tel 030 123 / Fax 030 124`
    /// is one segment; its label stands before it).
    private static func hasLabel(_ segment: Range<Int>, in t: UTF8Text) -> Bool {
        var i = segment.lowerBound
        while i < segment.upperBound {
            // An ASCII digit, `+`, `(`, or their full-width forms (EF BC 90...99, 8B, 88); the segment's first
            // character may be the neighbour before it (`☎`), which is no part of the number.
            let fullWidth = t[i] == 0xEF && t[i + 1] == 0xBC && (t[i + 2] == 0x8B || t[i + 2] == 0x88 || (0x90...0x99).contains(t[i + 2]))
            if t.isDigit(at: i) || t[i] == UInt8(ascii: "+") || t[i] == UInt8(ascii: "(") || fullWidth {
                if PhoneLabels.nearest(before: i, in: t)?.kind == .phone || PhoneLabels.vouch(for: i..<(i + 1), in: t) {
                    return true
                }
                return false
            }
            i += 1
        }
        return false
    }

    /// The country named in the sentence of `segment` (the nearest on its line, no more than 60 bytes away,
    /// without a sentence end between them), if any.
    /// With `onlyBefore`, only the mentions that end before the segment's number count.
    static func sentenceCue(
        for segment: Range<Int>, mentions: [CountryNames.Mention], in t: UTF8Text, onlyBefore: Bool = false
    ) -> String? {
        guard !mentions.isEmpty else { return nil }
        // The segment's first character may be the line break before it (segments take one neighbour each side).
        let line = t.lineRange(containing: t[segment.lowerBound] == 0x0A ? segment.lowerBound + 1 : segment.lowerBound)
        var best: (distance: Int, region: String)?
        // After the number, from its last digit: the segment's neighbour may be the full stop that ends its sentence
        // (`… answers on 080-2887-7555. The U.S. team …`).
        var lastDigitEnd = segment.upperBound
        while lastDigitEnd > segment.lowerBound, !t.isDigit(at: lastDigitEnd - 1) { lastDigitEnd -= 1 }
        for mention in mentions where mention.range.lowerBound >= line.lowerBound && mention.range.upperBound <= line.upperBound {
            if onlyBefore, mention.range.upperBound > segment.lowerBound + 1 { continue }
            let gap =
                mention.range.upperBound <= segment.lowerBound
                ? mention.range.upperBound..<segment.lowerBound
                : lastDigitEnd..<max(lastDigitEnd, mention.range.lowerBound)
            guard gap.count <= 60, !endsSentence(in: gap, t) else { continue }
            if best == nil || gap.count < best!.distance { best = (gap.count, mention.region) }
        }
        return best?.region
    }

    /// Whether a sentence ends in `range`: `。`, `! `, `? `, or `. ` after a word longer than an abbreviation
    /// (`Tel. `, `Inc. ` go on) or after a number (`… 01 23 84. ☎ …`).
    private static func endsSentence(in range: Range<Int>, _ t: UTF8Text) -> Bool {
        for i in range {
            let b = t[i]
            if b == 0xE3, t[i + 1] == 0x80, t[i + 2] == 0x82 { return true }  // 。
            guard b == UInt8(ascii: ".") || b == UInt8(ascii: "!") || b == UInt8(ascii: "?"), t[i + 1] == 0x20 else { continue }
            if b != UInt8(ascii: ".") || t.isDigit(at: i - 1) { return true }
            var k = i
            while k > range.lowerBound - 8, UTF8Text.isASCIILetter(t[k - 1]) { k -= 1 }
            if i - k > 3 { return true }
        }
        return false
    }

    /// The confidence of a labelled number whose country is in doubt (see `isAnotherCountrysNumber`).
    static let doubtfulCountryConfidence = 0.4

    /// The confidence of an unlabelled number of a possible length printed like a phone number, that no
    /// country's assigned ranges hold.
    static let shapedOnlyConfidence = 0.6

    /// Whether the number as read has a length that can be dialled from anywhere, not only within its area: seven
    /// digits read as +1 (`310-5916`, `+13105916`) are a local number without its area code.
    static func isDialableFromAnywhere(_ match: PhoneNumberMatch) -> Bool {
        PhoneNumberLibrary.isPossibleNumber(match.e164, region: "ZZ")
    }

    /// Whether a match is the tail of a longer run of digits: glued to a digit or a `+` before it (`+44(0)115 496 0964`
    /// that libphonenumber could not read as a UK number, and read as `(0)115 496 0964` of the page's country), to a
    /// digit and a colon (a citation's pages), or a space after a country code.
    static func isFragment(_ match: PhoneNumberMatch, in t: UTF8Text) -> Bool {
        let before = t[match.range.lowerBound - 1]
        if UTF8Text.isDigit(before) || before == UInt8(ascii: "+") { return true }
        // The pages of a citation, glued to its volume (`2011;96:2105-2111.`, `2005;97:724-732.`), or the end of a
        // time or a ratio (`12:30`).
        if before == UInt8(ascii: ":") || before == UInt8(ascii: ";"), t.isDigit(at: match.range.lowerBound - 2) { return true }
        // The later groups of a number written with slashes (`Steuernummer 143/169/73822`, `Az. 12/345/6789`): a short
        // first group at a word's start, then one that no phone number dialled as printed starts with.
        if before == UInt8(ascii: "/"), let first = match.raw.utf8.first, UTF8Text.isDigit(first), first != UInt8(ascii: "0") {
            let digits = t.digitRun(endingAt: match.range.lowerBound - 1)
            let k = match.range.lowerBound - 2 - digits
            if (1...4).contains(digits), k < 0 || t[k] == 0x20 || t[k] == 0x0A || t[k] == 0x09 || t[k] == UInt8(ascii: ":") { return true }
        }
        // A country code a space before it (`+1 (752) 349-7040`, area code 752 unassigned, read as `(752) 349-7040`),
        // or a country and an area code (`+31860 084433`).
        guard before == 0x20 else { return false }
        // A bracketed area code before it (`1 (115) 310-5916`, area code 115 impossible, read as `310-5916`).
        if t[match.range.lowerBound - 2] == UInt8(ascii: ")"), t.isDigit(at: match.range.lowerBound - 3) { return true }
        let digits = t.digitRun(endingAt: match.range.lowerBound - 1)
        return (1...6).contains(digits) && t[match.range.lowerBound - 2 - digits] == UInt8(ascii: "+")
    }

    /// A country whose dial-out prefix is `00` (as in most of the world): libphonenumber reading as it finds the
    /// country code of `001-627-458-1192` on a page whose own prefix is another.
    static let zeroZeroDialler = "DE"

    /// The regions that dial +1 numbers nationally (the North American Numbering Plan).
    static let northAmericanRegions: Set<String> = [
        "US", "CA", "PR", "VI", "GU", "AS", "MP", "AG", "AI", "BB", "BM", "BS", "DM", "DO", "GD", "JM", "KN", "KY", "LC",
        "MS", "SX", "TC", "TT", "VC", "VG",
    ]

    /// Whether a segment holds a `+` (ASCII or full-width).
    static func hasPlus(_ segment: Range<Int>, in t: UTF8Text) -> Bool {
        segment.contains { t[$0] == UInt8(ascii: "+") || (t[$0] == 0xEF && t[$0 + 1] == 0xBC && t[$0 + 2] == 0x8B) }
    }

    /// Whether a segment holds groups of 3, 3 and 4 ASCII digits in a row, each after a separator or bracket.
    static func hasNorthAmericanGroups(_ segment: Range<Int>, in t: UTF8Text) -> Bool {
        var lengths: [Int] = []
        var i = segment.lowerBound
        while i < segment.upperBound {
            let run = t.digitRun(from: i)
            if run > 0 {
                lengths.append(run)
                if lengths.count >= 3, lengths.suffix(3) == [3, 3, 4] { return true }
                i += run
            } else {
                i += 1
            }
        }
        return false
    }

    /// Whether a segment holds `(0` and a digit: an area code in brackets after its trunk prefix.
    static func hasBracketedTrunk(_ segment: Range<Int>, in t: UTF8Text) -> Bool {
        segment.contains { t[$0] == UInt8(ascii: "(") && t[$0 + 1] == UInt8(ascii: "0") && t.isDigit(at: $0 + 2) }
    }

    /// Whether a national number starts with its area code in brackets after the trunk prefix 0, then the
    /// subscriber's digits (`(0115) 496 0888`, `(08) 2086 7447`, `(028)9018230`, `(0129)-773940`): how the many
    /// countries that dial a 0 before the area code print it.
    static func isBracketedTrunkShape(_ match: PhoneNumberMatch) -> Bool {
        guard match.countryCode != 1, !isInternational(match) else { return false }
        let b = Array(withoutExtension(match.raw).utf8)
        guard b.count >= 9, b[0] == UInt8(ascii: "("), b[1] == UInt8(ascii: "0"), let close = b.firstIndex(of: UInt8(ascii: ")")),
            (3...6).contains(close), b[1..<close].allSatisfy(UTF8Text.isDigit)
        else { return false }
        let rest = b[(close + 1)...].drop { $0 == 0x20 || $0 == UInt8(ascii: "-") }
        return rest.count >= 5 && rest.allSatisfy { UTF8Text.isDigit($0) || $0 == 0x20 || $0 == UInt8(ascii: "-") }
    }

    /// Whether a number dialled from abroad with digits (`0049 30 …`, `011 49 …`, `001-827-814-8879`) prints its
    /// international prefix within one group. Australia's prefix `0018` read into `001-827-814-8879` makes it
    /// `+27 814 8879`, a South African number, with the prefix split across two groups; the groups say `00` and `1`.
    static func dialPrefixIsOneGroup(_ match: PhoneNumberMatch) -> Bool {
        let raw = withoutExtension(match.raw).utf8
        guard let first = raw.first(where: { $0 != 0x20 && $0 != UInt8(ascii: "(") }), first == UInt8(ascii: "0"),
            isInternational(match)
        else { return true }
        let prefix = printedDigits(match.raw) - match.nationalDigits - String(match.countryCode).count
        var seen = 0
        for b in raw {
            if UTF8Text.isDigit(b) {
                seen += 1
                if seen >= prefix { return true }
            } else if seen > 0 {
                return false
            }
        }
        return true
    }

    /// Whether a match is its segment's first number (no digit before it in the segment): the sentence cue found
    /// for a segment is its first number's (`The Brazil team answers on (11) 2345-6789. 📞 027 0907 8185` is one
    /// segment, and the second number is no Brazilian one).
    static func isFirstNumber(_ match: PhoneNumberMatch, of segment: Range<Int>, in t: UTF8Text) -> Bool {
        !(segment.lowerBound..<max(segment.lowerBound, match.range.lowerBound)).contains { t.isDigit(at: $0) }
    }

    /// Whether a national number is printed after its trunk 0 in two or more groups of digits (`070-0032-8713`,
    /// `08-473 557 39`, `0161 496 0018`).
    static func isTrunkGrouped(_ match: PhoneNumberMatch) -> Bool {
        guard !isInternational(match) else { return false }
        var b = Array(withoutExtension(match.raw).utf8)
        while b.last == 0x20 { b.removeLast() }
        if b.first == UInt8(ascii: "(") { b.removeFirst() }
        guard b.first == UInt8(ascii: "0"), b.allSatisfy({ UTF8Text.isDigit($0) || " -./()".utf8.contains($0) }) else { return false }
        let groups = b.split { !UTF8Text.isDigit($0) }
        return groups.count >= 2 && groups.allSatisfy { $0.count >= 2 }
    }

    /// Whether `match` is printed as national numbers are: the trunk `0` and an area code of 1–4 digits (bracketed or
    /// not), then one to three groups of three digits or more, one separator throughout (`0115 496 0268`,
    /// `(0115) 496 0268`, `090-0052-3135`, `0442.013.794`); not a date and an hour (`04-05-18 12`) or OCR debris
    /// (`01--539233`, `03-18/199913`).
    static func isNationalGroupShape(_ match: PhoneNumberMatch) -> Bool {
        guard !isInternational(match) else { return false }
        var b = printedNumber(match)
        var bracketed = false
        if b.first == UInt8(ascii: "(") {
            guard let close = b.firstIndex(of: UInt8(ascii: ")")), close + 1 < b.count, b[close + 1] == 0x20 else { return false }
            b.remove(at: close)
            b.removeFirst()
            bracketed = true
        }
        guard b.first == UInt8(ascii: "0"), b.count > 1, b[1] != UInt8(ascii: "0") else { return false }
        var groups: [Int] = [], separators = Set<UInt8>(), run = 0
        for (i, c) in b.enumerated() {
            if UTF8Text.isDigit(c) {
                run += 1
                continue
            }
            guard run > 0, " -.".utf8.contains(c), i + 1 < b.count, UTF8Text.isDigit(b[i + 1]) else { return false }
            groups.append(run)
            separators.insert(c)
            run = 0
        }
        groups.append(run)
        let digits = groups.reduce(0, +)
        return (2...5).contains(groups[0]) && (2...4).contains(groups.count) && groups.dropFirst().allSatisfy { $0 >= 3 }
            && (separators.count == 1 || (bracketed && separators == [0x20])) && (9...12).contains(digits)
    }

    /// Whether `match` is read as a national number though it is printed `00 1`, then ten digits: a +1 number
    /// dialled from abroad (`001-918-484-6205`), which some countries' ranges also hold (Japan's `00…` numbers).
    static func isNorthAmericanDialledFromAbroad(_ match: PhoneNumberMatch) -> Bool {
        guard !isInternational(match), match.countryCode != 1 else { return false }
        let digits = withoutExtension(match.raw).utf8.filter(UTF8Text.isDigit)
        return digits.count == 13 && digits.starts(with: "001".utf8)
    }

    /// Whether `match` is printed as one run of digits (brackets around it aside) the way `region` dials a national
    /// number: ten digits starting 2–9 in North America, else 9–12 digits after the trunk `0` (not `00`).
    static func isUnbrokenNationalNumber(_ match: PhoneNumberMatch, of region: String) -> Bool {
        guard !isInternational(match) else { return false }
        var b = printedNumber(match)
        while b.last == 0x20 || b.last == UInt8(ascii: ",") || b.last == UInt8(ascii: ")") { b.removeLast() }
        while b.first == 0x20 || b.first == UInt8(ascii: "(") { b.removeFirst() }
        guard b.allSatisfy(UTF8Text.isDigit), let first = b.first else { return false }
        if northAmericanRegions.contains(region) { return b.count == 10 && first >= UInt8(ascii: "2") }
        return first == UInt8(ascii: "0") && b.count > 1 && b[1] != UInt8(ascii: "0") && (9...12).contains(b.count)
    }

    /// Whether a segment's number starts with one trunk `0` (not `00`).
    static func startsWithTrunkPrefix(_ segment: Range<Int>, in t: UTF8Text) -> Bool {
        guard let first = segment.first(where: { t.isDigit(at: $0) }) else { return false }
        return t[first] == UInt8(ascii: "0") && t[first + 1] != UInt8(ascii: "0")
    }

    /// Whether a segment's number starts with `00` (after its leading neighbour and any `(`).
    static func startsWithInternationalPrefix(_ segment: Range<Int>, in t: UTF8Text) -> Bool {
        guard let first = segment.first(where: { t.isDigit(at: $0) }) else { return false }
        guard t[first] == UInt8(ascii: "0"), t[first + 1] == UInt8(ascii: "0") else { return false }
        return t.isDigit(at: first + 2) || ((t[first + 2] == 0x20 || t[first + 2] == UInt8(ascii: "-")) && t.isDigit(at: first + 3))
    }

    /// Whether `match`, as printed, could be a national number of `region`: of a possible length, and for North
    /// America not starting with the trunk `0` or `1` of other countries (`KL office 03-7956 2345` after `US office`).
    static func couldBeNationalNumber(_ match: PhoneNumberMatch, of region: String) -> Bool {
        if northAmericanRegions.contains(region),
            let first = match.raw.utf8.first(where: UTF8Text.isDigit), first == UInt8(ascii: "0") || first == UInt8(ascii: "1")
        {
            return false
        }
        return PhoneNumberLibrary.isPossibleNumber(match.raw, region: region)
    }

    /// Whether a number read as +1 is printed in North American form, up to its extension: `(NXX) NXX-XXXX`,
    /// `(NXX)NXX-XXXX`, `NXX-NXX-XXXX`, `NXX.NXX.XXXX`, `NXX NXX XXXX`, optionally after `1-` / `1 `, where the area
    /// code starts with 2–9 and the two separators agree.
    static func isNorthAmericanShape(_ match: PhoneNumberMatch) -> Bool {
        guard match.countryCode == 1 else { return false }
        var b = printedNumber(match)
        // Brackets around the whole number enclose it (`Our Chicago office (598.736.3223) opens at nine`).
        if b.first == UInt8(ascii: "("), b.count > 4, b[4] != UInt8(ascii: ")") { b.removeFirst() }
        if b.last == UInt8(ascii: ")"), !b.contains(UInt8(ascii: "(")) { b.removeLast() }
        func digits(_ n: Int, at i: Int) -> Bool { i + n <= b.count && b[i..<(i + n)].allSatisfy(UTF8Text.isDigit) }
        func separator(at i: Int) -> UInt8? { i < b.count && " -.".utf8.contains(b[i]) ? b[i] : nil }
        var i = 0
        if digits(1, at: 0), b[0] == UInt8(ascii: "1"), let s = separator(at: 1), s != UInt8(ascii: "."), !digits(1, at: 4) || b.count > 12
        {
            i = 2
        }
        let area: UInt8
        var first: UInt8?
        if i < b.count, b[i] == UInt8(ascii: "(") {
            guard digits(3, at: i + 1), i + 4 < b.count, b[i + 4] == UInt8(ascii: ")") else { return false }
            area = b[i + 1]
            i += 5
            if let s = separator(at: i), s != UInt8(ascii: ".") { i += 1 }
        } else {
            guard digits(3, at: i), let s = separator(at: i + 3) else { return false }
            area = b[i]
            first = s
            i += 4
        }
        guard digits(3, at: i), let s = separator(at: i + 3), first == nil || s == first, digits(4, at: i + 4), i + 8 == b.count
        else { return false }
        // (An exchange starting with 0 or 1, `(530) 162-9500`, is unassigned but printed as a phone all the same: a
        // fictional number, found at the shaped numbers' lower confidence. An area code cannot start so.)
        return area >= UInt8(ascii: "2")
    }

    /// Whether a number read as only possible in `region` is a valid number of another common country as printed
    /// (`Tel 020 7946 0958`, a London number, is possible in Germany too): then the label does not say whose it
    /// is. Numbers with a country code say whose they are.
    static func isAnotherCountrysNumber(_ match: PhoneNumberMatch, readAs region: String) -> Bool {
        guard !isInternational(match) else { return false }
        return commonRegions.contains { $0 != region && PhoneNumberLibrary.isValidNumber(match.raw, region: $0) }
    }

    /// Whether a number read with country code 1 from national digits (not printed with `+1`) starts with 0: no
    /// North American area code does, and 0 is the trunk prefix of most other countries' national numbers. (A
    /// leading 1 is left alone: area codes start with 2–9 too, but fictional numbers printed as `165-942-2075` are
    /// American-looking, and libphonenumber calls them possible.)
    static func isNationalNumberOfAnotherCountry(_ match: PhoneNumberMatch) -> Bool {
        guard match.countryCode == 1, !isInternational(match), match.e164.hasPrefix("+1") else { return false }
        return match.e164.utf8.dropFirst(2).first == UInt8(ascii: "0")
    }

    /// The countries of the supported languages and the larger ones that share them: the numbers a page most
    /// likely prints.
    private static let commonRegions = [
        "US", "CA", "GB", "IE", "AU", "NZ", "IN", "ZA", "SG", "DE", "AT", "CH", "FR", "BE", "LU", "ES", "MX", "AR",
        "IT", "PT", "BR", "NL", "JP", "KR", "CN", "TW", "HK", "SE", "DK", "NO", "FI", "PL", "CZ", "SK", "HU", "RO",
        "RU", "UA", "GR", "TR", "EG", "SA", "AE", "IL", "TH", "VN", "ID", "MY", "HR", "SI", "BG", "LT", "LV", "EE",
    ]

    /// Whether a match was printed with its country code (`+44 …`, `0044 …`, `011 44 …`).
    static func isInternational(_ match: PhoneNumberMatch) -> Bool {
        let trimmed = match.raw.drop { $0 == " " || $0 == "(" }
        if trimmed.hasPrefix("+") || trimmed.hasPrefix("＋") { return true }
        let digits = printedDigits(match.raw)
        return trimmed.hasPrefix("0") && digits - match.nationalDigits > String(match.countryCode).count
    }

    /// The bytes of a match as printed up to its extension, without the spaces around it and a trailing comma.
    static func printedNumber(_ match: PhoneNumberMatch) -> [UInt8] {
        var b = Array(withoutExtension(match.raw).utf8)
        while b.last == 0x20 || b.last == UInt8(ascii: ",") { b.removeLast() }
        while b.first == 0x20 { b.removeFirst() }
        return b
    }

    /// A match as printed up to its extension (`x821`, `ext. 12`: the first letter), whose digits are no part of
    /// the number's.
    static func withoutExtension(_ raw: String) -> Substring {
        raw.prefix { !$0.isLetter }
    }

    /// How many digits a match prints before its extension, of any script (`０３`, `٠٣` count too).
    static func printedDigits(_ raw: String) -> Int {
        var count = 0
        for b in raw.utf8 {
            if UTF8Text.isDigit(b) {
                count += 1
            } else if b >= 0x80 {
                // Rare: the slow path, by Unicode's decimal digits.
                return withoutExtension(raw).unicodeScalars.filter { $0.properties.numericType == .decimal }.count
            } else if UTF8Text.isASCIILetter(b) {
                break
            }
        }
        return count
    }

    /// Whether a number read with a secondary region (a hinted language's, not the primary `region`) is printed
    /// like a phone of that country: with an international prefix (`+49`, `0049`), or with at least 7 national
    /// digits and either a national trunk prefix (`030 …`) or 9+ digits (countries without a trunk prefix, `912 34
    /// 56 78`). A bare 6-digit group (`333931` of a GTIN's human-readable text) is not read as a German number.
    static func isConvincing(_ match: PhoneNumberMatch) -> Bool {
        let trimmed = match.raw.drop { $0 == " " || $0 == "(" }
        if trimmed.hasPrefix("+") || trimmed.hasPrefix("＋") { return true }
        let digits = printedDigits(match.raw)
        let prefixDigits = digits - match.nationalDigits
        // `00 49 …` / `011 49 …`: more leading digits than a trunk prefix; the country code is among them.
        if prefixDigits > String(match.countryCode).count, trimmed.hasPrefix("0") { return true }
        guard match.nationalDigits >= 7 else { return false }
        return prefixDigits > 0 || match.nationalDigits >= 9
    }

    /// Whether a match of bare digits and spaces is one group of a longer sequence of digit groups (the
    /// human-readable text of a barcode `4 006381 333931`, an IBAN or card number in groups): a whole-digit group
    /// touches it on either side, separated by only a space or a quote, or one of each (`4 "004599 565229`, the quote
    /// the OCR's reading of the gap before a GTIN's first group).
    static func isPartOfDigitGroups(_ range: Range<Int>, in t: UTF8Text) -> Bool {
        let separators: [UInt8] = [0x20, UInt8(ascii: "\""), UInt8(ascii: "'")]
        // A group boundary: the end of the text or a line, a space or a quote (not `/ . : -`, which make dates,
        // times and amounts).
        func isBoundary(_ b: UInt8) -> Bool { b == 0 || b == 0x0A || b == 0x0D || separators.contains(b) }
        // The digit `step` away past one or two separators (not two spaces: a column's gap), nil if none.
        func digitPastSeparators(from k: Int, step: Int) -> Int? {
            guard separators.contains(t[k]) else { return nil }
            if t.isDigit(at: k + step) { return k + step }
            let next = k + step
            guard separators.contains(t[next]), t[next] != t[k], t.isDigit(at: next + step) else { return nil }
            return next + step
        }
        if var k = digitPastSeparators(from: range.lowerBound - 1, step: -1) {
            while t.isDigit(at: k) { k -= 1 }
            if isBoundary(t[k]) { return true }
        }
        if var k = digitPastSeparators(from: range.upperBound, step: 1) {
            while t.isDigit(at: k) { k += 1 }
            if isBoundary(t[k]) { return true }
        }
        return false
    }

    /// The text with OCR's letter-for-digit confusions (`O o` → 0, `l I` → 1, `S` → 5) replaced inside runs of
    /// digits and phone punctuation without spaces (`O3O`, `253-OOOO`) that hold a real digit, three digits in all, and touch
    /// no other letter (`Tel`, `SOS`, `2Stk` stay).
    static func withConfusablesAsDigits(_ t: UTF8Text) -> UTF8Text {
        func digitFor(_ b: UInt8) -> UInt8? {
            switch b {
            case UInt8(ascii: "O"), UInt8(ascii: "o"): return UInt8(ascii: "0")
            case UInt8(ascii: "l"), UInt8(ascii: "I"): return UInt8(ascii: "1")
            case UInt8(ascii: "S"): return UInt8(ascii: "5")
            default: return nil
            }
        }
        func inRun(_ b: UInt8) -> Bool { UTF8Text.isDigit(b) || digitFor(b) != nil || "-./()".utf8.contains(b) }
        var bytes = t.bytes
        var changed = false
        var i = 0
        while i < bytes.count {
            guard inRun(bytes[i]) else {
                i += 1
                continue
            }
            let start = i
            var digits = 0, confusables = 0
            while i < bytes.count, inRun(bytes[i]) {
                if UTF8Text.isDigit(bytes[i]) { digits += 1 } else if digitFor(bytes[i]) != nil { confusables += 1 }
                i += 1
            }
            guard confusables > 0, digits >= 1, digits + confusables >= 3, !t.isLetter(at: start - 1), !t.isLetter(at: i) else { continue }
            for k in start..<i {
                if let d = digitFor(bytes[k]) { bytes[k] = d }
            }
            changed = true
        }
        return changed ? UTF8Text(bytes: bytes) : t
    }

    /// Goes between segments in the one text handed to libphonenumber: a line break and a character that is no
    /// phone punctuation, so that no number runs from one segment into the next.
    private static let segmentSeparator = Array("\n|\n".utf8)

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
            var skip = 0
            while end < t.count, let width = phoneCharacterWidth(at: end, in: t) {
                // A column's gap (two spaces or a tab) ends the segment: a table row's quantity and amounts
                // (`8  15.34  122.72`) are no number's groups.
                if (t[end] == 0x20 && t[end + 1] == 0x20) || t[end] == 0x09 { break }
                // A date or an amount ends the segment, and is skipped (see `nonPhoneToken`).
                if let length = nonPhoneToken(at: end, in: t) {
                    skip = length
                    break
                }
                // An unbroken run of 11+ digits without `+` is a GTIN or an id (see `looksLikeIdentifier`); it ends
                // the segment, which keeps the slowest candidates away from libphonenumber.
                // Not after a phone label, though (`☎ 01212345678`): that one goes to libphonenumber like any other.
                if t.isDigit(at: end), !t.isDigit(at: end - 1), t[end - 1] != UInt8(ascii: "+"), t.digitRun(from: end) >= 11,
                    t.digitRun(from: end) > 15 || PhoneLabels.nearest(before: end, in: t)?.kind != .phone,
                    !isTrunkRun(at: end, in: t)
                {
                    break
                }
                if t.isDigit(at: end) || (width == 3 && t[end + 2] >= 0x90 && t[end + 2] <= 0x99 && t[end + 1] == 0xBC) {
                    digits += 1
                }
                end += width
            }
            if end == i {
                i += max(1, skip, t.digitRun(from: i))
                continue
            }
            if digits >= minimumDigits, skip == 0, let length = extensionLength(at: end, in: t) { end += length }
            if digits >= minimumDigits {
                // Widened by the character on each side, unless it is a skipped date's or amount's digit.
                if start > 0, !t.isDigit(at: start - 1) {
                    start -= 1
                    while start > 0, t[start] & 0xC0 == 0x80 { start -= 1 }  // back to the first byte of a character
                }
                var stop = end
                if stop < t.count, skip == 0 {
                    stop += 1
                    while stop < t.count, t[stop] & 0xC0 == 0x80 { stop += 1 }
                }
                if let last = segments.last, last.upperBound > start {
                    segments[segments.count - 1] = last.lowerBound..<stop
                } else {
                    segments.append(start..<stop)
                }
            }
            i = end + skip
        }
        return segments
    }

    /// The length of an extension glued to or following a number's last digit at `index` (`x821`, ` x 821`,
    /// `ext. 821`, `Ext 4`, `extension 12`): libphonenumber reads it as the number's extension, and without it sees a
    /// letter glued to the number and rejects the number.
    static func extensionLength(at index: Int, in t: UTF8Text) -> Int? {
        guard t.isDigit(at: index - 1) || (t[index - 1] == 0x20 && t.isDigit(at: index - 2)) else { return nil }
        var k = index
        func lowered(_ b: UInt8) -> UInt8 { b | 0x20 }
        if lowered(t[k]) == UInt8(ascii: "x") {
            k += 1
        } else if lowered(t[k]) == UInt8(ascii: "e"), lowered(t[k + 1]) == UInt8(ascii: "x"), lowered(t[k + 2]) == UInt8(ascii: "t") {
            k += 3
            if lowered(t[k]) == UInt8(ascii: "n") {
                k += 1
            } else if Array("ension".utf8).enumerated().allSatisfy({ lowered(t[k + $0.offset]) == $0.element }) {
                k += 6
            }
            if t[k] == UInt8(ascii: ".") || t[k] == UInt8(ascii: ":") { k += 1 }
        } else {
            return nil
        }
        if t[k] == 0x20 { k += 1 }
        let digits = t.digitRun(from: k)
        guard (1...6).contains(digits), !t.isLetter(at: k + digits) else { return nil }
        return k + digits - index
    }

    /// The length of a date (`15.03.2024`, `03/15/24`, `2024-03-15`), a Japanese postal code after its mark or an
    /// amount glued to a currency sign (`$10.66`, `12,50€`) standing as a word at `index`, else nil. libphonenumber
    /// rejects them too, but only after reading them once for each region a page may dial, and receipts and invoices
    /// print dozens.
    static func nonPhoneToken(at index: Int, in t: UTF8Text) -> Int? {
        let before = t[index - 1]
        guard t.isDigit(at: index), !UTF8Text.isDigit(before), !"+-./".utf8.contains(before) else { return nil }
        // Digit groups and the single separators between them.
        var groups: [Range<Int>] = [], separators: [UInt8] = []
        var end = index
        while true {
            let run = t.digitRun(from: end)
            guard run > 0 else { return nil }
            groups.append(end..<(end + run))
            end += run
            let next = t[end]
            guard ".,/-".utf8.contains(next), t.isDigit(at: end + 1), groups.count < 4 else { break }
            separators.append(next)
            end += 1
        }
        // A word of its own: no letter, digit or further number punctuation glued after it.
        let after = t[end]
        let standsApart = !t.isLetter(at: end) && !UTF8Text.isDigit(after) && !"+-/".utf8.contains(after)
        let values = groups.map { t.intValue($0) }
        let lengths = groups.map(\.count)
        if groups.count == 3, standsApart, separators[0] == separators[1], separators[0] != UInt8(ascii: ",") {
            // Day and month either way round, then a year (two digits only after a slash or a dot), or a year first.
            let dayMonth =
                lengths[0] <= 2 && lengths[1] <= 2 && (1...31).contains(values[0]) && (1...31).contains(values[1])
                && (values[0] <= 12 || values[1] <= 12)
                && ((lengths[2] == 4 && (1900...2099).contains(values[2])) || (lengths[2] == 2 && separators[0] != UInt8(ascii: "-")))
            let yearFirst =
                lengths[0] == 4 && (1900...2099).contains(values[0]) && lengths[1] <= 2 && (1...12).contains(values[1])
                && lengths[2] <= 2 && (1...31).contains(values[2])
            if dayMonth || yearFirst { return end - index }
        }
        // A Japanese postal code after its mark: `〒100-0005`.
        if groups.count == 2, lengths == [3, 4], separators[0] == UInt8(ascii: "-"), standsApart, index >= 3,
            t[index - 3] == 0xE3, t[index - 2] == 0x80, t[index - 1] == 0x92
        {
            return end - index
        }
        // An amount with cents, glued to a currency sign: `$10.66`, `1.234,56€`.
        guard let last = separators.last, last == UInt8(ascii: ".") || last == UInt8(ascii: ","), lengths[lengths.count - 1] == 2,
            separators.dropLast().allSatisfy({ $0 != last && ($0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",")) }),
            lengths.dropFirst().dropLast().allSatisfy({ $0 == 3 })
        else { return nil }
        if CurrencySymbols.mark(endingAt: index, in: t) != nil || CurrencySymbols.mark(startingAtOrAfterSpace: end, in: t) != nil {
            return end - index
        }
        // Or standing apart, as a table's cells print amounts: `809.83`, `1.641,42`, `2,304.88` (a number's groups are
        // never one group and two digits after a point or comma, nor thousands groups, then cents).
        if standsApart, groups.count >= 3 || (1...6).contains(lengths[0]) { return end - index }
        return nil
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

    /// Whether the digits at `index` are eleven after one trunk `0` (`04054773351`, `01614960854`): how India and
    /// the UK print a national number unbroken. Not an identifier's length by itself (see `looksLikeIdentifier`).
    static func isTrunkRun(at index: Int, in t: UTF8Text) -> Bool {
        t.digitRun(from: index) == 11 && t[index] == UInt8(ascii: "0") && t[index + 1] != UInt8(ascii: "0")
            && !t.isDigit(at: index - 1) && !("-/.,".utf8.contains(t[index + 11]) && t.isDigit(at: index + 12))
    }

    /// Whether `match` is a run of at most eight digits, no label before it, that `region` dials only after a trunk `0`
    /// it does not print: valid as a local number (`TSE-Signaturzähler: 384521` on a German receipt, +49 38452 1), but
    /// a phone is printed with its area code and trunk prefix, so it is a counter or a reference.
    static func isShortRunWithoutTrunkPrefix(_ match: PhoneNumberMatch, region: String, in t: UTF8Text) -> Bool {
        let raw = match.raw
        guard raw.utf8.count <= 8, raw.utf8.allSatisfy(UTF8Text.isDigit), !raw.hasPrefix("0"),
            PhoneLabels.nearest(before: match.range.lowerBound, in: t) == nil
        else { return false }
        return PhoneNumberLibrary.isValidNumber("0" + raw, region: region)
    }

    /// Receipts are full of long numbers that libphonenumber accepts as valid phones: GTINs, order and invoice
    /// numbers, card and terminal ids. A number is kept when it is formatted like a phone (`+`, brackets,
    /// separators) or its line says it is one; an unformatted digit run is dropped when it is long (GTINs) or when
    /// the words before it name an identifier. `allowingTrunkRun`: an unbroken national number after its trunk 0
    /// (`isTrunkRun`) is no identifier for this reading (the page's own country's or its sentence's).
    static func looksLikeIdentifier(_ match: PhoneNumberMatch, in text: UTF8Text, allowingTrunkRun: Bool = false) -> Bool {
        switch PhoneLabels.nearest(before: match.range.lowerBound, in: text)?.kind {
        case .phone: return false
        case .identifier: return true
        case nil: break
        }
        let raw = match.raw
        if raw.hasPrefix("+") || raw.hasPrefix("＋") || raw.hasPrefix("(") { return false }
        if raw.utf8.allSatisfy({ UTF8Text.isDigit($0) || $0 == 0x20 }), isPartOfDigitGroups(match.range, in: text) {
            return true
        }
        // Preceded directly by `#` (an order "#4155550123").
        let previous = text[match.range.lowerBound - 1], beforePrevious = text[match.range.lowerBound - 2]
        if previous == UInt8(ascii: "#") || (previous == 0x20 && beforePrevious == UInt8(ascii: "#")) { return true }
        let digitsOnly = raw.utf8.allSatisfy { UTF8Text.isDigit($0) }
        // (Ten national digits after the trunk 0, as India and the UK dial: not an Italian number, whose 0 is its own
        // and whose eleven digits are as often a VAT number, `P.IVA 07515280159`.)
        if allowingTrunkRun, digitsOnly, raw.utf8.count == 11, match.nationalDigits == 10,
            isTrunkRun(at: match.range.lowerBound, in: text)
        {
            return false
        }
        return digitsOnly && raw.utf8.count >= 11
    }
}
