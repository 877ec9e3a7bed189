import DataScanEngines
import DataScanModel

/// The canonical form of a barcode's payload, and the checks that decide whether a read is trustworthy.
///
/// Rules (the `normalized` column of the contract):
/// - EAN-13: 13 digits, EAN-8: 8 digits, UPC-A: 12 digits, UPC-E: 8 digits (number system, 6 digits, check digit).
///   The check digit must be right, otherwise the read is rejected (`nil`: not an item).
/// - UPC-A is the same symbol as an EAN-13 starting with `0`. Such a code is reported as `upca` with 12 digits
///   whenever UPC-A was requested (the default), whichever decoder read it and however it reported it. Only when
///   EAN-13 was requested without UPC-A does it stay `ean13` with its 13 digits, so it is not lost.
/// - ITF: digits only, even count; a 14-digit ITF (ITF-14, a GTIN) must have a right check digit. Other lengths
///   carry no mandatory check digit, so none is checked.
/// - Codabar: the start/stop characters (A–D, or their T/N/*/E aliases) are removed.
/// - GS1 data (DataBar, DataBar Expanded, GS1-128 and other codes flagged as GS1): element strings with their
///   application identifiers in brackets, `(01)09012345678908(10)ABC`. DataBar (omnidirectional) always holds one
///   GTIN-14 under AI 01, so it becomes `(01)` + 14 digits. In DataBar and DataBar Expanded every GTIN (AI 01, 02)
///   and SSCC (AI 00) must have a right check digit.
/// - Binary payloads (decoder says binary, or bytes that are not valid UTF-8): `hex:` + lowercase hex bytes, both as
///   normalized value and as `payloadStringValue`.
/// - Everything else: the decoded text as is.
enum BarcodePayload {
    /// A read turned into contract values.
    struct Normalized: Hashable, Sendable {
        var symbology: Symbology
        /// The decoded text as is (or `hex:…` for binary payloads).
        var payloadStringValue: String
        var payload: [UInt8]
        var normalized: String
    }

    /// Normalizes one decoder read; nil when the read is not a valid item (bad check digit, wrong length...).
    /// - Parameter preferUPCA: report EAN-13 codes that start with `0` as UPC-A (true unless only EAN-13 was asked for).
    static func normalize(_ symbol: DecodedSymbol, preferUPCA: Bool) -> Normalized? {
        if symbol.isBinary {
            let hexValue = hex(symbol.bytes)
            return Normalized(symbology: symbol.symbology, payloadStringValue: hexValue, payload: symbol.bytes, normalized: hexValue)
        }
        guard
            let (symbology, normalized) = normalize(
                text: symbol.text, symbology: symbol.symbology, isGS1: symbol.isGS1, preferUPCA: preferUPCA)
        else { return nil }
        return Normalized(symbology: symbology, payloadStringValue: symbol.text, payload: symbol.bytes, normalized: normalized)
    }

    /// The canonical payload of a text read, and the symbology it belongs to (EAN-13 with a leading 0 may become
    /// UPC-A); nil when the text is not valid for its symbology.
    static func normalize(text: String, symbology: Symbology, isGS1: Bool, preferUPCA: Bool) -> (Symbology, String)? {
        switch symbology {
        case .ean13:
            guard text.count == 13, isAllDigits(text), hasValidGTINCheckDigit(text) else { return nil }
            if preferUPCA, text.hasPrefix("0") { return (.upca, String(text.dropFirst())) }
            return (.ean13, text)
        case .upca:
            // Some decoders report UPC-A as its 13-digit EAN-13 form.
            let digits = text.count == 13 && text.hasPrefix("0") ? String(text.dropFirst()) : text
            guard digits.count == 12, isAllDigits(digits), hasValidGTINCheckDigit(digits) else { return nil }
            if !preferUPCA { return (.ean13, "0" + digits) }
            return (.upca, digits)
        case .ean8:
            guard text.count == 8, isAllDigits(text), hasValidGTINCheckDigit(text) else { return nil }
            return (.ean8, text)
        case .upce:
            guard text.count == 8, isAllDigits(text), let expanded = expandUPCE(text),
                hasValidGTINCheckDigit(expanded)
            else { return nil }
            return (.upce, text)
        case .itf:
            guard !text.isEmpty, text.count % 2 == 0, isAllDigits(text) else { return nil }
            if text.count == 14, !hasValidGTINCheckDigit(text) { return nil }
            return (.itf, text)
        case .codabar:
            return (.codabar, strippingCodabarStartStop(text))
        case .gs1DataBar:
            // zxing gives the 14-digit GTIN, zbar prefixes it with its AI "01".
            var digits = text
            if digits.hasPrefix("(01)") { digits.removeFirst(4) }
            if digits.count == 16, digits.hasPrefix("01") { digits.removeFirst(2) }
            guard digits.count == 14, isAllDigits(digits), hasValidGTINCheckDigit(digits) else { return nil }
            return (.gs1DataBar, "(01)" + digits)
        case .gs1DataBarExpanded:
            guard let elements = gs1ElementString(text), hasValidGTINs(elements) else { return nil }
            return (.gs1DataBarExpanded, elements)
        default:
            if isGS1, let elements = gs1ElementString(text) { return (symbology, elements) }
            return (symbology, text)
        }
    }

