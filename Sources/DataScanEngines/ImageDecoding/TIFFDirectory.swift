/// What a TIFF directory says about its page.
struct TIFFDirectory {
    var width = 0, height = 0
    var bitsPerSample = 1, samplesPerPixel = 1, sampleFormat = 1, compression = 1
    var photometric: Int?
    var planarSeparate = false
    var tiled = false
    var tileWidth = 0, tileHeight = 0, rowsPerStrip = 1
    var orientation: ImageOrientation?
    var dpi: Int?

    /// "tiled, 16-bit RGB, LZW": what kind of TIFF this is, for messages.
    var variant: String {
        var parts: [String] = []
        if tiled { parts.append("tiled") }
        if planarSeparate { parts.append("separate planes") }
        let samples =
            switch sampleFormat {
            case 3: "\(bitsPerSample)-bit floating-point"
            case 2: "\(bitsPerSample)-bit signed"
            default: "\(bitsPerSample)-bit"
            }
        let colour: String? =
            switch photometric {
            case 0, 1: bitsPerSample == 1 ? "bilevel" : "gray"
            case 2: "RGB"
            case 3: "palette"
            case 5: samplesPerPixel == 4 ? "CMYK" : "separated (\(samplesPerPixel) inks)"
            case 6: "YCbCr"
            case 8, 9, 10: "CIE Lab"
            case 32844, 32845: "LogLuv"
            case nil: "no photometric interpretation"
            default: "photometric \(photometric!)"
            }
        parts.append([samples, colour].compactMap { $0 }.joined(separator: " "))
        let compressions = [
            1: "uncompressed", 2: "CCITT RLE", 3: "CCITT G3", 4: "CCITT G4", 5: "LZW", 6: "old-style JPEG compression",
            7: "JPEG compression", 8: "Deflate", 32946: "Deflate", 32773: "PackBits", 34712: "JPEG 2000", 34887: "LERC",
            34925: "LZMA", 50000: "ZSTD", 50001: "WebP compression",
        ]
        parts.append(compressions[compression] ?? "compression \(compression)")
        return parts.joined(separator: ", ")
    }
}
