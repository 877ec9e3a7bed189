import Foundation
import Testing

@testable import DataScanEngines
@testable import DataScanModel

@Suite("failures")
struct FailureTests {
    @Test("a missing model folder is a typed error naming the model")
    func missingModels() throws {
        let folder = "/nonexistent/ppocr-models"
        #expect {
            try PPOCREngine(configuration: .init(modelDirectory: folder))
        } throws: { error in
            guard case .modelNotFound(let path, _) = error as? PPOCRError else { return false }
            return path == folder + "/ch_PP-OCRv4_det_infer.onnx"
                && "\(error)".contains("run scripts/bootstrap")
        }
    }

    @Test("a missing runtime is a typed error")
    func missingRuntime() throws {
        let path = "/nonexistent/libonnxruntime.so"
        #expect(throws: PPOCRError.runtimeNotFound(searched: [path])) {
            try PPOCREngine(configuration: .init(runtimeLibraryPath: path))
        }
    }

    @Test("a library that is not ONNX Runtime is refused with the reason")
    func notOnnxRuntime() throws {
        let libm = try #require(
            ["/lib/x86_64-linux-gnu/libm.so.6", "/usr/lib/x86_64-linux-gnu/libm.so.6"].first {
                FileManager.default.fileExists(atPath: $0)
            })
        #expect {
            try PPOCREngine(configuration: .init(runtimeLibraryPath: libm))
        } throws: { error in
            guard case .runtimeUnusable(let path, let reason) = error as? PPOCRError else { return false }
            return path == libm && reason.contains("OrtGetApiBase")
        }
    }

    @Test("out-of-range settings are refused")
    func badConfiguration() throws {
        #expect(throws: PPOCRError.invalidConfiguration(reason: "intraOpThreads is 0, expected 1...256")) {
            try PPOCREngine(configuration: .init(intraOpThreads: 0))
        }
        #expect(throws: PPOCRError.invalidConfiguration(reason: "minimumRecognitionWidth is 8, expected 16...4096")) {
            try PPOCREngine(configuration: .init(minimumRecognitionWidth: 8))
        }
        #expect(throws: PPOCRError.invalidConfiguration(reason: "detectionBandPixels is 0, expected a positive number")) {
            try PPOCREngine(configuration: .init(detectionBandPixels: 0))
        }
    }

    @Test("empty and tiny images have no lines", arguments: [(0, 0), (1, 1), (5, 0), (3, 2)])
    func tinyImages(_ size: (Int, Int)) throws {
        let engine = try PPOCREngine()
        let pixels = [UInt8](repeating: 255, count: size.0 * size.1)
        #expect(try engine.recognize(gray: size.0, height: size.1, pixels: pixels).isEmpty)
    }

    @Test("a blank page and a very wide strip have no lines")
    func blankPages() throws {
        let engine = try PPOCREngine()
        #expect(try engine.recognize(gray: 300, height: 200, pixels: [UInt8](repeating: 255, count: 60_000)).isEmpty)
        #expect(try engine.recognize(gray: 4000, height: 2, pixels: [UInt8](repeating: 0, count: 8000)).isEmpty)
    }

    @Test("pixels that do not fill the image are refused")
    func wrongPixelCount() throws {
        let engine = try PPOCREngine()
        #expect(throws: PPOCRError.invalidImage(reason: "5 pixels for a 2×3 image")) {
            try engine.recognize(gray: 2, height: 3, pixels: [0, 0, 0, 0, 0])
        }
    }

    @Test("the engine reports the runtime and the models it loaded")
    func reportsVersions() throws {
        let engine = try PPOCREngine()
        #expect(engine.runtimeVersion == "1.32.0")
        #expect(engine.modelChecksums["ch_PP-OCRv4_rec_infer.onnx"] == "4824cc6d6efdfed09792cb105ee3f0978e4f0e22be17c5e16bbb6d48e35c5225")
    }
}
