import CZXing

/// Owns one `ZXing_ImageView` and the pixels it points at.
///
/// A zxing image view only borrows its pixels, so this class keeps its own copy for as long as the view lives: a
/// Swift array's storage may not be held past `withUnsafeBufferPointer`, and one copy of an 8-bit page (9 MB for
/// A4 at 300 DPI) costs a few milliseconds next to hundreds for decoding it.
final class ZXingImageView {
    let pointer: OpaquePointer
    private let pixels: UnsafeMutableBufferPointer<UInt8>

    /// - Throws: `BarcodeEngineError.invalidImage` when the sizes are not positive, overflow `Int32` or do not match
    ///   the number of pixels; `.zxing` when zxing refuses the view.
    init(gray pixels: [UInt8], width: Int, height: Int) throws(BarcodeEngineError) {
        let (count, overflow) = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, width <= Int32.max, height <= Int32.max, !overflow, count <= Int32.max,
            count == pixels.count
        else { throw BarcodeEngineError.invalidImage(width: width, height: height) }
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
        _ = copy.initialize(from: pixels)
        guard
            let pointer = ZXing_ImageView_new_checked(
                copy.baseAddress, Int32(count), Int32(width), Int32(height), ZXing_ImageFormat_Lum, Int32(width), 1)
        else {
            copy.deallocate()
            throw BarcodeEngineError.zxing(operation: "creating an image view", message: lastErrorMessage())
        }
        self.pointer = pointer
        self.pixels = copy
    }

    deinit {
        ZXing_ImageView_delete(pointer)
        pixels.deallocate()
    }
}
