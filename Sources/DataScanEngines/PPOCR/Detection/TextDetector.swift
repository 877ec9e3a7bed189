/// The text detector: PP-OCRv4's DB model, with rapidocr 1.4.4's pre- and post-processing.
final class TextDetector {
    /// rapidocr's `limit_type: min`, `limit_side_len: 736`: the shorter side is scaled up to at least 736.
    static let limitSideLength = 736

    private let session: ORTSession
    private let memory: ORTMemoryInfo
    private let postProcessor: DBPostProcessor
    /// The most input pixels the model reads in one run (see `bands`).
    private let bandPixels: Int

    /// (v / 255 − 0.5) / 0.5 as rapidocr computes it (a float32 product, then float64 arithmetic, then float32).
    private static let normalized: [Float] = (0...255).map { v in
        Float((Double(Float(v) * Float(1.0 / 255.0)) - 0.5) / 0.5)
    }

    init(session: ORTSession, memory: ORTMemoryInfo, postProcessor: DBPostProcessor, bandPixels: Int) {
        self.session = session
        self.memory = memory
        self.postProcessor = postProcessor
        self.bandPixels = bandPixels
    }

    /// Text boxes in `image` pixels: top-left, top-right, bottom-right, bottom-left as rapidocr orders them, with
    /// integer coordinates inside the image, each side longer than 3 pixels. Not yet sorted into reading order.
    ///
    /// A large input is run in horizontal bands (see `bands`) whose probabilities are put together into one map
    /// before the boxes are found, so the model's activations, roughly 150–300 bytes an input pixel, are bounded by a
    /// band's size and not by the page's.
    func detect(_ image: GrayRaster) throws(PPOCRError) -> [[SIMD2<Float>]] {
        guard let (width, height) = Self.inputSize(width: image.width, height: image.height) else { return [] }
        let resized = LinearResizer.resize(image, width: width, height: height)
        let plane = width * height
        var map = [Float](repeating: 0, count: plane)
        for band in Self.bands(width: width, height: height, bandPixels: bandPixels) {
            try run(resized, rows: band.input, keeping: band.kept, into: &map)
        }
        let boxes = map.withUnsafeBufferPointer { map in
            postProcessor.boxes(
                probabilities: map, width: width, height: height, destinationWidth: image.width,
                destinationHeight: image.height)
        }
        return boxes.compactMap { Self.ordered($0, width: image.width, height: image.height) }
    }

    /// Runs the model on `rows` of `resized` and copies the probabilities of the `kept` rows into `map`.
    private func run(_ resized: GrayRaster, rows: Range<Int>, keeping kept: Range<Int>, into map: inout [Float])
        throws(PPOCRError)
    {
        let (width, height) = (resized.width, rows.count)
        let plane = width * height
        let input = try ORTTensor(shape: [1, 3, height, width], memory: memory)
        resized.pixels.withUnsafeBufferPointer { pixels in
            let src = UnsafeBufferPointer(rebasing: pixels[rows.lowerBound * width..<rows.upperBound * width])
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
        try output.withElements { probabilities in
            map.withUnsafeMutableBufferPointer { map in
                let from = (kept.lowerBound - rows.lowerBound) * width
                _ = UnsafeMutableBufferPointer(rebasing: map[kept.lowerBound * width..<kept.upperBound * width])
                    .update(fromContentsOf: probabilities[from..<from + kept.count * width])
            }
        }
    }

    /// A band of the detector's input: the rows the model reads, and the rows of its output that are kept.
    struct Band: Equatable {
        var input: Range<Int>
        var kept: Range<Int>
    }

    /// The rows to read the input in: one band when it has at most `bandPixels` pixels, else as few bands of equal
    /// height (the last one what is left) as keep each within the budget, each read with `bandMargin` rows more
    /// above and below so that the model sees past the rows it keeps, all multiples of 32. The budget is never
    /// less than `minimumBandRows` kept rows (so a band keeps more than half as many), even where a wide page's
    /// pixels would allow fewer; a page of fewer than twice as many rows is read whole.
    static func bands(width: Int, height: Int, bandPixels: Int) -> [Band] {
        guard width * height > bandPixels, height >= 2 * minimumBandRows else {
            return [Band(input: 0..<height, kept: 0..<height)]
        }
        let rows = max(minimumBandRows, (bandPixels / width - 2 * bandMargin) / 32 * 32)
        let count = max(1, (height + rows - 1) / rows)
        // Equal bands, in multiples of 32, the last one taking what is left.
        let even = (height / count + 31) / 32 * 32
        var bands: [Band] = []
        var top = 0
        while top < height {
            let bottom = min(top + even, height)
            let kept = top..<(height - bottom < 32 ? height : bottom)
            bands.append(Band(input: max(0, kept.lowerBound - bandMargin)..<min(height, kept.upperBound + bandMargin), kept: kept))
            top = kept.upperBound
        }
        return bands
    }

    /// Rows the model reads beyond a band's kept rows, above and below.
    static let bandMargin = 96
    /// The fewest kept rows a band's budget allows: thinner bands would cost more in margins than they save, and
    /// read a wide page's lines otherwise (a drawn 640 × 324 page, 1,454 × 736 at the model, in three bands of
    /// 256 rows, lost the spaces of `Date: 15/03/2024` and `Thank you,`).
    static let minimumBandRows = 512

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
