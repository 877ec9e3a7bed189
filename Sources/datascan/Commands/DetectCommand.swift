import DataScanKit
import Foundation

/// `datascan detect [--types LIST] [--languages LIST] [--region CC]`: the text detectors on stdin, one JSON
/// object per item and line.
enum DetectCommand {
    static let usage = "datascan detect [--types LIST] [--languages LIST] [--region CC] < text.txt"

    static func run(_ args: [String]) throws(CommandFailure) -> ExitCode {
        let parsed = try Arguments(args, options: ["types", "languages", "region"], flags: [], usage: usage)
        guard parsed.positionals.isEmpty else { throw CommandFailure(usage: "detect reads text from stdin; it takes no paths", usage) }
        var options = ScanOptions()
        options.configuration.types = ItemTypeSelection(textContentTypes: ItemTypeSelection.standard.textContentTypes)
        try options.apply(parsed, usage: usage)
        let types = options.configuration.types.textContentTypes
        let data = FileHandle.standardInput.readDataToEndOfFile()
        let text = String(decoding: data, as: UTF8.self)
        let detector = DataDetector(types: types, context: options.configuration.detectionContext)
        var out = ""
        for m in detector.detect(in: text) { out += m.jsonLine + "\n" }
        Terminal.write(STDOUT_FILENO, out)
        return .success
    }
}
