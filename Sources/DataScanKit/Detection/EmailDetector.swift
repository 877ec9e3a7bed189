/// Finds e-mail addresses (`local@domain.tld`, the domain ending in a real top-level domain) and normalizes
/// them to lower case.
struct EmailDetector: TextDetector {
    var type: TextContentType { .emailAddress }

    func detect(in text: String, context: DetectionContext) -> [DetectedText] {
        let t = UTF8Text(text)
        var results: [DetectedText] = []
        var searchFrom = 0
        for at in t.bytes.indices where t.bytes[at] == UInt8(ascii: "@") && at >= searchFrom {
            var start = at
            while start > 0, Self.isLocalByte(t[start - 1]) { start -= 1 }
            // A local part cannot start or end with a dot (`…sentence.info@x.de` keeps only `info`).
            while start < at, t[start] == UInt8(ascii: ".") { start += 1 }
            guard start < at, t[at - 1] != UInt8(ascii: ".") else { continue }
            let local = t.string(start..<at)
            guard !local.contains("..") else { continue }
            var end = at + 1
            while end < t.count, HostName.isHostByte(t[end]) { end += 1 }
            while end > at + 1, t[end - 1] == UInt8(ascii: ".") || t[end - 1] == UInt8(ascii: "-") { end -= 1 }
            guard end > at + 1 else { continue }
            let domain = t.string(at + 1..<end)
            guard HostName.isValid(domain, strictCase: false) else { continue }
            let value = t.string(start..<end)
            results.append(DetectedText(type: .emailAddress, range: start..<end, value: value,
                                        normalized: value.lowercased()))
            searchFrom = end
        }
        return results
    }

    /// The characters of an address's local part that OCR'd pages actually show (RFC 5322 allows more).
    private static func isLocalByte(_ b: UInt8) -> Bool {
        UTF8Text.isDigit(b) || UTF8Text.isASCIILetter(b) || "._%+-".utf8.contains(b)
    }
}
