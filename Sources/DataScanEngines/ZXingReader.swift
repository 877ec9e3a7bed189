import CZXing
import DataScanModel

/// Reads barcodes with zxing-cpp 3 through its C API (ZXingC.h): every symbol of an 8-bit gray image, of every
/// requested symbology, in one `ZXing_ReadBarcodes` call.
///
/// It holds no C state between calls (each call makes its own zxing options, image view and result list, each
/// owned by a class of its own), but like every engine wrapper it is meant to be used by one worker at a time.
/// Decoding is blocking CPU work, run on the caller's thread.
package final class ZXingReader {
    /// How the gray image is turned into black and white before decoding.
    package enum Binarizer: String, Hashable, Sendable, CaseIterable {
        /// Local average (zxing's default): robust on scans with uneven lighting.
        case localAverage
        /// One threshold per row (linear codes) or image: sometimes better on low-contrast, evenly lit images.
        case globalHistogram
        /// A fixed threshold at 127: for clean images; reads some low-contrast linear codes the others miss.
        case fixedThreshold
    }

    /// Decoder effort for one call (zxing-cpp 3's defaults unless set).
    package struct Options: Hashable, Sendable {
        /// More scan lines and finder-pattern candidates: a better detection rate for more time.
        package var tryHarder = true
        /// Also scan linear codes along the other axis (codes printed sideways).
        package var tryRotate = true
        /// Also read the inverted image (light-on-dark codes).
        package var tryInvert = true
        /// Also read downscaled copies of large images (blurry or oversampled codes).
        package var tryDownscale = true
        package var binarizer = Binarizer.localAverage
        /// The image holds one generated code and nothing else (no detection step): only for synthetic images.
        package var isPure = false
        /// For linear codes: how many scan lines must agree before zxing accepts a read (its default 2).
        package var minLineCount = 2
        /// Fail Code 39 and ITF symbols whose optional check digit is absent or wrong (zxing reports the check
        /// digit's state in the symbology identifier either way).
        package var validateOptionalChecksum = false

        package init() {}
    }

    /// The symbologies this reader looks for.
    let symbologies: Set<Symbology>

    /// - Parameter symbologies: what to look for; empty means every symbology.
    package init(symbologies: Set<Symbology>) {
        self.symbologies = symbologies.isEmpty ? Set(Symbology.allCases) : symbologies
    }

    /// The version of the zxing-cpp library linked in ("3.1.1").
    package static var version: String { String(cString: ZXing_Version()) }

    /// Every barcode zxing finds in the image, each once, quads in the image's pixels.
    /// - Throws: `BarcodeEngineError.invalidImage` for an empty image or one whose pixels do not match its sizes,
    ///   `.zxing` when zxing-cpp fails.
    package func read(_ image: GrayImage, options: Options = Options()) throws(BarcodeEngineError) -> [DecodedSymbol] {
        try barcodes(in: image, options: options).map(\.decodedSymbol)
    }

    /// zxing's own view of every barcode in the image.
    package func barcodes(in image: GrayImage, options: Options = Options()) throws(BarcodeEngineError) -> [ZXingBarcode] {
        // Made per call: a few fields of a small C++ struct, microseconds next to the decoding.
        let settings = try ZXingReaderOptionsHandle(options, symbologies: symbologies)
        let view = try ZXingImageView(gray: image.pixels, width: image.width, height: image.height)
        return try ZXingBarcodeList(reading: view, options: settings).barcodes()
    }
}

extension ZXingBarcode {
    /// The common decoder output: UPC-E as its 8 printed digits (zxing's text is the UPC-A expansion), binary only
    /// when the bytes are not text (zxing also calls control-character text, ISO 15434 messages in Data Matrix…,
    /// binary, but valid UTF-8 without NULs stays readable), GS1 when zxing says so.
    var decodedSymbol: DecodedSymbol {
        let points = corners.map { DataScanModel.Point(x: Double($0.x), y: Double($0.y)) }
        let quad = Quad(topLeft: points[0], topRight: points[1], bottomRight: points[2], bottomLeft: points[3])
        return DecodedSymbol(
            decoder: .zxing, symbology: symbology, text: symbology == .upce ? (upce ?? text) : text, bytes: bytes,
            // A NUL cannot cross zxing's C strings (the text would end there), and is no text anyway.
            isBinary: (contentType == .binary && String(validating: bytes, as: UTF8.self) == nil) || bytes.contains(0),
            isGS1: contentType == .gs1, quad: quad, scanLines: lineCount, symbologyIdentifier: symbologyIdentifier)
    }
}
