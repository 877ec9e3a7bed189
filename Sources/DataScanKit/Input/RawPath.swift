import Glibc

/// A file system path as its exact bytes. File names on Linux need not be valid UTF-8; a Swift `String`
/// would replace bad bytes and then fail to open the file. Output shows `display` (U+FFFD for bad bytes).
public struct RawPath: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    /// The path exactly as the file system has it.
    public var bytes: [UInt8]

    /// A path from its exact bytes.
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// Encoded as its exact bytes (a JSON array of numbers), so non-UTF-8 names survive.
    public init(from decoder: any Decoder) throws {
        bytes = try decoder.singleValueContainer().decode([UInt8].self)
    }

    /// Writes the exact bytes.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(bytes)
    }
    /// A path from a string (its UTF-8 bytes).
    public init(_ string: String) { bytes = Array(string.utf8) }

    /// The path for people and for UTF-8 output: invalid bytes become U+FFFD.
    public var display: String { String(decoding: bytes, as: UTF8.self) }
    /// The display form.
    public var description: String { display }

    /// Whether the bytes are valid UTF-8, so `display` opens the same file.
    public var isValidUTF8: Bool { String(validating: bytes, as: UTF8.self) != nil }

    /// This path with `/name` added.
    public func appending(_ name: [UInt8]) -> RawPath {
        var b = bytes
        if b.last != UInt8(ascii: "/") { b.append(UInt8(ascii: "/")) }
        return RawPath(bytes: b + name)
    }

    /// The last path component's bytes.
    public var lastComponent: [UInt8] {
        let trimmed = bytes.last == UInt8(ascii: "/") ? Array(bytes.dropLast()) : bytes
        if let i = trimmed.lastIndex(of: UInt8(ascii: "/")) { return Array(trimmed[(i + 1)...]) }
        return trimmed
    }

    /// Byte order: the order folders are walked in.
    public static func < (a: RawPath, b: RawPath) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }

    /// Calls `body` with a NUL-terminated C string of the exact bytes.
    public func withCString<T>(_ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        try (bytes + [0]).withUnsafeBufferPointer { buf in
            try buf.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// Reads the whole file (POSIX `open`/`read`, so any byte sequence works as a name).
    func readAll() throws(DataScanError) -> [UInt8] {
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
