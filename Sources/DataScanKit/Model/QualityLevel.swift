/// The speed/accuracy trade-off of recognition (render DPI, preprocessing, orientation detection,
/// decoder effort).
public enum QualityLevel: String, CaseIterable, Hashable, Sendable, Codable {
    /// 200 DPI for PDFs, no preprocessing, one barcode pass.
    case fast
    /// 300 DPI for PDFs, grayscale with contrast normalization, barcode passes on a downscaled copy and the full page.
    case balanced
    /// 300 DPI for PDFs, background normalization, every barcode trick (tiles, rotations, inversion).
    case accurate

    /// The resolution a scanned PDF page is rendered at.
    public var renderDPI: Double {
        switch self {
        case .fast: 200
        case .balanced, .accurate: 300
        }
    }
}
