import CTesseract

/// Reading an image file into a `GrayImage` with leptonica. A stop-gap loader for tests and tools until the input
/// stage provides the real page decoder (EXIF orientation, HEIC, PDF...); it handles what leptonica reads
/// (PNG, JPEG, TIFF, BMP, GIF, WebP, PNM).
extension GrayImage {
    /// A leptonica failure while loading a file.
    enum LoadError: Error, Hashable, Sendable, CustomStringConvertible {
        case unreadable(path: String)
        case unconvertible(path: String)

        var description: String {
            switch self {
            case .unreadable(let path): "cannot read image \(path): not an image leptonica can decode"
            case .unconvertible(let path): "cannot convert image \(path) to 8-bit gray"
            }
        }
    }

    /// The image at `path` as 8-bit luminance (color converted, palettes removed, 1-bit expanded).
    static func load(path: String) throws -> GrayImage {
        guard let source = LeptonicaPix(pixRead(path)) else { throw LoadError.unreadable(path: path) }
        guard let gray = LeptonicaPix(pixConvertTo8(source.pix, 0)) else { throw LoadError.unconvertible(path: path) }
        return try gray.grayImage(path: path)
    }
}

/// One leptonica `PIX`, destroyed in `deinit`.
private final class LeptonicaPix {
    let pix: UnsafeMutablePointer<PIX>

    init?(_ pix: UnsafeMutablePointer<PIX>?) {
        guard let pix else { return nil }
        self.pix = pix
    }

    deinit {
        var handle: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&handle)
    }

    /// Copies an 8-bpp PIX out. Leptonica stores pixels in 32-bit words, most significant byte first, so on a
    /// little-endian machine pixel x of a row sits at byte x ^ 3.
    func grayImage(path: String) throws -> GrayImage {
        let width = Int(pixGetWidth(pix)), height = Int(pixGetHeight(pix))
        let wordsPerLine = Int(pixGetWpl(pix))
        guard pixGetDepth(pix) == 8, width > 0, height > 0, let data = pixGetData(pix) else {
            throw GrayImage.LoadError.unconvertible(path: path)
        }
        let bytesPerLine = wordsPerLine * 4
        let raw = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
        var pixels = [UInt8](repeating: 0, count: width * height)
        let swizzle = 1.littleEndian == 1 ? 3 : 0
        for y in 0..<height {
            let line = raw + y * bytesPerLine
            for x in 0..<width { pixels[y * width + x] = line[x ^ swizzle] }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }
}
