/// A BMP's file and info headers, every variant: OS/2 1.x (12-byte core header), OS/2 2.x (16 to 64 bytes),
/// Windows 3 (40), the undocumented 52/56-byte ones, V4 (108) and V5 (124).
struct BMPHeader {
    enum Compression: Equatable {
        case none, rle8, rle4, bitfields
        /// Kinds no decoder here reads; the string names it for the message.
        case unsupported(String)
    }

    let pixelOffset: Int
    let headerSize: Int
    let width: Int, height: Int
    /// Rows stored top row first (negative height); BMPs are normally bottom-up.
    let topDown: Bool
    let bitsPerPixel: Int
    let compression: Compression
    /// Channel masks for 16- and 32-bit pixels.
    let masks: (red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32)
    /// Palette entries as gray.
    let palette: [UInt8]
    /// Resolution in pixels per metre, 0 when none.
    let pixelsPerMetre: Int

    /// True for headers leptonica 1.82 decodes correctly; it refuses OS/2 headers, RLE and bitfields, and reads
    /// 16-bit pixels as gray, which is wrong, so those never go to it.
    var leptonicaReadsIt: Bool {
        [40, 108, 124].contains(headerSize) && compression == .none && [1, 4, 8, 24].contains(bitsPerPixel)
    }

    /// Bytes per stored row of an uncompressed image (rows are padded to 4 bytes).
    var stride: Int { (width * bitsPerPixel + 31) / 32 * 4 }

    /// "OS/2 2.x, 4-bit, RLE4": what kind of BMP this is, for messages.
    var variant: String {
        let kind =
            switch headerSize {
            case 12: "OS/2 1.x"
            case 40: "Windows 3"
            case 52, 56: "Windows (\(headerSize)-byte header)"
            case 108: "Windows V4"
            case 124: "Windows V5"
            default: "OS/2 2.x"
            }
        let coding: String =
            switch compression {
            case .none: "uncompressed"
            case .rle8: "RLE8"
            case .rle4: "RLE4"
            case .bitfields: "bitfields"
            case .unsupported(let name): name
            }
        return "\(kind), \(bitsPerPixel)-bit, \(coding)"
    }

    init(_ data: [UInt8]) throws(ImageDecodeError) {
        func u16(_ o: Int) -> Int { o + 2 <= data.count ? Int(data[o]) | Int(data[o + 1]) << 8 : 0 }
        func u32(_ o: Int) -> UInt32 { o + 4 <= data.count ? UInt32(u16(o)) | UInt32(u16(o + 2)) << 16 : 0 }
        func i32(_ o: Int) -> Int { Int(Int32(bitPattern: u32(o))) }
        func damaged(_ why: String) -> ImageDecodeError { ImageDecodeError(.damaged, .bmp, "damaged BMP: \(why)") }

        guard data.count >= 26 else { throw damaged("the file is \(data.count) bytes, shorter than a BMP header") }
        pixelOffset = Int(u32(10))
        headerSize = Int(u32(14))
        let windows = [40, 52, 56, 108, 124].contains(headerSize)
        guard headerSize == 12 || (16...64).contains(headerSize) || windows else {
            throw damaged("unknown info header size \(headerSize)")
        }
        guard data.count >= 14 + headerSize else { throw damaged("the file ends inside its \(headerSize)-byte info header") }
        var paletteEntrySize = 4
        var colours: Int
        if headerSize == 12 {
            width = u16(18)
            height = u16(20)
            topDown = false
            bitsPerPixel = u16(24)
            compression = .none
            pixelsPerMetre = 0
            paletteEntrySize = 3
            colours = 0
        } else {
            width = i32(18)
            let h = i32(22)
            height = abs(h)
            topDown = h < 0
            bitsPerPixel = u16(28)
            let code = headerSize >= 20 ? Int(u32(30)) : 0
            pixelsPerMetre = headerSize >= 28 ? max(0, i32(38)) : 0
            colours = headerSize >= 36 ? Int(u32(46)) : 0
            switch (code, windows) {
            case (0, _): compression = .none
            case (1, _): compression = .rle8
            case (2, _): compression = .rle4
            case (3, true), (6, true): compression = .bitfields
            case (3, false): compression = .unsupported("OS/2 Huffman 1D")
            case (4, false): compression = .unsupported("OS/2 RLE24")
            case (4, true): compression = .unsupported("embedded JPEG")
            case (5, true): compression = .unsupported("embedded PNG")
            default: compression = .unsupported("compression \(code)")
            }
        }
        guard width > 0, height > 0 else { throw damaged("the header gives a size of \(width)×\(height) pixels") }
        guard [1, 2, 4, 8, 16, 24, 32].contains(bitsPerPixel) else { throw damaged("\(bitsPerPixel) bits per pixel") }

        // Masks: inside V4/V5 (and 52/56-byte) headers, after a 40-byte header for BITFIELDS, else the defaults.
        var paletteStart = 14 + headerSize
        if compression == .bitfields {
            if headerSize >= 52 {
                masks = (u32(54), u32(58), u32(62), headerSize >= 56 ? u32(66) : 0)
            } else {
                let alpha = Int(u32(30)) == 6
                masks = (u32(54), u32(58), u32(62), alpha ? u32(66) : 0)
                paletteStart += alpha ? 16 : 12
            }
        } else if bitsPerPixel == 16 {
            masks = (0x7C00, 0x03E0, 0x001F, 0)
        } else {
            masks = (0xFF_0000, 0xFF00, 0xFF, 0)
        }

        if bitsPerPixel <= 8 {
            let maximum = 1 << bitsPerPixel
            if colours <= 0 || colours > maximum { colours = maximum }
            // OS/2 files often claim no count and stop the palette early: take what lies before the pixels.
            let room = max(0, (min(pixelOffset, data.count) - paletteStart) / paletteEntrySize)
            colours = min(colours, room)
            var gray: [UInt8] = []
            gray.reserveCapacity(colours)
            for k in 0..<colours {
                let o = paletteStart + k * paletteEntrySize
                let b = Int(data[o]), g = Int(data[o + 1]), r = Int(data[o + 2])
                gray.append(UInt8((r * 77 + g * 150 + b * 29 + 128) >> 8))
            }
            palette = gray
        } else {
            palette = []
        }
        guard pixelOffset >= 14 + 12, pixelOffset < data.count else {
            throw damaged("the pixel data offset \(pixelOffset) lies outside the \(data.count)-byte file")
        }
    }
}
