/// Finds barcodes on a page with both zxing-cpp and zbar and merges their results.
/// Not thread-safe: one per worker, reused across pages (it owns a zbar scanner).
///
/// Passes by quality level (each pass runs zxing and zbar on the same pixels):
/// - `.fast`: one pass on a copy whose long side is at most `workingLongSide`, zxing without its extra effort.
/// - `.balanced`: the downscaled pass with zxing trying harder and rotating; then, when it found nothing and the page
///   was downscaled, the full-resolution page (small codes can blur away in the copy).
/// - `.accurate`: the downscaled and the full-resolution passes always, then the inverted page (light-on-dark codes),
///   zxing's global-histogram binarizer, overlapping tiles of the full page (small codes on large pages) and the
///   page turned by 45° (linear codes printed at an angle, which scan lines along the axes cannot cross).
///
/// Reads of the same symbology and payload whose quads overlap are one item; its confidence is 1.0 when both
/// decoders read it and 0.9 when only one did. Quads are in the pixels of the image given to `recognize`.
final class BarcodeRecognizer {
    let symbologies: Set<Symbology>
    let quality: QualityLevel

    private let zxing: ZXingReader
    private let zbar: ZBarReader
    /// UPC-A codes are also EAN-13 codes with a leading 0; report them as UPC-A unless only EAN-13 was requested.
    private let preferUPCA: Bool
    /// Reads 2-D codes in candidate regions (matrix symbologies only, so it may read several per call).
    private let regionReader: ZXingReader?
    /// The page being recognized, to grow linear codes' quads to their bars; empty between calls.
    private var page = GrayImage(width: 0, height: 0, pixels: [])

    /// The long side of the working copy for the first pass: large enough for the usual codes on an A4 page at
    /// 200 DPI, small enough to keep the pass well under a second.
    static let workingLongSide = 1600

