import DataScanModel

/// How the input image was scaled and padded before detection, as rapidocr's `preprocess` and
/// `maybe_add_letterbox` do, and the way back to input pixels.
struct PageLayout: Sendable {
    static let maxSideLength = 2000
    static let minSideLength = 30
    static let minHeight = 30
    static let maxWidthHeightRatio = 8

    /// Input pixels per working pixel, horizontally and vertically.
    var scaleX = 1.0
    var scaleY = 1.0
    /// Rows of black added above the (scaled) page.
    var padTop = 0
    let inputWidth: Int
    let inputHeight: Int

    /// The working image for `input`, or nil when it scales down to nothing (a page thousands of times wider
    /// than high).
    static func prepare(_ input: GrayRaster) -> (GrayRaster, PageLayout)? {
        var layout = PageLayout(inputWidth: input.width, inputHeight: input.height)
        var image = input
        if max(image.width, image.height) > maxSideLength {
            guard let scaled = layout.scale(image, toSide: maxSideLength, longer: true) else { return nil }
            image = scaled
        }
        if min(image.width, image.height) < minSideLength {
            guard let scaled = layout.scale(image, toSide: minSideLength, longer: false) else { return nil }
            image = scaled
        }
        let (w, h) = (image.width, image.height)
        if h <= minHeight || Double(w) / Double(h) > Double(maxWidthHeightRatio) {
            let target = max(w / maxWidthHeightRatio, minHeight) * 2
            layout.padTop = abs(target - h) / 2
            image = image.padded(top: layout.padTop, bottom: layout.padTop, value: 0)
        }
        return (image, layout)
    }

    /// rapidocr's reduce_max_side / increase_min_side: scale so that the longer (shorter) side is `side`, then
    /// round both sides to multiples of 32. rapidocr keeps only the second step's ratios when both apply; the
    /// ratios are multiplied here, so boxes land on the input in that (rare) case too.
    private mutating func scale(_ image: GrayRaster, toSide side: Int, longer: Bool) -> GrayRaster? {
        let (w, h) = (image.width, image.height)
        let reference = longer ? (h > w ? h : w) : (h < w ? h : w)
        let ratio = Double(side) / Double(reference)
        let rh = Int((Double(Int(Double(h) * ratio)) / 32).rounded(.toNearestOrEven)) * 32
        let rw = Int((Double(Int(Double(w) * ratio)) / 32).rounded(.toNearestOrEven)) * 32
        guard rw > 0, rh > 0 else { return nil }
        scaleX *= Double(w) / Double(rw)
        scaleY *= Double(h) / Double(rh)
        return LinearResizer.resize(image, width: rw, height: rh)
    }

    /// A working-image point in input pixels, inside the input (rapidocr's `_get_origin_points`).
    func inputPoint(_ p: SIMD2<Double>) -> Point {
        let x = p.x * scaleX
        let y = (p.y - Double(padTop)) * scaleY
        return Point(
            x: min(max(x, 0), Double(inputWidth)), y: min(max(y, 0), Double(inputHeight)))
    }
}
