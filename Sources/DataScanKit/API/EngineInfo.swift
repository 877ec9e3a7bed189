import CZBar

/// Versions of datascan and its engines, as reported by `--version`, `doctor` and manifest.json.
public enum EngineInfo {
    /// datascan's own version.
    public static let version = "0.1.0"

    /// `[("name", "datascan"), ("version", …), ("tesseract", …), …]`
    public static var toolVersions: [(String, String)] {
        [
            ("name", "datascan"), ("version", version), ("tesseract", TesseractEngine.version),
            ("leptonica", leptonicaVersion), ("poppler", PDFDocument.version), ("zbar", zbarVersion),
            ("zxing", "1.4"), ("sqlite", SQLiteDatabase.version),
        ]
    }

    static var zbarVersion: String {
        var major: UInt32 = 0, minor: UInt32 = 0, patch: UInt32 = 0
        zbar_version(&major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    static var leptonicaVersion: String { LeptonicaImage.version }
}
