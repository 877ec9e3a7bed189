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
            ([0x49, 0x49, 0x2B, 0x00, 8, 0, 0, 0], .tiff),  // BigTIFF
            ([0x4D, 0x4D, 0x00, 0x2B, 0, 8, 0, 0], .tiff),
            // A saved HTTP response: the JPEG follows its header.
            (Array("HTTP/1.1 200 OK\r\n\r\n".utf8) + [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + [UInt8](repeating: 0, count: 16), .jpeg),
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

    /// A JPEG start counts only with a well-formed header segment after it, within the first 64 KiB, outside
    /// containers (a ZIP or an office file stores its pictures as they are).
    @Test func aJPEGAfterJunkNeedsAWellFormedSegmentWithinTheWindowAndNoContainer() {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + [UInt8](repeating: 1, count: 16)
        #expect(DocumentFormat.jpegStart(in: ([UInt8](repeating: 0x20, count: 5000) + jpeg)[...]) == 5000)
        let far = [UInt8](repeating: 0x20, count: DocumentFormat.jpegSearchWindow) + jpeg
        #expect(DocumentFormat.sniff(far[...]) == nil)
        // FF D8 FF then a marker no JPEG starts with, as random data has by chance.
        #expect(
            DocumentFormat.sniff(([UInt8](repeating: 0x41, count: 100) + [0xFF, 0xD8, 0xFF, 0x00, 0x00, 0x10] + jpeg.suffix(16))[...])
                == nil)
        // A segment length running past the data.
        #expect(DocumentFormat.sniff(([0x41, 0x41, 0xFF, 0xD8, 0xFF, 0xE0, 0x40, 0x00] + [UInt8](repeating: 0, count: 16))[...]) == nil)
        #expect(DocumentFormat.sniff(([0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 40) + jpeg)[...]) == nil)
        #expect(DocumentFormat.sniff(([0x1F, 0x8B, 0x08, 0x00] + [UInt8](repeating: 0, count: 40) + jpeg)[...]) == nil)
    }
}
