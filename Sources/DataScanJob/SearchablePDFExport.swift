import DataScanEngines
import DataScanInput
import DataScanModel
import DataScanOutput
import DataScanStore
import Foundation

/// What `export --format pdf` did.
public struct PDFExportSummary: Hashable, Sendable {
    /// A document that could not be exported, and why (one line).
    public struct Failure: Hashable, Sendable {
        /// The document as in items.csv.
        public var document: String
        /// Why, in one line.
        public var reason: String
    }

    /// Searchable PDFs written (page images with the recognized words hidden under them).
    public var written = 0
    /// PDFs copied as they are: every page has its own text layer.
    public var copied = 0
    /// Documents with nothing to export (skipped as unsupported or filtered, or unreadable: they have no pages).
    public var skipped = 0
    /// Documents that could not be exported.
    public var failures: [Failure] = []
}

/// `datascan export --format pdf`: one searchable PDF per document, from the store. Blocking; one document in
/// memory at a time.
///
/// Where a page's picture comes from, in order: the input file, when its sha256 is still the job's (a PDF's pages are
/// drawn by poppler as they are, images and vectors kept; a JPEG is embedded as its own bytes; other images
/// losslessly, in color); else the job folder's copy (`OUT/pages`, ``PageImageFile``). The words come from the stored
/// lines (quads in page pixels), hidden under the picture (``PDFWriter``). A PDF whose every page has its own text
/// layer is copied unchanged. A document some page of which has no picture available fails alone.
struct SearchablePDFExport {
    let database: any JobStoreBackend
    /// The job folder (for its page images); nil for a shared store.
    let jobFolder: String?
    let output: String

    func run() throws(DataScanError) -> PDFExportSummary {
        var summary = PDFExportSummary()
        let ids = try database.documentIDs()
        let sources = try database.documentSources()
        var names = OutputNames(documents: sources.map(\.path.display))
        for (id, source) in zip(ids, sources) {
            let record = try database.documentRecord(id: id)
            guard let format = source.format, !record.pages.isEmpty, record.status != .skipped else {
                summary.skipped += 1
                continue
            }
            let target = output + "/" + names.next(for: record.path, isPDF: format == .pdf)
            do throws(DataScanError) {
                try makeFolder(for: target)
                if try export(record, id: id, path: source.path, format: format, to: target) {
                    summary.copied += 1
                } else {
                    summary.written += 1
                }
            } catch {
                summary.failures.append(.init(document: record.path, reason: error.message))
            }
        }
        return summary
    }

    /// Exports one document; returns true when it was copied as it is.
    private func export(_ record: DocumentRecord, id: Int64, path: RawPath, format: DocumentFormat, to target: String) throws(DataScanError)
        -> Bool
    {
        let stored = Dictionary(uniqueKeysWithValues: try database.storedPages(documentID: id).map { ($0.page, $0) })
        let copyThrough = format == .pdf && record.pages.allSatisfy { $0.status == .done && $0.source == .textLayer }
        // The input counts only while its content is the one analyzed (the bytes read are the bytes hashed).
        var input: [UInt8]?
        var unchanged = false
        if format == .pdf && !copyThrough {
            unchanged = (try? SHA256.hex(ofFileAt: path)) == record.sha256
        } else if let bytes = try? path.readAll(), SHA256.hex(of: bytes) == record.sha256 {
            (input, unchanged) = (bytes, true)
        }
        if copyThrough, let input {
            try write(target) { (file: String) throws(DataScanError) in
                do { try Data(input).write(to: URL(fileURLWithPath: file)) } catch {
                    throw DataScanError(.output, "cannot write \(file): \(error.localizedDescription)")
                }
            }
            return true
        }
        let pdf = format == .pdf && unchanged ? try PDFDocument(path: path) : nil
        try write(target) { (file: String) throws(DataScanError) in
            let writer = try PDFWriter(path: file)
            for page in record.pages {
                let lines = stored[page.page]?.lines ?? []
                if let pdf {
                    let pdfPage = try pdf.page(page.page - 1)
                    let (width, height) = pdfPage.size
                    writer.beginPage(width: width, height: height)
                    // A text-layer page brings its own text; a scanned one gets the recognized words under it.
                    if page.source != .textLayer, let pixels = page.width ?? stored[page.page]?.width, pixels > 0 {
                        writer.drawHiddenText(Self.words(lines, scale: width / Double(pixels)), pageWidth: width, pageHeight: height)
                    }
                    writer.drawPDFPage(pdfPage)
                } else {
                    try drawImagePage(page, lines: lines, record: record, format: format, input: input, writer: writer)
                }
                writer.endPage()
            }
            try writer.finish()
        }
        return false
    }

