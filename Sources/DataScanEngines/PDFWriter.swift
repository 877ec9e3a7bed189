import CCairo
import CPoppler
import CTesseract
import DataScanModel
import Foundation

/// A PDF being written by cairo's PDF surface: pages of page images (JPEG embedded as is, other rasters
/// compressed losslessly by cairo), pages of another PDF drawn by poppler (its images and vectors kept), and a
/// hidden text layer of recognized words. Coordinates are PDF points, top-left origin. Not thread-safe.
///
/// Why the text is hidden under the page instead of drawn in PDF's invisible render mode (`3 Tr`, what Tesseract
/// and OCRmyPDF write): cairo has no render-mode API, and it drops text drawn fully transparent. So the words are
/// drawn first, in a real font (cairo embeds the subset with a ToUnicode map, and marks glyphs the font lacks with
/// ActualText), then an opaque white rectangle and the page image are painted over them. Viewers find, select and
/// copy the words (selection is drawn above the page); nothing of them shows.
package final class PDFWriter {
    private let surface: OpaquePointer
    private let cr: OpaquePointer
    private let path: String
    private var pageOpen = false
    private var pageCount = 0
    /// Font for the hidden words: its glyphs never show, it only needs widths and Unicode.
    private static let fontFamily = "DejaVu Sans"

    /// Starts a PDF at `path` (written as pages are finished; complete after ``finish()``).
    package init(path: String) throws(DataScanError) {
        self.path = path
        guard let surface = cairo_pdf_surface_create(path, 612, 792) else {
            throw DataScanError(.output, "cannot create \(path): cairo could not start a PDF")
        }
        if let problem = Self.problem(cairo_surface_status(surface)) {
            cairo_surface_destroy(surface)
            throw DataScanError(.output, "cannot create \(path): \(problem)")
        }
        guard let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw DataScanError(.output, "cannot create \(path): cairo could not start drawing")
        }
        self.surface = surface
        self.cr = cr
        cairo_pdf_surface_restrict_to_version(surface, CAIRO_PDF_VERSION_1_5)
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "datascan")
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Starts a page of `width` × `height` points.
    package func beginPage(width: Double, height: Double) {
        if pageOpen { endPage() }
        cairo_pdf_surface_set_size(surface, width, height)
        pageOpen = true
    }

    /// A word of the hidden text layer: drawn from `origin` on its baseline in the direction `angle` (radians,
    /// clockwise from the x axis, as the page's y axis points down), stretched to `length`, `size` points high.
    package struct Word {
        package var text: String
        package var origin: Point
        package var angle: Double
        package var length: Double
        package var size: Double

        package init(text: String, origin: Point, angle: Double, length: Double, size: Double) {
            self.text = text
            self.origin = origin
            self.angle = angle
            self.length = length
            self.size = size
        }
    }

    /// Draws `words` as hidden text, then covers the page with white, so whatever is drawn next lies on top of them.
    package func drawHiddenText(_ words: [Word], pageWidth: Double, pageHeight: Double) {
        cairo_save(cr)
        cairo_select_font_face(cr, Self.fontFamily, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_source_rgb(cr, 0, 0, 0)
        for word in words where !word.text.isEmpty && word.size > 0 && word.length > 0 {
            cairo_set_font_size(cr, word.size)
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, word.text, &extents)
            guard extents.x_advance > 0 else { continue }
            cairo_save(cr)
            cairo_translate(cr, word.origin.x, word.origin.y)
            cairo_rotate(cr, word.angle)
            cairo_scale(cr, word.length / extents.x_advance, 1)
            cairo_move_to(cr, 0, 0)
            cairo_show_text(cr, word.text)
            cairo_restore(cr)
        }
        cairo_new_path(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_rectangle(cr, 0, 0, pageWidth, pageHeight)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// Paints JPEG bytes as they are (no re-encoding) into `rect`. `pixelWidth` × `pixelHeight` is the JPEG's own
    /// size; `mirror` and `quarterTurns` (clockwise, after the mirror) bring its stored pixels upright, as its EXIF
    /// orientation says, which PDF viewers do not read.
    package func drawJPEG(
        _ data: [UInt8], pixelWidth: Int, pixelHeight: Int, mirror: Bool, quarterTurns: Int, in rect: Rect
    ) throws(DataScanError) {
        // The surface's pixels are never drawn: the PDF surface embeds the attached JPEG for a plain paint.
        guard let image = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pixelWidth), Int32(pixelHeight)) else {
            throw DataScanError(.output, "\(path): cairo cannot hold a \(pixelWidth)×\(pixelHeight) image")
        }
        defer { cairo_surface_destroy(image) }
        if let problem = Self.problem(cairo_surface_status(image)) {
            throw DataScanError(.output, "\(path): a \(pixelWidth)×\(pixelHeight) image: \(problem)")
        }
        // cairo keeps the bytes until the surface goes: a copy it frees itself.
        guard let copy = malloc(max(1, data.count)) else { throw DataScanError(.output, "\(path): out of memory for an image") }
        data.withUnsafeBytes { _ = memcpy(copy, $0.baseAddress!, data.count) }
        let status = cairo_surface_set_mime_data(
            image, CAIRO_MIME_TYPE_JPEG, copy.assumingMemoryBound(to: UInt8.self), UInt(data.count), free, copy)
        if let problem = Self.problem(status) {
            free(copy)
            throw DataScanError(.output, "\(path): cannot embed a JPEG: \(problem)")
        }
        paint(image, width: pixelWidth, height: pixelHeight, mirror: mirror, quarterTurns: quarterTurns, in: rect)
    }

    /// Paints a decoded image (any depth; color kept) into `rect`, compressed losslessly.
    package func drawImage(_ image: LeptonicaImage, in rect: Rect) throws(DataScanError) {
        guard let rgb = pixConvertTo32(image.pix) else { throw DataScanError(.output, "\(path): the page image cannot be converted") }
        var owned: UnsafeMutablePointer<PIX>? = rgb
        defer { pixDestroy(&owned) }
        let w = Int(pixGetWidth(rgb)), h = Int(pixGetHeight(rgb))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(w), Int32(h)),
            Self.problem(cairo_surface_status(surface)) == nil, let data = cairo_image_surface_get_data(surface)
        else {
            throw DataScanError(.output, "\(path): cairo cannot hold a \(w)×\(h) image")
        }
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let wpl = Int(pixGetWpl(rgb))
        guard let words = pixGetData(rgb) else { throw DataScanError(.output, "\(path): the page image has no pixels") }
        // Leptonica's 32-bit pixels are 0xRRGGBBAA words; cairo's RGB24 are native 0x00RRGGBB words.
        for y in 0..<h {
            let row = (data + y * stride).withMemoryRebound(to: UInt32.self, capacity: w) { $0 }
            let source = words + y * wpl
            for x in 0..<w { row[x] = source[x] >> 8 }
        }
        cairo_surface_mark_dirty(surface)
        paint(surface, width: w, height: h, mirror: false, quarterTurns: 0, in: rect)
    }

    /// Draws a page of another PDF as it is (text, vectors, images; JPEG images stay JPEG) on this page.
    package func drawPDFPage(_ page: PDFPage) {
        cairo_save(cr)
        poppler_page_render_for_printing(page.page, cr)
        cairo_restore(cr)
    }

    /// Ends the current page.
    package func endPage() {
        guard pageOpen else { return }
        cairo_show_page(cr)
        pageOpen = false
        pageCount += 1
    }

    /// Ends the last page and completes the file; throws when anything on the way failed (a full disk).
    package func finish() throws(DataScanError) {
        endPage()
        cairo_surface_finish(surface)
        if let problem = Self.problem(cairo_status(cr)) ?? Self.problem(cairo_surface_status(surface)) {
            throw DataScanError(.output, "cannot write \(path): \(problem)")
        }
    }

    private func paint(_ image: OpaquePointer, width: Int, height: Int, mirror: Bool, quarterTurns: Int, in rect: Rect) {
        cairo_save(cr)
        // Upright pixels → the page rectangle; built from the last step back, since each cairo call applies first.
        let turns = ((quarterTurns % 4) + 4) % 4
        let (uw, uh) = turns % 2 == 0 ? (width, height) : (height, width)
        cairo_translate(cr, rect.x, rect.y)
        cairo_scale(cr, rect.width / Double(uw), rect.height / Double(uh))
        var w = Double(width), h = Double(height)
        var steps: [cairo_matrix_t] = []
        if mirror { steps.append(cairo_matrix_t(xx: -1, yx: 0, xy: 0, yy: 1, x0: w, y0: 0)) }
        for _ in 0..<turns {
            // One clockwise quarter turn of a w × h image: (x, y) → (h − y, x).
            steps.append(cairo_matrix_t(xx: 0, yx: 1, xy: -1, yy: 0, x0: h, y0: 0))
            swap(&w, &h)
        }
        for var m in steps.reversed() { cairo_transform(cr, &m) }
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    private static func problem(_ status: cairo_status_t) -> String? {
        status == CAIRO_STATUS_SUCCESS ? nil : String(cString: cairo_status_to_string(status))
    }
}
