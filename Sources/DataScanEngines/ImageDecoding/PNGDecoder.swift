import CImageShims
import DataScanModel

/// Decodes PNG with libpng, straight to gray, row by row (so a cut file gives the rows before the cut).
///
/// Why not leptonica first: leptonica creates its libpng reader with libpng's default handlers, which print
/// "libpng warning: iCCP: known incorrect sRGB profile" and "libpng error: ..." to stderr (common in real
/// files); no leptonica setting reaches them. The C shim installs its own handlers and owns libpng's setjmp.
enum PNGDecoder {
    static func decode(_ data: [UInt8], limits: DecodeLimits) throws(ImageDecodeError) -> DecodedImage {
        let messages = try LibraryMessages()
        let info = try header(data, messages)
        let width = Int(info.width), height = Int(info.height)
        try limits.check(width, height, .png)
        var pixels = [UInt8](repeating: 255, count: width * height)
        var rows: Int32 = 0
        let status = data.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                dsi_png_decode_gray(source.baseAddress, source.count, target.baseAddress, target.count, &rows, messages.sink)
            }
        }
        guard status >= 0 else {
            let what = info.interlaced != 0 ? "damaged PNG (interlaced, so no row is whole)" : "damaged PNG"
            throw ImageDecodeError(.damaged, .png, "\(what): \(messages.summary(or: "libpng: no reason given"))")
        }
        let completeness: Completeness =
            status == 1
            ? .partial(
                rowsRead: Int(rows), totalRows: height,
                reason: "PNG data is cut or damaged after row \(rows) (\(messages.firstLine(or: "libpng: data damaged")))")
            : .complete
        let dpi = info.unit == 1 ? Resolution.perMetre(Double(info.x_pixels_per_unit)) : nil
        return DecodedImage(
            image: GrayImage(width: width, height: height, pixels: pixels), format: .png, decoder: .libpng, dpi: dpi,
            pageCount: 1, frameCount: 1, orientation: nil, completeness: completeness, warnings: messages.lines)
    }

    static func inspect(_ data: [UInt8]) throws(ImageDecodeError) -> ImageInfo {
        let info = try header(data, try LibraryMessages())
        return ImageInfo(format: .png, width: Int(info.width), height: Int(info.height), pageCount: 1, frameCount: 1)
    }

    private static func header(_ data: [UInt8], _ messages: LibraryMessages) throws(ImageDecodeError) -> dsi_png_info {
        var info = dsi_png_info()
        let read = data.withUnsafeBufferPointer { dsi_png_read_info($0.baseAddress, $0.count, &info, messages.sink) }
        guard read == 0 else {
            throw ImageDecodeError(.damaged, .png, "damaged PNG: \(messages.summary(or: "libpng: no reason given"))")
        }
        return info
    }
}
