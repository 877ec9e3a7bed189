import DataScanModel
import Foundation

/// What can go wrong in the PP-OCR engine. Each case reads as one line a user can act on: what failed, where,
/// why (with ONNX Runtime's own message when it has one) and what to do.
package enum PPOCRError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No ONNX Runtime library was found in any of the places looked at.
    case runtimeNotFound(searched: [String])
    /// A library was found but could not be loaded or is not a usable ONNX Runtime.
    case runtimeUnusable(path: String, reason: String)
    /// A model file (or the model folder) is missing.
    case modelNotFound(path: String, searched: [String])
    /// A model loaded but does not look like the PP-OCR model it should be.
    case modelInvalid(path: String, reason: String)
    /// An ONNX Runtime call failed; `code` is its `OrtErrorCode`.
    case runtimeCall(operation: String, code: Int, message: String)
    /// The image passed in cannot be read as described.
    case invalidImage(reason: String)
    /// A configuration value is out of its range.
    case invalidConfiguration(reason: String)
    /// The page's deadline passed between two model runs.
    case deadlinePassed
    /// The caller cancelled the recognition.
    case cancelled

    /// The message for the user, one line, starting with "ppocr:".
    package var description: String {
        switch self {
        case .runtimeNotFound(let searched):
            return "ppocr: ONNX Runtime \(ONNXRuntimeLibrary.expectedVersion) not found (looked in "
                + searched.joined(separator: ", ")
                + "): run scripts/bootstrap, or set \(RuntimeLocator.libraryVariable) to libonnxruntime.so"
        case .runtimeUnusable(let path, let reason):
            return "ppocr: cannot use ONNX Runtime at \(path): \(reason); run scripts/bootstrap, or set "
                + "\(RuntimeLocator.libraryVariable) to an ONNX Runtime \(ONNXRuntimeLibrary.minimumVersionText) or newer"
        case .modelNotFound(let path, let searched):
            let looked = searched.isEmpty ? "" : " (looked in " + searched.joined(separator: ", ") + ")"
            return "ppocr: model \(path) not found\(looked): run scripts/bootstrap, or set "
                + "\(RuntimeLocator.modelsVariable) to the folder with the PP-OCR .onnx files"
        case .modelInvalid(let path, let reason):
            return "ppocr: model \(path) is not usable: \(reason); run scripts/bootstrap to restore the pinned models"
        case .runtimeCall(let operation, let code, let message):
            return "ppocr: ONNX Runtime failed in \(operation) (code \(code)): \(Self.oneLine(message))"
        case .invalidImage(let reason):
            return "ppocr: invalid image: \(reason)"
        case .invalidConfiguration(let reason):
            return "ppocr: invalid configuration: \(reason)"
        case .deadlinePassed:
            return "ppocr: recognition stopped at the page's deadline"
        case .cancelled:
            return "ppocr: cancelled"
        }
    }

    /// ONNX Runtime's messages can span lines (stack traces); a log line must not.
    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}

extension PPOCRError {
    /// The error as the page pipeline reports it: a missing or broken install is an environment error (the job
    /// cannot use the engine at all), a failed run an engine failure of this page. The deadline and cancellation
    /// are mapped by the caller, which knows the page's time limit.
    package var dataScanError: DataScanError {
        switch self {
        case .runtimeNotFound, .runtimeUnusable, .modelNotFound, .modelInvalid, .invalidConfiguration:
            DataScanError(.environment, description)
        case .runtimeCall, .invalidImage: DataScanError(.engineFailed, description)
        case .deadlinePassed: DataScanError(.timeout, description)
        case .cancelled: DataScanError(.cancelled, "cancelled")
        }
    }
}