    private func drawImagePage(
        _ page: PageRecord, lines: [RecognizedLine], record: DocumentRecord, format: DocumentFormat, input: [UInt8]?, writer: PDFWriter
    ) throws(DataScanError) {
        let kept = jobFolder.flatMap { folder in
            record.sha256.flatMap {
                FileManager.default.contents(
                    atPath: PageImageFile.path(folder: PageImageFile.folder(ofJob: folder), documentKey: $0, page: page.page))
            }
        }.map { [UInt8]($0) }
        // JPEG bytes as they are: the input's own, or the kept copy (a JPEG input's own bytes, or a gray raster).
        let jpeg: [UInt8]? = format == .jpeg ? (input ?? kept) : (input == nil || format == .heif ? kept : nil)
        if let jpeg {
            guard let size = LeptonicaImage.headerSize(jpeg) else {
                throw DataScanError(.corrupt, "page \(page.page): its kept image in OUT/pages is damaged; rerun the page to keep it again")
            }
            let fix = format == .jpeg ? EXIFOrientation.of(jpeg: jpeg).correction : (mirror: false, quarterTurns: 0)
            let (w, h) = fix.quarterTurns % 2 == 0 ? (size.width, size.height) : (size.height, size.width)
            let scale = 72 / Double(Self.resolution(recorded: Self.jfifResolution(jpeg) ?? 0))
            let rect = Rect(x: 0, y: 0, width: Double(w) * scale, height: Double(h) * scale)
            writer.beginPage(width: rect.width, height: rect.height)
            writer.drawHiddenText(
                Self.words(lines, scale: scale * Double(w) / Double(page.width ?? w)), pageWidth: rect.width, pageHeight: rect.height)
            try writer.drawJPEG(
                jpeg, pixelWidth: size.width, pixelHeight: size.height, mirror: fix.mirror, quarterTurns: fix.quarterTurns, in: rect)
            return
        }
        if let input {
            let decoded =
                format == .heif
                ? (try? HEIFImage.decodeGray(input)).flatMap(LeptonicaImage.from)
                : LeptonicaImage.decode(input, tiffPage: format == .tiff ? page.page - 1 : 0)
                    // What leptonica refuses (BigTIFF, tiled or 16-bit TIFF, RLE BMP…): the decoder chain's gray.
                    ?? (try? ImageDecoder.decode(input, page: format == .tiff ? page.page - 1 : 0)).flatMap {
                        LeptonicaImage.from($0.image)
                    }
            guard let image = decoded else {
                throw DataScanError(.corrupt, "page \(page.page): the input image cannot be decoded")
            }
            let scale = 72 / Double(Self.resolution(recorded: image.resolution))
            let w = Double(image.width), h = Double(image.height)
            let rect = Rect(x: 0, y: 0, width: w * scale, height: h * scale)
            writer.beginPage(width: rect.width, height: rect.height)
            writer.drawHiddenText(
                Self.words(lines, scale: scale * w / Double(page.width ?? image.width)), pageWidth: rect.width, pageHeight: rect.height)
            try writer.drawImage(image, in: rect)
            return
        }
        throw DataScanError(
            .output,
            "page \(page.page): the input is gone or changed since the scan, and the job folder keeps no image of the page (OUT/pages): restore the file, or rerun the job"
        )
    }

