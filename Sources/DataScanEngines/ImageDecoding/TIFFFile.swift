import CImageShims
import CTIFF
import DataScanModel

/// A TIFF opened with libtiff from memory, owned: closed in `deinit`. Reads what leptonica refuses — tiles,
/// separate planes, old-style JPEG, BigTIFF variants — through libtiff's RGBA interface, strip by strip or tile
/// by tile, so a cut file yields the rows before the cut. Its messages go to the `LibraryMessages` it was opened
/// with (per-open handlers). Not thread-safe.
final class TIFFFile {
    /// Why unsafe: libtiff's handle; never leaves the class.
    private let tif: OpaquePointer
    /// A copy of the file that libtiff reads (and maps) for the handle's whole life.
    private let bytes: UnsafeMutableRawBufferPointer

    init(_ data: [UInt8], messages: LibraryMessages) throws(ImageDecodeError) {
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        bytes.copyBytes(from: data)
        let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        guard let tif = dsi_tiff_open_memory(base, data.count, messages.sink) else {
            bytes.deallocate()
            throw ImageDecodeError(.damaged, .tiff, "damaged TIFF: \(messages.summary(or: "libtiff: cannot open it"))")
        }
        self.tif = tif
        self.bytes = bytes
    }

    deinit {
        TIFFClose(tif)
        bytes.deallocate()
    }

    /// Directories (pages) in the file.
    var pageCount: Int { Int(TIFFNumberOfDirectories(tif)) }

    /// Makes page `index` current and describes it.
    func directory(_ index: Int, messages: LibraryMessages) throws(ImageDecodeError) -> TIFFDirectory {
        guard TIFFSetDirectory(tif, tdir_t(index)) == 1 else {
            throw ImageDecodeError(
                .damaged, .tiff, "damaged TIFF page \(index + 1): \(messages.summary(or: "libtiff: cannot read its directory"))")
        }
        func u16(_ tag: Int32, _ fallback: Int) -> Int {
            var v: UInt16 = 0
            return dsi_tiff_get_u16_defaulted(tif, UInt32(tag), &v) == 1 ? Int(v) : fallback
        }
        func u32(_ tag: Int32) -> Int? {
            var v: UInt32 = 0
            return dsi_tiff_get_u32(tif, UInt32(tag), &v) == 1 ? Int(v) : nil
        }
        var d = TIFFDirectory()
        d.width = u32(TIFFTAG_IMAGEWIDTH) ?? 0
        d.height = u32(TIFFTAG_IMAGELENGTH) ?? 0
        d.bitsPerSample = u16(TIFFTAG_BITSPERSAMPLE, 1)
        d.samplesPerPixel = u16(TIFFTAG_SAMPLESPERPIXEL, 1)
        d.sampleFormat = u16(TIFFTAG_SAMPLEFORMAT, 1)
        d.compression = u16(TIFFTAG_COMPRESSION, 1)
        d.planarSeparate = u16(TIFFTAG_PLANARCONFIG, 1) == 2
        var photometric: UInt16 = 0
        d.photometric = dsi_tiff_get_u16(tif, UInt32(TIFFTAG_PHOTOMETRIC), &photometric) == 1 ? Int(photometric) : nil
        d.tiled = TIFFIsTiled(tif) != 0
        d.tileWidth = u32(TIFFTAG_TILEWIDTH) ?? 0
        d.tileHeight = u32(TIFFTAG_TILELENGTH) ?? 0
        d.rowsPerStrip = min(max(u32(TIFFTAG_ROWSPERSTRIP) ?? d.height, 1), max(d.height, 1))
        var orientation: UInt16 = 0
        if dsi_tiff_get_u16(tif, UInt32(TIFFTAG_ORIENTATION), &orientation) == 1 {
            d.orientation = ImageOrientation(rawValue: Int(orientation))
        }
        var resolution: Float = 0
        if dsi_tiff_get_float(tif, UInt32(TIFFTAG_XRESOLUTION), &resolution) == 1, resolution.isFinite {
            switch u16(TIFFTAG_RESOLUTIONUNIT, 2) {
            case 2: d.dpi = Resolution.perInch(Double(resolution))
            case 3: d.dpi = Resolution.perCentimetre(Double(resolution))
            default: d.dpi = nil  // 1: no absolute unit, only an aspect ratio
            }
        }
        return d
    }

