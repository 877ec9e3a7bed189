import DataScanModel

/// `datascan export --format text`: the recognized text of every analyzed page in reading order, one block per page
/// under a header line naming document and page, blocks separated by an empty line:
///
/// ```
/// ==> Samples/receipt-us.png page 1 <==
/// SAFEWAY
/// (650) 253-0000
///
/// ==> Samples/letter.pdf page 2 <==
/// …
/// ```
///
/// A line's words are joined as the recognizer spaced them. Control characters in a document's name (a newline in a
/// file name) are shown as U+FFFD, so a name cannot forge a header.
package enum PageTextWriter {
    /// Writes one page's block.
    package static func write(document: String, page: Int, lines: [RecognizedLine], first: Bool, to sink: inout OutputSink) throws {
        if !first { try sink.write("\n") }
        try sink.write("==> \(printable(document)) page \(page) <==\n")
        for line in lines where !line.words.isEmpty {
            try sink.write(line.text.replacingOccurrences(of: "\n", with: " "))
            try sink.write("\n")
        }
        try sink.flushIfFull()
    }

    static func printable(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map { $0.properties.generalCategory == .control ? "\u{FFFD}" : $0 }))
    }
}
