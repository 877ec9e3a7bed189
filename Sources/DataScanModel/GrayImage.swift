/// An 8-bit grayscale raster owned by Swift: the exchange format between image decoding and the barcode
/// decoders (zxing-cpp and zbar both read one luminance byte per pixel).
package struct GrayImage: Sendable {
    /// Pixels per row.
    package let width: Int
    /// Rows.
    package let height: Int
    /// Row-major, `width` bytes per row, 0 = black, 255 = white.
    package var pixels: [UInt8]

    /// An image from `width × height` row-major luminance bytes.
    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height, "GrayImage: pixel count does not match its size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The luminance at column `x`, row `y`.
    package subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }
}
