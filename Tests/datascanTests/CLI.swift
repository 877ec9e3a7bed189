import Foundation
import Testing

/// Runs the built `datascan` executable, as a user would, and captures what it prints.
enum CLI {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The executable built next to this test bundle.
    static var executable: URL {
        let bundleDir = Bundle.main.bundleURL
        for dir in [bundleDir, bundleDir.deletingLastPathComponent()] {
            let candidate = dir.appendingPathComponent("datascan")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return packageRoot.appendingPathComponent(".build/debug/datascan")
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    @discardableResult
    static func run(_ args: [String], stdin: String? = nil, environment: [String: String] = [:], cwd: String? = nil) throws -> Result {
        let p = Process()
        p.executableURL = executable
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "OMP_THREAD_LIMIT")  // the tool must set it itself
        for (k, v) in environment { env[k] = v }
        p.environment = env
        if let cwd { p.currentDirectoryURL = URL(fileURLWithPath: cwd) }
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read before waiting: a full pipe would block the child.
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    static func temporaryFolder() -> String {
        let path = TestFolders.root + "/datascan-cli-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func json(_ path: String) throws -> [String: Any] {
        let data = try #require(FileManager.default.contents(atPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}

let slowTestsEnabled = ProcessInfo.processInfo.environment["DATASCAN_SLOW_TESTS"] != nil

/// The test process's temporary folders live in one folder, removed when the process exits (set
/// DATASCAN_KEEP_TEST_FILES to keep it for a look after a failure).
enum TestFolders {
    static let root: String = {
        let root = NSTemporaryDirectory() + "datascan-tests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        if ProcessInfo.processInfo.environment["DATASCAN_KEEP_TEST_FILES"] == nil {
            atexit { try? FileManager.default.removeItem(atPath: TestFolders.root) }
        }
        return root
    }()
}
