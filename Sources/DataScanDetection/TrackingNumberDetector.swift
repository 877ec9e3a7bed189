import DataScanEngines
import DataScanModel

/// Finds parcel tracking numbers, each validated by its carrier's check digit, and normalizes them to the
/// characters without spaces (`1Z999AA10123456784`).
///
/// | carrier | form | check | needs a tracking word nearby |
/// |---|---|---|---|
/// | UPS | `1Z` + 16 letters/digits | mod 10, odd positions doubled, letters as `(ASCII - 3) % 10` | no |
/// | USPS / FedEx IMpb | 22 digits starting `91`–`96` | GS1 mod 10 | no |
/// | USPS | 20 digits | GS1 mod 10 | yes |
/// | FedEx Express | 12 digits | weights 3,1,7 mod 11 mod 10 | yes |
/// | FedEx Ground | 15 digits | GS1 mod 10 | yes |
/// | DHL Express | 10 digits | the first 9 as a number mod 7 | yes |
///
/// Bare digit runs pass a one-digit check by chance one time in 7 to 11, so the digit-only forms that are not
/// long and prefixed need a carrier name or a tracking word (`Tracking`, `Sendungsnummer`, `suivi`, `追跡`) on their
/// line or the line before. Groups separated by single spaces (`9400 1112 0108 0805 4830 16`) are read as one.
struct TrackingNumberDetector: TextDetector {
    var type: TextContentType { .shipmentTrackingNumber }

    func detect(in text: String, context: DetectionContext) -> [DetectedText] {
        let t = UTF8Text(text)
        var results: [DetectedText] = []
        var i = 0
        while i < t.count {
            guard t.isWordByte(at: i), !t.isWordByte(at: i - 1) else {
                i += 1
                continue
            }
            if let found = ups(at: i, in: t) ?? digits(at: i, in: t) {
                results.append(found)
                i = found.range.upperBound
            } else {
                i += 1
                while t.isWordByte(at: i) { i += 1 }
            }
        }
        return results
    }

    // MARK: - UPS

    private func ups(at start: Int, in t: UTF8Text) -> DetectedText? {
        guard t[start] == UInt8(ascii: "1"), t[start + 1] == UInt8(ascii: "Z") || t[start + 1] == UInt8(ascii: "z")
        else { return nil }
        var chars: [UInt8] = [], i = start + 2
        while chars.count < 16 {
            // Printed in groups: `1Z 999 AA1 01 2345 678 4`.
            if t[i] == 0x20, UTF8Text.isDigit(t[i + 1]) || UTF8Text.isASCIILetter(t[i + 1]) { i += 1 }
            let b = t[i]
            guard UTF8Text.isDigit(b) || UTF8Text.isASCIILetter(b) else { return nil }
            chars.append(b >= 0x61 ? b - 0x20 : b)
            i += 1
        }
        guard !t.isWordByte(at: i), let check = Self.digitValue(chars[15]) else { return nil }
        var total = 0
        for (index, c) in chars[0..<15].enumerated() {
            let value = UTF8Text.isDigit(c) ? Int(c - 0x30) : (Int(c) - 3) % 10
            total += index % 2 == 1 ? value * 2 : value
        }
        guard (10 - total % 10) % 10 == check else { return nil }
        let range = start..<i
        return DetectedText(
            type: .shipmentTrackingNumber, range: range, value: t.string(range),
            normalized: "1Z" + String(decoding: chars, as: UTF8.self))
    }

    // MARK: - Digit-only numbers

