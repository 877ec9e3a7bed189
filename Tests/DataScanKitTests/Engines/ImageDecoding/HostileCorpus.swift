import Foundation
import Testing

/// The generated hostile corpus (`scripts/make-hostile-images`), built once per test run into a fresh folder,
/// and the outcome each file must give (`expected.json`). Also what the end-to-end hostile-file tests scan.
enum HostileCorpus {
    /// One expectation from `expected.json`.
    struct Entry: Decodable, Sendable, CustomStringConvertible {
        let file: String
        let expect: String
        let page: Int?
        let width: Int?
        let height: Int?
        let dpi: Int?
        let pages: Int?
        let frames: Int?
        let orientation: Int?
        let rows: Rows?
        let reason: String?
        let probes: [[Int]]?
        let tolerance: Int?
        let via: String?

        var description: String { page.map { "\(file) page \($0 + 1)" } ?? file }
    }

    /// Rows of a partial read: exact, or a range where the library's granularity decides (WebP macroblocks).
    enum Rows: Decodable, Sendable {
        case exactly(Int)
        case between(Int, Int)

        init(from decoder: Decoder) throws {
            let single = try decoder.singleValueContainer()
            if let n = try? single.decode(Int.self) {
                self = .exactly(n)
                return
            }
            let range = try single.decode([String: Int].self)
            self = .between(range["min"] ?? 0, range["max"] ?? Int.max)
        }

        func contains(_ n: Int) -> Bool {
            switch self {
            case .exactly(let k): n == k
            case .between(let low, let high): (low...high).contains(n)
            }
        }
    }

    static let packageRoot = Fixtures.packageRoot

    /// The folder holding the corpus, or why it could not be built.
    static let folder: Result<URL, CorpusError> = {
        let out = URL(fileURLWithPath: TestFolders.root + "/hostile-images")
        try? FileManager.default.removeItem(at: out)
        let script = packageRoot.appendingPathComponent("scripts/make-hostile-images")
        let process = Process()
        process.executableURL = script
        process.arguments = [out.path]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .failure(CorpusError(message: "cannot run \(script.path): \(error)"))
        }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return .failure(
                CorpusError(message: "make-hostile-images failed (run scripts/bootstrap --test for its tools): \(text)"))
        }
        return .success(out)
    }()

    struct CorpusError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    static func entries() throws -> [Entry] {
        let data = try Data(contentsOf: try folder.get().appendingPathComponent("expected.json"))
        return try JSONDecoder().decode([Entry].self, from: data)
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: try folder.get().appendingPathComponent(name)))
    }
}
