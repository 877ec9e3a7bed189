import DataScanEngines
import DataScanModel

/// Checks the host names of URLs and e-mail addresses. A URL's host is ASCII (the OCR'd pages datascan reads print
/// internationalized domains rarely, and accepting any letter would let words of CJK text into hosts); an e-mail
/// address's domain may also have Latin letters with diacritics (`info@müller-bäckerei.de`): its `@` is evidence
/// enough, and such letters never run in from CJK text.
enum HostName {
    /// Whether a byte may appear in a host name.
    static func isHostByte(_ b: UInt8) -> Bool {
        UTF8Text.isDigit(b) || UTF8Text.isASCIILetter(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }

    /// The length in bytes of the host character at `index`: 1 for a host byte, 2 for a Latin letter with a
    /// diacritic when `international` (U+00C0–U+024F but `×` and `÷`), else 0.
    static func characterLength(at index: Int, in t: UTF8Text, international: Bool) -> Int {
        if isHostByte(t[index]) { return 1 }
        return international && isLatinLetter(t[index], t[index + 1]) ? 2 : 0
    }

    /// Whether `scalar` is a Latin letter with a diacritic (U+00C0–U+024F but `×` and `÷`).
    static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
        (0xC0...0x24F).contains(scalar.value) && scalar.value != 0xD7 && scalar.value != 0xF7
    }

    /// Whether the two bytes `lead`, `trail` encode a Latin letter with a diacritic (`ü`, `é`, `ł`, `ß`).
    static func isLatinLetter(_ lead: UInt8, _ trail: UInt8) -> Bool {
        guard (0xC3...0xC9).contains(lead), trail & 0xC0 == 0x80,
            let scalar = Unicode.Scalar(UInt32(lead & 0x1F) << 6 | UInt32(trail & 0x3F))
        else { return false }
        return isLatinLetter(scalar)
    }

    /// Whether `host` is dot-separated labels ending in a real top-level domain (`shop.example.de`).
    /// - Parameter strictCase: refuse a capitalized TLD (`Dank.Bis`): on paper, domains are printed all lower or
    ///   all upper case, while OCR joins sentences into `word.Word` pairs that would look like bare domains.
    /// - Parameter international: labels may have Latin letters with diacritics (see `characterLength`).
    static func isValid(_ host: String, strictCase: Bool, international: Bool = false) -> Bool {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, host.utf8.count <= 253, let tld = labels.last else { return false }
        for label in labels {
            guard !label.isEmpty, label.utf8.count <= 63, label.first != "-", label.last != "-",
                label.unicodeScalars.allSatisfy({ s in
                    s.isASCII ? isHostByte(UInt8(s.value)) : international && isLatinLetter(s)
                })
            else { return false }
        }
        guard tld.utf8.allSatisfy(UTF8Text.isASCIILetter), TopLevelDomains.contains(String(tld)) else { return false }
        if strictCase {
            let upper = tld.utf8.allSatisfy { $0 < 0x61 }, lower = tld.utf8.allSatisfy { $0 >= 0x61 }
            if !upper && !lower { return false }
        }
        return true
    }

    /// Whether `host` is a dotted IPv4 address.
    static func isIPv4(_ host: String) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { p in
                (1...3).contains(p.count) && p.utf8.allSatisfy(UTF8Text.isDigit) && (Int(p) ?? 256) <= 255
            }
    }
}
