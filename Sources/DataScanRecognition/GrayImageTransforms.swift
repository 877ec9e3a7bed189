import DataScanEngines
import DataScanModel
import Foundation

/// Geometric and tonal copies of a `GrayImage` used by the barcode passes. Each transform that moves pixels
/// comes with a function that maps a point of the new image back into the original, so quads can be reported
/// in the coordinates of the image the caller gave.
extension GrayImage {
    /// A copy whose longer side is at most `maxLongSide` (area-averaged, so thin bars blend rather than vanish),
    /// or the image itself when it is small enough; `scale` = original size / new size (1 when not scaled).
    func downscaled(maxLongSide: Int) -> (image: GrayImage, scale: Double) {
        let longSide = max(width, height)
        guard maxLongSide > 0, longSide > maxLongSide else { return (self, 1) }
        let scale = Double(longSide) / Double(maxLongSide)
        let newWidth = max(1, Int((Double(width) / scale).rounded()))
        let newHeight = max(1, Int((Double(height) / scale).rounded()))
        let sx = Double(width) / Double(newWidth), sy = Double(height) / Double(newHeight)
        var out = [UInt8](repeating: 255, count: newWidth * newHeight)
        // Source column ranges are the same for every row: compute them once.
        let columns = (0..<newWidth).map { x in
            let x0 = Int(Double(x) * sx), x1 = max(Int(Double(x + 1) * sx), x0 + 1)
            return x0..<min(x1, width)
        }
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<newHeight {
                let y0 = Int(Double(y) * sy), y1 = min(max(Int(Double(y + 1) * sy), y0 + 1), height)
                for x in 0..<newWidth {
                    var sum = 0
                    for row in y0..<y1 {
                        let base = row * width
                        for column in columns[x] { sum += Int(source[base + column]) }
                    }
                    let count = (y1 - y0) * columns[x].count
                    out[y * newWidth + x] = UInt8(count > 0 ? sum / count : 255)
                }
            }
        }
        return (GrayImage(width: newWidth, height: newHeight, pixels: out), (sx + sy) / 2)
    }

    /// A copy `factor` times as large in each direction (bilinear), for small, low-resolution codes whose bars or
    /// modules are only a pixel or two wide.
    func upscaled(by factor: Int) -> GrayImage {
        guard factor > 1, width > 0, height > 0 else { return self }
        let newWidth = width * factor, newHeight = height * factor
        var out = [UInt8](repeating: 255, count: newWidth * newHeight)
        let f = Double(factor)
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<newHeight {
                let fy = max(0, (Double(y) + 0.5) / f - 0.5)
                let y0 = min(Int(fy), height - 1), y1 = min(y0 + 1, height - 1), ay = fy - Double(y0)
                for x in 0..<newWidth {
                    let fx = max(0, (Double(x) + 0.5) / f - 0.5)
                    let x0 = min(Int(fx), width - 1), x1 = min(x0 + 1, width - 1), ax = fx - Double(x0)
                    let top = Double(source[y0 * width + x0]) * (1 - ax) + Double(source[y0 * width + x1]) * ax
                    let bottom = Double(source[y1 * width + x0]) * (1 - ax) + Double(source[y1 * width + x1]) * ax
                    out[y * newWidth + x] = UInt8(max(0, min(255, (top * (1 - ay) + bottom * ay).rounded())))
                }
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: out)
    }

    /// Black and white swapped (light codes on dark ground become ordinary codes).
    func inverted() -> GrayImage {
        GrayImage(width: width, height: height, pixels: pixels.map { 255 - $0 })
    }

    /// The image turned a quarter clockwise (width and height swap).
    func rotatedClockwise() -> GrayImage {
        var out = [UInt8](repeating: 0, count: pixels.count)
        // Pixel (x, y) goes to (height - 1 - y, x) in an image `height` wide.
        for y in 0..<height {
            for x in 0..<width {
                out[x * height + (height - 1 - y)] = pixels[y * width + x]
            }
        }
        return GrayImage(width: height, height: width, pixels: out)
    }

    /// The part of the image inside the rectangle (clamped to the image).
    package func cropped(x: Int, y: Int, width cropWidth: Int, height cropHeight: Int) -> GrayImage {
        let x0 = min(max(0, x), width), y0 = min(max(0, y), height)
        let x1 = min(max(x0, x + cropWidth), width), y1 = min(max(y0, y + cropHeight), height)
        var out: [UInt8] = []
        out.reserveCapacity((x1 - x0) * (y1 - y0))
        for row in y0..<y1 { out += pixels[(row * width + x0)..<(row * width + x1)] }
        return GrayImage(width: x1 - x0, height: y1 - y0, pixels: out)
    }

    /// The image turned by `degrees` clockwise about its centre onto a canvas large enough to hold all of it
    /// (bilinear sampling, white outside), plus the map from the new image's points back to this image's.
    func rotated(byDegrees degrees: Double) -> (image: GrayImage, toOriginal: @Sendable (Point) -> Point) {
        let angle = degrees * .pi / 180
        let c = cos(angle), s = sin(angle)
        let w = Double(width), h = Double(height)
        // The tolerance keeps cos(90°) ≈ 6e-17 from adding a whole pixel.
        let newWidth = max(1, Int((abs(w * c) + abs(h * s) - 1e-6).rounded(.up)))
        let newHeight = max(1, Int((abs(w * s) + abs(h * c) - 1e-6).rounded(.up)))
        let cx = w / 2, cy = h / 2, ncx = Double(newWidth) / 2, ncy = Double(newHeight) / 2
        // Inverse rotation: a point of the new image comes from here in the original.
        let toOriginal: @Sendable (Point) -> Point = { p in
            let dx = p.x - ncx, dy = p.y - ncy
            return Point(x: cx + dx * c + dy * s, y: cy - dx * s + dy * c)
        }
        var out = [UInt8](repeating: 255, count: newWidth * newHeight)
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<newHeight {
                for x in 0..<newWidth {
                    let p = toOriginal(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                    let fx = p.x - 0.5, fy = p.y - 0.5
                    let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
                    guard x0 >= -1, y0 >= -1, x0 < width, y0 < height else { continue }
                    let ax = fx - Double(x0), ay = fy - Double(y0)
                    func sample(_ sx: Int, _ sy: Int) -> Double {
                        sx < 0 || sy < 0 || sx >= width || sy >= height ? 255 : Double(source[sy * width + sx])
                    }
                    let top = sample(x0, y0) * (1 - ax) + sample(x0 + 1, y0) * ax
                    let bottom = sample(x0, y0 + 1) * (1 - ax) + sample(x0 + 1, y0 + 1) * ax
                    out[y * newWidth + x] = UInt8(max(0, min(255, (top * (1 - ay) + bottom * ay).rounded())))
                }
            }
        }
        return (GrayImage(width: newWidth, height: newHeight, pixels: out), toOriginal)
    }
}

extension GrayImage {
    /// Turned clockwise by `quarterTurns` × 90°.
    func rotated(quarterTurns: Int) -> GrayImage {
        var image = self
        for _ in 0..<(((quarterTurns % 4) + 4) % 4) { image = image.rotatedClockwise() }
        return image
    }

    /// Maps a point of this image turned `quarterTurns` clockwise back into this image.
    func pointBeforeRotation(_ p: Point, quarterTurns: Int) -> Point {
        let w = Double(width), h = Double(height)
        switch ((quarterTurns % 4) + 4) % 4 {
        case 1: return Point(x: p.y, y: h - p.x)
        case 2: return Point(x: w - p.x, y: h - p.y)
        case 3: return Point(x: w - p.y, y: p.x)
        default: return p
        }
    }
}
