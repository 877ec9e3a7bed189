import DataScanModel

/// BMP: leptonica for the plain Windows variants it reads correctly, this Swift decoder for the rest (RLE4,
/// RLE8, OS/2 1.x and 2.x headers, 2-, 16- and 32-bit pixels, bitfields) and for cut files, which leptonica
/// refuses whole.
enum BMPDecoder {
    static func decode(_ data: [UInt8], limits: DecodeLimits) throws(ImageDecodeError) -> DecodedImage {
        let header = try BMPHeader(data)
        try limits.check(header.width, header.height, .bmp)
        let dpi = header.pixelsPerMetre > 0 ? Resolution.perMetre(Double(header.pixelsPerMetre)) : nil
        if header.leptonicaReadsIt {
            let messages = try LibraryMessages()
            if let pix = LeptonicaImage.decode(data, messages: messages), pix.width == header.width,
                pix.height == header.height, let gray = pix.grayImage(messages: messages)
            {
                return DecodedImage(
                    image: gray, format: .bmp, decoder: .leptonica, dpi: dpi, pageCount: 1, frameCount: 1, orientation: nil,
                    completeness: .complete, warnings: messages.lines)
            }
        }
        var decoder = BMPPixels(header: header, data: data)
        let rows: Int
        switch header.compression {
        case .none: rows = decoder.decodeUncompressed()
        case .bitfields: rows = decoder.decodeUncompressed()
        case .rle8, .rle4: rows = decoder.decodeRLE()
        case .unsupported(let name):
            throw ImageDecodeError(.unsupported, .bmp, "unsupported BMP variant (\(header.variant)): \(name) is not decoded")
        }
        guard rows > 0 else {
            throw ImageDecodeError(.damaged, .bmp, "damaged BMP (\(header.variant)): the file ends before the first row")
        }
        let completeness: Completeness =
            rows < header.height
            ? .partial(
                rowsRead: rows, totalRows: header.height,
                reason: header.topDown
                    ? "BMP data ends after row \(rows)"
                    : "BMP data ends after \(rows) rows; rows are stored bottom-up, so the top \(header.height - rows) are missing")
            : .complete
        return DecodedImage(
            image: GrayImage(width: header.width, height: header.height, pixels: decoder.pixels), format: .bmp, decoder: .bmp,
            dpi: dpi, pageCount: 1, frameCount: 1, orientation: nil, completeness: completeness, warnings: decoder.notes)
    }

    static func inspect(_ data: [UInt8]) throws(ImageDecodeError) -> ImageInfo {
        let header = try BMPHeader(data)
        return ImageInfo(format: .bmp, width: header.width, height: header.height, pageCount: 1, frameCount: 1)
    }
}

/// The pixel decoding of one BMP into gray, white where the file gives no pixel.
private struct BMPPixels {
    let header: BMPHeader
    let data: [UInt8]
    var pixels: [UInt8]
    var notes: [String] = []

    init(header: BMPHeader, data: [UInt8]) {
        self.header = header
        self.data = data
        pixels = [UInt8](repeating: 255, count: header.width * header.height)
    }

    /// The image row that the `stored`-th row of the file holds.
    private func imageRow(_ stored: Int) -> Int { header.topDown ? stored : header.height - 1 - stored }

    private func gray(index: Int) -> UInt8 {
        if index < header.palette.count { return header.palette[index] }
        // No palette at all: read indices as a gray ramp; an index past a short palette has no colour: black.
        if header.palette.isEmpty { return UInt8(index * 255 / ((1 << header.bitsPerPixel) - 1)) }
        return 0
    }

