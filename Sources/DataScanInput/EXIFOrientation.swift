import DataScanEngines
import DataScanModel

/// The EXIF orientation of a JPEG (tag 0x0112), read from its APP1 segment without decoding the image.
/// Leptonica does not apply it, and phone photos are often stored sideways with orientation 6 or 8. The values
/// and their corrections are the decoders' `ImageOrientation`.
package enum EXIFOrientation {
    /// The orientation stored in a JPEG's EXIF block, or `.up` when there is none or it cannot be read.
    package static func of(jpeg data: [UInt8]) -> ImageOrientation {
        var i = 2  // after SOI
        while i + 4 <= data.count, data[i] == 0xFF {
            let marker = data[i + 1]
            if marker == 0xDA || marker == 0xD9 { break }  // image data starts: no EXIF before it
            let length = Int(data[i + 2]) << 8 | Int(data[i + 3])
            guard length >= 2, i + 2 + length <= data.count else { break }
            if marker == 0xE1, length >= 16, Array(data[(i + 4)..<(i + 10)]) == Array("Exif\0\0".utf8) {
                return orientation(tiff: data[(i + 10)..<(i + 2 + length)]) ?? .up
            }
            i += 2 + length
        }
        return .up
    }

    /// Reads tag 0x0112 of IFD0 from a TIFF-structured EXIF block.
    private static func orientation(tiff: ArraySlice<UInt8>) -> ImageOrientation? {
        let b = Array(tiff)
        guard b.count >= 8 else { return nil }
        let little: Bool
        switch (b[0], b[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o + 2 <= b.count else { return nil }
            return little ? Int(b[o]) | Int(b[o + 1]) << 8 : Int(b[o]) << 8 | Int(b[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let hi = u16(little ? o + 2 : o), let lo = u16(little ? o : o + 2) else { return nil }
            return hi << 16 | lo
        }
        guard let ifd = u32(4), let count = u16(ifd) else { return nil }
        for entry in 0..<min(count, 256) {
            let o = ifd + 2 + entry * 12
            guard let tag = u16(o) else { return nil }
            if tag == 0x0112, let value = u16(o + 8) { return ImageOrientation(rawValue: value) }
        }
        return nil
    }
}
