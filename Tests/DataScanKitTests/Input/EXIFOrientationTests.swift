import Testing

@testable import DataScanEngines
@testable import DataScanInput
@testable import DataScanModel

@Suite struct EXIFOrientationTests {
    @Test func readsOrientationSixFromPhoneStyleJPEG() throws {
        let data = try Fixtures.raw("exif-rotated.jpg").readAll()
        #expect(EXIFOrientation.of(jpeg: data) == .right)
        #expect(ImageOrientation.right.correction.quarterTurns == 1)
    }

    @Test func jpegWithoutEXIFIsUpright() {
        // SOI, then an APP0 (JFIF) segment and SOS: no APP1.
        let jfif: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46, 0xFF, 0xDA, 0x00, 0x02]
        #expect(EXIFOrientation.of(jpeg: jfif) == .up)
        #expect(EXIFOrientation.of(jpeg: [0xFF, 0xD8]) == .up)
    }

    @Test func bigEndianEXIFBlock() {
        // APP1 "Exif\0\0" + TIFF MM header, IFD0 with one entry: 0x0112 SHORT 1 value 8.
        var tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, 0, 1]
        tiff += [0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1, 0x00, 0x08, 0, 0]
        tiff += [0, 0, 0, 0]
        let payload = Array("Exif\0\0".utf8) + tiff
        let length = payload.count + 2
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + [0xFF, 0xDA]
        #expect(EXIFOrientation.of(jpeg: jpeg) == .left)
    }
}
