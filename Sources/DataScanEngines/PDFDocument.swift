import CPoppler
import DataScanModel
import Glibc

/// A PDF opened with poppler-glib. Owns its `PopplerDocument` (unreffed in `deinit`).
/// Not thread-safe: poppler documents must not be used from two threads at once; each worker opens its own.
package final class PDFDocument {
    /// Why OpaquePointer: PopplerDocument is an opaque GObject; the pointer never leaves this file.
    private let document: OpaquePointer
    /// The scan of the pages' fonts so far (`usesBarcodeFont`), freed in `deinit`.
    private var fontInfo: OpaquePointer?
    private var fontsScanned = 0
    private var barcodeFontSeen = false
    let path: String
    package let rawPath: RawPath

    /// Opens `path`; throws `.encrypted` for password-protected files and `.corrupt` for damaged ones.
    package init(path raw: RawPath) throws(DataScanError) {
        let path = raw.display
        self.path = path
        self.rawPath = raw
        var error: UnsafeMutablePointer<GError>?
        // A file URI needs an absolute path.
        var absolute = raw
        if raw.bytes.first != UInt8(ascii: "/"), let cwd = g_get_current_dir() {
            absolute = RawPath(
                bytes: Array(UnsafeBufferPointer(start: UnsafeRawPointer(cwd).assumingMemoryBound(to: UInt8.self), count: strlen(cwd)))
            ).appending(raw.bytes)
            g_free(cwd)
        }
        guard let uri = absolute.withCString({ g_filename_to_uri($0, nil, &error) }) else {
            defer { g_clear_error(&error) }
            throw DataScanError(.unreadable, "cannot make a URI of this path")
        }
        defer { g_free(uri) }
        let (opened, cause) = LibraryMessages.capture { poppler_document_new_from_file(uri, nil, &error) }
        guard let doc = opened else {
            let (domainCode, text) = (error?.pointee.code ?? 0, error.flatMap { String(cString: $0.pointee.message) } ?? "unknown error")
            g_clear_error(&error)
            if domainCode == Int32(POPPLER_ERROR_ENCRYPTED.rawValue) {
                throw DataScanError(
                    .encrypted,
                    "encrypted PDF: decrypt it first, e.g. `qpdf --decrypt --password=… in.pdf out.pdf`")
            }
            throw DataScanError(.corrupt, "not a readable PDF (\(text.lowercased()))" + (cause.map { ": " + $0 } ?? ""))
        }
        self.document = doc
    }

    /// A document opened from bytes in memory (see `withoutCropBoxes`).
    private init(document: OpaquePointer, path raw: RawPath) {
        self.document = document
        self.path = raw.display
        self.rawPath = raw
    }

    deinit {
        if let fontInfo { poppler_font_info_free(fontInfo) }
        g_object_unref(UnsafeMutableRawPointer(document))
    }

    /// This document again with every `/CropBox` key renamed in place (`/CropBo_`: the same length, so every offset
    /// and the cross-reference table stay valid), so that poppler crops its pages to their MediaBox. Why: for a page
    /// whose CropBox is unusable (a side under a point) poppler's own tools draw the MediaBox, but poppler-glib
    /// always crops. Nil when the file has no such key in plain sight (boxes inside compressed object streams) or
    /// the copy does not open.
    package func withoutCropBoxes() -> PDFDocument? {
        guard var bytes = try? rawPath.readAll() else { return nil }
        let key = Array("/CropBox".utf8)
        var renamed = 0
        var i = 0
        while let found = bytes[i...].firstRange(of: key) {
            bytes[found.upperBound - 1] = UInt8(ascii: "_")
            renamed += 1
            i = found.upperBound
        }
        guard renamed > 0 else { return nil }
        let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(data) }
        var error: UnsafeMutablePointer<GError>?
        let (opened, _) = LibraryMessages.capture { poppler_document_new_from_bytes(data, nil, &error) }
        g_clear_error(&error)
        return opened.map { PDFDocument(document: $0, path: rawPath) }
    }

    package var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

    /// Page `index` (0-based). The error says why with poppler's own words, and never the page number: the caller
    /// knows which page it asked for, and `status` groups pages by reason.
    package func page(_ index: Int) throws(DataScanError) -> PDFPage {
        let count = pageCount
        guard index >= 0, index < count else {
            throw DataScanError(.corrupt, "the PDF has \(count) pages now: it changed after it was registered")
        }
        let (loaded, cause) = LibraryMessages.capture { poppler_document_get_page(document, Int32(index)) }
        guard let p = loaded else {
            throw DataScanError(.corrupt, "the PDF page cannot be loaded: \(cause ?? "poppler gave no reason")")
        }
        return PDFPage(page: p, owner: self)
    }

    /// Whether a page up to `index` draws text in a barcode font (`Free 3 of 9`, `IDAutomationHC39M`, `Libre Barcode
    /// 128`): its bars are text to the text layer. poppler reports each font once, on the first page that uses it, so
    /// the pages are scanned in order as far as asked, never beyond: a later page's damage is reported by its own
    /// load, not swallowed here.
    package func usesBarcodeFont(throughPage index: Int) -> Bool {
        guard !barcodeFontSeen, index >= fontsScanned else { return barcodeFontSeen }
        if fontInfo == nil { fontInfo = poppler_font_info_new(document) }
        guard let info = fontInfo else { return false }
        var iter: OpaquePointer?
        let pages = Int32(index + 1 - fontsScanned)
        let scanned = LibraryMessages.capture { poppler_font_info_scan(info, pages, &iter) }.result
        fontsScanned = index + 1
        guard scanned != 0, let iter else { return false }
        defer { poppler_fonts_iter_free(iter) }
        repeat {
            for name in [poppler_fonts_iter_get_name(iter), poppler_fonts_iter_get_full_name(iter)] {
                if let name, Self.isBarcodeFont(String(cString: name)) { barcodeFontSeen = true }
            }
        } while !barcodeFontSeen && poppler_fonts_iter_next(iter) != 0
        return barcodeFontSeen
    }

    /// Whether a font's name says it draws barcodes: letters and digits only, lower-cased, compared with the names
    /// barcode fonts go by (`c39hrp24dhtt`, `free3of9`, `idautomationhc39m`, `librebarcode128`, `code128`).
    package static func isBarcodeFont(_ name: String) -> Bool {
        let folded = String(
            decoding: name.lowercased().utf8.filter { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }, as: UTF8.self)
        return barcodeFontWords.contains { folded.contains($0) }
    }

    private static let barcodeFontWords = [
        "barcode", "code39", "code3of9", "3of9", "c39", "code128", "c128", "code93", "ean13", "ean8", "upca", "upce", "2of5",
        "codabar", "qrcode", "datamatrix", "pdf417", "aztec", "idautomation", "postnet", "intelligentmail", "usps4", "maxicode",
        "databar", "plessey",
    ]

    /// The poppler version in use.
    package static var version: String { String(cString: poppler_get_version()) }
}

