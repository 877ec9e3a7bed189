import DataScanEngines
import DataScanModel

/// Finds barcodes on a page with both zxing-cpp and zbar and merges their results.
/// Not thread-safe: one per worker, reused across pages (it owns a zbar scanner).
///
/// Passes by quality level (each pass runs zxing and zbar on the same pixels):
/// - `.fast`: one pass on the working copy (long side at most `workingLongSide`), zxing not trying rotations.
/// - `.balanced`: the working copy with zxing trying rotations; 2-D-code-like blobs cropped and read alone (zxing
///   1.4 finds Data Matrix and Aztec only near the image centre); then, only if nothing was found, the page at full
///   resolution (when the copy was smaller: small codes blur away in it) or at twice its size (small images).
/// - `.accurate`: all of that always, plus the inverted page (light-on-dark codes), zxing's global-histogram
///   binarizer, half size (blurred images), overlapping tiles of the full page (small codes on large pages) and
///   the page turned by 45° (linear codes printed at an angle, which scan lines along the axes cannot cross).
///
/// Reads of the same symbology and payload whose quads overlap are one item; its confidence is 1.0 when both
/// decoders read it and 0.9 when only one did. Quads are in the pixels of the image given to `recognize`.
package final class BarcodeRecognizer {
    let symbologies: Set<Symbology>
    let quality: QualityLevel

    private let zxing: ZXingReader
    private let zbar: ZBarReader
    /// UPC-A codes are also EAN-13 codes with a leading 0; report them as UPC-A unless only EAN-13 was requested.
    private let preferUPCA: Bool
    /// Reads 2-D codes in candidate regions (matrix symbologies only, so it may read several per call).
    private let regionReader: ZXingReader?

    /// The long side of the working copy for the first pass: large enough for the usual codes on an A4 page at
    /// 200 DPI, small enough to keep the pass well under a second.
    static let workingLongSide = 1600

    /// - Parameter symbologies: what to look for; empty means every symbology.
    package init(symbologies: Set<Symbology>, quality: QualityLevel) throws {
        let requested = symbologies.isEmpty ? Set(Symbology.allCases) : symbologies
        self.symbologies = requested
        self.quality = quality
        self.preferUPCA = requested.contains(.upca) || !requested.contains(.ean13)
        // EAN-13 and UPC-A are one family: decoders only find a UPC-A when EAN-13 reading is on, and vice versa.
        var decoderSymbologies = requested
        if requested.contains(.upca) || requested.contains(.ean13) { decoderSymbologies.formUnion([.ean13, .upca]) }
        self.zxing = ZXingReader(symbologies: decoderSymbologies)
        self.zbar = try ZBarReader(symbologies: decoderSymbologies)
        let matrix = requested.filter { !$0.isLinear }
        self.regionReader = matrix.isEmpty ? nil : ZXingReader(symbologies: matrix)
    }

    /// Every barcode on the image, each with its quad in the image's pixels, in reading order.
    package func recognize(_ image: GrayImage) throws -> [RecognizedItem.Barcode] {
        try recognize(image, decoders: [.zxing, .zbar])
    }

    /// As `recognize(_:)`, restricted to some decoders (to measure each decoder on its own).
    func recognize(_ image: GrayImage, decoders: Set<DecodedSymbol.Decoder>) throws -> [RecognizedItem.Barcode] {
        guard image.width > 0, image.height > 0 else { return [] }
        var scan = PageScan(page: image, decoders: decoders)
        let (working, scale) = image.downscaled(maxLongSide: BarcodeRecognizer.workingLongSide)
        let fromWorking: @Sendable (Point) -> Point = { Point(x: $0.x * scale, y: $0.y * scale) }
        let workingLongSide = max(working.width, working.height)
        let full = ZXingReader.Options()

        if quality == .fast {
            var options = ZXingReader.Options()
            options.tryRotate = false
            try read(working, toPage: fromWorking, options: options, into: &scan)
            return scan.merger.items()
        }

        try read(working, toPage: fromWorking, options: full, into: &scan)
        try readMatrixRegions(working: working, scale: scale, into: &scan)
        let extraEffort = quality == .accurate || scan.merger.isEmpty
        if extraEffort, scale > 1 {
            try read(image, toPage: { $0 }, options: full, into: &scan)
        }
        // Small images: bars and modules a pixel or two wide read better enlarged.
        if extraEffort, workingLongSide <= BarcodeRecognizer.workingLongSide / 2 {
            try read(working.upscaled(by: 2), toPage: { fromWorking(Point(x: $0.x / 2, y: $0.y / 2)) }, options: full, into: &scan)
        }
        guard quality == .accurate else { return scan.merger.items() }

        try read(working.inverted(), toPage: fromWorking, options: full, into: &scan)
        var histogram = ZXingReader.Options()
        histogram.binarizer = .globalHistogram
        try read(working, toPage: fromWorking, options: histogram, decoders: [.zxing], into: &scan)
        // Blurred or noisy images: half size sharpens edges and averages noise away.
        if workingLongSide >= 400 {
            let (half, halfScale) = working.downscaled(maxLongSide: workingLongSide / 2)
            try read(half, toPage: { fromWorking(Point(x: $0.x * halfScale, y: $0.y * halfScale)) }, options: full, into: &scan)
        }
        try readTiles(into: &scan)
        let (turned, toWorking) = working.rotated(byDegrees: 45)
        try read(turned, toPage: { fromWorking(toWorking($0)) }, options: full, into: &scan)
        return scan.merger.items()
    }

    /// One `recognize` call in progress: the page, the decoders in use and the reads so far.
    private struct PageScan {
        let page: GrayImage
        let decoders: Set<DecodedSymbol.Decoder>
        var merger: BarcodeMerger

        init(page: GrayImage, decoders: Set<DecodedSymbol.Decoder>) {
            self.page = page
            self.decoders = decoders
            self.merger = BarcodeMerger(activeDecoders: decoders)
        }
    }

    /// Decodes one image (a copy of the page or of part of it) and adds the valid reads, quads mapped to the page.
    /// - Parameters:
    ///   - toPage: maps a point of `image` to the page.
    ///   - decoders: restricts the decoders of the scan further (nil: all of them).
    ///   - reader: the zxing reader to use (default: the one for every requested symbology).
    private func read(
        _ image: GrayImage, toPage: (Point) -> Point, options: ZXingReader.Options,
        decoders: Set<DecodedSymbol.Decoder>? = nil, reader: ZXingReader? = nil, into scan: inout PageScan
    ) throws {
        let active = decoders.map { $0.intersection(scan.decoders) } ?? scan.decoders
        var symbols: [DecodedSymbol] = []
        if active.contains(.zxing) { symbols += try (reader ?? zxing).read(image, options: options) }
        if active.contains(.zbar) { symbols += try zbar.read(image) }
        for symbol in symbols {
            guard let payload = BarcodePayload.normalize(symbol, preferUPCA: preferUPCA),
                symbologies.contains(payload.symbology)
            else { continue }
            let quad = symbol.quad.mapped(toPage)
            // Scan-line slivers become the code's full bars, so reads of one code from different passes overlap.
            scan.merger.add(
                payload, decoder: symbol.decoder,
                quad: payload.symbology.isLinear ? LinearCodeExtent.refined(quad, in: scan.page) : quad)
        }
    }

    /// Each blob that looks like a 2-D code, cropped from the full-resolution page with a margin and read alone
    /// by zxing (see `MatrixCodeRegions` for why). Blobs where a 2-D code was already read are skipped.
    private func readMatrixRegions(working: GrayImage, scale: Double, into scan: inout PageScan) throws {
        guard let regionReader, scan.decoders.contains(.zxing) else { return }
        var options = ZXingReader.Options()
        options.tryDownscale = true  // allowed for matrix-only reads, see CZXing.h
        for candidate in MatrixCodeRegions.candidates(in: working) {
            let region = Rect(
                x: candidate.x * scale, y: candidate.y * scale, width: candidate.width * scale,
                height: candidate.height * scale)
            if scan.merger.groups.contains(where: { !$0.payload.symbology.isLinear && $0.quad.overlap(with: Quad(region)) > 0.5 }) {
                continue
            }
            // A quiet zone around the code, as zxing's detectors expect.
            let margin = max(region.width, region.height) * 0.25 + 8
            let x = Int(region.minX - margin), y = Int(region.minY - margin)
            let crop = scan.page.cropped(
                x: x, y: y, width: Int(region.width + 2 * margin), height: Int(region.height + 2 * margin))
            guard crop.width > 0, crop.height > 0 else { continue }
            let (small, cropScale) = crop.downscaled(maxLongSide: BarcodeRecognizer.workingLongSide)
            let dx = Double(max(0, x)), dy = Double(max(0, y))
            try read(
                small, toPage: { Point(x: $0.x * cropScale + dx, y: $0.y * cropScale + dy) }, options: options,
                decoders: [.zxing], reader: regionReader, into: &scan)
        }
    }

    /// Overlapping tiles of the full-resolution page, so that a small code on a large page is seen at full size
    /// by detectors that otherwise look at the page as a whole. Only for pages well above the working size.
    private func readTiles(into scan: inout PageScan) throws {
        let page = scan.page
        let tileSide = BarcodeRecognizer.workingLongSide
        guard max(page.width, page.height) > tileSide * 5 / 4 else { return }
        let step = tileSide * 3 / 4  // a quarter overlap, so a code cut by one tile's edge is whole in the next
        var ys = Array(stride(from: 0, to: max(1, page.height - tileSide), by: step))
        var xs = Array(stride(from: 0, to: max(1, page.width - tileSide), by: step))
        if let last = ys.last, last + tileSide < page.height { ys.append(max(0, page.height - tileSide)) }
        if let last = xs.last, last + tileSide < page.width { xs.append(max(0, page.width - tileSide)) }
        for y in ys {
            for x in xs {
                let tile = page.cropped(x: x, y: y, width: tileSide, height: tileSide)
                let dx = Double(x), dy = Double(y)
                try read(tile, toPage: { Point(x: $0.x + dx, y: $0.y + dy) }, options: .init(), into: &scan)
            }
        }
    }
}
