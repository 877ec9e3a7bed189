/// The kinds of file datascan reads, decided from the file's first bytes (never from its extension).
public enum DocumentFormat: String, CaseIterable, Hashable, Sendable, Codable {
    case png, jpeg, tiff, bmp, gif, webp, heif, pdf

    /// Extensions users give these formats (used only to explain a mismatch, never to decide).
    package var extensions: Set<String> {
        switch self {
        case .png: ["png"]
        case .jpeg: ["jpg", "jpeg", "jpe", "jfif"]
        case .tiff: ["tif", "tiff"]
        case .bmp: ["bmp", "dib"]
        case .gif: ["gif"]
        case .webp: ["webp"]
        case .heif: ["heic", "heif", "hif", "avif"]
        case .pdf: ["pdf"]
        }
    }

    /// How many leading bytes `sniff` looks at (`RawPath.readHead()` reads this many): signatures sit in the
    /// first 64, a PDF header may follow up to 1 KiB of junk, and a JPEG up to `jpegSearchWindow`.
    package static let sniffLength = jpegSearchWindow

    /// How far into a file a JPEG start marker is looked for when no format's signature is at offset 0.
    /// Why 64 KiB: the junk seen before real JPEGs is a MacBinary header (128 bytes), HTTP or mail headers
    /// saved with the body (under 4 KiB) or a capture tool's private header (a few KiB); 64 KiB covers them
    /// with room to spare while a file of random bytes is never scanned to its end. A candidate counts only
    /// when a well-formed marker segment follows it, so bytes that happen to read FF D8 FF do not.
    package static let jpegSearchWindow = 64 * 1024

    /// Identifies a file by its leading bytes (see `sniffLength`).
    package static func sniff(_ head: ArraySlice<UInt8>) -> DocumentFormat? {
        let b = Array(head.prefix(1024))
        func starts(_ sig: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + sig.count && Array(b[offset..<(offset + sig.count)]) == sig
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts([0x49, 0x49, 0x2B, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2B]) { return .tiff }  // BigTIFF
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("BM".utf8)) && b.count >= 26 { return .bmp }
        if starts(Array("ftyp".utf8), at: 4), b.count >= 12 {
            let brand = String(decoding: b[8..<12], as: UTF8.self)
            if ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif"].contains(brand) { return .heif }
        }
        // PDF readers accept a header anywhere in the first kilobyte.
        let pdf = Array("%PDF-".utf8)
        if b.count >= pdf.count {
            for i in 0...(b.count - pdf.count) where b[i] == 0x25 && Array(b[i..<(i + pdf.count)]) == pdf {
                return .pdf
            }
        }
        // Containers (ZIP and the office formats built on it, gzip, ISO media files, RIFF) often hold JPEGs stored
        // uncompressed: they are not pictures, so no JPEG is looked for inside them.
        let container =
            starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x1F, 0x8B]) || starts(Array("ftyp".utf8), at: 4) || starts(Array("RIFF".utf8))
        if !container, jpegStart(in: head) != nil { return .jpeg }
        return nil
    }

    /// The offset of the first plausible JPEG start in the first `jpegSearchWindow` bytes: SOI, then a marker
    /// segment of a kind a JPEG header holds (a frame header, tables, APPn or a comment) whose length fits the data.
    package static func jpegStart(in data: ArraySlice<UInt8>) -> Int? {
        let b = data.prefix(jpegSearchWindow)
        let base = b.startIndex
        var i = base
        while i + 8 <= b.endIndex {
            if b[i] == 0xFF, b[i + 1] == 0xD8, b[i + 2] == 0xFF {
                let marker = b[i + 3]
                let header =
                    (0xC0...0xCF).contains(marker) || (0xDB...0xDF).contains(marker) || (0xE0...0xEF).contains(marker) || marker == 0xFE
                let length = Int(b[i + 4]) << 8 | Int(b[i + 5])
                if header && marker != 0xC8 && length >= 2 && i + 4 + length <= b.endIndex { return i - base }
            }
            i += 1
        }
        return nil
    }

    /// A short description of what an unsupported file looks like, for the skip reason.
    package static func describeUnsupported(_ head: ArraySlice<UInt8>) -> String {
        let b = Array(head.prefix(16))
        if b.isEmpty { return "empty file" }
        if b.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return "a ZIP archive" }
        if b.starts(with: [0x1F, 0x8B]) { return "a gzip archive" }
        if b.starts(with: Array("<?xml".utf8)) || b.starts(with: Array("<svg".utf8)) { return "XML or SVG" }
        let printable = b.allSatisfy { $0 == 9 || $0 == 10 || $0 == 13 || (32..<127).contains($0) || $0 >= 0x80 }
        return printable ? "plain text" : "unrecognized binary data"
    }
}
