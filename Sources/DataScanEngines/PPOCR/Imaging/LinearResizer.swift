/// Resizing as OpenCV's `cv2.resize(..., INTER_LINEAR)` does it for 8-bit images, to the bit: 11-bit fixed-point
/// weights, the same rounding, and OpenCV's switch to 2×2 averaging for an exact halving. rapidocr resizes with
/// it before each model, and matching it exactly keeps the models' inputs (and so their outputs) identical.
enum LinearResizer {
    private static let coefficientBits = 11
    private static let one = Float(1 << coefficientBits)

    static func resize(_ src: GrayRaster, width dw: Int, height dh: Int) -> GrayRaster {
        precondition(dw > 0 && dh > 0 && src.width > 0 && src.height > 0)
        if dw == src.width && dh == src.height { return src }
        if dw * 2 == src.width && dh * 2 == src.height { return halved(src) }
        let (sw, sh) = (src.width, src.height)
        let scaleX = 1.0 / (Double(dw) / Double(sw))
        let scaleY = 1.0 / (Double(dh) / Double(sh))

        // Horizontal taps: OpenCV clamps the position (and drops the weight) at the edges.
        var x0 = [Int](repeating: 0, count: dw)
        var x1 = [Int](repeating: 0, count: dw)
        var a0 = [Int32](repeating: 0, count: dw)
        var a1 = [Int32](repeating: 0, count: dw)
        for dx in 0..<dw {
            var f = Float((Double(dx) + 0.5) * scaleX - 0.5)
            var sx = Int(f.rounded(.down))
            f -= Float(sx)
            if sx < 0 { (f, sx) = (0, 0) }
            if sx >= sw - 1 { (f, sx) = (0, sw - 1) }
            x0[dx] = sx
            x1[dx] = min(sx + 1, sw - 1)
            a0[dx] = Int32(((1 - f) * one).rounded(.toNearestOrEven))
            a1[dx] = Int32((f * one).rounded(.toNearestOrEven))
        }
        var out = [UInt8](repeating: 0, count: dw * dh)
        var row0 = [Int32](repeating: 0, count: dw)
        var row1 = [Int32](repeating: 0, count: dw)
        var loaded = (-1, -1)
        src.pixels.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { d in
                row0.withUnsafeMutableBufferPointer { r0 in
                    row1.withUnsafeMutableBufferPointer { r1 in
                        func horizontal(_ y: Int, into r: UnsafeMutableBufferPointer<Int32>) {
                            let base = y * sw
                            for dx in 0..<dw {
                                r[dx] = Int32(s[base + x0[dx]]) * a0[dx] + Int32(s[base + x1[dx]]) * a1[dx]
                            }
                        }
                        for dy in 0..<dh {
                            // Vertical taps: OpenCV keeps both weights and clamps only the row index.
                            let f = Float((Double(dy) + 0.5) * scaleY - 0.5)
                            let sy = Int(f.rounded(.down))
                            let fy = f - Float(sy)
                            let b0 = Int32(((1 - fy) * one).rounded(.toNearestOrEven))
                            let b1 = Int32((fy * one).rounded(.toNearestOrEven))
                            let y0 = min(max(sy, 0), sh - 1)
                            let y1 = min(max(sy + 1, 0), sh - 1)
                            if loaded.0 != y0 {
                                if loaded.1 == y0 { _ = r0.update(fromContentsOf: r1) } else { horizontal(y0, into: r0) }
                                loaded.0 = y0
                            }
                            if loaded.1 != y1 {
                                if y1 == y0 { _ = r1.update(fromContentsOf: r0) } else { horizontal(y1, into: r1) }
                                loaded.1 = y1
                            }
                            let base = dy * dw
                            for dx in 0..<dw {
                                // FixedPtCast of VResizeLinear: each product scaled down before the sum.
                                let v = (((b0 &* (r0[dx] >> 4)) >> 16) + ((b1 &* (r1[dx] >> 4)) >> 16) + 2) >> 2
                                d[base + dx] = UInt8(clamping: v)
                            }
                        }
                    }
                }
            }
        }
        return GrayRaster(width: dw, height: dh, pixels: out)
    }

    /// OpenCV's area-fast path, which `INTER_LINEAR` takes for an exact halving in both directions.
    private static func halved(_ src: GrayRaster) -> GrayRaster {
        let (dw, dh, sw) = (src.width / 2, src.height / 2, src.width)
        var out = [UInt8](repeating: 0, count: dw * dh)
        src.pixels.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { d in
                for y in 0..<dh {
                    let top = 2 * y * sw
                    let bottom = top + sw
                    for x in 0..<dw {
                        let sum = Int(s[top + 2 * x]) + Int(s[top + 2 * x + 1]) + Int(s[bottom + 2 * x]) + Int(s[bottom + 2 * x + 1])
                        d[y * dw + x] = UInt8((sum + 2) >> 2)
                    }
                }
            }
        }
        return GrayRaster(width: dw, height: dh, pixels: out)
    }
}
