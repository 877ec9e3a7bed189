import Foundation
import Testing

@testable import DataScanModel

/// Paths to the test fixtures and the samples, and their planted values (fixtures.json).
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ name: String) -> String { root.appendingPathComponent(name).path }
    static func raw(_ name: String) -> RawPath { RawPath(path(name)) }
    static var samples: String { packageRoot.appendingPathComponent("Samples").path }

    struct Planted {
        var kind: String
        var type: String
        var value: String
        var normalized: String
        var label: String?
        /// [x, y, w, h]
        var box: [Double]
    }

    /// The planted items of a fixture page.
    static func planted(_ file: String, page: Int = 1) -> [Planted] {
        guard let data = FileManager.default.contents(atPath: path("fixtures.json")),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let files = json["files"] as? [String: Any], let pages = files[file] as? [String: Any],
            let items = pages[String(page)] as? [[String: Any]]
        else { return [] }
        return items.map {
            Planted(
                kind: $0["kind"] as? String ?? "", type: $0["type"] as? String ?? "", value: $0["value"] as? String ?? "",
                normalized: $0["normalized"] as? String ?? "", label: $0["label"] as? String,
                box: ($0["box"] as? [NSNumber])?.map(\.doubleValue) ?? [])
        }
    }

    /// A fresh temporary folder.
    static func temporaryFolder() -> String {
        let path = TestFolders.root + "/datascan-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// Slow end-to-end suites run when DATASCAN_SLOW_TESTS is set (CI sets it; `make test-fast` skips them).
let slowTestsEnabled = ProcessInfo.processInfo.environment["DATASCAN_SLOW_TESTS"] != nil

extension Fixtures {
    /// Writes a file for a test; the test fails if it cannot.
    static func write(_ path: String, _ data: Data) {
        #expect(FileManager.default.createFile(atPath: path, contents: data), "cannot create \(path)")
    }
}

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