/// One PDF page. Keeps its document alive.
package final class PDFPage {
    /// Internal, not private: `PDFWriter` draws the page into a PDF it writes.
    let page: OpaquePointer
    private let owner: PDFDocument

    fileprivate init(page: OpaquePointer, owner: PDFDocument) {
        self.page = page
        self.owner = owner
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(page))
    }

    /// Whether the page's size can be drawn: at least a point on each side (poppler reports a page whose CropBox is
    /// degenerate, such as `[0 0 595 0]`, with that size).
    package var hasUsableSize: Bool {
        let (w, h) = size
        return w.isFinite && h.isFinite && w >= 1 && h >= 1
    }

    /// Size in PDF points (1/72 inch).
    package var size: (width: Double, height: Double) {
        var w = 0.0, h = 0.0
        poppler_page_get_size(page, &w, &h)
        return (w, h)
    }

    /// Whether the page draws an image (a photo, a scan, a logo, a barcode printed as pixels).
    package var hasImages: Bool {
        guard let list = LibraryMessages.capture({ poppler_page_get_image_mapping(page) }).result else { return false }
        poppler_page_free_image_mapping(list)
        return true
    }

    /// The page's text layer as lines of words with boxes, scaled to pixels at `dpi`.
    /// Empty when the page has no text (a scanned page).
    package func textLines(dpi: Double) -> [RecognizedLine] {
        // Messages about a page that still gives text are dropped (`capture`), never printed.
        guard let raw = LibraryMessages.capture({ poppler_page_get_text(page) }).result else { return [] }
        defer { g_free(raw) }
        var rects: UnsafeMutablePointer<PopplerRectangle>?
        var count: guint = 0
        guard LibraryMessages.capture({ poppler_page_get_text_layout(page, &rects, &count) }).result != 0, let rects else { return [] }
        defer { g_free(rects) }
        let scalars = Array(String(cString: raw).unicodeScalars)
        // Why the guard: poppler gives one rectangle per character of the text; if that ever differs we
        // cannot place words, and a text layer without boxes is worse than OCR.
        guard scalars.count == Int(count) else { return [] }
        let scale = dpi / 72
        var lines: [RecognizedLine] = []
        var words: [RecognizedWord] = []
        var current = String.UnicodeScalarView()
        var box: Rect?
        var lastChar: Rect?
        func endWord() {
            if let b = box, !current.isEmpty {
                let r = Rect(x: b.x * scale, y: b.y * scale, width: b.width * scale, height: b.height * scale)
                words.append(RecognizedWord(text: String(current), bounds: Quad(r), confidence: 1))
            }
            current = String.UnicodeScalarView()
            box = nil
            lastChar = nil
        }
        func endLine() {
            endWord()
            if !words.isEmpty { lines.append(RecognizedLine(words: words, confidence: 1)) }
            words = []
        }
        for (i, s) in scalars.enumerated() {
            if s == "\n" {
                endLine()
            } else if Self.isSpace(s) {
                endWord()
            } else {
                let r = rects[i]
                let rect = Rect(x: r.x1, y: r.y1, width: max(0, r.x2 - r.x1), height: max(0, r.y2 - r.y1))
                if let b = box, let last = lastChar {
                    // Producers often place table cells and right-aligned amounts without a space between
                    // them; a visible gap (or a jump back or down) still separates words.
                    let height = max(last.height, rect.height, 1)
                    let gap = rect.minX - last.maxX
                    let jumped = rect.midY > b.maxY || rect.midY < b.minY
                    if jumped {
                        endLine()
                    } else if gap > 0.3 * height || rect.maxX < last.minX {
                        endWord()
                    }
                }
                lastChar = rect
                box = box.map { $0.union(rect) } ?? rect
                current.append(s)
            }
        }
        endLine()
        return lines
    }

    /// Whitespace between words of a text layer. Why not `properties.isWhitespace`: a Unicode property lookup
    /// per character dominated text-layer pages; these are the spaces PDF producers emit.
    private static func isSpace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0...32, 0x7F, 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: true
        default: false
        }
    }

    /// Renders the page at `dpi` onto white, as 8-bit gray.
    package func render(dpi: Double) throws(DataScanError) -> GrayImage {
        let (pw, ph) = size
        let scale = dpi / 72
        guard pw * scale >= 0.5, ph * scale >= 0.5, pw * scale < 32767.5, ph * scale < 32767.5 else {
            throw DataScanError(.corrupt, "page has an unusable size (\(pw)×\(ph) pt)")
        }
        let w = Int((pw * scale).rounded()), h = Int((ph * scale).rounded())
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(w), Int32(h)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { throw DataScanError(.engineFailed, "cannot allocate a \(w)×\(h) page raster") }
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, scale, scale)
        // What poppler reports while drawing a page it still draws is dropped, never printed.
        _ = LibraryMessages.capture { poppler_page_render(page, cr) }
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            throw DataScanError(.engineFailed, "the renderer produced no pixels")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var out = [UInt8](repeating: 255, count: w * h)
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<h {
                let row = data + y * stride
                for x in 0..<w {
                    // RGB24 is a native-endian 32-bit word 0x00RRGGBB: bytes B, G, R, X on little-endian.
                    let p = row + x * 4
                    let luma = (Int(p[2]) * 77 + Int(p[1]) * 150 + Int(p[0]) * 29) >> 8
                    dst[y * w + x] = UInt8(luma)
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }
}
