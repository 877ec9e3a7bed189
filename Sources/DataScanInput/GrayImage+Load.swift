import DataScanEngines
import DataScanModel

extension GrayImage {
    /// The image file at `path` as 8-bit gray, decoded as a job decodes a page (leptonica, EXIF orientation,
    /// HEIC through libheif). For tests and tools; jobs go through `PageLoader`.
    static func load(path: String) throws(DataScanError) -> GrayImage {
        let raw = RawPath(path)
        let head = try raw.readHead()
        guard let format = DocumentFormat.sniff(head[...]), format != .pdf else {
            throw DataScanError(.corrupt, "\(path): not an image datascan can decode")
        }
        let request = PageRequest(path: raw, displayPath: path, format: format, index: 0, documentKey: "")
        let page = try PageLoader().load(request, needText: false, needRaster: true, quality: .balanced, maxMegapixels: 1000)
        guard let raster = page.raster else { throw DataScanError(.corrupt, "\(path): no pixels") }
        return raster
    }
}
