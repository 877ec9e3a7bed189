import CPoppler

/// SHA-256 of a file, computed with GLib's `GChecksum` while streaming the file (memory stays flat for big PDFs).
enum SHA256 {
    static func hex(ofFileAt path: RawPath) throws(DataScanError) -> String {
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else {
            throw DataScanError(.environment, "glib cannot create a SHA-256 checksum")
        }
        defer { g_checksum_free(checksum) }
        try path.forEachChunk { g_checksum_update(checksum, $0.baseAddress, $0.count) }
        return String(cString: g_checksum_get_string(checksum))
    }

    static func hex(of bytes: [UInt8]) -> String {
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { return "" }
        defer { g_checksum_free(checksum) }
        bytes.withUnsafeBufferPointer { g_checksum_update(checksum, $0.baseAddress, $0.count) }
        return String(cString: g_checksum_get_string(checksum))
    }
}
