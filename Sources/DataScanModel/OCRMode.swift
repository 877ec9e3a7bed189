/// Which OCR engine reads a page's text (`--ocr`).
public enum OCRMode: String, CaseIterable, Hashable, Sendable, Codable {
    /// Tesseract alone.
    case tesseract
    /// PP-OCR (PP-OCRv4 on ONNX Runtime) alone.
    case ppocr
    /// Tesseract first, PP-OCR as well where the page reads poorly or its receipt evidence is weak; how eagerly is
    /// the quality level's choice (`fast`: never, `accurate`: every page).
    case auto
}

/// Where a recognized line's text came from: the OCR engine that read it, or the PDF's text layer.
public enum LineSource: String, CaseIterable, Hashable, Sendable, Codable {
    case tesseract
    case ppocr
    case textLayer
}
