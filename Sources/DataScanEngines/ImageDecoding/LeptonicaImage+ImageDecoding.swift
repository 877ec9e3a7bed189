import CTesseract
import DataScanModel

// For datascan only (not compiled in this package): the two members ImageDecoding needs, added to datascan's own
// `LeptonicaImage` (DataScanEngines/LeptonicaImage.swift), which replaces ImageDecoding/LeptonicaImage.swift.
// Leptonica comes through CTesseract there, whose shim already includes <leptonica/allheaders.h>.
extension LeptonicaImage {
    /// Decodes an image held in memory (page `tiffPage` of a TIFF), or nil when leptonica refuses it; its
    /// reasons go to `messages`.
    static func decode(_ data: [UInt8], tiffPage: Int? = nil, messages: LibraryMessages) -> LeptonicaImage? {
        messages.capturing {
            data.withUnsafeBufferPointer { buffer -> LeptonicaImage? in
                guard let base = buffer.baseAddress else { return nil }
                return adopt(tiffPage.map { pixReadMemTiff(base, buffer.count, Int32($0)) } ?? pixReadMem(base, buffer.count))
            }
        }
    }

    /// The image as 8-bit gray: colormaps resolved, colour to Rec. 601 luma, alpha composited on white.
    func grayImage(messages: LibraryMessages) -> GrayImage? {
        let w = width, h = height
        guard w > 0, h > 0 else { return nil }
        if pixGetDepth(pix) == 32 {
            guard let data = pixGetData(pix) else { return nil }
            let wpl = Int(pixGetWpl(pix))
            let alpha = pixGetSpp(pix) == 4
            var out = [UInt8](repeating: 255, count: w * h)
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let line = data + y * wpl
                    let row = y * w
                    // Wrapping arithmetic: the values cannot overflow, and unchecked code is 3–4× faster here.
                    for x in 0..<w {
                        // A 32-bit pixel is one word 0xRRGGBBAA.
                        let word = line[x]
                        let r = word >> 24, g = (word >> 16) & 0xFF, b = (word >> 8) & 0xFF
                        var gray = (r &* 77 &+ g &* 150 &+ b &* 29 &+ 128) >> 8
                        if alpha {
                            // Transparent areas show the page behind them: white.
                            let a = word & 0xFF
                            gray = (gray &* a &+ 255 &* (255 &- a) &+ 127) / 255
                        }
                        dst[row + x] = UInt8(truncatingIfNeeded: gray)
                    }
                }
            }
            return GrayImage(width: w, height: h, pixels: out)
        }
        let converted = messages.capturing { pixConvertTo8(pix, 0) }
        guard let converted else { return nil }
        guard let gray = LeptonicaImage.adopt(converted) else { return nil }
        guard let data = pixGetData(gray.pix) else { return nil }
        let wpl = Int(pixGetWpl(gray.pix))
        var out = [UInt8](repeating: 255, count: w * h)
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<h {
                // Why the byte swizzle: leptonica stores pixels in 32-bit words, most significant byte first;
                // on a little-endian machine pixel x of a line is byte (x ^ 3) of the line's memory.
                UnsafeRawPointer(data + y * wpl).withMemoryRebound(to: UInt8.self, capacity: wpl * 4) { bytes in
                    let row = y * w
                    for x in 0..<w { dst[row + x] = bytes[x ^ 3] }
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }
}
