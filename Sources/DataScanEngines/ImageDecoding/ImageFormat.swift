import DataScanModel

/// The image formats this package decodes, identified by their leading bytes (never by a file's extension).
package enum ImageFormat: String, Sendable, Equatable, CaseIterable {
    case png, jpeg, tiff, bmp, gif, webp

    /// How far into a file a JPEG start marker is looked for (see `DocumentFormat.jpegSearchWindow`).
    package static let jpegSearchWindow = DocumentFormat.jpegSearchWindow

    /// The format of `data` and where its stream starts (non-zero only for a JPEG preceded by junk), or nil.
    package static func sniff(_ data: [UInt8]) -> (format: ImageFormat, offset: Int)? {
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            guard data.count >= offset + signature.count else { return false }
            for (i, byte) in signature.enumerated() where data[offset + i] != byte { return false }
            return true
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return (.png, 0) }
        if starts([0xFF, 0xD8, 0xFF]) { return (.jpeg, 0) }
        // Classic TIFF (42) and BigTIFF (43), both byte orders.
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return (.tiff, 0) }
        if starts([0x49, 0x49, 0x2B, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2B]) { return (.tiff, 0) }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return (.gif, 0) }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return (.webp, 0) }
        if starts(Array("BM".utf8)) && data.count >= 26 { return (.bmp, 0) }
        if let offset = jpegStart(in: data) { return (.jpeg, offset) }
        return nil
    }

    /// The offset of the first plausible JPEG start (SOI followed by a well-formed segment) in the window: the
    /// same rule registration sniffs with, so a file registered as JPEG is decoded as one.
    static func jpegStart(in data: [UInt8]) -> Int? {
        DocumentFormat.jpegStart(in: data[...])
    }

    /// What a file that is no image looks like, for the failure message.
    static func describeUnknown(_ data: [UInt8]) -> String {
        let head = Array(data.prefix(16))
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return "a ZIP archive" }
        if head.starts(with: [0x1F, 0x8B]) { return "a gzip archive" }
        if head.starts(with: Array("%PDF-".utf8)) { return "a PDF document" }
        if head.starts(with: Array("<?xml".utf8)) || head.starts(with: Array("<svg".utf8)) { return "XML or SVG" }
        let sample = data.prefix(512)
        let printable = sample.allSatisfy { $0 == 9 || $0 == 10 || $0 == 13 || (32..<127).contains($0) || $0 >= 0x80 }
        return printable ? "plain text" : "unrecognized binary data"
    }

    /// The name used in messages ("TIFF", "WebP").
    var name: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .tiff: "TIFF"
        case .bmp: "BMP"
        case .gif: "GIF"
        case .webp: "WebP"
        }
    }
}
