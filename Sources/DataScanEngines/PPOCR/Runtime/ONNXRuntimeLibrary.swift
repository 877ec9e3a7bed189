import CONNXRuntime
import Foundation
import Synchronization

/// The ONNX Runtime shared library, opened with `dlopen` at run time so that a program built with this engine
/// still starts (and runs its other engines) where the library is absent.
///
/// A library once opened stays open for the life of the process: ONNX Runtime keeps process-wide state (its
/// default logger, thread pools of sessions still being torn down) that `dlclose` would pull out from under it.
/// So instances are shared per path, and there is deliberately no `deinit` that closes the handle.
final class ONNXRuntimeLibrary: @unchecked Sendable {
    /// The version that `scripts/fetch-ppocr` installs and the reference results were made with.
    static let expectedVersion = "1.32.0"
    /// The oldest library accepted: the models are ONNX IR version 8, which ONNX Runtime reads from 1.10 on; the
    /// C API table we use (version 5) is older than that.
    static let minimumVersion = (major: 1, minor: 10)
    static var minimumVersionText: String { "\(minimumVersion.major).\(minimumVersion.minor)" }

    /// Where the library was loaded from.
    let path: String
    /// The library's own version string, e.g. "1.32.0".
    let version: String
    /// ONNX Runtime's function table; valid for the life of the process (the library is never closed).
    /// Sendable in practice: the table is immutable and the functions we call through it are thread-safe.
    let api: UnsafePointer<OrtApi>

    private static let opened = Mutex<[String: ONNXRuntimeLibrary]>([:])

    private init(path: String, version: String, api: UnsafePointer<OrtApi>) {
        self.path = path
        self.version = version
        self.api = api
    }

    /// The first usable library among `candidates`, in order; a candidate that exists but cannot be used stops
    /// the search with its reason, because silently falling back to another copy would hide a broken install.
    static func load(candidates: [String]) throws(PPOCRError) -> ONNXRuntimeLibrary {
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate) {
            return try load(path: candidate)
        }
        throw .runtimeNotFound(searched: candidates)
    }

    /// Opens the library at `path` (or returns the one already opened there) and checks its version.
    static func load(path: String) throws(PPOCRError) -> ONNXRuntimeLibrary {
        let result: Result<ONNXRuntimeLibrary, PPOCRError> = opened.withLock { cache in
            if let library = cache[path] { return .success(library) }
            do throws(PPOCRError) {
                let library = try open(path: path)
                cache[path] = library
                return .success(library)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func open(path: String) throws(PPOCRError) -> ONNXRuntimeLibrary {
        // RTLD_LOCAL: its symbols stay out of the global namespace, so a second copy elsewhere cannot clash.
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "dlopen failed"
            throw .runtimeUnusable(path: path, reason: reason)
        }
        guard let symbol = dlsym(handle, "OrtGetApiBase") else {
            dlclose(handle)  // Not ONNX Runtime, and none of its code has run: safe to close.
            throw .runtimeUnusable(path: path, reason: "it has no OrtGetApiBase symbol, so it is not ONNX Runtime")
        }
        let getApiBase = unsafeBitCast(symbol, to: OrtGetApiBaseFunction.self)
        guard let base = getApiBase(), let versionString = base.pointee.GetVersionString?() else {
            throw .runtimeUnusable(path: path, reason: "OrtGetApiBase returned nothing")
        }
        let version = String(cString: versionString)
        guard isSupported(version: version) else {
            throw .runtimeUnusable(
                path: path, reason: "its version is \(version), older than \(minimumVersionText)")
        }
        guard let api = base.pointee.GetApi?(UInt32(PPOCR_ORT_API_VERSION)) else {
            throw .runtimeUnusable(
                path: path, reason: "version \(version) does not offer C API version \(PPOCR_ORT_API_VERSION)")
        }
        guard hasEveryEntry(api.pointee) else {
            throw .runtimeUnusable(path: path, reason: "its C API table lacks functions that version \(PPOCR_ORT_API_VERSION) has")
        }
        return ONNXRuntimeLibrary(path: path, version: version, api: api)
    }

    /// Whether every entry we call is filled in, so that calls through the table can unwrap them.
    private static func hasEveryEntry(_ t: OrtApi) -> Bool {
        [
            t.GetErrorCode != nil,
            t.GetErrorMessage != nil,
            t.CreateEnv != nil,
            t.CreateSession != nil,
            t.Run != nil,
            t.CreateSessionOptions != nil,
            t.SetSessionExecutionMode != nil,
            t.DisableMemPattern != nil,
            t.DisableCpuMemArena != nil,
            t.SetSessionLogSeverityLevel != nil,
            t.SetSessionGraphOptimizationLevel != nil,
            t.SetIntraOpNumThreads != nil,
            t.SetInterOpNumThreads != nil,
            t.SessionGetInputCount != nil,
            t.SessionGetOutputCount != nil,
            t.SessionGetOutputTypeInfo != nil,
            t.SessionGetInputName != nil,
            t.SessionGetOutputName != nil,
            t.CreateTensorWithDataAsOrtValue != nil,
            t.GetTensorMutableData != nil,
            t.CastTypeInfoToTensorInfo != nil,
            t.GetTensorElementType != nil,
            t.GetDimensionsCount != nil,
            t.GetDimensions != nil,
            t.GetTensorTypeAndShape != nil,
            t.CreateCpuMemoryInfo != nil,
            t.AllocatorFree != nil,
            t.GetAllocatorWithDefaultOptions != nil,
            t.ReleaseEnv != nil,
            t.ReleaseStatus != nil,
            t.ReleaseMemoryInfo != nil,
            t.ReleaseSession != nil,
            t.ReleaseValue != nil,
            t.ReleaseTypeInfo != nil,
            t.ReleaseTensorTypeAndShapeInfo != nil,
            t.ReleaseSessionOptions != nil,
            t.SessionGetModelMetadata != nil,
            t.ModelMetadataLookupCustomMetadataMap != nil,
            t.ReleaseModelMetadata != nil,
            t.AddSessionConfigEntry != nil,
        ].allSatisfy { $0 }
    }

    /// Whether a version string such as "1.32.0" is at least `minimumVersion` (and of major version 1, whose C API
    /// table is the one declared in CONNXRuntime.h).
    static func isSupported(version: String) -> Bool {
        let parts = version.split(separator: ".").map { Int($0) ?? -1 }
        guard parts.count >= 2 else { return false }
        return parts[0] == minimumVersion.major && parts[1] >= minimumVersion.minor
    }

    /// Turns a returned `OrtStatus` into an error with ONNX Runtime's own message, and releases it.
    func check(_ status: OpaquePointer?, _ operation: @autoclosure () -> String) throws(PPOCRError) {
        guard let status else { return }
        let code = Int(api.pointee.GetErrorCode!(status).rawValue)
        let message = api.pointee.GetErrorMessage!(status).map { String(cString: $0) } ?? "no message"
        api.pointee.ReleaseStatus!(status)
        throw .runtimeCall(operation: operation(), code: code, message: message)
    }
}
