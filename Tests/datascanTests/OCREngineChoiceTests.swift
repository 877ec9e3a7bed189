import Foundation
import Testing

/// `--ocr` through the built executable: PP-OCR alone, a missing PP-OCR install (an environment error for
/// `ppocr`, a one-line warning for `auto`), and PP-OCR dying in a page process.
@Suite(.serialized, .enabled(if: slowTestsEnabled)) struct OCREngineChoiceTests {
    static let receipt = CLI.packageRoot.appendingPathComponent("Samples/receipt-us.png").path
    static let noModels = ["DATASCAN_PPOCR_MODELS": "/nonexistent/ppocr-models"]

    private func pages(_ out: String) throws -> [[String: Any]] {
        let manifest = try CLI.json(out + "/manifest.json")
        let documents = try #require(manifest["documents"] as? [[String: Any]])
        return documents.flatMap { $0["pages"] as? [[String: Any]] ?? [] }
    }

    @Test func ppocrAloneReadsThePageAndTheManifestSaysSo() throws {
        let out = CLI.temporaryFolder() + "/ppocr"
        let r = try CLI.run(["scan", Self.receipt, "--out", out, "--progress", "never", "--ocr", "ppocr", "--types", "phone,price"])
        #expect(r.status == 0, "\(r.stderr)")
        let page = try #require(try pages(out).first)
        let lines = try #require(page["lines"] as? [String: Int])
        #expect(lines.keys.sorted() == ["ppocr"] && (lines["ppocr"] ?? 0) > 5)
        let csv = try String(contentsOfFile: out + "/items.csv", encoding: .utf8)
        #expect(csv.contains(",phone,") && csv.contains("+16502530000"))
        let manifest = try CLI.json(out + "/manifest.json")
        let tool = try #require(manifest["tool"] as? [String: String])
        #expect(tool["onnxruntime"] == "1.32.0")
        #expect(tool["ppocr"] == "PP-OCRv4 (rapidocr-onnxruntime 1.4.4): det 53edd908dd96, rec 4824cc6d6efd, cls fa0ecd979be6")
        #expect((manifest["job"] as? [String: Any])?["ocr"] as? String == "ppocr")
    }

    @Test func withoutTheModelsPPOCRIsAnEnvironmentErrorAndAutoWarnsOnce() throws {
        let ppocr = try CLI.run(
            ["scan", Self.receipt, "--out", CLI.temporaryFolder() + "/missing", "--progress", "never", "--ocr", "ppocr"],
            environment: Self.noModels)
        #expect(ppocr.status == 3)
        #expect(
            ppocr.stderr.contains(
                "datascan: ppocr: model /nonexistent/ppocr-models/ch_PP-OCRv4_det_infer.onnx not found (looked in /nonexistent/ppocr-models): run scripts/bootstrap"
            ), "\(ppocr.stderr)")

        let out = CLI.temporaryFolder() + "/auto"
        let auto = try CLI.run(
            ["scan", Self.receipt, "--out", out, "--progress", "never", "--ocr", "auto", "--quality", "accurate"],
            environment: Self.noModels)
        #expect(auto.status == 0, "\(auto.stderr)")
        let warnings = auto.stderr.split(separator: "\n").filter { $0.contains("warning") }
        #expect(warnings.count == 1)
        #expect(
            warnings.first?.hasPrefix("datascan: warning: PP-OCR is not available, so --ocr auto reads with Tesseract alone (ppocr: model ")
                == true)
        #expect((try pages(out).first?["lines"] as? [String: Int])?.keys.sorted() == ["tesseract"])
        // `tesseract` and `fast` never need PP-OCR: no warning.
        let fast = try CLI.run(
            ["scan", Self.receipt, "--out", CLI.temporaryFolder() + "/fast", "--progress", "never", "--quality", "fast"],
            environment: Self.noModels)
        #expect(fast.status == 0 && !fast.stderr.contains("warning"))
    }

    @Test func ppocrDyingFailsItsPageNamingTheEngine() throws {
        let out = CLI.temporaryFolder() + "/crash"
        let r = try CLI.run(
            ["scan", Self.receipt, "--out", out, "--progress", "never", "--ocr", "ppocr"],
            environment: ["DATASCAN_TEST_FAULT": "crash:ppocr:receipt-us"])
        #expect(r.status == 1)
        let page = try #require(try pages(out).first)
        #expect(page["error"] as? String == "the PP-OCR (ONNX Runtime) engine crashed on this page (signal 11: segmentation fault)")
    }
}
