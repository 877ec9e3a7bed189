/// Crops a quadrilateral out of an image into an upright rectangle, as `cv2.warpPerspective(..., INTER_CUBIC,
/// BORDER_REPLICATE)` of OpenCV 5.0 (the opencv-python that rapidocr 1.4.4 installs) does for 8-bit images:
/// source positions in single precision without OpenCV 4's 1/32-pixel grid, bicubic weights (a = −0.75)
/// computed per pixel, rows then columns, rounded to the nearest level. Measured against cv2 5.0.0 on the
/// 48 crops of sroie-dev 002: 20 of 67,281 pixels differ, by one level (its SIMD kernels round some sums
/// differently). A bilinear crop would differ by up to ~35 levels at stroke edges.
enum PerspectiveWarp {
    /// The `width × height` image of `quad` (top-left, top-right, bottom-right, bottom-left in `src`) and the
    /// transform from its pixels back to `src`, or nil when the quad is degenerate.
    static func crop(_ src: GrayRaster, quad: [SIMD2<Float>], width: Int, height: Int)
        -> (image: GrayRaster, toSource: PerspectiveTransform)?
    {
        let target: [SIMD2<Float>] = [
            SIMD2(0, 0), SIMD2(Float(width), 0), SIMD2(Float(width), Float(height)), SIMD2(0, Float(height)),
        ]
        guard width > 0, height > 0, let forward = PerspectiveTransform(from: quad, to: target),
            let inverse = forward.inverted()
        else { return nil }
        return (warp(src, inverse: inverse.m.map { Float($0) }, width: width, height: height), inverse)
    }

    @inline(__always)
    private static func weights(_ x: Float) -> SIMD4<Float> {
        let a: Float = -0.75
        let c0 = ((a * (x + 1) - 5 * a) * (x + 1) + 8 * a) * (x + 1) - 4 * a
        let c1 = ((a + 2) * x - (a + 3)) * x * x + 1
        let c2 = ((a + 2) * (1 - x) - (a + 3)) * (1 - x) * (1 - x) + 1
        return SIMD4(c0, c1, c2, 1 - c0 - c1 - c2)
    }

    /// Samples `src` at `inverse(x, y)` for every output pixel.
    private static func warp(_ src: GrayRaster, inverse m: [Float], width: Int, height: Int) -> GrayRaster {
        var out = [UInt8](repeating: 0, count: width * height)
        let (sw, sh) = (src.width, src.height)
        src.pixels.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { d in
                for y in 0..<height {
                    let fy = Float(y)
                    for x in 0..<width {
                        let fx = Float(x)
                        let w = m[6] * fx + m[7] * fy + m[8]
                        let sx = (m[0] * fx + m[1] * fy + m[2]) / w
                        let sy = (m[3] * fx + m[4] * fy + m[5]) / w
                        guard sx.isFinite, sy.isFinite else { continue }
                        let clampedX = min(max(sx, -4), Float(sw + 4))  // far outside reads the edge anyway
                        let clampedY = min(max(sy, -4), Float(sh + 4))
                        let x0 = Int(clampedX.rounded(.down))
                        let y0 = Int(clampedY.rounded(.down))
                        let wx = weights(clampedX - Float(x0))
                        let wy = weights(clampedY - Float(y0))
                        var value: Float = 0
                        if x0 >= 1, y0 >= 1, x0 + 2 < sw, y0 + 2 < sh {
                            for r in 0..<4 {
                                let row = (y0 - 1 + r) * sw + x0 - 1
                                var sum = Float(s[row]) * wx[0]
                                sum = sum + Float(s[row + 1]) * wx[1]
                                sum = sum + Float(s[row + 2]) * wx[2]
                                sum = sum + Float(s[row + 3]) * wx[3]
                                value = r == 0 ? sum * wy[0] : value + sum * wy[r]
                            }
                        } else {
                            // BORDER_REPLICATE: taps outside the image read its nearest edge pixel.
                            for r in 0..<4 {
                                let row = min(max(y0 - 1 + r, 0), sh - 1) * sw
                                var sum: Float = 0
                                for c in 0..<4 {
                                    let v = Float(s[row + min(max(x0 - 1 + c, 0), sw - 1)]) * wx[c]
                                    sum = c == 0 ? v : sum + v
                                }
                                value = r == 0 ? sum * wy[0] : value + sum * wy[r]
                            }
                        }
                        d[y * width + x] = UInt8(min(max(value.rounded(.toNearestOrEven), 0), 255))
                    }
                }
            }
        }
        return GrayRaster(width: width, height: height, pixels: out)
    }
}
