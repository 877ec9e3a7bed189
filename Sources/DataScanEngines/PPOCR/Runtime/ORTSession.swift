import CONNXRuntime

/// One loaded model with a single float input and a single float output (as all three PP-OCR models are).
/// Not thread-safe: runs are made by one caller at a time (the engine is not shared between threads).
final class ORTSession {
    let environment: ORTEnvironment
    let pointer: OpaquePointer
    /// Where the model came from, for error messages.
    let modelPath: String
    let inputName: String
    let outputName: String
    /// The output's declared dimensions (-1 where dynamic).
    let outputShape: [Int]

    private var library: ONNXRuntimeLibrary { environment.library }

    init(environment: ORTEnvironment, modelPath: String, options: ORTSessionOptions) throws(PPOCRError) {
        self.environment = environment
        self.modelPath = modelPath
        let library = environment.library
        let api = library.api.pointee
        var session: OpaquePointer?
        try library.check(
            api.CreateSession!(environment.pointer, modelPath, options.pointer, &session), "CreateSession(\(modelPath))")
        guard let session else {
            throw .runtimeCall(operation: "CreateSession(\(modelPath))", code: 1, message: "returned no session")
        }
        pointer = session
        // From here on a failure must release the session: deinit does not run for a partly initialized object.
        do throws(PPOCRError) {
            var inputs = 0
            var outputs = 0
            try library.check(api.SessionGetInputCount!(session, &inputs), "SessionGetInputCount")
            try library.check(api.SessionGetOutputCount!(session, &outputs), "SessionGetOutputCount")
            guard inputs == 1, outputs == 1 else {
                throw PPOCRError.modelInvalid(
                    path: modelPath, reason: "it has \(inputs) inputs and \(outputs) outputs, expected 1 and 1")
            }
            inputName = try Self.name(library, session, input: true)
            outputName = try Self.name(library, session, input: false)
            outputShape = try Self.outputShape(library, session)
        } catch {
            api.ReleaseSession!(session)
            throw error
        }
    }

    deinit {
        library.api.pointee.ReleaseSession!(pointer)
    }

    /// Runs the model on `input` and returns its output.
    func run(_ input: ORTTensor) throws(PPOCRError) -> ORTValue {
        var output: OpaquePointer?
        let status = inputName.withCString { inputName in
            outputName.withCString { outputName in
                var inputNames: [UnsafePointer<CChar>?] = [inputName]
                var outputNames: [UnsafePointer<CChar>?] = [outputName]
                var inputs: [OpaquePointer?] = [input.value]
                return library.api.pointee.Run!(pointer, nil, &inputNames, &inputs, 1, &outputNames, 1, &output)
            }
        }
        try library.check(status, "Run(\(modelPath), input \(input.shape))")
        guard let output else { throw .runtimeCall(operation: "Run(\(modelPath))", code: 1, message: "returned no output") }
        return try ORTValue(library: library, taking: output)
    }

    /// The value stored under `key` in the model's custom metadata, or nil when there is none.
    func metadata(_ key: String) throws(PPOCRError) -> String? {
        let api = library.api.pointee
        var allocator: OpaquePointer?
        try library.check(api.GetAllocatorWithDefaultOptions!(&allocator), "GetAllocatorWithDefaultOptions")
        var metadata: OpaquePointer?
        try library.check(api.SessionGetModelMetadata!(pointer, &metadata), "SessionGetModelMetadata")
        guard let metadata else { return nil }
        defer { api.ReleaseModelMetadata!(metadata) }
        var value: UnsafeMutablePointer<CChar>?
        try library.check(
            api.ModelMetadataLookupCustomMetadataMap!(metadata, allocator, key, &value),
            "ModelMetadataLookupCustomMetadataMap(\(key))")
        guard let value else { return nil }
        defer { _ = api.AllocatorFree!(allocator, value) }
        return String(cString: value)
    }

    private static func name(_ library: ONNXRuntimeLibrary, _ session: OpaquePointer, input: Bool) throws(PPOCRError)
        -> String
    {
        let api = library.api.pointee
        var allocator: OpaquePointer?
        try library.check(api.GetAllocatorWithDefaultOptions!(&allocator), "GetAllocatorWithDefaultOptions")
        var name: UnsafeMutablePointer<CChar>?
        if input {
            try library.check(api.SessionGetInputName!(session, 0, allocator, &name), "SessionGetInputName")
        } else {
            try library.check(api.SessionGetOutputName!(session, 0, allocator, &name), "SessionGetOutputName")
        }
        guard let name else { return "" }
        defer { _ = api.AllocatorFree!(allocator, name) }
        return String(cString: name)
    }

    private static func outputShape(_ library: ONNXRuntimeLibrary, _ session: OpaquePointer) throws(PPOCRError) -> [Int] {
        let api = library.api.pointee
        var typeInfo: OpaquePointer?
        try library.check(api.SessionGetOutputTypeInfo!(session, 0, &typeInfo), "SessionGetOutputTypeInfo")
        guard let typeInfo else { return [] }
        defer { api.ReleaseTypeInfo!(typeInfo) }
        var tensorInfo: OpaquePointer?
        try library.check(api.CastTypeInfoToTensorInfo!(typeInfo, &tensorInfo), "CastTypeInfoToTensorInfo")
        guard let tensorInfo else { return [] }  // owned by typeInfo
        var count = 0
        try library.check(api.GetDimensionsCount!(tensorInfo, &count), "GetDimensionsCount")
        var dims = [Int64](repeating: 0, count: count)
        try library.check(api.GetDimensions!(tensorInfo, &dims, count), "GetDimensions")
        return dims.map { Int($0) }
    }
}
