import CONNXRuntime

/// A float tensor whose storage Swift allocates and owns, wrapped as an input `OrtValue` without copying.
/// The storage lives exactly as long as the value that points into it: both are freed in `deinit`.
final class ORTTensor {
    let library: ONNXRuntimeLibrary
    let shape: [Int]
    /// Owned storage; ONNX Runtime reads it during `Run` only.
    let elements: UnsafeMutableBufferPointer<Float>
    let value: OpaquePointer

    init(shape: [Int], memory: ORTMemoryInfo) throws(PPOCRError) {
        library = memory.library
        self.shape = shape
        let count = shape.reduce(1, *)
        elements = .allocate(capacity: max(count, 1))
        elements.initialize(repeating: 0)
        var dims = shape.map(Int64.init)
        var out: OpaquePointer?
        let status = library.api.pointee.CreateTensorWithDataAsOrtValue!(
            memory.pointer, elements.baseAddress, count * MemoryLayout<Float>.stride, &dims, dims.count,
            ONNX_TENSOR_ELEMENT_DATA_TYPE_FLOAT, &out)
        do {
            try library.check(status, "CreateTensorWithDataAsOrtValue \(shape)")
        } catch {
            elements.deallocate()
            throw error
        }
        guard let out else {
            elements.deallocate()
            throw .runtimeCall(operation: "CreateTensorWithDataAsOrtValue", code: 1, message: "returned no value")
        }
        value = out
    }

    deinit {
        library.api.pointee.ReleaseValue!(value)
        elements.deallocate()
    }
}
