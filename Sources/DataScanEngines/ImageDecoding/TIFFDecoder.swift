/// TIFF: leptonica and libtiff, in the order that is faster for the page (`decode-bench`, 2480×3508, CPU time):
/// leptonica first for bilevel, gray and palette pages (it keeps them at 1 or 8 bits: G4 ~1.3×, LZW gray ~2.8×
/// faster than libtiff's RGBA reader), libtiff first for colour pages (LZW RGB: ~1.7× faster than leptonica's
/// per-pixel packing). The other one is the fallback:
/// libtiff reads what leptonica refuses (tiles, separate planes, old-style JPEG) and gives the rows before a cut.
/// Pages are counted with libtiff, which also reads BigTIFF, so a page count never goes through leptonica's
/// `tiffGetCount` (which printed "tif not open for read" without a file name).
enum TIFFDecoder {
    static func decode(_ data: [UInt8], page: Int, limits: DecodeLimits) throws(ImageDecodeError) -> DecodedImage {
        let messages = try LibraryMessages()
        let file = try TIFFFile(data, messages: messages)
        let pages = file.pageCount
        guard page >= 0, page < pages else {
            throw ImageDecodeError(.noSuchPage, .tiff, "TIFF has \(pages) page\(pages == 1 ? "" : "s"); page \(page + 1) does not exist")
        }
        let directory = try file.directory(page, messages: messages)
        try limits.check(directory.width, directory.height, .tiff)
        if directory.samplesPerPixel < 3, let decoded = try leptonica(data, page: page, directory, messages, pages: pages) {
            return decoded
        }
        let libtiffError: ImageDecodeError
        do {
            return try libtiff(file, directory, messages, pages: pages)
        } catch {
            libtiffError = error
        }
        if directory.samplesPerPixel >= 3, let decoded = try leptonica(data, page: page, directory, messages, pages: pages) {
            return decoded
        }
        throw libtiffError
    }

    private static func leptonica(
        _ data: [UInt8], page: Int, _ directory: TIFFDirectory, _ messages: LibraryMessages, pages: Int
    ) throws(ImageDecodeError) -> DecodedImage? {
        let leptonica = try LibraryMessages()
        guard let pix = LeptonicaImage.decode(data, tiffPage: page, messages: leptonica),
            pix.width == directory.width, pix.height == directory.height,
            let gray = pix.grayImage(messages: leptonica)
        else { return nil }
        return DecodedImage(
            image: gray, format: .tiff, decoder: .leptonica, dpi: directory.dpi, pageCount: pages, frameCount: 1,
            orientation: directory.orientation, completeness: .complete, warnings: messages.lines + leptonica.lines)
    }

    private static func libtiff(_ file: TIFFFile, _ directory: TIFFDirectory, _ messages: LibraryMessages, pages: Int)
        throws(ImageDecodeError) -> DecodedImage
    {
        let (gray, rows) = try file.decodeGray(directory, messages: messages)
        let completeness: Completeness =
            rows < directory.height
            ? .partial(
                rowsRead: rows, totalRows: directory.height,
                reason: "TIFF data is cut or damaged after row \(rows) (\(messages.firstLine(or: "libtiff: read error")))")
            : .complete
        return DecodedImage(
            image: gray, format: .tiff, decoder: .libtiff, dpi: directory.dpi, pageCount: pages, frameCount: 1,
            orientation: directory.orientation, completeness: completeness, warnings: messages.lines)
    }

    static func inspect(_ data: [UInt8], page: Int) throws(ImageDecodeError) -> ImageInfo {
        let messages = try LibraryMessages()
        let file = try TIFFFile(data, messages: messages)
        let pages = file.pageCount
        guard page >= 0, page < pages else {
            throw ImageDecodeError(.noSuchPage, .tiff, "TIFF has \(pages) page\(pages == 1 ? "" : "s"); page \(page + 1) does not exist")
        }
        let directory = try file.directory(page, messages: messages)
        return ImageInfo(format: .tiff, width: directory.width, height: directory.height, pageCount: pages, frameCount: 1)
    }
}
