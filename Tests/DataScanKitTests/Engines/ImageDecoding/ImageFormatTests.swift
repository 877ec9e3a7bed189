import DataScanEngines
import DataScanModel
import Testing

extension DecoderTests {
    /// Sniffing from magic bytes, never from names.
    @Suite struct ImageFormatTests {
        @Test(
            arguments: [
                ([0x49, 0x49, 0x2A, 0x00], ImageFormat.tiff), ([0x4D, 0x4D, 0x00, 0x2A], .tiff),
                ([0x49, 0x49, 0x2B, 0x00], .tiff), ([0x4D, 0x4D, 0x00, 0x2B], .tiff),
                ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .png), ([0xFF, 0xD8, 0xFF, 0xE0], .jpeg),
                (Array("GIF87a".utf8), .gif), (Array("GIF89a".utf8), .gif),
            ] as [([UInt8], ImageFormat)])
        func signaturesAtTheStart(signature: [UInt8], format: ImageFormat) {
            let sniffed = ImageFormat.sniff(signature + [UInt8](repeating: 0, count: 32))
            #expect(sniffed?.format == format)
            #expect(sniffed?.offset == 0)
        }

        @Test func webpAndBMP() {
            #expect(ImageFormat.sniff(Array("RIFF\0\0\0\0WEBPVP8 ".utf8))?.format == .webp)
            #expect(ImageFormat.sniff(Array("RIFF\0\0\0\0WAVEfmt ".utf8)) == nil)
            #expect(ImageFormat.sniff(Array("BM".utf8) + [UInt8](repeating: 0, count: 30))?.format == .bmp)
        }

        /// SOI, then an APP0 segment whose length fits the data.
        private static let jpegHead: [UInt8] =
            [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF\0".utf8) + [UInt8](repeating: 1, count: 11)

        @Test func jpegAfterJunkWithinTheWindowIsFoundWithItsOffset() {
            let junk = [UInt8](repeating: 0x20, count: 5000)
            let sniffed = ImageFormat.sniff(junk + Self.jpegHead)
            #expect(sniffed?.format == .jpeg)
            #expect(sniffed?.offset == 5000)
        }

        @Test func jpegAfterMoreJunkThanTheWindowIsNotAnImage() {
            let junk = [UInt8](repeating: 0x20, count: ImageFormat.jpegSearchWindow)
            #expect(ImageFormat.sniff(junk + Self.jpegHead) == nil)
        }

        @Test func startMarkerWithoutAValidSegmentIsNotAJPEG() {
            // FF D8 FF followed by a marker that cannot start a JPEG, as random data has by chance.
            let junk = [UInt8](repeating: 0x41, count: 100) + [0xFF, 0xD8, 0xFF, 0x00, 0x00, 0x00] + [UInt8](repeating: 0x41, count: 100)
            #expect(ImageFormat.sniff(junk) == nil)
        }
    }
}
