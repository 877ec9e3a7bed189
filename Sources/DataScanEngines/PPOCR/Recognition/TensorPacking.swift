/// Fills model inputs from text-line crops, as rapidocr's `resize_norm_img` does for the classifier and the
/// recognizer: each crop resized to the model's height keeping its aspect ratio (width rounded up, capped at the
/// batch width), normalized to (v / 255 − 0.5) / 0.5 in float32, the rest of the row left at 0.
enum TensorPacking {
    static let normalized: [Float] = (0...255).map { v in (Float(v) / 255 - 0.5) / 0.5 }

    /// The width a crop is resized to: ceil(height × w / h), at most `maxWidth`.
    static func resizedWidth(of crop: GrayRaster, height: Int, maxWidth: Int) -> Int {
        let ratio = Double(crop.width) / Double(crop.height)
        let width = (Double(height) * ratio).rounded(.up)
        return width > Double(maxWidth) ? maxWidth : max(Int(width), 1)
    }

    /// Writes `crop`, resized to `resizedWidth × height`, as three equal planes into item `index` of an
    /// [n, 3, height, width] tensor.
    static func pack(_ crop: GrayRaster, resizedWidth: Int, into tensor: ORTTensor, index: Int, height: Int, width: Int) {
        let resized = LinearResizer.resize(crop, width: resizedWidth, height: height)
        let plane = height * width
        let base = index * 3 * plane
        let dst = tensor.elements
        resized.pixels.withUnsafeBufferPointer { src in
            normalized.withUnsafeBufferPointer { lut in
                for y in 0..<height {
                    for x in 0..<resizedWidth {
                        let v = lut[Int(src[y * resizedWidth + x])]
                        let i = base + y * width + x
                        dst[i] = v
                        dst[i + plane] = v
                        dst[i + 2 * plane] = v
                    }
                }
            }
        }
    }

    /// Indices of `crops` by increasing aspect ratio (width / height), ties in input order. rapidocr uses numpy's
    /// unstable argsort here; a stable order only changes which lines share a batch when ratios tie.
    static func byAspectRatio(_ crops: [GrayRaster]) -> [Int] {
        let ratios = crops.map { Double($0.width) / Double($0.height) }
        return ratios.indices.sorted { (ratios[$0], $0) < (ratios[$1], $1) }
    }
}
