import Testing

@testable import DataScanInput
@testable import DataScanModel

@Suite struct DocumentFormatTests {
    @Test(
        arguments: [
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0], DocumentFormat.png),
            ([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10], .jpeg),
            ([0x49, 0x49, 0x2A, 0x00, 8, 0], .tiff),
            ([0x4D, 0x4D, 0x00, 0x2A, 0, 8], .tiff),
            (Array("GIF89a".utf8) + [0, 0], .gif),
            (Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8), .webp),
            ([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0], .heif),
            (Array("%PDF-1.7\n".utf8), .pdf),
            (Array("junk before the header %PDF-1.4\n".utf8), .pdf),
            (Array("BM".utf8) + [UInt8](repeating: 0, count: 30), .bmp),
        ] as [([UInt8], DocumentFormat)])
    func sniffsByContent(bytes: [UInt8], expected: DocumentFormat) {
        #expect(DocumentFormat.sniff(bytes[...]) == expected)
    }

    @Test func unsupportedContentIsDescribed() {
        #expect(DocumentFormat.sniff([0x50, 0x4B, 0x03, 0x04, 0, 0][...]) == nil)
        #expect(DocumentFormat.describeUnsupported([0x50, 0x4B, 0x03, 0x04][...]) == "a ZIP archive")
        #expect(DocumentFormat.describeUnsupported(Array("hello world".utf8)[...]) == "plain text")
        #expect(DocumentFormat.describeUnsupported([][...]) == "empty file")
        #expect(DocumentFormat.sniff(Array("PDF but no percent".utf8)[...]) == nil)
    }
}