    /// - Parameter symbologies: what to look for; empty means every symbology.
    init(symbologies: Set<Symbology>, quality: QualityLevel) throws {
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
    func recognize(_ image: GrayImage) throws -> [RecognizedItem.Barcode] {
        try recognize(image, decoders: [.zxing, .zbar])
    }

    /// As `recognize(_:)`, restricted to some decoders (to measure each decoder on its own).
    func recognize(_ image: GrayImage, decoders: Set<DecodedSymbol.Decoder>) throws -> [RecognizedItem.Barcode] {
        guard image.width > 0, image.height > 0 else { return [] }
        page = image
        defer { page = GrayImage(width: 0, height: 0, pixels: []) }
        var merger = BarcodeMerger()
        let (working, scale) = image.downscaled(maxLongSide: BarcodeRecognizer.workingLongSide)
        let upscale: @Sendable (Point) -> Point = { Point(x: $0.x * scale, y: $0.y * scale) }
        let identity: @Sendable (Point) -> Point = { $0 }

        switch quality {
        case .fast:
            var options = ZXingReader.Options()
            options.tryHarder = false
            options.tryRotate = false
            try runPass(working, toPage: upscale, zxingOptions: options, decoders: decoders, into: &merger)
        case .balanced:
            try runPass(working, toPage: upscale, zxingOptions: .init(), decoders: decoders, into: &merger)
            if merger.isEmpty, scale > 1 {
                try runPass(image, toPage: identity, zxingOptions: .init(), decoders: decoders, into: &merger)
            }
            try runMatrixRegions(of: image, working: working, scale: scale, decoders: decoders, into: &merger)
        case .accurate:
            try runPass(working, toPage: upscale, zxingOptions: .init(), decoders: decoders, into: &merger)
            if scale > 1 {
                try runPass(image, toPage: identity, zxingOptions: .init(), decoders: decoders, into: &merger)
            }
            try runPass(working.inverted(), toPage: upscale, zxingOptions: .init(), decoders: decoders, into: &merger)
            var histogram = ZXingReader.Options()
            histogram.binarizer = .globalHistogram
            try runPass(working, toPage: upscale, zxingOptions: histogram, decoders: decoders.intersection([.zxing]), into: &merger)
            try runMatrixRegions(of: image, working: working, scale: scale, decoders: decoders, into: &merger)
            try runTiles(of: image, decoders: decoders, into: &merger)
            // Small images: bars and modules a pixel or two wide read better enlarged.
            if max(working.width, working.height) <= BarcodeRecognizer.workingLongSide / 2 {
                try runPass(working.upscaled(by: 2), toPage: { upscale(Point(x: $0.x / 2, y: $0.y / 2)) }, zxingOptions: .init(), decoders: decoders, into: &merger)
            }
            // Blurred or noisy images: half size sharpens edges and averages noise away.
            if max(working.width, working.height) >= 400 {
                let (half, halfScale) = working.downscaled(maxLongSide: max(working.width, working.height) / 2)
                try runPass(half, toPage: { upscale(Point(x: $0.x * halfScale, y: $0.y * halfScale)) }, zxingOptions: .init(), decoders: decoders, into: &merger)
            }
            let (turned, toWorking) = working.rotated(byDegrees: 45)
            try runPass(turned, toPage: { upscale(toWorking($0)) }, zxingOptions: .init(), decoders: decoders, into: &merger)
        }
        return merger.items()
    }

    /// Decodes one image with the chosen decoders and adds the valid reads, with quads mapped to the page.
    private func runPass(
        _ image: GrayImage, toPage: (Point) -> Point, zxingOptions: ZXingReader.Options,
        decoders: Set<DecodedSymbol.Decoder>, into merger: inout BarcodeMerger
    ) throws {
        try runPass(image, toPage: toPage, zxing: zxing, zxingOptions: zxingOptions, decoders: decoders, into: &merger)
    }

    private func runPass(
        _ image: GrayImage, toPage: (Point) -> Point, zxing: ZXingReader, zxingOptions: ZXingReader.Options,
        decoders: Set<DecodedSymbol.Decoder>, into merger: inout BarcodeMerger
    ) throws {
        var symbols: [DecodedSymbol] = []
        if decoders.contains(.zxing) { symbols += try zxing.read(image, options: zxingOptions) }
        if decoders.contains(.zbar) { symbols += try zbar.read(image) }
        for symbol in symbols {
            guard let payload = BarcodePayload.normalize(symbol, preferUPCA: preferUPCA),
                symbologies.contains(payload.symbology)
            else { continue }
            let quad = symbol.quad.mapped(toPage)
            // Scan-line slivers become the code's full bars, so reads of one code from different passes overlap.
            merger.add(
                payload, decoder: symbol.decoder,
                quad: payload.symbology.isLinear ? LinearCodeExtent.refined(quad, in: page) : quad)
        }
    }

    /// Each blob that looks like a 2-D code, cropped from the full-resolution page with a margin and read alone
    /// (see `MatrixCodeRegions` for why). Blobs where a 2-D code was already read are skipped.
    private func runMatrixRegions(
        of image: GrayImage, working: GrayImage, scale: Double, decoders: Set<DecodedSymbol.Decoder>,
        into merger: inout BarcodeMerger
    ) throws {
        guard let regionReader, decoders.contains(.zxing) else { return }
        for candidate in MatrixCodeRegions.candidates(in: working) {
            let region = Rect(x: candidate.x * scale, y: candidate.y * scale, width: candidate.width * scale, height: candidate.height * scale)
            if merger.groups.contains(where: { !$0.payload.symbology.isLinear && $0.quad.overlap(with: Quad(region)) > 0.5 }) {
                continue
            }
            // A quiet zone around the code, as zxing's detectors expect.
            let margin = max(region.width, region.height) * 0.25 + 8
            let x = Int(region.minX - margin), y = Int(region.minY - margin)
            let crop = image.cropped(x: x, y: y, width: Int(region.width + 2 * margin), height: Int(region.height + 2 * margin))
            guard crop.width > 0, crop.height > 0 else { continue }
            let (small, cropScale) = crop.downscaled(maxLongSide: BarcodeRecognizer.workingLongSide)
            let dx = Double(max(0, x)), dy = Double(max(0, y))
            var options = ZXingReader.Options()
            options.tryDownscale = true  // safe for matrix-only reads, see CZXing.h
            try runPass(
                small, toPage: { Point(x: $0.x * cropScale + dx, y: $0.y * cropScale + dy) }, zxing: regionReader,
                zxingOptions: options, decoders: [.zxing], into: &merger)
        }
    }

    /// Overlapping tiles of the full-resolution page, so that a small code on a large page is seen at full size
    /// by detectors that otherwise look at the page as a whole. Only for pages well above the working size.
    private func runTiles(of image: GrayImage, decoders: Set<DecodedSymbol.Decoder>, into merger: inout BarcodeMerger) throws {
        let tileSide = BarcodeRecognizer.workingLongSide
        guard max(image.width, image.height) > tileSide * 5 / 4 else { return }
        let step = tileSide * 3 / 4  // a quarter overlap, so a code cut by one tile's edge is whole in the next
        var ys = Array(stride(from: 0, to: max(1, image.height - tileSide), by: step))
        var xs = Array(stride(from: 0, to: max(1, image.width - tileSide), by: step))
        if let last = ys.last, last + tileSide < image.height { ys.append(max(0, image.height - tileSide)) }
        if let last = xs.last, last + tileSide < image.width { xs.append(max(0, image.width - tileSide)) }
        for y in ys {
            for x in xs {
                let tile = image.cropped(x: x, y: y, width: tileSide, height: tileSide)
                let dx = Double(x), dy = Double(y)
                try runPass(tile, toPage: { Point(x: $0.x + dx, y: $0.y + dy) }, zxingOptions: .init(), decoders: decoders, into: &merger)
            }
        }
    }
}