    // MARK: - Check digits

    /// True when the decoder says the symbol carries its optional check character and it is right: ITF `]I1`, Code 39
    /// `]A1` (both checked again here) or `]A5` (full ASCII: checked by zxing on the characters before the shift
    /// pairs were decoded, which the text no longer shows). zbar reports no identifier, so its reads never count.
    /// An ITF's last digit fits its mod-10 check by chance one time in ten, so `]I1` is support, not proof.
    static func hasVerifiedCheckCharacter(_ symbol: DecodedSymbol) -> Bool {
        switch (symbol.symbology, symbol.symbologyIdentifier) {
        case (.itf, "]I1"): hasValidGTINCheckDigit(symbol.text)
        case (.code39, "]A1"): hasValidCode39CheckCharacter(symbol.text)
        case (.code39, "]A5"): true
        default: false
        }
    }

    /// Code 39's optional mod-43 check: the last character is the sum of the others' values modulo 43.
    static func hasValidCode39CheckCharacter(_ text: String) -> Bool {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%")
        let values = text.map { alphabet.firstIndex(of: $0) }
        guard values.count >= 2, let check = values.last.flatMap({ $0 }) else { return false }
        var sum = 0
        for value in values.dropLast() {
            guard let value else { return false }
            sum += value
        }
        return sum % 43 == check
    }

    /// The GTINs (AI 01, 02) and SSCCs (AI 00) of a bracketed GS1 element string all have a right check digit.
    static func hasValidGTINs(_ elements: String) -> Bool {
        var rest = Substring(elements)
        while let open = rest.firstIndex(of: "(") {
            guard let close = rest[open...].firstIndex(of: ")") else { return false }
            let ai = rest[rest.index(after: open)..<close]
            let valueEnd = rest[close...].dropFirst().firstIndex(of: "(") ?? rest.endIndex
            let value = String(rest[rest.index(after: close)..<valueEnd])
            if ai == "00" || ai == "01" || ai == "02", !hasValidGTINCheckDigit(value) { return false }
            rest = rest[valueEnd...]
        }
        return true
    }

    /// The GS1 mod-10 check of a GTIN-8/12/13/14 (or a UPC-A / SSCC...): the last digit is the check digit.
    static func hasValidGTINCheckDigit(_ digits: String) -> Bool {
        let values = digits.compactMap(\.wholeNumberValue)
        guard values.count == digits.count, values.count >= 2, let check = values.last else { return false }
        return gtinCheckDigit(values.dropLast()) == check
    }

    /// The check digit for the given digits: weights 3, 1, 3... from the rightmost digit.
    static func gtinCheckDigit<C: BidirectionalCollection>(_ values: C) -> Int where C.Element == Int {
        var sum = 0
        for (offset, value) in values.reversed().enumerated() {
            sum += value * (offset % 2 == 0 ? 3 : 1)
        }
        return (10 - sum % 10) % 10
    }

    /// The 12-digit UPC-A a UPC-E code (number system 0 or 1, six digits, check digit) stands for.
    static func expandUPCE(_ upce: String) -> String? {
        let d = upce.compactMap(\.wholeNumberValue)
        guard d.count == 8, upce.count == 8, d[0] == 0 || d[0] == 1 else { return nil }
        let s = Array(d[1...6])
        let body: [Int]
        switch s[5] {
        case 0, 1, 2: body = [s[0], s[1], s[5], 0, 0, 0, 0, s[2], s[3], s[4]]
        case 3: body = [s[0], s[1], s[2], 0, 0, 0, 0, 0, s[3], s[4]]
        case 4: body = [s[0], s[1], s[2], s[3], 0, 0, 0, 0, 0, s[4]]
        default: body = [s[0], s[1], s[2], s[3], s[4], 0, 0, 0, 0, s[5]]
        }
        return ([d[0]] + body + [d[7]]).map(String.init).joined()
    }

