import DataScanEngines
import DataScanModel
import DataScanStore

/// Versions of datascan and its engines, as reported by `--version`, `doctor` and manifest.json.
public enum EngineInfo {
    /// datascan's own version.
    public static let version = "0.2.0"

    /// `[("name", "datascan"), ("version", …), ("tesseract", …), …, ("onnxruntime", …), ("ppocr", …)]`.
    /// `onnxruntime` and `ppocr` say `not installed` where PP-OCR cannot run; `ppocr` names the models with the
    /// first 12 hex digits of their sha256 (`det d2a7720d45a5, rec …, cls …`).
    public static var toolVersions: [(String, String)] {
        var versions = [
            ("name", "datascan"), ("version", version), ("tesseract", TesseractEngine.version),
            ("leptonica", LeptonicaImage.version), ("poppler", PDFDocument.version), ("zbar", ZBarReader.version),
            ("zxing", ZXingReader.version), ("sqlite", SQLiteJobStore.sqliteVersion),
        ]
        if let ppocr = try? PPOCREngine.installation() {
            versions.append(("onnxruntime", ppocr.runtimeVersion))
            versions.append(("ppocr", ppocrModels(ppocr.modelChecksums)))
        } else {
            versions += [("onnxruntime", "not installed"), ("ppocr", "not installed")]
        }
        return versions
    }

    /// `PP-OCRv4 (rapidocr-onnxruntime 1.4.4): det 53edd908dd96, rec 4824cc6d6efd, cls fa0ecd979be6`.
    static func ppocrModels(_ checksums: [String: String]) -> String {
        let parts = PPOCREngine.models.map { role, file in "\(role) " + (checksums[file].map { String($0.prefix(12)) } ?? "unknown") }
        return "\(PPOCREngine.modelsName): " + parts.joined(separator: ", ")
    }
}
