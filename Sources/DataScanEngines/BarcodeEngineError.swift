import DataScanModel

/// A failure inside a barcode decoding library (not "no barcode found", which is an empty result).
package enum BarcodeEngineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// zxing-cpp rejected the call or threw; `code` is the shim's CZX_ERROR_* status.
    case zxing(code: Int, message: String)
    /// zbar could not allocate its scanner or image.
    case zbar(message: String)
    /// The image has no pixels (or more than the C libraries' `int` sizes allow).
    case invalidImage(width: Int, height: Int)

    package var description: String {
        switch self {
        case .zxing(let code, let message): "zxing-cpp failed (status \(code)): \(message)"
        case .zbar(let message): "zbar failed: \(message)"
        case .invalidImage(let width, let height): "cannot decode barcodes in a \(width)x\(height) image"
        }
    }
}
