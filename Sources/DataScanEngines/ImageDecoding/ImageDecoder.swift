/// Decodes image files held in memory to 8-bit gray, trying leptonica first where it is right and fast, then the
/// format's own library (libtiff, giflib, libwebp, a Swift BMP decoder); PNG and JPEG go straight to libpng and
/// libjpeg-turbo (see `PNGDecoder`, `JPEGDecoder`). Nothing is printed: every library message comes back in the
/// result's warnings or the error's message.
///
/// Blocking and CPU-bound: call it on a thread of your own, not on Swift's cooperative pool. Safe to call from
/// several threads at once (each call owns its library handles; message capture is per thread).
package enum ImageDecoder {
    /// Decodes page `page` (0-based; TIFF only has more than one) of the image in `data`.
    package static func decode(_ data: [UInt8], page: Int = 0, limits: DecodeLimits = DecodeLimits())
        throws(ImageDecodeError) -> DecodedImage
    {
        let (format, offset) = try identify(data)
        if page != 0, format != .tiff {
            throw ImageDecodeError(.noSuchPage, format, "\(format.name) has 1 page; page \(page + 1) does not exist")
        }
        switch format {
        case .png: return try PNGDecoder.decode(data, limits: limits)
        case .jpeg: return try JPEGDecoder.decode(data, start: offset, limits: limits)
        case .tiff: return try TIFFDecoder.decode(data, page: page, limits: limits)
        case .bmp: return try BMPDecoder.decode(data, limits: limits)
        case .gif: return try GIFDecoder.decode(data, limits: limits)
        case .webp: return try WebPDecoder.decode(data, limits: limits)
        }
    }

    /// Reads the header of page `page` only: format, size and page and frame counts, without decoding pixels.
    package static func inspect(_ data: [UInt8], page: Int = 0) throws(ImageDecodeError) -> ImageInfo {
        let (format, offset) = try identify(data)
        switch format {
        case .png: return try PNGDecoder.inspect(data)
        case .jpeg: return try JPEGDecoder.inspect(data, start: offset)
        case .tiff: return try TIFFDecoder.inspect(data, page: page)
        case .bmp: return try BMPDecoder.inspect(data)
        case .gif: return try GIFDecoder.inspect(data)
        case .webp: return try WebPDecoder.inspect(data)
        }
    }

    private static func identify(_ data: [UInt8]) throws(ImageDecodeError) -> (ImageFormat, Int) {
        guard !data.isEmpty else { throw ImageDecodeError(.empty, nil, "empty file") }
        guard let (format, offset) = ImageFormat.sniff(data) else {
            throw ImageDecodeError(.notAnImage, nil, "not an image: \(ImageFormat.describeUnknown(data))")
        }
        return (format, offset)
    }
}

extension ImageDecoder {
    /// Decodes with one library only, skipping the chain: for `decode-bench`, to time leptonica against the
    /// fallback on the same file. Supports leptonica (every format), libtiff, and the normal path for the rest.
    package static func decode(_ data: [UInt8], page: Int = 0, forcing library: ImageLibrary) throws(ImageDecodeError)
        -> DecodedImage
    {
        let (format, _) = try identify(data)
        switch library {
        case .leptonica:
            let messages = try LibraryMessages()
            guard let pix = LeptonicaImage.decode(data, tiffPage: format == .tiff ? page : nil, messages: messages),
                let gray = pix.grayImage(messages: messages)
            else { throw ImageDecodeError(.damaged, format, "leptonica: \(messages.summary(or: "refused"))") }
            return DecodedImage(
                image: gray, format: format, decoder: .leptonica, dpi: Resolution.perInch(Double(pix.resolution)),
                pageCount: 1, frameCount: 1, orientation: nil, completeness: .complete, warnings: messages.lines)
        case .libtiff:
            let messages = try LibraryMessages()
            let file = try TIFFFile(data, messages: messages)
            let directory = try file.directory(page, messages: messages)
            let (gray, _) = try file.decodeGray(directory, messages: messages)
            return DecodedImage(
                image: gray, format: .tiff, decoder: .libtiff, dpi: directory.dpi, pageCount: file.pageCount, frameCount: 1,
                orientation: directory.orientation, completeness: .complete, warnings: messages.lines)
        default:
            return try decode(data, page: page)
        }
    }
}
