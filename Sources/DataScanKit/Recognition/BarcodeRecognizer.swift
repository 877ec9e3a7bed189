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
    }

    /// Every barcode on the image, each with its quad in the image's pixels, in reading order.
    func recognize(_ image: GrayImage) throws -> [RecognizedItem.Barcode] {
        try recognize(image, decoders: [.zxing, .zbar])
    }

    /// As `recognize(_:)`, restricted to some decoders (to measure each decoder on its own).
    func recognize(_ image: GrayImage, decoders: Set<DecodedSymbol.Decoder>) throws -> [RecognizedItem.Barcode] {
        guard image.width > 0, image.height > 0 else { return [] }
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
        case .accurate:
            try runPass(working, toPage: upscale, zxingOptions: .init(), decoders: decoders, into: &merger)
            if scale > 1 {
                try runPass(image, toPage: identity, zxingOptions: .init(), decoders: decoders, into: &merger)
            }
            try runPass(working.inverted(), toPage: upscale, zxingOptions: .init(), decoders: decoders, into: &merger)
            var histogram = ZXingReader.Options()
            histogram.binarizer = .globalHistogram
            try runPass(working, toPage: upscale, zxingOptions: histogram, decoders: decoders.intersection([.zxing]), into: &merger)
            try runTiles(of: image, decoders: decoders, into: &merger)
            let (turned, toWorking) = working.rotated(byDegrees: 45)
            try runPass(turned, toPage: { upscale(toWorking($0)) }, zxingOptions: .init(), decoders: decoders, into: &merger)
        }
        return merger.items().map { item in
            guard item.symbology.isLinear else { return item }
            var refined = item
            refined.bounds = LinearCodeExtent.refined(item.bounds, in: image)
            return refined
        }
    }

    /// Decodes one image with the chosen decoders and adds the valid reads, with quads mapped to the page.
    private func runPass(
        _ image: GrayImage, toPage: (Point) -> Point, zxingOptions: ZXingReader.Options,
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
            merger.add(
                payload, decoder: symbol.decoder,
                quad: payload.symbology.isLinear ? LinearCodeExtent.withMinimumThickness(quad) : quad)
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
