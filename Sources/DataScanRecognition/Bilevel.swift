import DataScanModel

/// Pages scanned in black and white: a 1-bit TIFF, a scanner's or a fax's CCITT or JBIG2 image. Their text reaches
/// the OCR engines with hard, stair-stepped edges, and both engines' models learned from grey, anti-aliased text.
/// Softened by a small Gaussian blur first (σ 0.8 px), Tesseract reads more of such a page well, and `auto` asks
/// PP-OCR less often. sroie-dev's 156 receipts made 1-bit as scanners do (half with a local threshold, half with a
/// global one that breaks faint strokes), `auto`: totals 138 → 139, dates 132 → 131, confident totals 99 → 107 (the
/// same 2 wrong), PP-OCR on 104 → 92 pages; on the locally thresholded half alone, totals 73 → 75 of 78.
package enum Bilevel {
    /// The largest page softened: one of more pixels (beyond an A4 page at 600 dpi) is read scaled down by both
    /// engines, which greys its edges as well, and its softened copy would cost as much memory again as the page.
    static let maximumPixels = 40_000_000

    /// Whether `image` is a page to soften before OCR: black and white, and at most `maximumPixels`.
    package static func needsSoftening(_ image: GrayImage) -> Bool {
        image.width * image.height <= maximumPixels && isBilevel(image)
    }

    /// Whether every pixel of `image` is black (0) or white (255). (A grey page says no at its first grey pixel.)
    package static func isBilevel(_ image: GrayImage) -> Bool {
        image.pixels.withUnsafeBufferPointer { p in
            !p.isEmpty && p.allSatisfy { $0 == 0 || $0 == 255 }
        }
    }

    /// `image` blurred by a Gaussian of σ 0.8 px (the kernel 6, 58, 128, 58, 6 in 256ths, across and then down; the
    /// edges repeated), in one copy of the page: the pass down keeps the three rows above it that it overwrote.
    package static func smoothed(_ image: GrayImage) -> GrayImage {
        let (w, h) = (image.width, image.height)
        guard w > 0, h > 0 else { return image }
        let kernel: [Int] = [6, 58, 128, 58, 6]
        var out = [UInt8](repeating: 255, count: w * h)
        image.pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { out in
                for y in 0..<h {
                    let row = y * w
                    for x in 0..<w {
                        var sum = 128
                        for k in 0..<5 { sum += kernel[k] * Int(source[row + min(w - 1, max(0, x + k - 2))]) }
                        out[row + x] = UInt8(sum >> 8)
                    }
                }
            }
        }
        // Rows y − 2, y − 1 and y as the pass across left them, by y % 3.
        var kept = [UInt8](repeating: 255, count: 3 * w)
        out.withUnsafeMutableBufferPointer { out in
            kept.withUnsafeMutableBufferPointer { kept in
                for y in 0..<h {
                    for x in 0..<w { kept[(y % 3) * w + x] = out[y * w + x] }
                    for x in 0..<w {
                        var sum = 128
                        for k in 0..<5 {
                            let r = min(h - 1, max(0, y + k - 2))
                            sum += kernel[k] * Int(r <= y ? kept[(r % 3) * w + x] : out[r * w + x])
                        }
                        out[y * w + x] = UInt8(min(255, sum >> 8))
                    }
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }
}
