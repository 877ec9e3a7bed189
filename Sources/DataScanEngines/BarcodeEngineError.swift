import DataScanModel

/// A failure inside a barcode decoding library (not "no barcode found", which is an empty result).
package enum BarcodeEngineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// zxing-cpp failed (an exception its C API caught, e.g. out of memory); `message` is its own.
    case zxing(operation: String, message: String)
    /// zbar could not allocate its scanner or image.
    case zbar(message: String)
    /// The image has no pixels, more than the C libraries' `int` sizes allow, or not `width × height` of them.
    case invalidImage(width: Int, height: Int)

    package var description: String {
        switch self {
        case .zxing(let operation, let message): "zxing-cpp failed \(operation): \(message)"
        case .zbar(let message): "zbar failed: \(message)"
        case .invalidImage(let width, let height): "cannot decode barcodes in a \(width)x\(height) image"
        }
    }
}
