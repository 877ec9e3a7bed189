import DataScanEngines
import DataScanModel

/// Checks the host names of URLs and e-mail addresses (ASCII only: the OCR'd pages datascan reads print
/// internationalized domains rarely, and accepting any letter would let words of CJK text into hosts).
enum HostName {
    /// Whether a byte may appear in a host name.
    static func isHostByte(_ b: UInt8) -> Bool {
        UTF8Text.isDigit(b) || UTF8Text.isASCIILetter(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }

    /// Whether `host` is dot-separated labels ending in a real top-level domain (`shop.example.de`).
    /// - Parameter strictCase: refuse a capitalized TLD (`Dank.Bis`): on paper, domains are printed all lower or
    ///   all upper case, while OCR joins sentences into `word.Word` pairs that would look like bare domains.
    static func isValid(_ host: String, strictCase: Bool) -> Bool {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, host.utf8.count <= 253, let tld = labels.last else { return false }
        for label in labels {
            guard !label.isEmpty, label.utf8.count <= 63, label.first != "-", label.last != "-",
                label.utf8.allSatisfy(isHostByte)
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
