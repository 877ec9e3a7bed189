import DataScanEngines
import DataScanModel

/// Finds barcodes on a page with both zxing-cpp and zbar and merges their results.
/// Not thread-safe: one per worker, reused across pages (it owns a zbar scanner).
///
/// zxing-cpp 3 returns every symbol of an image, of every symbology, in one call; zbar adds reads of poorly
/// printed EAN/UPC and DataBar codes. Passes by quality level (each pass runs zxing and zbar on the same pixels):
/// - `.fast`: the working copy (long side at most `workingLongSide`), zxing not trying rotations or inversion.
/// - `.balanced`: the working copy, zxing trying rotations (and, on small images, inversion and downscaling too),
///   and small images also at twice their size; then, only if nothing was found, the page at full resolution (when
///   the copy was smaller: small codes blur away in it), without zxing's rotated pass there (zbar scans both axes;
///   on a 300 dpi A4 page without a code the retry took 0.39 s of the 0.49 s, 0.15 s without it), and with zbar
///   scanning about as many lines across a code as on the working copy (`retryScanLineDensity`).
/// - `.accurate`: all of that always and with zxing's full effort, plus zxing's global-histogram binarizer, the
///   inverted page for zbar (zxing tries inversion itself), half size (blurred images), overlapping tiles of the full
///   page (small codes on large pages), small tiles of the working copy for linear codes (a wide white page hides a
///   low-contrast one from zxing's per-row threshold) and the page turned by 45° (linear codes at an angle, which
///   scan lines along the axes cannot cross).
///
/// At every level, a read that could be a misread (see `BarcodeMerger`) is read again from a crop around it, with
/// another binarizer and at another scale; what is reported then depends on whether the reads agree.
///
/// Reads of the same symbology and payload whose quads overlap are one item; its confidence is 1.0 when both
/// decoders read it and 0.9 when only one did. Quads are in the pixels of the image given to `recognize`.
package final class BarcodeRecognizer {
    let symbologies: Set<Symbology>
    let quality: QualityLevel

    private let zxing: ZXingReader
    /// zxing for the requested linear symbologies only (nil when none was requested), for `readLinearTiles`.
    private let linearZXing: ZXingReader?
    private let zbar: ZBarReader
    /// UPC-A codes are also EAN-13 codes with a leading 0; report them as UPC-A unless only EAN-13 was requested.
    private let preferUPCA: Bool

    /// The long side of the working copy for the first pass: large enough for the usual codes on an A4 page at
    /// 200 DPI, small enough to keep the pass well under a second.
    static let workingLongSide = 1600
    /// At most this many reads per page are read again to confirm them (each costs a few small decodes).
    static let maxConfirmations = 12

    /// zbar's scan-line density for the full-resolution retry at `balanced`, when the working copy was `scale`
    /// times smaller: every `scale`-th row and column rounded up, at most every third, so that a code is crossed by
    /// at least half as many scan lines as in the working copy (three quarters on a 300 dpi A4 page), each at full
    /// resolution along the bars, which is what the retry is for. zbar scans every line by default; it was two
    /// thirds of all barcode time on real receipts and on 300 dpi A4 scans.
    static func retryScanLineDensity(scale: Double) -> Int {
        min(3, max(1, Int(scale.rounded(.up))))
    }

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
        let linear = decoderSymbologies.filter(\.isLinear)
        self.linearZXing = linear.isEmpty ? nil : ZXingReader(symbologies: linear)
        self.zbar = try ZBarReader(symbologies: decoderSymbologies)
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
        let isSmall = workingLongSide <= BarcodeRecognizer.workingLongSide / 2
        let full = ZXingReader.Options()
        // On a whole page at balanced quality zxing's inverted and downscaled retries would double the pass (light-on-
        // dark and blurry oversampled codes are rare on documents; accurate tries them, and photos of one code,
        // small images, get them cheaply).
        var page = full
        if quality == .balanced, !isSmall {
            page.tryInvert = false
            page.tryDownscale = false
        }

        if quality == .fast {
            var options = ZXingReader.Options()
            options.tryRotate = false
            options.tryInvert = false
            try read(working, resolution: 1 / scale, toPage: fromWorking, options: options, into: &scan)
            try confirmDoubtfulReads(into: &scan)
            return scan.merger.items()
        }

        try read(working, resolution: 1 / scale, toPage: fromWorking, options: page, into: &scan)
        let extraEffort = quality == .accurate || scan.merger.isEmpty
        if extraEffort, scale > 1 {
            var retry = page
            var density = 1
            if quality == .balanced {
                retry.tryRotate = false
                density = Self.retryScanLineDensity(scale: scale)
            }
            try read(image, resolution: 1, toPage: { $0 }, options: retry, zbarDensity: density, into: &scan)
        }
        // Small images (a photo of one code): bars and modules a pixel or two wide read better enlarged, and the
        // second scale is a second read for what the first pass saw on few scan lines. Cheap at this size.
        if isSmall {
            try read(
                working.upscaled(by: 2), resolution: 2 / scale, toPage: { fromWorking(Point(x: $0.x / 2, y: $0.y / 2)) },
                options: full, into: &scan)
        }
        if quality == .accurate {
            try read(working.inverted(), resolution: 1 / scale, toPage: fromWorking, options: full, decoders: [.zbar], into: &scan)
            var histogram = ZXingReader.Options()
            histogram.binarizer = .globalHistogram
            try read(working, resolution: 1 / scale, toPage: fromWorking, options: histogram, decoders: [.zxing], into: &scan)
            // Blurred or noisy images: half size sharpens edges and averages noise away.
            if workingLongSide >= 400 {
                let (half, halfScale) = working.downscaled(maxLongSide: workingLongSide / 2)
                try read(
                    half, resolution: 1 / (scale * halfScale), toPage: { fromWorking(Point(x: $0.x * halfScale, y: $0.y * halfScale)) },
                    options: full, into: &scan)
            }
            try readTiles(into: &scan)
            try readLinearTiles(working, resolution: 1 / scale, toPage: fromWorking, into: &scan)
            let (turned, toWorking) = working.rotated(byDegrees: 45)
            try read(turned, resolution: -1, toPage: { fromWorking(toWorking($0)) }, options: full, into: &scan)
        }
        try confirmDoubtfulReads(into: &scan)
        return scan.merger.items()
    }

    /// One `recognize` call in progress: the page, the decoders in use and the reads so far.
    private struct PageScan {
        let page: GrayImage
        let decoders: Set<DecodedSymbol.Decoder>
        var merger = BarcodeMerger()
        /// Numbers the views of the page read so far (scale and zxing binarizer), so the merger can tell a second
        /// read from the same read seen twice: the page and a crop of it at the same scale are one view.
        var views: [String: Int] = [:]

        init(page: GrayImage, decoders: Set<DecodedSymbol.Decoder>) {
            self.page = page
            self.decoders = decoders
        }

        /// The number of the view at `resolution` (pixels of the image per pixel of the page; -1 for the page
        /// turned by 45°) with this binarizer.
        mutating func view(resolution: Double, binarizer: ZXingReader.Binarizer) -> Int {
            let key = PageScan.key(resolution: resolution, binarizer: binarizer)
            if let number = views[key] { return number }
            views[key] = views.count
            return views.count - 1
        }

        /// Scales in 5 % steps: the same scale give or take rounding is the same view.
        static func key(resolution: Double, binarizer: ZXingReader.Binarizer) -> String {
            "\(Int((resolution * 20).rounded())) \(binarizer)"
        }
    }

    /// Decodes one image (a copy of the page or of part of it) as one pass, and adds the valid reads, quads mapped
    /// to the page.
    /// - Parameters:
    ///   - toPage: maps a point of `image` to the page.
    ///   - decoders: restricts the decoders of the scan further (nil: all of them).
    ///   - zbarDensity: zbar scans every `zbarDensity`-th row and column.
    private func read(
        _ image: GrayImage, resolution: Double, toPage: (Point) -> Point, options: ZXingReader.Options,
        decoders: Set<DecodedSymbol.Decoder>? = nil, reader: ZXingReader? = nil, zbarDensity: Int = 1,
        into scan: inout PageScan
    ) throws {
        let active = decoders.map { $0.intersection(scan.decoders) } ?? scan.decoders
        var symbols: [DecodedSymbol] = []
        if active.contains(.zxing) { symbols += try (reader ?? zxing).read(image, options: options) }
        if active.contains(.zbar) { symbols += try zbar.read(image, density: zbarDensity) }
        let pass = scan.view(resolution: resolution, binarizer: options.binarizer)
        for symbol in symbols {
            guard let payload = BarcodePayload.normalize(symbol, preferUPCA: preferUPCA),
                symbologies.contains(payload.symbology)
            else { continue }
            let quad = symbol.quad.mapped(toPage)
            // Scan-line slivers become the code's full bars, so reads of one code from different passes overlap.
            scan.merger.add(
                payload, decoder: symbol.decoder,
                quad: payload.symbology.isLinear ? LinearCodeExtent.refined(quad, in: scan.page) : quad, pass: pass,
                scanLines: symbol.scanLines, hasCheckCharacter: BarcodePayload.hasVerifiedCheckCharacter(symbol))
        }
    }

    /// Reads each doubtful code again (one that needs confirmation, or one of two payloads at the same place) from a
    /// crop of the full-resolution page around it: with zxing's global-histogram binarizer, and at another scale.
    /// A crop also takes a low-contrast code out of a wide white page, whose rows zxing thresholds as a whole.
    private func confirmDoubtfulReads(into scan: inout PageScan) throws {
        let viewsBefore = scan.views
        let isNew = { (scale: Double) in viewsBefore[PageScan.key(resolution: scale, binarizer: .localAverage)] == nil }
        var done: [Rect] = []
        for group in scan.merger.doubtful().prefix(BarcodeRecognizer.maxConfirmations) {
            let box = group.quad.boundingRect
            if done.contains(where: { Quad($0).overlap(with: Quad(box)) > BarcodeMerger.conflictOverlap }) { continue }
            done.append(box)
            // A quiet zone around the code, as the decoders expect.
            let margin = max(box.width, box.height) * 0.25 + 16
            let x = max(0, Int(box.minX - margin)), y = max(0, Int(box.minY - margin))
            let crop = scan.page.cropped(
                x: x, y: y, width: Int(box.maxX + margin) - x, height: Int(box.maxY + margin) - y)
            guard crop.width > 0, crop.height > 0 else { continue }
            let dx = Double(x), dy = Double(y)
            var histogram = ZXingReader.Options()
            histogram.binarizer = .globalHistogram
            // zbar has no binarizer to choose: the same pixels would give it the same read, not a second one.
            try read(
                crop, resolution: 1, toPage: { Point(x: $0.x + dx, y: $0.y + dy) }, options: histogram, decoders: [.zxing],
                into: &scan)
            // Scales the page was not read at before: enlarged for small codes, halved for large ones (blur and
            // noise average out), both in between.
            let cropLongSide = max(crop.width, crop.height)
            let enlarged: Double? = cropLongSide <= BarcodeRecognizer.workingLongSide / 2 ? [2, 3].first(where: isNew) : nil
            if let scale = enlarged {
                try read(
                    crop.upscaled(by: Int(scale)), resolution: scale,
                    toPage: { Point(x: $0.x / scale + dx, y: $0.y / scale + dy) }, options: .init(), into: &scan)
            }
            if cropLongSide >= 400, isNew(0.5) {
                let (half, halfScale) = crop.downscaled(maxLongSide: cropLongSide / 2)
                try read(
                    half, resolution: 1 / halfScale, toPage: { Point(x: $0.x * halfScale + dx, y: $0.y * halfScale + dy) },
                    options: .init(), into: &scan)
            }
        }
    }

    /// Overlapping tiles of the working copy about `linearTileSide` wide, read by zxing for linear codes only. zxing
    /// thresholds each row of a linear code as a whole: on a wide white page a low-contrast code (a photo of a
    /// label pasted into a scan) drowns in the page's white, and is read once the row is short.
    /// The tiles are the working copy's pixels with the same binarizer: a read there is no second read.
    private func readLinearTiles(
        _ working: GrayImage, resolution: Double, toPage: @escaping (Point) -> Point, into scan: inout PageScan
    ) throws {
        guard let linearZXing, scan.decoders.contains(.zxing), working.width > BarcodeRecognizer.linearTileSide else { return }
        let side = BarcodeRecognizer.linearTileSide
        let step = side * 3 / 4
        var xs = Array(stride(from: 0, to: working.width - side, by: step))
        xs.append(working.width - side)
        var ys = Array(stride(from: 0, to: max(1, working.height - side), by: step))
        if working.height > side { ys.append(working.height - side) }
        for y in ys {
            for x in xs {
                let tile = working.cropped(x: x, y: y, width: side, height: side)
                let dx = Double(x), dy = Double(y)
                try read(
                    tile, resolution: resolution, toPage: { toPage(Point(x: $0.x + dx, y: $0.y + dy)) }, options: .init(),
                    decoders: [.zxing], reader: linearZXing, into: &scan)
            }
        }
    }

    /// The side of `readLinearTiles`' tiles: zxing missed a low-contrast photo of an EAN-13 on a white page from
    /// about 700 pixels wide.
    static let linearTileSide = 600

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
                try read(tile, resolution: 1, toPage: { Point(x: $0.x + dx, y: $0.y + dy) }, options: .init(), into: &scan)
            }
        }
    }
}
