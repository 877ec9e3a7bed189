import CImageShims
import DataScanModel

/// Decodes JPEG with libjpeg-turbo, straight to gray.
///
/// Why not leptonica first, as for the other formats: leptonica leaves libjpeg's default message handler in
/// place, which prints "Corrupt JPEG data: ..." to stderr where no handler can catch it, and it decodes to RGB
/// before converting, where libjpeg-turbo asked for gray keeps only the luma plane (see `decode-bench`).
/// Before libjpeg sees the stream, `JPEGStructure` finds its start (junk before SOI) and cuts out APPn blocks
/// whose length field is wrong; libjpeg's setjmp error handling lives in the C shim.
enum JPEGDecoder {
    static func decode(_ data: [UInt8], start: Int, limits: DecodeLimits) throws(ImageDecodeError) -> DecodedImage {
        let structure = JPEGStructure(data, start: start)
        let stream: ArraySlice<UInt8> = structure.repaired.map { $0[...] } ?? data[start...]
        let messages = try LibraryMessages()
        var info = dsi_jpeg_info()
        let read = stream.withUnsafeBufferPointer { dsi_jpeg_read_info($0.baseAddress, $0.count, &info, messages.sink) }
        guard read == 0 else { throw failure(structure, messages) }
        let width = Int(info.width), height = Int(info.height)
        try limits.check(width, height, .jpeg)
        var pixels = [UInt8](repeating: 255, count: width * height)
        var (status, rows) = decodeGray(stream, into: &pixels, messages)
        var retried = false
        if status < 0, info.progressive != 0, let lastScan = lastScanStart(stream) {
            // A file cut inside a later scan's header makes libjpeg fail outright, though every earlier scan is
            // whole: decode again without the broken scan.
            (status, rows) = decodeGray(stream[..<lastScan], into: &pixels, messages)
            retried = status >= 0
        }
        guard status >= 0 else { throw failure(structure, messages) }
        if retried { status = 1 }
        var completeness = Completeness.complete
        if status == 1 {
            let cause = messages.firstLine(or: "libjpeg: data damaged")
            let reason =
                Int(rows) == height
                ? "a later scan of the progressive JPEG is cut or damaged: every row is there, coarser (\(cause))"
                : "JPEG data is cut or damaged after row \(rows) (\(cause))"
            completeness = .partial(rowsRead: Int(rows), totalRows: height, reason: reason)
        }
        let dpi: Int? =
            switch info.density_unit {
            case 1: Resolution.perInch(Double(info.x_density))
            case 2: Resolution.perCentimetre(Double(info.x_density))
            default: nil
            }
        return DecodedImage(
            image: GrayImage(width: width, height: height, pixels: pixels), format: .jpeg, decoder: .libjpeg, dpi: dpi,
            pageCount: 1, frameCount: 1, orientation: structure.orientation, completeness: completeness,
            warnings: structure.notes + messages.lines)
    }

    private static func decodeGray(_ stream: ArraySlice<UInt8>, into pixels: inout [UInt8], _ messages: LibraryMessages)
        -> (status: Int32, rows: Int32)
    {
        var rows: Int32 = 0
        let status = stream.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                dsi_jpeg_decode_gray(source.baseAddress, source.count, target.baseAddress, target.count, &rows, messages.sink)
            }
        }
        return (status, rows)
    }

    /// Where the last scan header (FF DA) after the first one starts. Entropy-coded data never holds FF DA
    /// (an FF there is always followed by 00 or a restart marker), so the search cannot land inside a scan.
    private static func lastScanStart(_ stream: ArraySlice<UInt8>) -> Int? {
        var first: Int?
        var last: Int?
        var i = stream.startIndex
        while i + 1 < stream.endIndex {
            if stream[i] == 0xFF, stream[i + 1] == 0xDA {
                if first == nil { first = i } else { last = i }
            }
            i += 1
        }
        return last
    }

    /// Width, height and orientation from the header.
    static func inspect(_ data: [UInt8], start: Int) throws(ImageDecodeError) -> ImageInfo {
        let structure = JPEGStructure(data, start: start)
        let stream: ArraySlice<UInt8> = structure.repaired.map { $0[...] } ?? data[start...]
        let messages = try LibraryMessages()
        var info = dsi_jpeg_info()
        let read = stream.withUnsafeBufferPointer { dsi_jpeg_read_info($0.baseAddress, $0.count, &info, messages.sink) }
        guard read == 0 else { throw failure(structure, messages) }
        return ImageInfo(format: .jpeg, width: Int(info.width), height: Int(info.height), pageCount: 1, frameCount: 1)
    }

    private static func failure(_ structure: JPEGStructure, _ messages: LibraryMessages) -> ImageDecodeError {
        let cause = messages.summary(or: "libjpeg: no reason given")
        let variant: String? =
            switch (structure.precision, structure.frameMarker) {
            case (let p, _) where p != 8 && structure.frameMarker != nil: "\(p)-bit samples"
            case (_, 0xC3), (_, 0xC7), (_, 0xCB), (_, 0xCF): "lossless"
            default: nil
            }
        if let variant {
            return ImageDecodeError(.unsupported, .jpeg, "unsupported JPEG variant (\(variant)): \(cause)")
        }
        return ImageDecodeError(.damaged, .jpeg, "damaged JPEG: \(cause)")
    }
}
