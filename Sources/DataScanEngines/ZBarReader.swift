import CZBar
import DataScanModel

/// Reads barcodes with zbar. Owns one `zbar_image_scanner_t`, configured once for the requested symbologies
/// and freed in `deinit`.
///
/// Not thread-safe: zbar's scanner keeps per-scan state, so use one reader per page thread. Scanning is
/// blocking CPU work, run on the caller's thread.
package final class ZBarReader {
    /// zbar's version (`0.23.92`).
    package static var version: String {
        var major: UInt32 = 0, minor: UInt32 = 0, patch: UInt32 = 0
        zbar_version(&major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// The requested symbologies that zbar can read (zbar has no Aztec, Data Matrix or Micro QR reader, and its
    /// PDF417 reader never finishes a decode, so those are left to zxing).
    let symbologies: Set<Symbology>
    private let scanner: OpaquePointer
    /// The scan-line density the scanner is configured with (zbar's default: every row and every column).
    private var density = 1

    /// - Parameter symbologies: what to look for; empty means everything zbar supports.
    package init(symbologies: Set<Symbology>) throws {
        let requested = symbologies.isEmpty ? Set(Symbology.allCases) : symbologies
        guard let scanner = zbar_image_scanner_create() else {
            throw BarcodeEngineError.zbar(message: "could not create an image scanner (out of memory?)")
        }
        self.scanner = scanner
        self.symbologies = requested.filter { ZBarReader.zbarType(for: $0) != nil }
        // Start from nothing enabled (symbology 0 addresses all of them), then enable exactly what was asked for,
        // so that zbar never reports a symbology the caller did not request.
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        for symbology in self.symbologies {
            if let type = ZBarReader.zbarType(for: symbology) {
                zbar_image_scanner_set_config(scanner, type, ZBAR_CFG_ENABLE, 1)
            }
        }
        // Raw QR bytes: zbar would otherwise guess a character set and transcode, hiding binary payloads.
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_POSITION, 1)
    }

    deinit {
        zbar_image_scanner_destroy(scanner)
    }

    /// Every barcode zbar finds in the image, quads in the image's pixels.
    /// - Parameter density: scan every `density`-th row and column (zbar's X and Y density): fewer lines, less time
    ///   (on a 300 dpi A4 page, density 3 took about half as long as every line).
    package func read(_ image: GrayImage, density: Int = 1) throws -> [DecodedSymbol] {
        guard !symbologies.isEmpty else { return [] }
        guard image.width > 0, image.height > 0, image.width <= Int(UInt32.max), image.height <= Int(UInt32.max)
        else { throw BarcodeEngineError.invalidImage(width: image.width, height: image.height) }
        let density = max(1, density)
        if density != self.density {
            zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_X_DENSITY, Int32(density))
            zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, Int32(density))
            self.density = density
        }
        let zbarImage = try ZBarImage()
        return image.pixels.withUnsafeBufferPointer { pixels -> [DecodedSymbol] in
            // zbar only borrows the buffer (no cleanup handler); the symbols are copied out before it is released.
            zbarImage.setGray(pixels, width: image.width, height: image.height)
            defer { zbarImage.detachData() }
            let found = zbar_scan_image(scanner, zbarImage.handle)
            guard found > 0 else { return [] }
            var symbols: [DecodedSymbol] = []
            var symbol = zbar_image_first_symbol(zbarImage.handle)
            while let current = symbol {
                if let decoded = convert(current) { symbols.append(decoded) }
                symbol = zbar_symbol_next(current)
            }
            return symbols
        }
    }

    private func convert(_ symbol: OpaquePointer) -> DecodedSymbol? {
        guard let symbology = ZBarReader.symbology(for: zbar_symbol_get_type(symbol)) else { return nil }
        let length = Int(zbar_symbol_get_data_length(symbol))
        let bytes: [UInt8] =
            zbar_symbol_get_data(symbol).map { data in
                data.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
            } ?? []
        let pointCount = zbar_symbol_get_loc_size(symbol)
        let points = (0..<pointCount).map { index in
            Point(x: Double(zbar_symbol_get_loc_x(symbol, index)), y: Double(zbar_symbol_get_loc_y(symbol, index)))
        }
        guard !points.isEmpty else { return nil }
        let orientation = ZBarReader.orientation(zbar_symbol_get_orientation(symbol))
        let quad = ZBarReader.quad(from: points, isLinear: symbology.isLinear, orientation: orientation)
        let isValidText = String(validating: bytes, as: UTF8.self) != nil
        let text = String(decoding: bytes, as: UTF8.self)
        let isGS1 =
            (zbar_symbol_get_modifiers(symbol) & (1 << ZBAR_MOD_GS1.rawValue)) != 0
            || symbology == .gs1DataBarExpanded
        return DecodedSymbol(
            decoder: .zbar, symbology: symbology, text: text, bytes: bytes, isBinary: !isValidText, isGS1: isGS1,
            quad: quad,
            // For linear codes zbar's "quality" is how many scan passes decoded the same data.
            scanLines: symbology.isLinear ? Int(zbar_symbol_get_quality(symbol)) : 0)
    }

    /// The quad of a symbol from zbar's location points, corners ordered as the code reads.
    ///
    /// For 2-D codes zbar gives the corners. For linear codes the points are where scan lines crossed the code, so
    /// they may lie on a single line: the quad is their bounding box, grown across the reading direction to at least
    /// `LinearCodeExtent.minimumAspect` of the code's length, because a zero-height box would not contain the code
    /// (`LinearCodeExtent.refined` can then find the real bar height in the image).
    static func quad(from points: [Point], isLinear: Bool, orientation: QuarterTurn) -> Quad {
        if !isLinear, points.count == 4 {
            return Quad.ordered(points, readingUp: orientation)
        }
        let xs = points.map(\.x), ys = points.map(\.y)
        var minX = xs.min() ?? 0, maxX = xs.max() ?? 0, minY = ys.min() ?? 0, maxY = ys.max() ?? 0
        if isLinear {
            let horizontal = orientation == .up || orientation == .down
            let length = horizontal ? maxX - minX : maxY - minY
            let minimumThickness = max(length * LinearCodeExtent.minimumAspect, 4)
            if horizontal, maxY - minY < minimumThickness {
                let grow = (minimumThickness - (maxY - minY)) / 2
                minY -= grow
                maxY += grow
            } else if !horizontal, maxX - minX < minimumThickness {
                let grow = (minimumThickness - (maxX - minX)) / 2
                minX -= grow
                maxX += grow
            }
        }
        let box = Quad(Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY))
        return Quad.ordered(box.corners, readingUp: orientation)
    }

    static func orientation(_ value: zbar_orientation_t) -> QuarterTurn {
        switch value {
        case ZBAR_ORIENT_RIGHT: .right
        case ZBAR_ORIENT_DOWN: .down
        case ZBAR_ORIENT_LEFT: .left
        default: .up
        }
    }

    static func zbarType(for symbology: Symbology) -> zbar_symbol_type_t? {
        switch symbology {
        case .codabar: ZBAR_CODABAR
        case .code39: ZBAR_CODE39
        case .code93: ZBAR_CODE93
        case .code128: ZBAR_CODE128
        case .ean8: ZBAR_EAN8
        case .ean13: ZBAR_EAN13
        case .upca: ZBAR_UPCA
        case .upce: ZBAR_UPCE
        case .itf: ZBAR_I25
        case .qr: ZBAR_QRCODE
        case .gs1DataBar: ZBAR_DATABAR
        case .gs1DataBarExpanded: ZBAR_DATABAR_EXP
        case .aztec, .dataMatrix, .microQR, .pdf417: nil
        }
    }

    static func symbology(for type: zbar_symbol_type_t) -> Symbology? {
        switch type {
        case ZBAR_CODABAR: .codabar
        case ZBAR_CODE39: .code39
        case ZBAR_CODE93: .code93
        case ZBAR_CODE128: .code128
        case ZBAR_EAN8: .ean8
        case ZBAR_EAN13: .ean13
        case ZBAR_UPCA: .upca
        case ZBAR_UPCE: .upce
        case ZBAR_I25: .itf
        case ZBAR_QRCODE: .qr
        case ZBAR_DATABAR: .gs1DataBar
        case ZBAR_DATABAR_EXP: .gs1DataBarExpanded
        default: nil
        }
    }
}

/// One `zbar_image_t`, owned for the duration of a scan and destroyed in `deinit`.
private final class ZBarImage {
    let handle: OpaquePointer

    init() throws {
        guard let handle = zbar_image_create() else {
            throw BarcodeEngineError.zbar(message: "could not create an image (out of memory?)")
        }
        self.handle = handle
    }

    deinit {
        zbar_image_destroy(handle)
    }

    /// 'Y800': 8-bit luminance, one byte per pixel (zbar_fourcc is a macro, which Swift cannot import).
    private static let y800: UInt = 0x3030_3859

    /// Points the image at borrowed pixels; call `detachData()` before the buffer goes away.
    func setGray(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int) {
        zbar_image_set_format(handle, ZBarImage.y800)
        zbar_image_set_size(handle, UInt32(width), UInt32(height))
        zbar_image_set_data(handle, UnsafeRawPointer(pixels.baseAddress), UInt(pixels.count), nil)
    }

    /// Forgets the borrowed buffer (with no cleanup handler set, zbar frees nothing) so no dangling pointer stays.
    func detachData() {
        zbar_image_set_data(handle, nil, 0, nil)
    }
}
