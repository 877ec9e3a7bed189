/// The parts of an EXIF block (a TIFF structure inside a JPEG's APP1 segment) that decoding needs: the
/// orientation, and how far the block's own data reaches (so a block with a wrong length field can be skipped
/// whole). Every offset is bounds-checked: EXIF written by phones and editors is often inconsistent.
struct EXIFBlock {
    /// Tag 0x0112 of IFD0 when it holds a valid value (1–8).
    private(set) var orientation: ImageOrientation?
    /// One past the last byte any IFD, value or thumbnail of the block occupies (file offset), when known.
    private(set) var extentEnd: Int?

    init(_ data: [UInt8], tiffStart base: Int) {
        guard base + 8 <= data.count else { return }
        let little: Bool
        switch (data[base], data[base + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return
        }
        func u16(_ offset: Int) -> Int? {
            let o = base + offset
            guard offset >= 0, o + 2 <= data.count else { return nil }
            return little ? Int(data[o]) | Int(data[o + 1]) << 8 : Int(data[o]) << 8 | Int(data[o + 1])
        }
        func u32(_ offset: Int) -> Int? {
            guard let a = u16(offset), let b = u16(offset + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        let typeSizes = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8]
        var end = 8
        var thumbnailOffset = 0, thumbnailLength = 0
        var visited = Set<Int>()

        /// Reads one IFD; returns the offset of the next one (0 for none) and the Exif IFD's offset.
        func readIFD(_ offset: Int, isFirst: Bool) -> (next: Int, exif: Int?) {
            guard offset >= 8, !visited.contains(offset), let count = u16(offset), count <= 1000 else { return (0, nil) }
            visited.insert(offset)
            var exif: Int?
            end = max(end, offset + 2 + count * 12 + 4)
            for k in 0..<count {
                let e = offset + 2 + k * 12
                guard let tag = u16(e), let type = u16(e + 2), let n = u32(e + 4), let size = typeSizes[type] else { continue }
                let bytes = n * size
                if bytes > 4, let at = u32(e + 8), base + at + bytes <= data.count { end = max(end, at + bytes) }
                switch tag {
                case 0x0112 where isFirst && type == 3:
                    if let v = u16(e + 8) { orientation = ImageOrientation(rawValue: v) }
                case 0x8769: exif = u32(e + 8)
                case 0x0201: thumbnailOffset = u32(e + 8) ?? 0
                case 0x0202: thumbnailLength = u32(e + 8) ?? 0
                default: break
                }
            }
            return (u32(offset + 2 + count * 12) ?? 0, exif)
        }

        guard let first = u32(4) else { return }
        let ifd0 = readIFD(first, isFirst: true)
        if let exif = ifd0.exif { _ = readIFD(exif, isFirst: false) }
        if ifd0.next != 0 { _ = readIFD(ifd0.next, isFirst: false) }
        if thumbnailLength > 0, base + thumbnailOffset + thumbnailLength <= data.count {
            end = max(end, thumbnailOffset + thumbnailLength)
        }
        extentEnd = base + end
    }
}
