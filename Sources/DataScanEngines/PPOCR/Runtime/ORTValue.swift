import CONNXRuntime

/// A tensor that ONNX Runtime allocated as the output of a run; released in `deinit`.
final class ORTValue {
    let library: ONNXRuntimeLibrary
    let pointer: OpaquePointer
    /// The tensor's dimensions.
    let shape: [Int]

    /// Takes ownership of `pointer` (released even when reading its shape fails).
    init(library: ONNXRuntimeLibrary, taking pointer: OpaquePointer) throws(PPOCRError) {
        self.library = library
        self.pointer = pointer
        let api = library.api.pointee
        var info: OpaquePointer?
        var dimensions: [Int] = []
        var failure: PPOCRError?
        do throws(PPOCRError) {
            try library.check(api.GetTensorTypeAndShape!(pointer, &info), "GetTensorTypeAndShape")
            if let info {
                defer { api.ReleaseTensorTypeAndShapeInfo!(info) }
                var type = ONNX_TENSOR_ELEMENT_DATA_TYPE_UNDEFINED
                try library.check(api.GetTensorElementType!(info, &type), "GetTensorElementType")
                guard type == ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT else {
                    throw PPOCRError.runtimeCall(
                        operation: "Run", code: 2, message: "output is of element type \(type.rawValue), not float")
                }
                var count = 0
                try library.check(api.GetDimensionsCount!(info, &count), "GetDimensionsCount")
                var dims = [Int64](repeating: 0, count: count)
                try library.check(api.GetDimensions!(info, &dims, count), "GetDimensions")
                dimensions = dims.map { Int($0) }
            }
        } catch {
            failure = error
        }
        shape = dimensions
        if let failure { throw failure }  // deinit releases the value
    }

    /// Runs `body` over the tensor's floats, in row-major order of `shape`; the buffer is valid inside `body` only.
    func withElements<R>(_ body: (UnsafeBufferPointer<Float>) -> R) throws(PPOCRError) -> R {
        var data: UnsafeMutableRawPointer?
        try library.check(library.api.pointee.GetTensorMutableData!(pointer, &data), "GetTensorMutableData")
        let count = data == nil ? 0 : shape.reduce(1, *)
        return withExtendedLifetime(self) {
            body(UnsafeBufferPointer(start: data?.assumingMemoryBound(to: Float.self), count: count))
        }
    }

    deinit {
        library.api.pointee.ReleaseValue!(pointer)
    }
}
