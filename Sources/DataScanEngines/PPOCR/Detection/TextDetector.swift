/// The text detector: PP-OCRv4's DB model, with rapidocr 1.4.4's pre- and post-processing.
final class TextDetector {
    /// rapidocr's `limit_type: min`, `limit_side_len: 736`: the shorter side is scaled up to at least 736.
    static let limitSideLength = 736

    private let session: ORTSession
    private let memory: ORTMemoryInfo
    private let postProcessor: DBPostProcessor

    /// (v / 255 − 0.5) / 0.5 as rapidocr computes it (a float32 product, then float64 arithmetic, then float32).
    private static let normalized: [Float] = (0...255).map { v in
        Float((Double(Float(v) * Float(1.0 / 255.0)) - 0.5) / 0.5)
    }

    init(session: ORTSession, memory: ORTMemoryInfo, postProcessor: DBPostProcessor) {
        self.session = session
        self.memory = memory
        self.postProcessor = postProcessor
    }

    /// Text boxes in `image` pixels: top-left, top-right, bottom-right, bottom-left as rapidocr orders them, with
    /// integer coordinates inside the image, each side longer than 3 pixels. Not yet sorted into reading order.
    func detect(_ image: GrayRaster) throws(PPOCRError) -> [[SIMD2<Float>]] {
        guard let (width, height) = Self.inputSize(width: image.width, height: image.height) else { return [] }
        let resized = LinearResizer.resize(image, width: width, height: height)
        let input = try ORTTensor(shape: [1, 3, height, width], memory: memory)
        let plane = width * height
        resized.pixels.withUnsafeBufferPointer { src in
            Self.normalized.withUnsafeBufferPointer { lut in
                let dst = input.elements
                for i in 0..<plane { dst[i] = lut[Int(src[i])] }
                // The models take three colour planes; a gray page has three equal ones.
                _ = UnsafeMutableBufferPointer(rebasing: dst[plane..<2 * plane]).update(fromContentsOf: dst[0..<plane])
                _ = UnsafeMutableBufferPointer(rebasing: dst[2 * plane..<3 * plane]).update(fromContentsOf: dst[0..<plane])
            }
        }
        let output = try session.run(input)
        guard output.shape.count == 4, output.shape[2] == height, output.shape[3] == width else {
            throw .modelInvalid(
                path: session.modelPath, reason: "detection output has shape \(output.shape), expected [1, 1, \(height), \(width)]")
        }
        let boxes = try output.withElements { map in
            postProcessor.boxes(
                probabilities: UnsafeBufferPointer(rebasing: map[0..<plane]), width: width, height: height,
                destinationWidth: image.width, destinationHeight: image.height)
        }
        return boxes.compactMap { Self.ordered($0, width: image.width, height: image.height) }
    }

    /// The model's input size for an image: the shorter side scaled to 736 when it is shorter, both sides rounded
    /// to a multiple of 32 (Python's round half to even), as rapidocr's `DetPreProcess.resize`.
    static func inputSize(width w: Int, height h: Int) -> (Int, Int)? {
        var ratio = 1.0
        if min(h, w) < limitSideLength { ratio = Double(limitSideLength) / Double(h < w ? h : w) }
        let rh = Int((Double(Int(Double(h) * ratio)) / 32).rounded(.toNearestOrEven)) * 32
        let rw = Int((Double(Int(Double(w) * ratio)) / 32).rounded(.toNearestOrEven)) * 32
        return rw > 0 && rh > 0 ? (rw, rh) : nil
    }

    /// rapidocr's `filter_tag_det_res`: corners re-ordered clockwise from the top-left (by x, then by y within
    /// the left and the right pair), clipped into the image, and dropped when a side is 3 pixels or shorter.
    static func ordered(_ box: [SIMD2<Float>], width: Int, height: Int) -> [SIMD2<Float>]? {
        let byX = box.enumerated().sorted { ($0.element.x, $0.offset) < ($1.element.x, $1.offset) }.map(\.element)
        let left = [byX[0], byX[1]].enumerated().sorted { ($0.element.y, $0.offset) < ($1.element.y, $1.offset) }.map(\.element)
        let right = [byX[2], byX[3]].enumerated().sorted { ($0.element.y, $0.offset) < ($1.element.y, $1.offset) }.map(\.element)
        let clipped = [left[0], right[0], right[1], left[1]].map { p in
            SIMD2<Float>(
                Float(Int(min(max(p.x, 0), Float(width - 1)))), Float(Int(min(max(p.y, 0), Float(height - 1)))))
        }
        func length(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Int {
            let d = a - b
            return Int((d.x * d.x + d.y * d.y).squareRoot())
        }
        if length(clipped[0], clipped[1]) <= 3 || length(clipped[0], clipped[3]) <= 3 { return nil }
        return clipped
    }
}