    /// The words of `lines` in points (`scale` points per page pixel), placed for text extraction: the words of a line
    /// share one baseline (the median of their bottoms, along the line's direction) and one size (the median word
    /// height), and, as Tesseract's PDF renderer does, each word but the last carries the separator the line's text
    /// has after it (a space) and is stretched to the next word's start, so the gap holds a real space: `pdftotext`
    /// and viewers read each line as one, and a copied line has its spaces.
    static func words(_ lines: [RecognizedLine], scale: Double) -> [PDFWriter.Word] {
        var out: [PDFWriter.Word] = []
        for line in lines where !line.words.isEmpty {
            func length(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
            var dx = 0.0, dy = 0.0
            for w in line.words {
                dx += w.bounds.bottomRight.x - w.bounds.bottomLeft.x
                dy += w.bounds.bottomRight.y - w.bounds.bottomLeft.y
            }
            let norm = length(dx, dy)
            guard norm > 0 else { continue }
            let (ux, uy) = (dx / norm, dy / norm)
            // The normal points down the page for left-to-right text.
            let (nx, ny) = (-uy, ux)
            let bottoms = line.words.map { $0.bounds.bottomLeft.x * nx + $0.bounds.bottomLeft.y * ny }.sorted()
            let heights = line.words.map { w in
                length(w.bounds.bottomLeft.x - w.bounds.topLeft.x, w.bounds.bottomLeft.y - w.bounds.topLeft.y)
            }.sorted()
            let baseline = bottoms[bottoms.count / 2], size = heights[heights.count / 2] * scale
            for (i, w) in line.words.enumerated() {
                let q = w.bounds
                let offset = baseline - (q.bottomLeft.x * nx + q.bottomLeft.y * ny)
                let origin = Point(x: (q.bottomLeft.x + offset * nx) * scale, y: (q.bottomLeft.y + offset * ny) * scale)
                var text = w.text
                var run = (q.bottomRight.x - q.bottomLeft.x) * ux + (q.bottomRight.y - q.bottomLeft.y) * uy
                if i + 1 < line.words.count {
                    let next = line.words[i + 1]
                    let toNext = (next.bounds.bottomLeft.x - q.bottomLeft.x) * ux + (next.bounds.bottomLeft.y - q.bottomLeft.y) * uy
                    let separator = RecognizedLine.separator(between: w, and: next)
                    text += separator
                    // Only forwards: overlapping boxes (CJK) keep the word's own length.
                    if !separator.isEmpty && toNext > run { run = toNext }
                }
                out.append(PDFWriter.Word(text: text, origin: origin, angle: atan2(uy, ux), length: run * scale, size: size))
            }
        }
        return out
    }

    /// The resolution the page loader assumed for an image (recorded, when plausible; else 300 DPI).
    static func resolution(recorded: Int) -> Int { (70...1200).contains(recorded) ? recorded : 300 }

    /// The pixel density a JPEG's JFIF header records, in pixels per inch (what leptonica reads as its resolution).
    static func jfifResolution(_ data: [UInt8]) -> Int? {
        // SOI, then APP0: FF E0, length, "JFIF\0", version (2 bytes), units, X density (2 bytes).
        guard data.count >= 18, data[0] == 0xFF, data[1] == 0xD8, data[2] == 0xFF, data[3] == 0xE0,
            Array(data[6..<11]) == Array("JFIF\0".utf8)
        else { return nil }
        let units = data[13], x = Int(data[14]) << 8 | Int(data[15])
        switch units {
        case 1: return x
        case 2: return Int((Double(x) * 2.54).rounded())
        default: return nil
        }
    }

    private func write(_ target: String, _ body: (String) throws(DataScanError) -> Void) throws(DataScanError) {
        do {
            try AtomicFile.write(to: target, byPath: { file in try body(file) })
        } catch let e as DataScanError {
            throw e
        } catch {
            throw DataScanError(.output, "cannot write \(target): \(error)")
        }
    }

    private func makeFolder(for target: String) throws(DataScanError) {
        let folder = (target as NSString).deletingLastPathComponent
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw DataScanError(.output, "cannot create the folder \(folder): \(error.localizedDescription)")
        }
    }
}

/// The PDFs' names below the output folder: the documents' paths without the folders they all share, each with
/// `.pdf` for its extension (`Samples/receipt-us.png` → `receipt-us.pdf`). A name another document of the same folder
/// already took keeps its extension (`receipt.jpg.pdf`); `..` and `.` in a path cannot lead outside the folder.
struct OutputNames {
    private let common: Int
    private var taken = Set<String>()

    init(documents: [String]) {
        let folders = documents.map { $0.split(separator: "/", omittingEmptySubsequences: true).dropLast().map(String.init) }
        var common = folders.first?.count ?? 0
        for f in folders.dropFirst() {
            common = min(common, zip(folders[0], f).prefix { $0 == $1 }.count)
        }
        self.common = common
    }

    mutating func next(for document: String, isPDF: Bool) -> String {
        let parts = document.split(separator: "/", omittingEmptySubsequences: true).dropFirst(common).map { part in
            part == ".." ? "_" : String(part)
        }.filter { $0 != "." }
        let name = parts.joined(separator: "/")
        var stem = name
        if let dot = name.lastIndex(of: "."), dot > name.startIndex, !name[dot...].contains("/"), name[name.index(before: dot)] != "/" {
            stem = String(name[..<dot])
        }
        var candidate = stem + ".pdf"
        if taken.contains(candidate) && !isPDF { candidate = name + ".pdf" }
        var n = 2
        while taken.contains(candidate) {
            candidate = "\(stem)-\(n).pdf"
            n += 1
        }
        taken.insert(candidate)
        return candidate
    }
}
