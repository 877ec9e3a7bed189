import Foundation
import Testing

@testable import DataScanInput
@testable import DataScanModel

@Suite struct DocumentWalkerTests {
    func walk(_ walker: DocumentWalker, _ inputs: [String]) throws -> [WalkedFile] {
        var out: [WalkedFile] = []
        try walker.walk(inputs.map(RawPath.init)) { out.append($0) }
        return out
    }

    @Test func walksRecursivelyInStableOrderAndRecordsFilteredFiles() throws {
        let dir = Fixtures.temporaryFolder()
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/b/sub", withIntermediateDirectories: true)
        for name in ["z.png", "a.pdf", "b/sub/c.jpg", "b/readme.txt"] {
            Fixtures.write(dir + "/" + name, Data("x".utf8))
        }
        let files = try walk(DocumentWalker(exclude: ["*.txt"]), [dir])
        #expect(files.map { String($0.path.display.dropFirst(dir.count + 1)) } == ["a.pdf", "b/readme.txt", "b/sub/c.jpg", "z.png"])
        #expect(files[1].skipReason == "excluded by --exclude *.txt")
        #expect(files.filter { $0.skipReason == nil }.count == 3)
        let only = try walk(DocumentWalker(include: ["*.jpg"]), [dir])
        #expect(only.filter { $0.skipReason == nil }.map(\.path.lastComponent) == [Array("c.jpg".utf8)])
    }

    @Test func symlinkLoopIsReportedOnceAndNotFollowed() throws {
        let dir = Fixtures.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/docs", withIntermediateDirectories: true)
        Fixtures.write(dir + "/docs/a.png", Data("x".utf8))
        try FileManager.default.createSymbolicLink(atPath: dir + "/docs/loop", withDestinationPath: dir)
        let files = try walk(DocumentWalker(), [dir])
        #expect(files.count == 2)
        #expect(files.filter { $0.skipReason?.hasPrefix("symlink loop") == true }.count == 1)
    }

    @Test func keepsNonUTF8NamesAsBytes() throws {
        let dir = Fixtures.temporaryFolder()
        let name: [UInt8] = Array("bad-".utf8) + [0xFF, 0xFE] + Array(".png".utf8)
        let path = RawPath(dir).appending(name)
        let fd = path.withCString { open($0, O_CREAT | O_WRONLY, 0o644) }
        #expect(fd >= 0)
        close(fd)
        let files = try walk(DocumentWalker(), [dir])
        #expect(files.count == 1)
        #expect(files[0].path == path)
        #expect(!files[0].path.isValidUTF8)
        #expect(files[0].path.display.hasSuffix("bad-\u{FFFD}\u{FFFD}.png"))
    }

    @Test func missingInputIsAUsageError() {
        #expect(throws: DataScanError.self) { try walk(DocumentWalker(), ["/nonexistent/datascan-input"]) }
    }

    @Test func skipsTheJobFolderInsideAnInput() throws {
        let dir = Fixtures.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        Fixtures.write(dir + "/out/manifest.json", Data("{}".utf8))
        Fixtures.write(dir + "/a.png", Data("x".utf8))
        let files = try walk(DocumentWalker(excludedFolders: [RawPath(dir + "/out")]), [dir])
        #expect(files.map(\.path.lastComponent) == [Array("a.png".utf8)])
    }
}