    /// The run of digit groups at `start` (single spaces between groups), if it is a valid tracking number of some
    /// carrier.
    private func digits(at start: Int, in t: UTF8Text) -> DetectedText? {
        guard t.isDigit(at: start) else { return nil }
        // Group ends (byte offsets) and the digit count up to each.
        var ends: [(end: Int, digits: Int)] = []
        var i = start, count = 0
        while true {
            let run = t.digitRun(from: i)
            guard run > 0 else { break }
            i += run
            count += run
            ends.append((i, count))
            guard count < 34, t[i] == 0x20, t.isDigit(at: i + 1) else { break }
            i += 1
        }
        // A longer token (`12345678901A`, `3318810025.5`) is not a tracking number.
        guard let last = ends.last, !t.isLetter(at: last.end), count >= 10 else { return nil }
        var context: Bool?
        // The whole run of groups is the number: a valid prefix followed by more groups (`7905 3531 2317 5`) is not.
        for (end, n) in ends.suffix(1) where [10, 12, 15, 20, 22].contains(n) {
            if t.isWordByte(at: end) || (t[end] == UInt8(ascii: ".") || t[end] == UInt8(ascii: ",")) && t.isDigit(at: end + 1) {
                continue
            }
            var digits: [Int] = []
            for k in start..<end where t.isDigit(at: k) { digits.append(Int(t[k] - 0x30)) }
            // A 22-digit IMpb starting 91–96 is unmistakable; shorter digit runs need a tracking word nearby.
            let needsContext = !(n == 22 && digits[0] == 9 && (1...6).contains(digits[1]))
            let valid: Bool
            switch n {
            case 10: valid = Self.dhlExpressIsValid(digits)
            case 12: valid = Self.fedExExpressIsValid(digits)
            default: valid = Self.gs1IsValid(digits)
            }
            guard valid else { continue }
            if needsContext {
                if context == nil { context = Self.hasTrackingWord(near: start, in: t) }
                guard context == true else { continue }
            }
            let range = start..<end
            return DetectedText(
                type: .shipmentTrackingNumber, range: range, value: t.string(range),
                normalized: digits.map(String.init).joined())
        }
        return nil
    }

    /// GS1 mod 10 (weights 3 and 1 from the right, the check digit last): USPS IMpb, FedEx Ground, SSCC.
    static func gs1IsValid(_ digits: [Int]) -> Bool {
        guard let check = digits.last, digits.count > 1 else { return false }
        var total = 0
        for (offset, d) in digits.dropLast().reversed().enumerated() { total += offset % 2 == 0 ? d * 3 : d }
        return (10 - total % 10) % 10 == check
    }

    /// FedEx Express 12 digits: the first 11 weighted 3,1,7,… summed, mod 11, mod 10.
    static func fedExExpressIsValid(_ digits: [Int]) -> Bool {
        guard digits.count == 12 else { return false }
        let weights = [3, 1, 7]
        var total = 0
        for (index, d) in digits.prefix(11).enumerated() { total += d * weights[index % 3] }
        return total % 11 % 10 == digits[11]
    }

    /// DHL Express air waybill, 10 digits: the first 9 as a number, mod 7.
    static func dhlExpressIsValid(_ digits: [Int]) -> Bool {
        guard digits.count == 10, digits.contains(where: { $0 != 0 }) else { return false }
        let serial = digits.prefix(9).reduce(0) { $0 * 10 + $1 }
        return serial % 7 == digits[9]
    }

    private static func digitValue(_ b: UInt8) -> Int? { UTF8Text.isDigit(b) ? Int(b - 0x30) : nil }

    /// Whether the line of `index` names a carrier or says "tracking" in some language, or the line before does
    /// and the number starts its own line (a label above its value; `Weight 2 lb Ref 3318810025` under a tracking
    /// line is another field).
    static func hasTrackingWord(near index: Int, in t: UTF8Text) -> Bool {
        let line = t.lineRange(containing: index)
        let startsLine = !t.bytes[line.lowerBound..<index].contains(where: UTF8Text.isWordByte)
        let previous = line.lowerBound > 0 && startsLine ? t.lineRange(containing: line.lowerBound - 1) : line
        return t.containsKeyword(trackingKeywords, in: previous.lowerBound..<line.upperBound, wholeWords: true)
    }

    private static let trackingKeywords = trackingWords.map { Array($0.utf8) }

    /// Carrier names and "tracking number" in the languages datascan reads.
    static let trackingWords = [
        "tracking", "track", "tracking no", "tracking number", "tracking #", "trk", "awb", "waybill", "air waybill",
        "shipment", "parcel", "package", "ups", "usps", "fedex", "dhl", "dhl express", "sendungsnummer", "sendung",
        "sendungsverfolgung", "paketnummer", "paket", "suivi", "numéro de suivi", "colis", "envoi", "seguimiento",
        "número de seguimiento", "envío", "paquete", "spedizione", "tracciamento", "pacco", "rastreio", "rastreamento",
        "encomenda", "volgnummer", "zending", "pakket", "追跡", "問い合わせ番号", "お問合せ番号", "伝票番号", "配送",
        "운송장", "송장", "배송", "快递", "运单",
    ]
}
