import Foundation

/// Where the engine looks for ONNX Runtime and for the models, in order:
/// 1. the environment variable (`DATASCAN_ONNXRUNTIME`: the library file, or a folder holding it;
///    `DATASCAN_PPOCR_MODELS`: the folder with the .onnx files);
/// 2. next to the executable: `<exe dir>/../deps/…` (a tool run from `.build/release/` finds `.build/deps/`),
///    and `<exe dir>/../../deps/…` (SwiftPM's real build folder is `.build/<triple>/release/`);
/// 3. the `.build/deps/` of the package this source file was built from (tests, `swift run`).
/// Folders inside deps/ are named after the pinned versions, as `scripts/fetch-ppocr` lays them out.
enum RuntimeLocator {
    static let libraryVariable = "DATASCAN_ONNXRUNTIME"
    static let modelsVariable = "DATASCAN_PPOCR_MODELS"
    static let libraryFolder = "onnxruntime-\(ONNXRuntimeLibrary.expectedVersion)/lib"
    static let libraryNames = ["libonnxruntime.so.\(ONNXRuntimeLibrary.expectedVersion)", "libonnxruntime.so"]
    static let modelsVersion = "1.4.4"
    static let modelsFolder = "ppocr-\(modelsVersion)"

    /// Library files to try, in order.
    static func libraryCandidates(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        if let value = environment[libraryVariable], !value.isEmpty {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: value, isDirectory: &isFolder), isFolder.boolValue {
                return libraryNames.map { (value as NSString).appendingPathComponent($0) }
            }
            return [value]
        }
        return depsFolders().flatMap { deps in
            libraryNames.map { ((deps as NSString).appendingPathComponent(libraryFolder) as NSString).appendingPathComponent($0) }
        }
    }

    /// Model folders to try, in order.
    static func modelFolderCandidates(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        if let value = environment[modelsVariable], !value.isEmpty { return [value] }
        return depsFolders().map { ($0 as NSString).appendingPathComponent(modelsFolder) }
    }

    /// The deps/ folders beside the executable and in this package's build folder, without repeats.
    static func depsFolders() -> [String] {
        var folders: [String] = []
        for executable in executablePaths() {
            let dir = (executable as NSString).deletingLastPathComponent
            folders.append(((dir as NSString).appendingPathComponent("../deps") as NSString).standardizingPath)
            folders.append(((dir as NSString).appendingPathComponent("../../deps") as NSString).standardizingPath)
        }
        if let root = packageRoot() { folders.append((root as NSString).appendingPathComponent(".build/deps")) }
        var seen = Set<String>()
        return folders.filter { seen.insert($0).inserted }
    }

    /// The executable as invoked (keeps a `.build/release` symlink) and as resolved by the kernel.
    private static func executablePaths() -> [String] {
        var paths: [String] = []
        if let first = CommandLine.arguments.first, first.contains("/") {
            let absolute =
                first.hasPrefix("/")
                ? first : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(first)
            paths.append((absolute as NSString).standardizingPath)
        }
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            paths.append(resolved)
        }
        return paths
    }

    /// The nearest folder above this source file that holds a Package.swift.
    private static func packageRoot(file: String = #filePath) -> String? {
        var dir = (file as NSString).deletingLastPathComponent
        while dir != "/" && !dir.isEmpty {
            if FileManager.default.fileExists(atPath: (dir as NSString).appendingPathComponent("Package.swift")) {
                return dir
            }
            dir = (dir as NSString).deletingLastPathComponent
        }
        return nil
    }
}
