/// The speed/accuracy trade-off of recognition (render DPI, preprocessing, orientation detection,
/// decoder effort).
public enum QualityLevel: String, CaseIterable, Hashable, Sendable, Codable {
    /// 200 DPI for scanned PDF pages, no preprocessing, no orientation check, one barcode pass on a downscaled copy.
    case fast
    /// 300 DPI; background normalization only on unevenly lit pages; pages 3–25° askew straightened; orientation
    /// detection when the upright pass reads poorly; barcodes on a downscaled copy, then at full resolution when nothing was found.
    case balanced
    /// 300 DPI; background normalization and orientation detection on every page; skewed pages straightened; every barcode pass (full
    /// resolution, inverted, another binarizer, tiles, a 45° turn).
    case accurate

    /// The resolution a scanned PDF page is rendered at.
    public var renderDPI: Double {
        switch self {
        case .fast: 200
        case .balanced, .accurate: 300
        }
    }
}
