import DataScanKit
import Foundation

/// `datascan languages` and `datascan doctor`.
enum InfoCommands {
    static func languages(_ args: [String]) throws(CommandFailure) -> ExitCode {
        _ = try Arguments(args, options: [], flags: [], usage: "datascan languages")
        let named = Dictionary(
            DataScanEnvironment.supportedTextRecognitionLanguages.map { ($0.tesseract, $0.bcp47) }, uniquingKeysWith: { a, _ in a })
        for t in DataScanEnvironment.installedTesseractLanguages where t != "osd" {
            Terminal.out(named[t].map { "\($0)\t\(t)" } ?? "\(t)\t\(t)")
        }
        return .success
    }

    static func doctor(_ args: [String]) throws(CommandFailure) -> ExitCode {
        let parsed = try Arguments(args, options: ["languages"], flags: [], usage: "datascan doctor [--languages LIST]")
        var languages = [Language("en")!]
        if let list = parsed.value("languages") {
            languages = list.split(separator: ",").compactMap { Language(String($0)) }
        }
        var ok = true
        Terminal.out("datascan \(EngineInfo.version)")
        for (name, version) in DataScanEnvironment.versions where name != "name" && name != "version" {
            Terminal.out("  \(name) \(version)")
        }
        let installed = DataScanEnvironment.installedTesseractLanguages
        Terminal.out("ocr languages: \(installed.isEmpty ? "none" : installed.joined(separator: " "))")
        do { try DataScanEnvironment.requireLanguages(languages) } catch {
            ok = false
            Terminal.out("missing: \(error.message)")
        }
        for check in DataScanEnvironment.selfTest(languages: languages.filter { installed.contains($0.tesseract) }) {
            ok = ok && check.ok
            Terminal.out("\(check.ok ? "ok  " : "FAIL") \(check.name): \(check.detail)")
        }
        if !ok { Terminal.out("some parts are missing: run scripts/bootstrap (or install the packages named above)") }
        return ok ? .success : .environment
    }
}