    /// Decodes the current page to gray. Returns the image and how many rows from the top are good (the rest
    /// are white); throws when no row could be read.
    func decodeGray(_ d: TIFFDirectory, messages: LibraryMessages) throws(ImageDecodeError) -> (GrayImage, rows: Int) {
        var reason = [CChar](repeating: 0, count: 1024)
        guard TIFFRGBAImageOK(tif, &reason) == 1 else {
            let cause = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ImageDecodeError(.unsupported, .tiff, "unsupported TIFF variant (\(d.variant)): libtiff: \(cause)")
        }
        let w = d.width, h = d.height
        var pixels = [UInt8](repeating: 255, count: w * h)
        var rows = 0
        if d.tiled {
            let tw = d.tileWidth, th = d.tileHeight
            guard tw > 0, th > 0 else {
                throw ImageDecodeError(.damaged, .tiff, "damaged TIFF (\(d.variant)): the tile size is 0")
            }
            var raster = [UInt32](repeating: 0, count: tw * th)
            tileRows: for top in stride(from: 0, to: h, by: th) {
                for left in stride(from: 0, to: w, by: tw) {
                    guard TIFFReadRGBATile(tif, UInt32(left), UInt32(top), &raster) == 1 else { break tileRows }
                    // Why (th - 1 - i): the RGBA interface fills a tile bottom-up (origin lower-left), and an edge
                    // tile as if it were whole, with its pixels in the top-left corner.
                    let rowsHere = min(th, h - top), columns = min(tw, w - left)
                    for i in 0..<rowsHere {
                        Self.storeGray(raster, from: (th - 1 - i) * tw, into: &pixels, at: (top + i) * w + left, count: columns)
                    }
                }
                rows = min(h, top + th)
            }
        } else {
            let rps = d.rowsPerStrip
            var raster = [UInt32](repeating: 0, count: w * rps)
            for top in stride(from: 0, to: h, by: rps) {
                guard TIFFReadRGBAStrip(tif, UInt32(top), &raster) == 1 else { break }
                // Why reversed: TIFFReadRGBAStrip fills the strip bottom-up (origin lower-left).
                let rowsHere = min(rps, h - top)
                for i in 0..<rowsHere {
                    Self.storeGray(raster, from: (rowsHere - 1 - i) * w, into: &pixels, at: (top + i) * w, count: w)
                }
                rows = top + rowsHere
            }
        }
        guard rows > 0 else {
            throw ImageDecodeError(.damaged, .tiff, "damaged TIFF (\(d.variant)): \(messages.summary(or: "libtiff: no row could be read"))")
        }
        if rows < h {
            // Rows of a strip or tile row that failed are left white, not half-filled.
            pixels.withUnsafeMutableBufferPointer { p in
                for i in (rows * w)..<(h * w) { p[i] = 255 }
            }
        }
        return (GrayImage(width: w, height: h, pixels: pixels), rows)
    }

    /// Converts `count` ABGR pixels (libtiff's packing, alpha premultiplied) to gray on white.
    private static func storeGray(_ raster: [UInt32], from source: Int, into pixels: inout [UInt8], at target: Int, count: Int) {
        raster.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for x in 0..<count {
                    let p = src[source + x]
                    let r = p & 0xFF, g = (p >> 8) & 0xFF, b = (p >> 16) & 0xFF, a = p >> 24
                    // Wrapping arithmetic: cannot overflow; unchecked, the loop is several times faster.
                    let gray = ((r &* 77 &+ g &* 150 &+ b &* 29 &+ 128) >> 8) &+ (255 &- a)
                    dst[target + x] = UInt8(truncatingIfNeeded: min(gray, 255))
                }
            }
        }
    }
}
