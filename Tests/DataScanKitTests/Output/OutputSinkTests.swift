import Foundation
import Testing

@testable import DataScanModel
@testable import DataScanOutput

@Suite struct OutputSinkTests {
    @Test func writesIntegersInDecimal() throws {
        let text = try written { sink in
            for value in [0, 7, 10, -5, 1_234_567, Int.max, Int.min] {
                try sink.write(integer: value)
                try sink.write(byte: UInt8(ascii: " "))
            }
        }
        #expect(text == "0 7 10 -5 1234567 9223372036854775807 -9223372036854775808 ")
    }

    @Test(arguments: [
        (0.93, 3, "0.93"), (1.0, 3, "1"), (0.0, 3, "0"), (0.0004, 3, "0"), (0.05, 3, "0.05"), (0.001, 3, "0.001"),
        (0.9996, 3, "1"), (-0.5, 1, "-0.5"), (-0.04, 1, "0"), (120.5, 1, "120.5"), (12.04, 1, "12"),
        (-3.25, 1, "-3.3"), (2480, 0, "2480"), (1e20, 1, "1e+20"),
    ])
    func roundsDecimalsWithoutTrailingZeros(value: Double, digits: Int, expected: String) {
        var sink = OutputSink.inMemory()
        let wrote = sink.appendDecimal(value, maxFractionDigits: digits)
        let text = sink.text
        #expect(wrote)
        #expect(text == expected)
    }

    @Test func nonFiniteDecimalsWriteNothing() {
        var sink = OutputSink.inMemory()
        let wroteNaN = sink.appendDecimal(.nan, maxFractionDigits: 3)
        let wroteInfinity = sink.appendDecimal(-.infinity, maxFractionDigits: 3)
        let bytes = sink.bytes
        #expect(!wroteNaN)
        #expect(!wroteInfinity)
        #expect(bytes.isEmpty)
    }

    @Test func flushesToTheFileDescriptor() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("out.txt")
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        var sink = OutputSink(fileDescriptor: fd, path: path)
        try sink.write("héllo ")
        try sink.write(bytes: Array("wörld".utf8))
        let buffered = sink.bytes.count
        #expect(buffered == 13)  // still buffered: below one chunk
        try sink.flush()
        let left = sink.bytes.count
        #expect(left == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "héllo wörld")
    }

    @Test func failedWriteThrowsTheFileAndTheReason() throws {
        // A descriptor opened read-only cannot be written: write(2) fails with EBADF.
        let fd = open("/dev/null", O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        var sink = OutputSink(fileDescriptor: fd, path: "/tmp/report.csv")
        try sink.write("x")
        let error = try #require(throws: OutputError.self) { try sink.flush() }
        #expect(error == OutputError(.write, path: "/tmp/report.csv", code: EBADF))
        #expect(error.description == "cannot write /tmp/report.csv: Bad file descriptor")
    }

    @Test func errorMessagesNameTheFileTheCauseAndTheRemedy() {
        #expect(
            OutputError(.write, path: "/out/items.csv", code: ENOSPC).description
                == "cannot write /out/items.csv: No space left on device (free some disk space and run again)")
        #expect(
            OutputError(.rename, path: "/out/manifest.json", code: EACCES).description
                == "cannot replace /out/manifest.json: Permission denied (check that the folder is writable by this user)")
        #expect(OutputError(.sync, path: "m.json", code: EIO).description == "cannot save to disk m.json: Input/output error")
    }
}
