import CONNXRuntime

/// Describes plain CPU memory, for tensors whose data Swift owns.
final class ORTMemoryInfo {
    let library: ONNXRuntimeLibrary
    let pointer: OpaquePointer

    init(library: ONNXRuntimeLibrary) throws(PPOCRError) {
        self.library = library
        var info: OpaquePointer?
        try library.check(
            library.api.pointee.CreateCpuMemoryInfo!(OrtDeviceAllocator, OrtMemTypeDefault, &info), "CreateCpuMemoryInfo")
        guard let info else {
            throw .runtimeCall(operation: "CreateCpuMemoryInfo", code: 1, message: "returned no memory info")
        }
        pointer = info
    }

    deinit {
        library.api.pointee.ReleaseMemoryInfo!(pointer)
    }
}
