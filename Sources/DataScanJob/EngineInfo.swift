import DataScanEngines
import DataScanModel
import DataScanStore

/// Versions of datascan and its engines, as reported by `--version`, `doctor` and manifest.json.
public enum EngineInfo {
    /// datascan's own version.
    public static let version = "0.2.0"

    /// `[("name", "datascan"), ("version", …), ("tesseract", …), …]`
    public static var toolVersions: [(String, String)] {
        [
            ("name", "datascan"), ("version", version), ("tesseract", TesseractEngine.version),
            ("leptonica", LeptonicaImage.version), ("poppler", PDFDocument.version), ("zbar", ZBarReader.version),
            ("zxing", ZXingReader.version), ("sqlite", SQLiteJobStore.sqliteVersion),
        ]
    }
}
