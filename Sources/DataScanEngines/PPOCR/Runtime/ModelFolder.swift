import Foundation

/// The folder with the three PP-OCR models (and `manifest.json`, `ppocr_keys.txt` from scripts/fetch-ppocr).
struct ModelFolder {
    static let detection = "ch_PP-OCRv4_det_infer.onnx"
    static let recognition = "ch_PP-OCRv4_rec_infer.onnx"
    static let classification = "ch_ppocr_mobile_v2.0_cls_infer.onnx"
    static let keys = "ppocr_keys.txt"
    static let manifest = "manifest.json"

    let path: String

    /// The given folder, or the first of the looked-up ones that holds the detection model; every model must be
    /// there.
    init(explicit: String?) throws(PPOCRError) {
        let candidates = explicit.map { [$0] } ?? RuntimeLocator.modelFolderCandidates()
        guard let found = candidates.first(where: { Self.exists($0, Self.detection) }) else {
            let first = (candidates.first ?? ".") as NSString
            throw .modelNotFound(path: first.appendingPathComponent(Self.detection), searched: candidates)
        }
        path = found
        for model in [Self.recognition, Self.classification] where !Self.exists(found, model) {
            throw .modelNotFound(path: file(model), searched: [found])
        }
    }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// File name → sha256 from manifest.json; empty when there is none (models placed by hand).
    func manifest() -> [String: String] {
        struct Manifest: Decodable { let files: [String: String] }
        guard let data = FileManager.default.contents(atPath: file(Self.manifest)),
            let manifest = try? JSONDecoder().decode(Manifest.self, from: data)
        else { return [:] }
        return manifest.files
    }

    /// The recognizer's characters: the rec model's `character` metadata (one per line), else ppocr_keys.txt.
    func characters(metadata: String?) throws(PPOCRError) -> [String] {
        var text = metadata
        if text == nil, let data = FileManager.default.contents(atPath: file(Self.keys)) {
            text = String(decoding: data, as: UTF8.self)
        }
        guard let text else {
            throw .modelInvalid(
                path: file(Self.recognition), reason: "it has no character list in its metadata and there is no \(Self.keys)")
        }
        // Split on U+000A only: the list holds characters that other line-breaking rules would split or merge.
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0))
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    private static func exists(_ folder: String, _ name: String) -> Bool {
        FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(name))
    }
}
