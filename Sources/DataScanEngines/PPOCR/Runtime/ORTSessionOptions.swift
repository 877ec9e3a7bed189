import CONNXRuntime

/// How a session runs: thread counts, sequential execution, full graph optimization.
final class ORTSessionOptions {
    let library: ONNXRuntimeLibrary
    let pointer: OpaquePointer

    init(library: ONNXRuntimeLibrary, intraOpThreads: Int, interOpThreads: Int) throws(PPOCRError) {
        self.library = library
        let api = library.api.pointee
        var options: OpaquePointer?
        try library.check(api.CreateSessionOptions!(&options), "CreateSessionOptions")
        guard let options else {
            throw .runtimeCall(operation: "CreateSessionOptions", code: 1, message: "returned no options")
        }
        pointer = options
        try library.check(api.SetIntraOpNumThreads!(options, Int32(intraOpThreads)), "SetIntraOpNumThreads")
        try library.check(api.SetInterOpNumThreads!(options, Int32(interOpThreads)), "SetInterOpNumThreads")
        try library.check(api.SetSessionExecutionMode!(options, ORT_SEQUENTIAL), "SetSessionExecutionMode")
        try library.check(
            api.SetSessionGraphOptimizationLevel!(options, ORT_ENABLE_ALL), "SetSessionGraphOptimizationLevel")
        try library.check(
            api.SetSessionLogSeverityLevel!(options, Int32(ORT_LOGGING_LEVEL_FATAL.rawValue)),
            "SetSessionLogSeverityLevel")
        // As rapidocr does: input sizes change with every page and line, and an arena sized for the largest one
        // would stay allocated for the life of the engine.
        try library.check(api.DisableCpuMemArena!(options), "DisableCpuMemArena")
        // The memory pattern plans one block for a run's tensors from the input's shape, and keeps a plan for every
        // shape it has seen; with a new shape on every page it saves nothing and holds more memory: 20 receipts,
        // `--ocr ppocr --jobs 2`, peak of the process tree 1,080–1,150 → 860–960 MB, same time and text.
        try library.check(api.DisableMemPattern!(options), "DisableMemPattern")
        // Idle pool threads would otherwise spin for a while after each run, burning cores that the caller's
        // other pages need (datascan runs pages in parallel). No effect with one thread.
        try library.check(
            api.AddSessionConfigEntry!(options, "session.intra_op.allow_spinning", "0"), "AddSessionConfigEntry")
        try library.check(
            api.AddSessionConfigEntry!(options, "session.inter_op.allow_spinning", "0"), "AddSessionConfigEntry")
    }

    deinit {
        library.api.pointee.ReleaseSessionOptions!(pointer)
    }
}