    /// Decodes uncompressed and bitfield rows; returns how many stored rows the file holds whole.
    mutating func decodeUncompressed() -> Int {
        let w = header.width, stride = header.stride
        let available = min(header.height, (data.count - header.pixelOffset) / stride)
        let bpp = header.bitsPerPixel
        let channels = [header.masks.red, header.masks.green, header.masks.blue, header.masks.alpha].map(Channel.init)
        let useAlpha = header.masks.alpha != 0 && hasAnyAlpha(rows: available, channel: channels[3])
        for stored in 0..<available {
            let line = header.pixelOffset + stored * stride
            let row = imageRow(stored) * w
            for x in 0..<w {
                let value: Int
                switch bpp {
                case 1, 2, 4, 8:
                    let bit = x * bpp
                    let byte = Int(data[line + bit / 8])
                    let index = (byte >> (8 - bpp - bit % 8)) & ((1 << bpp) - 1)
                    value = Int(gray(index: index))
                case 24:
                    let o = line + x * 3
                    value = luma(Int(data[o + 2]), Int(data[o + 1]), Int(data[o]))
                default:  // 16 and 32 through masks
                    let o = line + x * (bpp / 8)
                    var word = UInt32(data[o]) | UInt32(data[o + 1]) << 8
                    if bpp == 32 { word |= UInt32(data[o + 2]) << 16 | UInt32(data[o + 3]) << 24 }
                    var v = luma(channels[0].value(word), channels[1].value(word), channels[2].value(word))
                    if useAlpha {
                        let a = channels[3].value(word)
                        v = (v * a + 255 * (255 - a) + 127) / 255
                    }
                    value = v
                }
                pixels[row + x] = UInt8(value)
            }
        }
        return available
    }

    /// Why: many writers set an alpha mask and leave every alpha byte 0; honouring it would whiten the page.
    private func hasAnyAlpha(rows: Int, channel: Channel) -> Bool {
        let bytes = header.bitsPerPixel / 8
        for stored in 0..<rows {
            let line = header.pixelOffset + stored * header.stride
            for x in 0..<header.width {
                let o = line + x * bytes
                var word = UInt32(data[o]) | UInt32(data[o + 1]) << 8
                if bytes == 4 { word |= UInt32(data[o + 2]) << 16 | UInt32(data[o + 3]) << 24 }
                if channel.value(word) != 0 { return true }
            }
        }
        return false
    }

    /// Decodes RLE8/RLE4; returns how many stored rows were finished before the data ended (all of them when the
    /// end-of-bitmap code was reached: rows it skips are white by definition).
    mutating func decodeRLE() -> Int {
        let w = header.width, h = header.height
        let four = header.compression == .rle4
        var i = header.pixelOffset
        var x = 0, y = 0  // y counts stored rows
        func put(_ index: Int) {
            if x < w, y < h { pixels[imageRow(y) * w + x] = gray(index: index) }
            x += 1
        }
        while i + 1 < data.count {
            let count = Int(data[i]), value = Int(data[i + 1])
            i += 2
            if count > 0 {
                for k in 0..<count { put(four ? (k % 2 == 0 ? value >> 4 : value & 0x0F) : value) }
                continue
            }
            switch value {
            case 0:  // end of line
                x = 0
                y += 1
                if y >= h { return h }
            case 1:  // end of bitmap
                return h
            case 2:  // delta: skip right and down (pixels skipped stay white)
                guard i + 1 < data.count else { return min(y, h) }
                x += Int(data[i])
                y += Int(data[i + 1])
                i += 2
                if y >= h { return h }
            default:  // absolute run of `value` pixels, padded to a 16-bit boundary
                let bytes = four ? (value + 1) / 2 : value
                guard i + bytes <= data.count else { return min(y, h) }
                for k in 0..<value {
                    let byte = Int(data[i + (four ? k / 2 : k)])
                    put(four ? (k % 2 == 0 ? byte >> 4 : byte & 0x0F) : byte)
                }
                i += bytes + (bytes % 2)
            }
        }
        // The data ended without an end-of-bitmap code: the row in progress is not whole.
        if y < h {
            let row = imageRow(y) * w
            for k in 0..<w { pixels[row + k] = 255 }
        }
        return min(y, h)
    }

    private func luma(_ r: Int, _ g: Int, _ b: Int) -> Int { (r * 77 + g * 150 + b * 29 + 128) >> 8 }

    /// One colour channel of a bitfield mask, scaled to 0...255.
    private struct Channel {
        let mask: UInt32, shift: UInt32, maximum: UInt32

        init(_ mask: UInt32) {
            self.mask = mask
            shift = mask == 0 ? 0 : UInt32(mask.trailingZeroBitCount)
            maximum = mask == 0 ? 0 : mask >> shift
        }

        func value(_ word: UInt32) -> Int {
            guard maximum > 0 else { return 0 }
            return Int(((word & mask) >> shift) * 255 / maximum)
        }
    }
}
