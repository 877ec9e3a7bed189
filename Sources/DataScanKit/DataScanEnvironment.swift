import DataScanDetection
import DataScanEngines
import DataScanInput
import DataScanJob
import DataScanModel
import DataScanOutput
import DataScanRecognition
import DataScanStore
import Foundation

/// What this machine can do: installed OCR languages, engine versions, self-tests. Backs `datascan doctor`
/// and `datascan languages`, and the check that stops a job before any work when a language is missing.
public enum DataScanEnvironment {
    /// A check of one part of the environment.
    public struct Check: Sendable {
        /// The part checked (`tesseract 5.3.0`, `ocr (eng)`...).
        public var name: String
        /// Whether it works.
        public var ok: Bool
        /// What was found, or what to install.
        public var detail: String
    }

    /// Tesseract names of the installed traineddata (`eng`, `deu`, `osd`).
    public static var installedTesseractLanguages: [String] { TesseractEngine.installedLanguages }

    /// The installed text-recognition languages we can name in BCP-47 (VisionKit's
    /// `supportedTextRecognitionLanguages`).
    public static var supportedTextRecognitionLanguages: [Language] {
        Language.installed(tesseractNames: installedTesseractLanguages)
    }

    /// The folder traineddata is read from.
    public static var tesseractDataDirectory: String? { TesseractEngine.dataDirectory }

    /// Throws `.missingLanguage` with the exact install command when a model the hinted languages load
    /// (`Language.tesseractModels`) has no OCR data.
    public static func requireLanguages(_ languages: [Language]) throws(DataScanError) {
        let installed = Set(installedTesseractLanguages)
        let missing = Language.tesseractModels(for: languages).filter { !installed.contains($0) }.compactMap { Language($0) }
        guard !missing.isEmpty else { return }
        let names = missing.map { "\($0.bcp47) (\($0.tesseract))" }.joined(separator: ", ")
        throw DataScanError(
            .missingLanguage,
            "no OCR data for \(names): install it with `apt-get install \(missing.map(\.debianPackage).joined(separator: " "))`")
    }

    /// Checks, before any work, that the OCR engines `configuration` asks for can run. `--ocr ppocr` without
    /// ONNX Runtime or the PP-OCR models is an environment error (what is missing, and `run scripts/bootstrap`);
    /// for `--ocr auto` the same is a warning to show (auto then reads with Tesseract alone), nil when all is there.
    public static func checkOCR(_ configuration: ScanConfiguration) throws(DataScanError) -> String? {
        guard configuration.types.needsText, configuration.mayReadWithPPOCR else { return nil }
        do {
            _ = try PPOCREngine.installation()
            return nil
        } catch {
            if configuration.ocr == .ppocr { throw error.dataScanError }
            return "PP-OCR is not available, so --ocr auto reads with Tesseract alone (\(error.description))"
        }
    }

    /// The OpenMP thread limit libgomp read when it loaded (1 when pages run in parallel, as they should).
    /// nil when OpenMP is not loaded.
    public static var openMPThreadLimit: Int? {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "omp_get_thread_limit") else { return nil }
        typealias Fn = @convention(c) () -> Int32
        return Int(unsafeBitCast(symbol, to: Fn.self)())
    }

    /// Versions of datascan and its engines.
    public static var versions: [(String, String)] { EngineInfo.toolVersions }

    /// Runs a tiny self-test of each engine.
    public static func selfTest(languages: [Language] = [Language("en")!]) -> [Check] {
        var checks: [Check] = []
        let installed = installedTesseractLanguages
        checks.append(
            Check(
                name: "tesseract \(TesseractEngine.version)", ok: !installed.isEmpty,
                detail: installed.isEmpty
                    ? "no traineddata found: apt-get install tesseract-ocr-eng" : "data in \(tesseractDataDirectory ?? "?")"))
        do {
            let engine = try TesseractEngine(languages: languages.isEmpty ? ["eng"] : Language.tesseractModels(for: languages))
            let blank = GrayImage(width: 64, height: 32, pixels: [UInt8](repeating: 255, count: 64 * 32))
            _ = try engine.recognize(blank, resolution: 300, timeout: 10, cancellation: nil)
            checks.append(Check(name: "ocr (\(engine.languages))", ok: true, detail: "engine starts and recognizes"))
        } catch {
            checks.append(Check(name: "ocr", ok: false, detail: error.message))
        }
        let barcodes = "barcodes (zxing-cpp \(ZXingReader.version), zbar \(ZBarReader.version))"
        do {
            let read = try BarcodeSelfTest.decodersThatRead()
            let missed = [DecodedSymbol.Decoder.zxing, .zbar].filter { !read.contains($0) }.map(\.rawValue)
            checks.append(
                Check(
                    name: barcodes, ok: missed.isEmpty,
                    detail: missed.isEmpty
                        ? "both decoders read a test EAN-8"
                        : "\(missed.joined(separator: " and ")) did not read a test EAN-8: rebuild (scripts/bootstrap, then swift build)"))
        } catch {
            checks.append(Check(name: barcodes, ok: false, detail: "\(error)"))
        }
        checks.append(ppocrCheck())
        checks.append(Check(name: "pdf (poppler \(PDFDocument.version))", ok: true, detail: "linked"))
        checks.append(Check(name: "sqlite \(SQLiteJobStore.sqliteVersion)", ok: true, detail: "linked"))
        let omp = openMPThreadLimit
        checks.append(
            Check(
                name: "openmp thread limit", ok: omp == nil || omp == 1,
                detail: omp.map { "\($0)" + ($0 == 1 ? "" : " (set OMP_THREAD_LIMIT=1 before start; pages run in parallel)") }
                    ?? "not loaded"))
        return checks
    }

    /// PP-OCR: ONNX Runtime loads, the models' files have the sha256 of their manifest (the pinned values
    /// scripts/fetch-ppocr checked), and the engine starts and reads a blank page.
    static func ppocrCheck() -> Check {
        let installation: PPOCREngine.Installation
        do { installation = try PPOCREngine.installation() } catch {
            return Check(name: "ppocr", ok: false, detail: error.description)
        }
        let name = "ppocr (onnxruntime \(installation.runtimeVersion), \(PPOCREngine.modelsName))"
        var hashes: [String] = []
        for (role, file) in PPOCREngine.models {
            let path = (installation.modelDirectory as NSString).appendingPathComponent(file)
            let expected = installation.modelChecksums[file]
            let actual = try? SHA256.hex(ofFileAt: RawPath(path))
            guard let actual, actual == expected else {
                return Check(
                    name: name, ok: false,
                    detail:
                        "\(path) has sha256 \(actual ?? "unreadable"), its manifest says \(expected ?? "nothing"): run scripts/bootstrap")
            }
            hashes.append("\(role) sha256 \(actual)")
        }
        do {
            let engine = try PPOCREngine()
            _ = try engine.recognize(gray: 64, height: 32, pixels: [UInt8](repeating: 255, count: 64 * 32))
        } catch {
            return Check(name: name, ok: false, detail: error.description)
        }
        return Check(
            name: name, ok: true,
            detail: "engine starts and recognizes; \(installation.runtimePath); models in \(installation.modelDirectory): "
                + hashes.joined(separator: ", "))
    }
}
