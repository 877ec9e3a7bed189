/// An 8-bit grayscale raster, row-major, `width` bytes per row: the pipeline's working image.
struct GrayRaster: Sendable {
    let width: Int
    let height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height, "GrayRaster: pixel count does not match its size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A raster of `width × height` pixels of `value`.
    init(width: Int, height: Int, filledWith value: UInt8) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: value, count: width * height))
    }

    /// The raster turned a quarter turn counter-clockwise (numpy's `rot90`): the top-right corner becomes the
    /// top-left one.
    func rotatedCounterClockwise() -> GrayRaster {
        var out = [UInt8](repeating: 0, count: pixels.count)
        let (w, h) = (width, height)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                // new[i][j] = old[j][w - 1 - i]; the result is h wide and w high.
                for i in 0..<w {
                    let column = w - 1 - i
                    for j in 0..<h { dst[i * h + j] = src[j * w + column] }
                }
            }
        }
        return GrayRaster(width: h, height: w, pixels: out)
    }

    /// The raster turned half a turn.
    func rotatedHalfTurn() -> GrayRaster {
        GrayRaster(width: width, height: height, pixels: pixels.reversed())
    }

    /// The raster with `top` rows of `value` above and `bottom` rows below.
    func padded(top: Int, bottom: Int, value: UInt8) -> GrayRaster {
        var out = [UInt8](repeating: value, count: width * (height + top + bottom))
        out.replaceSubrange(width * top..<width * (top + height), with: pixels)
        return GrayRaster(width: width, height: height + top + bottom, pixels: out)
    }
}
