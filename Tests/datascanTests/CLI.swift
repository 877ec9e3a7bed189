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

extension CLI {
    /// Runs `command` with /bin/sh and returns its exit status. The command may start a server that outlives it
    /// (`pg_ctlcluster … restart`): it inherits no descriptor but the standard three (with other tests' pipes a
    /// restarted PostgreSQL kept a test waiting forever on the end of a worker's stderr).
    static func shell(_ command: String) -> Int32 {
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(command), nil]
        defer { for a in argv { free(a) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        closeInheritedDescriptors(&actions, from: 3)
        guard posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status >> 8) & 0xff
    }
}

/// Adds glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; Swift's Glibc module does not declare
/// it): the child closes every descriptor from `lowest` on. A child that may outlive its test (a server restarted,
/// a browser) must not inherit the pipes other tests of this process have open at that moment (Foundation's are not
/// close-on-exec), or their readers wait for an end of file that comes only when the child quits.
func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t, from lowest: Int32) {
    typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
        preconditionFailure("glibc 2.34 or later has posix_spawn_file_actions_addclosefrom_np")
    }
    let status = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, lowest)
    precondition(status == 0, "posix_spawn_file_actions_addclosefrom_np: \(status)")
}
