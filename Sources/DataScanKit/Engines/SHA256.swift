import CPoppler
import Glibc

/// SHA-256 of a file, computed with GLib's `GChecksum` while streaming the file (memory stays flat for big PDFs).
enum SHA256 {
    static func hex(ofFileAt path: RawPath) throws(DataScanError) -> String {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw DataScanError(.unreadable, "cannot read the file: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else {
            throw DataScanError(.environment, "glib cannot create a SHA-256 checksum")
        }
        defer { g_checksum_free(checksum) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw DataScanError(.unreadable, "cannot read the file: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            chunk.withUnsafeBufferPointer { g_checksum_update(checksum, $0.baseAddress, n) }
        }
        return String(cString: g_checksum_get_string(checksum))
    }

    static func hex(of bytes: [UInt8]) -> String {
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { return "" }
        defer { g_checksum_free(checksum) }
        bytes.withUnsafeBufferPointer { g_checksum_update(checksum, $0.baseAddress, $0.count) }
        return String(cString: g_checksum_get_string(checksum))
    }
}
