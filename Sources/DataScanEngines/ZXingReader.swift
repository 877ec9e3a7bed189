import CZXing
import DataScanModel

/// Reads barcodes with zxing-cpp (through the CZXing C shim) and converts its results to Swift.
///
/// It holds no C state between calls, but like every engine wrapper it is meant to be used by one worker at a
/// time; zxing's decoding is blocking CPU work, run on the caller's thread.
package final class ZXingReader {
    /// How the image is turned into black and white before decoding.
    package enum Binarizer: Sendable {
        /// Local average (zxing's default): robust on scans with uneven lighting.
        case localAverage
        /// One global threshold: sometimes better on low-contrast, evenly lit images.
        case globalHistogram
    }

    /// Decoder effort for one call.
    package struct Options: Hashable, Sendable {
        package var tryHarder = true
        package var tryRotate = true
        /// zxing's own downscaling; only takes effect for matrix-only format sets (see CZXing.h).
        package var tryDownscale = false
        package var isPure = false
        package var binarizer = Binarizer.localAverage

        package init(
            tryHarder: Bool = true, tryRotate: Bool = true, tryDownscale: Bool = false, isPure: Bool = false,
            binarizer: Binarizer = .localAverage
        ) {
            self.tryHarder = tryHarder
            self.tryRotate = tryRotate
            self.tryDownscale = tryDownscale
            self.isPure = isPure
            self.binarizer = binarizer
        }
    }

    /// The requested symbologies this reader looks for (an empty request means all). GS1 DataBar is never among
    /// them: zxing-cpp 1.4's DataBar reader fails an internal assertion on some images (zxing-cpp issue #516),
    /// which loses every linear code of that call; zbar reads DataBar well.
    let symbologies: Set<Symbology>
    private let formatMask: Int32

    package init(symbologies: Set<Symbology>) {
        let requested = (symbologies.isEmpty ? Set(Symbology.allCases) : symbologies).subtracting([.gs1DataBar])
        self.symbologies = requested
        self.formatMask = requested.reduce(Int32(0)) { $0 | ZXingReader.formatBit(for: $1) }
    }

    /// How many calls ended in a zxing-cpp internal assertion (counted as "nothing found") since this reader was made.
    private(set) var assertionFailures = 0

    /// True when zxing-cpp's failed assertions end the call instead of the process (see CZXing.h).
    static var survivesAssertions: Bool { czx_assertion_guard_active() == 1 }

    /// The zxing-cpp version the shim was built against.
    package static var version: String { String(cString: czx_version()) }

    /// At most this many linear codes are read from one image (each costs one more decoding of the image).
    static let maxLinearCodesPerImage = 24

    /// Every barcode zxing finds in the image, quads in the image's pixels.
    ///
    /// Matrix codes are read in one call. Linear codes are read one per call (see CZXing.h: two linear results in
    /// one call trip an assertion in zxing-cpp 1.4 and the call's results are lost): after each, the code is
    /// painted white in a copy of the image and the copy is read again, until nothing more is found.
    package func read(_ image: GrayImage, options: Options = Options()) throws -> [DecodedSymbol] {
        guard image.width > 0, image.height > 0, image.width <= Int(Int32.max), image.height <= Int(Int32.max)
        else { throw BarcodeEngineError.invalidImage(width: image.width, height: image.height) }
        var symbols: [DecodedSymbol] = []
        let matrixMask = formatMask & ~ZXingReader.linearMask
        let linearMask = formatMask & ZXingReader.linearMask
        if matrixMask != 0 { symbols += try decode(image, formats: matrixMask, options: options) }
        guard linearMask != 0 else { return symbols }
        var remaining = image
        var painted: [(text: String, area: Quad)] = []
        for _ in 0..<ZXingReader.maxLinearCodesPerImage {
            guard let found = try decode(remaining, formats: linearMask, options: options).first else { break }
            let area = LinearCodeExtent.refined(found.quad, in: remaining)
            // Painting it out failed to hide it (it can only come back at the same place): stop rather than loop.
            if painted.contains(where: { $0.text == found.text && $0.area.overlap(with: area) > 0.5 }) { break }
            painted.append((found.text, area))
            symbols.append(found)
            remaining.paintWhite(area.boundingRect, margin: max(4, area.boundingRect.width * 0.03, area.boundingRect.height * 0.03))
        }
        return symbols
    }

    /// One call into zxing-cpp.
    private func decode(_ image: GrayImage, formats: Int32, options: Options) throws -> [DecodedSymbol] {
        var settings = czx_default_options()
        settings.formats = formats
        settings.try_harder = options.tryHarder ? 1 : 0
        settings.try_rotate = options.tryRotate ? 1 : 0
        settings.try_downscale = options.tryDownscale ? 1 : 0
        settings.is_pure = options.isPure ? 1 : 0
        settings.binarizer = Int32(options.binarizer == .globalHistogram ? CZX_BINARIZER_GLOBAL_HISTOGRAM : CZX_BINARIZER_LOCAL_AVERAGE)
        settings.max_symbols = 255

        var results: UnsafeMutablePointer<czx_result>?
        var count: Int32 = 0
        var message = [CChar](repeating: 0, count: 512)
        // The pixel buffer is only borrowed for the duration of the call; zxing keeps no reference to it.
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            message.withUnsafeMutableBufferPointer { messageBuffer in
                czx_read_barcodes(
                    pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width), &settings,
                    &results, &count, messageBuffer.baseAddress, messageBuffer.count)
            }
        }
        // The array is owned by the shim; it is copied into Swift values below and freed on every path.
        defer { czx_results_free(results, count) }
        if status == Int32(CZX_ERROR_ASSERTION) {
            // zxing tripped one of its internal assertions on this image (see CZXing.h); the process survived, the
            // image simply has no zxing results.
            assertionFailures += 1
            return []
        }
        guard status == Int32(CZX_OK) else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw BarcodeEngineError.zxing(code: Int(status), message: text)
        }
        guard let results, count > 0 else { return [] }
        return UnsafeBufferPointer(start: results, count: Int(count)).compactMap(convert)
    }

    private func convert(_ result: czx_result) -> DecodedSymbol? {
        guard let symbology = ZXingReader.symbology(forFormatBit: result.format) else { return nil }
        let text =
            result.text.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: Int(result.text_length)), as: UTF8.self) } ?? ""
        let bytes = result.bytes.map { Array(UnsafeBufferPointer(start: $0, count: Int(result.bytes_length))) } ?? []
        let identifier = withUnsafeBytes(of: result.symbology_identifier) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        let corners = [result.corners.0, result.corners.1, result.corners.2, result.corners.3].map {
            Point(x: Double($0.x), y: Double($0.y))
        }
        let quad = Quad(topLeft: corners[0], topRight: corners[1], bottomRight: corners[2], bottomLeft: corners[3])
        return DecodedSymbol(
            decoder: .zxing, symbology: symbology, text: text, bytes: bytes,
            // Binary means bytes that are not text: zxing also calls control-character text (ISO 15434 messages
            // in Data Matrix...) binary, but valid UTF-8 stays readable as text.
            isBinary: result.content_type == Int32(CZX_CONTENT_BINARY) && String(validating: bytes, as: UTF8.self) == nil,
            isGS1: result.content_type == Int32(CZX_CONTENT_GS1) || ZXingReader.gs1Identifiers.contains(identifier),
            quad: quad)
    }

    /// Symbology identifiers (ISO/IEC 15424) that announce GS1 data: GS1-128, GS1 DataBar, GS1 DataMatrix,
    /// GS1 QR Code, GS1 Aztec.
    private static let gs1Identifiers: Set<String> = ["]C1", "]e0", "]d2", "]Q3", "]z1"]

    static func formatBit(for symbology: Symbology) -> Int32 {
        let bit: Int
        switch symbology {
        case .aztec: bit = Int(CZX_FORMAT_AZTEC)
        case .codabar: bit = Int(CZX_FORMAT_CODABAR)
        case .code39: bit = Int(CZX_FORMAT_CODE_39)
        case .code93: bit = Int(CZX_FORMAT_CODE_93)
        case .code128: bit = Int(CZX_FORMAT_CODE_128)
        case .dataMatrix: bit = Int(CZX_FORMAT_DATA_MATRIX)
        case .ean8: bit = Int(CZX_FORMAT_EAN_8)
        case .ean13: bit = Int(CZX_FORMAT_EAN_13)
        case .upca: bit = Int(CZX_FORMAT_UPC_A)
        case .upce: bit = Int(CZX_FORMAT_UPC_E)
        case .itf: bit = Int(CZX_FORMAT_ITF)
        case .pdf417: bit = Int(CZX_FORMAT_PDF417)
        case .qr: bit = Int(CZX_FORMAT_QR_CODE)
        case .microQR: bit = Int(CZX_FORMAT_MICRO_QR_CODE)
        case .gs1DataBar: bit = Int(CZX_FORMAT_DATABAR)
        case .gs1DataBarExpanded: bit = Int(CZX_FORMAT_DATABAR_EXPANDED)
        }
        return Int32(bit)
    }

    /// The format bits of the linear symbologies.
    static let linearMask: Int32 = Symbology.allCases.filter(\.isLinear).reduce(Int32(0)) { $0 | formatBit(for: $1) }

    static func symbology(forFormatBit bit: Int32) -> Symbology? {
        Symbology.allCases.first { formatBit(for: $0) == bit }
    }
}

extension GrayImage {
    /// Paints the rectangle (grown by `margin`, clamped to the image) white.
    fileprivate mutating func paintWhite(_ rect: Rect, margin: Double) {
        let x0 = max(0, Int(rect.minX - margin)), x1 = min(width, Int((rect.maxX + margin).rounded(.up)))
        let y0 = max(0, Int(rect.minY - margin)), y1 = min(height, Int((rect.maxY + margin).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return }
        for y in y0..<y1 {
            for x in x0..<x1 { pixels[y * width + x] = 255 }
        }
    }
}
