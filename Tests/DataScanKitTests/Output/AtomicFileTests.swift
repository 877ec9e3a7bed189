import Foundation
import Testing

@testable import DataScanModel
@testable import DataScanOutput

@Suite struct AtomicFileTests {
    private struct BodyFailure: Error, Equatable {}

    @Test func writesANewFileAndLeavesNoTemporaryFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("items.csv")
        try AtomicFile.write(to: path) { try $0.write("a,b\r\n") }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "a,b\r\n")
        #expect(try folder.contents() == ["items.csv"])
    }

    @Test func replacesTheOldFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("manifest.json")
        try "old content that is longer than the new one".write(toFile: path, atomically: false, encoding: .utf8)
        try AtomicFile.write(to: path) { try $0.write("{}") }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{}")
        #expect(try folder.contents() == ["manifest.json"])
    }

    @Test func failingBodyKeepsTheOldFileIntact() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("manifest.json")
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: BodyFailure()) {
            try AtomicFile.write(to: path) { sink in
                // More than one chunk, so part of it has reached the temporary file before the failure.
                try sink.write(String(repeating: "x", count: 3 * OutputSink.chunkSize))
                throw BodyFailure()
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(try folder.contents() == ["manifest.json"])
    }

    @Test func writesContentLargerThanOneChunk() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("big.txt")
        let line = "0123456789abcdef\n"
        try AtomicFile.write(to: path) { sink in
            for _ in 0..<20_000 { try sink.write(line) }
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.count == 20_000 * line.utf8.count)
        #expect(data == Data(String(repeating: line, count: 20_000).utf8))
    }

    @Test func keepsThePermissionsOfTheFileItReplaces() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("private.csv")
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        try AtomicFile.write(to: path) { try $0.write("new") }
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func missingFolderFailsWithAnActionableMessage() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("missing/items.csv")
        let error = try #require(throws: OutputError.self) {
            try AtomicFile.write(to: path) { try $0.write("x") }
        }
        #expect(error.operation == .create)
        #expect(error.code == ENOENT)
        #expect(
            error.description
                == "cannot create a temporary file next to \(path): No such file or directory (check that the output folder exists)")
    }

    @Test func targetThatIsAFolderFailsOnRenameAndLeavesNoTemporaryFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("out.csv"), withIntermediateDirectories: false)
        let error = try #require(throws: OutputError.self) {
            try AtomicFile.write(to: folder.file("out.csv")) { try $0.write("x") }
        }
        #expect(error.operation == .rename)
        #expect(error.code == EISDIR)
        #expect(try folder.contents() == ["out.csv"])
    }

    @Test func temporaryNameIsHiddenInTheSameFolder() {
        let pid = getpid()
        #expect(AtomicFile.temporaryPath(for: "/out/items.csv", random: 0xbeef) == "/out/.items.csv.tmp-\(pid)-beef")
        #expect(AtomicFile.temporaryPath(for: "items.csv", random: 1) == ".items.csv.tmp-\(pid)-1")
        #expect(AtomicFile.temporaryPath(for: "/items.csv", random: 2) == "//.items.csv.tmp-\(pid)-2")
    }
}
