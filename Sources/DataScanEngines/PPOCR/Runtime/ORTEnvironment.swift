import CONNXRuntime

/// An ONNX Runtime environment (its logger and process-wide state). One per engine, shared by its sessions, which
/// keep it alive.
final class ORTEnvironment {
    let library: ONNXRuntimeLibrary
    let pointer: OpaquePointer

    init(library: ONNXRuntimeLibrary) throws(PPOCRError) {
        self.library = library
        var env: OpaquePointer?
        // Fatal only: every failure reaches us as an OrtStatus whose message goes into the error we throw, so
        // ONNX Runtime's own stderr logging would only repeat it (or add warnings about graph rewrites).
        try library.check(library.api.pointee.CreateEnv!(ORT_LOGGING_LEVEL_FATAL, "ppocr", &env), "CreateEnv")
        guard let env else { throw .runtimeCall(operation: "CreateEnv", code: 1, message: "returned no environment") }
        pointer = env
    }

    deinit {
        library.api.pointee.ReleaseEnv!(pointer)
    }
}