    // MARK: - Codabar

    /// Codabar text without its start and stop characters (A–D; T, N, *, E are their alternative names).
    static func strippingCodabarStartStop(_ text: String) -> String {
        let guards: Set<Character> = ["A", "B", "C", "D", "T", "N", "*", "E"]
        guard text.count >= 2, let first = text.first, let last = text.last, guards.contains(first),
            guards.contains(last)
        else { return text }
        return String(text.dropFirst().dropLast())
    }

    // MARK: - GS1

    private static let groupSeparator: Character = "\u{1D}"

    /// GS1 element strings in bracket form, from either the bracket form (validated, returned as is) or the raw
    /// form (concatenated AIs and values, variable-length values ended by GS); nil when the text is not GS1 data.
    static func gs1ElementString(_ text: String) -> String? {
        var rest = Substring(text)
        if rest.hasPrefix("]C1") || rest.hasPrefix("]e0") || rest.hasPrefix("]d2") || rest.hasPrefix("]Q3") {
            rest = rest.dropFirst(3)
        }
        while rest.first == groupSeparator { rest = rest.dropFirst() }  // a leading FNC1
        guard !rest.isEmpty else { return nil }
        return rest.first == "(" ? validatedBracketForm(rest) : bracketForm(ofRaw: rest)
    }

    private static func validatedBracketForm(_ text: Substring) -> String? {
        var rest = text
        var elements: [String] = []
        while !rest.isEmpty {
            guard rest.first == "(", let close = rest.firstIndex(of: ")") else { return nil }
            let ai = rest[rest.index(after: rest.startIndex)..<close]
            guard (2...4).contains(ai.count), isAllDigits(ai) else { return nil }
            rest = rest[rest.index(after: close)...]
            let end = rest.firstIndex(of: "(") ?? rest.endIndex
            let value = rest[..<end].filter { $0 != groupSeparator }
            guard !value.isEmpty else { return nil }
            elements.append("(\(ai))\(value)")
            rest = rest[end...]
        }
        return elements.joined()
    }

    private static func bracketForm(ofRaw text: Substring) -> String? {
        var rest = text
        var elements: [String] = []
        while !rest.isEmpty {
            guard rest.count >= 2, let aiLength = applicationIdentifierLength(prefix: rest.prefix(2)),
                rest.count > aiLength
            else { return nil }
            let ai = rest.prefix(aiLength)
            guard isAllDigits(ai) else { return nil }
            rest = rest.dropFirst(aiLength)
            let value: Substring
            if let fixed = fixedValueLength(prefix: ai.prefix(2)) {
                guard rest.count >= fixed else { return nil }
                value = rest.prefix(fixed)
                rest = rest.dropFirst(fixed)
            } else {
                let end = rest.firstIndex(of: groupSeparator) ?? rest.endIndex
                value = rest[..<end]
                rest = rest[end...]
            }
            guard !value.isEmpty, !value.contains(groupSeparator) else { return nil }
            elements.append("(\(ai))\(value)")
            while rest.first == groupSeparator { rest = rest.dropFirst() }
        }
        return elements.joined()
    }

    /// How many digits the application identifier starting with these two digits has (GS1 General
    /// Specifications, section 3); nil for prefixes that start no AI.
    static func applicationIdentifierLength(prefix: Substring) -> Int? {
        guard let p = Int(prefix) else { return nil }
        switch p {
        case 0...4, 10...22, 30, 37, 90...99: return 2
        case 23...25, 40...42, 71: return 3
        case 31...36, 39, 43, 70, 72, 80...82: return 4
        default: return nil
        }
    }

    /// Values of a predefined length (no GS after them), by the first two digits of the AI; nil = variable length.
    static func fixedValueLength(prefix: Substring) -> Int? {
        guard let p = Int(prefix) else { return nil }
        switch p {
        case 0: return 18
        case 1...3: return 14
        case 4: return 16
        case 11...19: return 6
        case 20: return 2
        case 31...36: return 6
        case 41: return 13
        default: return nil
        }
    }

    // MARK: - Helpers

    /// `hex:` + lowercase hex of the bytes.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        var text = "hex:"
        text.reserveCapacity(4 + bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return text
    }

    static func isAllDigits<S: StringProtocol>(_ text: S) -> Bool {
        !text.isEmpty && text.allSatisfy { $0 >= "0" && $0 <= "9" }
    }
}
