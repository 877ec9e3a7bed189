import DataScanEngines
import DataScanModel
import Foundation

/// A page ready for recognition: its raster (when one is needed) and/or its PDF text layer.
package struct LoadedPage {
    package var raster: GrayImage?
    /// Lines from a PDF text layer; nil when the page has none (then it is recognized from the raster).
    package var textLayer: [RecognizedLine]?
    package var width: Int
    package var height: Int
    /// Pixels per inch of the raster, as recorded or assumed.
    package var resolution: Int
    /// A JPEG input's own bytes (kept as they are in the job folder's page images).
    package var jpeg: [UInt8]? = nil
    /// Why the page was read only in part (an image file cut short: its first rows, the rest white), in one line;
    /// nil when it was read whole.
    package var partial: String? = nil
    /// A PDF page loaded with `render` false that would have been rendered: no text layer, or barcodes asked for and
    /// something besides its text that could be one.
    package var wantsRendering = false
}

/// Opens pages of images and PDFs. One per worker: it keeps the last PDF open, because a worker usually
/// gets consecutive pages of the same document and re-parsing a large PDF per page would dominate.
package final class PageLoader {
    private var openPDF: PDFDocument?

    /// Why `LibraryMessages.install()`: leptonica and poppler (through GLib) report to process-wide handlers; routed,
    /// each decode or PDF call collects its own messages (a failure's cause) and nothing reaches stderr.
    package init() {
        LibraryMessages.install()
    }

    /// Loads page `request.index`. `needRaster` asks for pixels even when a PDF page has a text layer
    /// (barcodes are read from pixels; a text page only where it draws more than its text: `MarksBesideText`);
    /// `render` false renders no PDF page: one that would have been says so (`wantsRendering`), and the caller
    /// decides what to do with it.
    package func load(
        _ request: PageRequest, needText: Bool, needRaster: Bool, quality: QualityLevel, maxMegapixels: Double,
        renderDPI: Double? = nil, render: Bool = true
    ) throws(DataScanError) -> LoadedPage {
        switch request.format {
        case .pdf:
            return try loadPDFPage(
                request, needText: needText, needRaster: needRaster, dpi: quality.renderDPI, rasterDPI: renderDPI ?? quality.renderDPI,
                maxMegapixels: maxMegapixels, render: render)
        default: return try loadImage(request, maxMegapixels: maxMegapixels)
        }
    }

    /// Pages in a document: the PDF's page count, a TIFF's directories, 1 for other images.
    /// Throws with the reason when the file cannot be opened at all.
    package static func pageCount(path: RawPath, format: DocumentFormat) throws(DataScanError) -> Int {
        switch format {
        case .pdf:
            let n = try PDFDocument(path: path).pageCount
            guard n > 0 else { throw DataScanError(.corrupt, "PDF has no pages") }
            return n
        case .tiff:
            let data = try path.readAll()
            return try Self.decoding { () throws(ImageDecodeError) in try ImageDecoder.inspect(data).pageCount }
        default:
            return 1
        }
    }

    private func loadPDFPage(
        _ r: PageRequest, needText: Bool, needRaster: Bool, dpi: Double, rasterDPI: Double, maxMegapixels: Double,
        render mayRender: Bool
    ) throws(DataScanError) -> LoadedPage {
        let doc: PDFDocument
        if let open = openPDF, open.rawPath == r.path {
            doc = open
        } else {
            openPDF = nil
            doc = try PDFDocument(path: r.path)
            openPDF = doc
        }
        var page = try doc.page(r.index)
        if !page.hasUsableSize, let uncropped = try? doc.withoutCropBoxes()?.page(r.index), uncropped.hasUsableSize {
            // As poppler's own tools do: the MediaBox when the CropBox cannot be drawn.
            page = uncropped
        }
        let (pw, ph) = page.size
        // (Checked before the conversion: a MediaBox of 1e20 points is finite, and no `Int` holds its pixels.)
        guard pw * dpi / 72 < 1e9, ph * dpi / 72 < 1e9 else {
            throw DataScanError(.corrupt, "page has an unusable size (\(pw)×\(ph) pt)")
        }
        let w = Int((pw * dpi / 72).rounded()), h = Int((ph * dpi / 72).rounded())
        try Self.checkSize(w, h, maxMegapixels: maxMegapixels)
        var text: [RecognizedLine]?
        if needText {
            let lines = page.textLines(dpi: dpi)
            // A page whose text layer is empty is a scan: it is rendered and recognized instead.
            if lines.contains(where: { !$0.words.isEmpty }) { text = LineMerger.mergeRows(lines) }
        }
        var render = needRaster || (needText && text == nil)
        // Barcodes are looked for on a text page only where it draws something besides its text (MarksBesideText).
        if needRaster, let text, !doc.usesBarcodeFont(throughPage: r.index), !page.hasImages {
            let scale = MarksBesideText.probeDPI / dpi
            let words = text.flatMap(\.words).filter { !MarksBesideText.isBarcodeFontText($0.text) }.map { word in
                word.bounds.mapped { Point(x: $0.x * scale, y: $0.y * scale) }.boundingRect
            }
            render = MarksBesideText.found(in: try page.render(dpi: MarksBesideText.probeDPI), besides: words)
        }
        let raster = render && mayRender ? try page.render(dpi: rasterDPI) : nil
        var loaded = LoadedPage(raster: raster, textLayer: text, width: w, height: h, resolution: Int(dpi))
        loaded.wantsRendering = render && !mayRender
        return loaded
    }

    private func loadImage(_ r: PageRequest, maxMegapixels: Double) throws(DataScanError) -> LoadedPage {
        let data = try r.path.readAll()
        if r.format == .heif {
            let size = try HEIFImage.size(data)
            try Self.checkSize(size.width, size.height, maxMegapixels: maxMegapixels)
            let gray = try HEIFImage.decodeGray(data)
            return LoadedPage(raster: gray, width: gray.width, height: gray.height, resolution: 300)
        }
        let info = try Self.decoding { () throws(ImageDecodeError) in try ImageDecoder.inspect(data, page: r.index) }
        try Self.checkSize(info.width, info.height, maxMegapixels: maxMegapixels)
        let decoded = try Self.decoding { () throws(ImageDecodeError) in try ImageDecoder.decode(data, page: r.index) }
        var gray = decoded.image
        if let fix = decoded.orientation?.correction, fix.mirror || fix.quarterTurns != 0, var image = LeptonicaImage.from(gray) {
            if fix.mirror, let m = image.flippedHorizontally() { image = m }
            if fix.quarterTurns != 0, let turned = image.rotated(quarterTurns: fix.quarterTurns) { image = turned }
            gray = image.grayImage() ?? gray
        }
        // Phone photos and many scans carry no usable resolution; Tesseract then needs a plausible one.
        let dpi = decoded.dpi.flatMap { (70...1200).contains($0) ? $0 : nil } ?? 300
        var page = LoadedPage(raster: gray, width: gray.width, height: gray.height, resolution: dpi, jpeg: r.format == .jpeg ? data : nil)
        if case .partial(let rows, let total, let reason) = decoded.completeness {
            page.partial = Self.partialNote(rowsRead: rows, totalRows: total, reason: reason)
        }
        return page
    }

    /// `read in part (80 of 240 rows): JPEG data is cut or damaged after row 80 (libjpeg: …)`. A progressive JPEG cut
    /// in a later scan has every row, coarser: its reason says so.
    static func partialNote(rowsRead: Int, totalRows: Int, reason: String) -> String {
        rowsRead >= totalRows ? "read in part: \(reason)" : "read in part (\(rowsRead) of \(totalRows) rows): \(reason)"
    }

    /// Runs a decoder call, turning its error into the page's error (its message names the format and the library's
    /// cause).
    private static func decoding<T>(_ body: () throws(ImageDecodeError) -> T) throws(DataScanError) -> T {
        do {
            return try body()
        } catch {
            switch error.kind {
            case .tooLarge: throw DataScanError(.tooLarge, error.message)
            case .outOfMemory: throw DataScanError(.engineFailed, error.message)
            default: throw DataScanError(.corrupt, error.message)
            }
        }
    }

    private static func checkSize(_ w: Int, _ h: Int, maxMegapixels: Double) throws(DataScanError) {
        let mp = Double(w) * Double(h) / 1_000_000
        if mp > maxMegapixels {
            throw DataScanError(
                .tooLarge,
                "too large: \(w)×\(h) pixels (\(Int(mp.rounded())) MP) exceeds --max-megapixels \(Int(maxMegapixels))")
        }
    }
}
