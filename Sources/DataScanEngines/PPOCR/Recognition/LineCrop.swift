/// A detected line cut out of the working image, turned so that it reads left to right, and the way from its
/// pixels back to the page.
struct LineCrop {
    /// The detected box in working-image pixels, in the detector's order (top-left first, clockwise).
    let box: [SIMD2<Float>]
    /// The crop as the recognizer sees it.
    private(set) var image: GrayRaster
    /// Whether the crop was turned a quarter turn (a line taller than wide) and a half turn (read upside down).
    let quarterTurned: Bool
    private(set) var halfTurned = false
    /// From the crop's pixels before any turn to working-image pixels.
    private let toPage: PerspectiveTransform
    private let warpedWidth: Int

    /// rapidocr's `get_rotate_crop_image`: the box warped to its longer side lengths, then turned a quarter turn
    /// counter-clockwise when it is at least 1.5 times taller than wide. Nil for a degenerate box.
    /// `turnsTall`: false for a box whose corners are given in reading order already (another engine's line),
    /// which is never turned.
    init?(page: GrayRaster, box: [SIMD2<Float>], turnsTall: Bool = true) {
        func length(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float {
            let d = a - b
            return (d.x * d.x + d.y * d.y).squareRoot()
        }
        let width = Int(max(length(box[0], box[1]), length(box[2], box[3])))
        let height = Int(max(length(box[0], box[3]), length(box[1], box[2])))
        guard let (image, toPage) = PerspectiveWarp.crop(page, quad: box, width: width, height: height) else {
            return nil
        }
        self.box = box
        self.toPage = toPage
        warpedWidth = width
        quarterTurned = turnsTall && Double(height) / Double(width) >= 1.5
        self.image = quarterTurned ? image.rotatedCounterClockwise() : image
    }

    /// Turns the crop half a turn (the classifier found it upside down).
    mutating func turnHalf() {
        image = image.rotatedHalfTurn()
        halfTurned.toggle()
    }

    /// The box's corners as the text reads: top-left, top-right, bottom-right, bottom-left of the turned crop.
    var readingCorners: [SIMD2<Float>] {
        var corners = box
        if quarterTurned { corners = [corners[1], corners[2], corners[3], corners[0]] }
        if halfTurned { corners = [corners[2], corners[3], corners[0], corners[1]] }
        return corners
    }

    /// A point of the turned crop (x along the text, y across it) in working-image pixels.
    func pagePoint(x: Double, y: Double) -> SIMD2<Double> {
        var (u, v) = (x, y)
        if halfTurned { (u, v) = (Double(image.width) - u, Double(image.height) - v) }
        // undo numpy's rot90: new x = old y, new y = old width − old x
        if quarterTurned { (u, v) = (Double(warpedWidth) - v, u) }
        return toPage.apply(SIMD2(u, v))
    }
}
