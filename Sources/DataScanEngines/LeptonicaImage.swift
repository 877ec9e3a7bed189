import CTesseract
import DataScanModel
import Foundation
import Glibc

/// A leptonica `PIX`, owned: destroyed in `deinit`. Not thread-safe; used inside one worker's page analysis.
package final class LeptonicaImage {
    /// Why unsafe: leptonica's API is pointer-based; this pointer never leaves the class.
    private(set) var pix: UnsafeMutablePointer<PIX>

    private init(owning pix: UnsafeMutablePointer<PIX>) {
        self.pix = pix
    }

    deinit {
        var p: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&p)
    }

    /// Takes ownership of a PIX that leptonica just returned, or nil when it returned none.
    static func adopt(_ pix: UnsafeMutablePointer<PIX>?) -> LeptonicaImage? {
        pix.map(LeptonicaImage.init(owning:))
    }

    package var width: Int { Int(pixGetWidth(pix)) }
    package var height: Int { Int(pixGetHeight(pix)) }
    var depth: Int { Int(pixGetDepth(pix)) }
    /// Horizontal resolution recorded in the file, 0 when none.
    package var resolution: Int { Int(pixGetXRes(pix)) }

    /// Records `dpi` as the image's resolution (written into the JFIF header by ``jpegData(quality:)``).
    package func setResolution(_ dpi: Int) {
        pixSetResolution(pix, Int32(dpi), Int32(dpi))
    }

    /// Decodes an image file held in memory (PNG, JPEG, TIFF page `index`, BMP, GIF, WebP) in its own colours, with
    /// leptonica alone: for the searchable PDF export, which keeps a page's colour. (Pages are analyzed from
    /// `ImageDecoder`'s gray.) Leptonica's messages are routed (`LibraryMessages.install`) and dropped.
    package static func decode(_ data: [UInt8], tiffPage index: Int = 0) -> LeptonicaImage? {
        LibraryMessages.install()
        return data.withUnsafeBufferPointer { buf -> LeptonicaImage? in
            guard let base = buf.baseAddress else { return nil }
            if index > 0 { return adopt(pixReadMemTiff(base, buf.count, Int32(index))) }
            return adopt(pixReadMem(base, buf.count))
        }
    }

    /// Width and height from the file header, without decoding the pixels (so a huge image can be refused cheaply).
    package static func headerSize(_ data: [UInt8]) -> (width: Int, height: Int)? {
        LibraryMessages.install()
        return data.withUnsafeBufferPointer { buf -> (Int, Int)? in
            guard let base = buf.baseAddress else { return nil }
            var format: Int32 = 0, w: Int32 = 0, h: Int32 = 0, bps: Int32 = 0, spp: Int32 = 0, cmap: Int32 = 0
            guard pixReadHeaderMem(base, buf.count, &format, &w, &h, &bps, &spp, &cmap) == 0 else { return nil }
            return (Int(w), Int(h))
        }
    }

    /// Rotated clockwise by `quarterTurns` × 90°.
    package func rotated(quarterTurns: Int) -> LeptonicaImage? {
        let q = ((quarterTurns % 4) + 4) % 4
        if q == 0 { return LeptonicaImage.adopt(pixCopy(nil, pix)) }
        return LeptonicaImage.adopt(pixRotateOrth(pix, Int32(q)))
    }

    /// Mirrored left-right.
    package func flippedHorizontally() -> LeptonicaImage? {
        LeptonicaImage.adopt(pixFlipLR(nil, pix))
    }

    /// The image as 8-bit gray in Swift memory (colormaps and color removed, alpha composited on white).
    package func grayImage() -> GrayImage? {
        var source = pix
        var holder: LeptonicaImage?
        if depth == 32, pixGetSpp(pix) == 4 {
            // Why: transparent PNG areas are black in RGB; blend them onto white as a viewer shows them.
            guard let flat = LeptonicaImage.adopt(pixAlphaBlendUniform(pix, 0xffff_ff00)) else { return nil }
            holder = flat
            source = flat.pix
        }
        guard let gray = LeptonicaImage.adopt(pixConvertTo8(source, 0)) else { return nil }
        _ = holder
        let w = gray.width, h = gray.height
        guard w > 0, h > 0, let data = pixGetData(gray.pix) else { return nil }
        let wpl = Int(pixGetWpl(gray.pix))
        var out = [UInt8](repeating: 255, count: w * h)
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<h {
                let line = data + y * wpl
                // Why the byte swizzle: leptonica stores pixels in 32-bit words, most significant byte first;
                // on a little-endian machine pixel x of a line is byte (x ^ 3) of the line's memory.
                line.withMemoryRebound(to: UInt8.self, capacity: wpl * 4) { bytes in
                    let row = y * w
                    for x in 0..<w { dst[row + x] = bytes[x ^ 3] }
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }

    /// Builds an 8-bit PIX from a gray image (for leptonica preprocessing).
    package static func from(_ image: GrayImage) -> LeptonicaImage? {
        guard let p = LeptonicaImage.adopt(pixCreate(Int32(image.width), Int32(image.height), 8)),
            let data = pixGetData(p.pix)
        else { return nil }
        let wpl = Int(pixGetWpl(p.pix)), w = image.width
        image.pixels.withUnsafeBufferPointer { src in
            for y in 0..<image.height {
                (data + y * wpl).withMemoryRebound(to: UInt8.self, capacity: wpl * 4) { bytes in
                    let row = y * w
                    for x in 0..<w { bytes[x ^ 3] = src[row + x] }
                }
            }
        }
        return p
    }

    /// Evens out uneven lighting (phone photos): leptonica's background normalization, then contrast.
    package func backgroundNormalized() -> LeptonicaImage? {
        LeptonicaImage.adopt(pixBackgroundNormSimple(pix, nil, nil))
    }
}

extension LeptonicaImage {
    /// Leptonica's version (`1.82.0`).
    package static var version: String {
        guard let v = getLeptonicaVersion() else { return "unknown" }
        defer { free(v) }
        return String(cString: v).replacingOccurrences(of: "leptonica-", with: "")
    }
}

extension LeptonicaImage {
    /// Scaled by `factor` (smooth, for previews).
    package func scaled(by factor: Double) -> LeptonicaImage? {
        LeptonicaImage.adopt(pixScale(pix, Float(factor), Float(factor)))
    }

    /// Resampled by `factor` without sharpening, for OCR: area averaging down (every source pixel counts, as
    /// OpenCV's INTER_AREA), linear interpolation up. Gray images only.
    package func resampled(by factor: Double) -> LeptonicaImage? {
        let f = Float(factor)
        return LeptonicaImage.adopt(factor < 1 ? pixScaleAreaMap(pix, f, f) : pixScaleGrayLI(pix, f, f))
    }

    /// The image as JPEG bytes.
    package func jpegData(quality: Int) -> [UInt8]? {
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMemJpeg(&data, &size, pix, Int32(quality), 0) == 0, let data else { return nil }
        defer { lept_free(data) }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}

extension LeptonicaImage {
    /// The page's skew in degrees as leptonica measures it on the binarized page (text lines' slope; positive when
    /// the text leans counter-clockwise, so turning the page that many degrees clockwise straightens it), with its
    /// confidence; nil when it cannot tell.
    package func skew() -> (degrees: Double, confidence: Double)? {
        guard let binary = LeptonicaImage.adopt(pixConvertTo1(pix, 160)) else { return nil }
        var angle: Float = 0
        var confidence: Float = 0
        // Sweep ±25° (leptonica's default is ±7°) at 4× reduction, then refine at 2×: phone photos lean more.
        guard pixFindSkewSweepAndSearch(binary.pix, &angle, &confidence, 4, 2, 25, 1, 0.01) == 0 else { return nil }
        return (Double(angle), Double(confidence))
    }
}
