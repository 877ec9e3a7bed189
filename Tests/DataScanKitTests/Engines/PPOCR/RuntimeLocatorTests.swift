import Foundation
import Testing

@testable import DataScanEngines
@testable import DataScanModel

@Suite("lookups")
struct RuntimeLocatorTests {
    @Test("the environment variables come first and alone")
    func environment() {
        let folder = FileManager.default.temporaryDirectory.path
        #expect(
            RuntimeLocator.libraryCandidates(environment: ["DATASCAN_ONNXRUNTIME": folder]) == [
                folder + "/libonnxruntime.so.1.32.0", folder + "/libonnxruntime.so",
            ])
        #expect(RuntimeLocator.libraryCandidates(environment: ["DATASCAN_ONNXRUNTIME": "/x/lib.so"]) == ["/x/lib.so"])
        #expect(RuntimeLocator.modelFolderCandidates(environment: ["DATASCAN_PPOCR_MODELS": "/m"]) == ["/m"])
    }

    @Test("without them: beside the executable, then this package's .build/deps")
    func defaults() throws {
        let libraries = RuntimeLocator.libraryCandidates(environment: [:])
        let models = RuntimeLocator.modelFolderCandidates(environment: [:])
        let root = Fixtures.packageRoot.path
        #expect(libraries.last == root + "/.build/deps/onnxruntime-1.32.0/lib/libonnxruntime.so")
        #expect(models.last == root + "/.build/deps/ppocr-1.4.4")
        // the test runner lives in .build/<triple>/debug, so "../../deps" from it is the same folder
        #expect(models.contains(root + "/.build/deps/ppocr-1.4.4"))
        #expect(libraries.allSatisfy { $0.hasSuffix("libonnxruntime.so") || $0.hasSuffix("libonnxruntime.so.1.32.0") })
    }

    @Test("a model folder falls back to ppocr_keys.txt when the model has no character list")
    func keysFile() throws {
        let models = try PPOCREngine().modelDirectory
        let folder = try ModelFolder(explicit: models)
        #expect(folder.path == models)
        #expect(try folder.characters(metadata: nil).count == 6623)  // ppocr_keys.txt
    }
}
