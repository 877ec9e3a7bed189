import Glibc

/// A file system path as its exact bytes. File names on Linux need not be valid UTF-8; a Swift `String`
/// would replace bad bytes and then fail to open the file. Output shows `display` (U+FFFD for bad bytes).
package struct RawPath: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    /// The path exactly as the file system has it.
    package var bytes: [UInt8]

    /// A path from its exact bytes.
    package init(bytes: [UInt8]) { self.bytes = bytes }

    /// Encoded as its exact bytes (a JSON array of numbers), so non-UTF-8 names survive.
    package init(from decoder: any Decoder) throws {
        bytes = try decoder.singleValueContainer().decode([UInt8].self)
    }

    /// Writes the exact bytes.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(bytes)
    }
    /// A path from a string (its UTF-8 bytes).
    package init(_ string: String) { bytes = Array(string.utf8) }

    /// The path for people and for UTF-8 output: invalid bytes become U+FFFD.
    package var display: String { String(decoding: bytes, as: UTF8.self) }
    /// The display form.
    package var description: String { display }

    /// Whether the bytes are valid UTF-8, so `display` opens the same file.
    package var isValidUTF8: Bool { String(validating: bytes, as: UTF8.self) != nil }

    /// This path with `/name` added.
    package func appending(_ name: [UInt8]) -> RawPath {
        var b = bytes
        if b.last != UInt8(ascii: "/") { b.append(UInt8(ascii: "/")) }
        return RawPath(bytes: b + name)
    }

    /// The last path component's bytes.
    package var lastComponent: [UInt8] {
        let trimmed = bytes.last == UInt8(ascii: "/") ? Array(bytes.dropLast()) : bytes
        if let i = trimmed.lastIndex(of: UInt8(ascii: "/")) { return Array(trimmed[(i + 1)...]) }
        return trimmed
    }

    /// Byte order: the order folders are walked in.
    package static func < (a: RawPath, b: RawPath) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }

    /// Calls `body` with a NUL-terminated C string of the exact bytes.
    package func withCString<T>(_ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        try (bytes + [0]).withUnsafeBufferPointer { buf in
            try buf.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The file's first `count` bytes (fewer when it is shorter): what format sniffing looks at.
    package func readHead(count: Int = DocumentFormat.sniffLength) throws(DataScanError) -> [UInt8] {
        let fd = withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw DataScanError(.unreadable, "cannot read the file: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var buf = [UInt8](repeating: 0, count: count)
        var n = 0
        while n < count {
            let r = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress! + n, count - n) }
            if r < 0, errno == EINTR { continue }
            guard r >= 0 else { throw DataScanError(.unreadable, "cannot read the file: \(String(cString: strerror(errno)))") }
            if r == 0 { break }
            n += r
        }
        return Array(buf[0..<n])
    }

    /// Reads the whole file (POSIX `open`/`read`, so any byte sequence works as a name).
    package func readAll() throws(DataScanError) -> [UInt8] {
        var out: [UInt8] = []
        try forEachChunk { out.append(contentsOf: $0) }
        return out
    }

    /// Streams the file in 1 MB chunks (memory stays flat for big files).
    func forEachChunk(_ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(DataScanError) {
        func failure() -> DataScanError { DataScanError(.unreadable, "cannot read the file: \(String(cString: strerror(errno)))") }
        let fd = withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw failure() }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw failure() }
        if (st.st_mode & S_IFMT) == S_IFDIR { throw DataScanError(.unreadable, "cannot read the file: it is a folder") }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure()
            }
            if n == 0 { break }
            chunk.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<n])) }
        }
    }
}
