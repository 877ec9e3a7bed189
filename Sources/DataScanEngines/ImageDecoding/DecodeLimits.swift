/// Bounds a decode is allowed, checked from the header before any pixel memory is taken.
package struct DecodeLimits: Sendable, Equatable {
    /// The largest width × height accepted. The default, 500 MP (a 23,000 × 23,000 pixel page), is far above any
    /// scan (A0 at 600 dpi is 280 MP) and keeps a header that lies about its size from taking the machine's memory.
    package var maxPixels: Int

    /// Limits allowing up to `maxPixels` pixels.
    package init(maxPixels: Int = 500_000_000) {
        self.maxPixels = maxPixels
    }

    /// "1200" for large counts, "0.1" below 10 MP (so a small limit does not read as 0).
    private static func megapixels(_ pixels: Double) -> String {
        let mp = pixels / 1_000_000
        return mp >= 10 ? String(Int(mp.rounded())) : String((mp * 10).rounded() / 10)
    }

    /// Throws unless `width × height` is a non-empty image within the limit.
    func check(_ width: Int, _ height: Int, _ format: ImageFormat) throws(ImageDecodeError) {
        guard width > 0, height > 0 else {
            throw ImageDecodeError(.damaged, format, "damaged \(format.name): the header gives a size of \(width)×\(height) pixels")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixels {
            throw ImageDecodeError(
                .tooLarge, format,
                "too large: \(width)×\(height) pixels (\(Self.megapixels(Double(width) * Double(height))) MP) exceeds the limit of "
                    + "\(Self.megapixels(Double(maxPixels))) MP")
        }
    }
}
