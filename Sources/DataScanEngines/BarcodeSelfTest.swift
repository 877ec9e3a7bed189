import DataScanModel

/// A check that both barcode decoders really decode (backs `datascan doctor`): an EAN-8 drawn bar by bar, so it
/// needs no barcode writer and no file, read by each decoder on its own.
package enum BarcodeSelfTest {
    /// The test code's payload (a valid EAN-8: check digit 4).
    package static let payload = "96385074"

    /// The decoders that read `payload` from the drawn code.
    /// - Throws: `BarcodeEngineError` when a decoder cannot start or fails.
    package static func decodersThatRead() throws -> Set<DecodedSymbol.Decoder> {
        let image = ean8(payload)
        var read: Set<DecodedSymbol.Decoder> = []
        if try ZXingReader(symbologies: [.ean8]).read(image).contains(where: { $0.text == payload }) { read.insert(.zxing) }
        if try ZBarReader(symbologies: [.ean8]).read(image).contains(where: { $0.text == payload }) { read.insert(.zbar) }
        return read
    }

    /// An EAN-8 of 8 digits: 3 px modules, 60 px bars, 10-module quiet zones.
    static func ean8(_ digits: String) -> GrayImage {
        // Left-hand (odd parity) patterns, ISO/IEC 15420; the right-hand patterns are their complements.
        let left = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"]
        let values = digits.compactMap(\.wholeNumberValue)
        var modules = "101"
        for value in values.prefix(4) { modules += left[value] }
        modules += "01010"
        for value in values.dropFirst(4) { modules += String(left[value].map { $0 == "0" ? "1" : "0" }) }
        modules += "101"
        let moduleWidth = 3, quietZone = 10, barHeight = 60, margin = 20
        let width = (modules.count + 2 * quietZone) * moduleWidth, height = barHeight + 2 * margin
        var pixels = [UInt8](repeating: 255, count: width * height)
        for (index, module) in modules.enumerated() where module == "1" {
            let x0 = (quietZone + index) * moduleWidth
            for y in margin..<(margin + barHeight) {
                for x in x0..<(x0 + moduleWidth) { pixels[y * width + x] = 0 }
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }
}
