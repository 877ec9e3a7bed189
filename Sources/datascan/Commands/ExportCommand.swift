import DataScanKit
import Foundation

/// `datascan export OUT [--types LIST] [--format csv|json|jsonl] [--min-confidence X] [--output FILE]`.
enum ExportCommand {
    static let usage =
        "datascan export OUT|--store postgres://… --job NAME [--types LIST] [--format csv|json|jsonl] [--min-confidence X] [--output FILE]"

    static func run(_ args: [String]) throws(CommandFailure) -> ExitCode {
        let parsed = try Arguments(args, options: ["types", "format", "min-confidence", "output", "store", "job"], flags: [], usage: usage)
        let shared = try StoreArguments(parsed, usage: usage)
        let out = parsed.positionals.first ?? ""
        guard shared == nil ? parsed.positionals.count == 1 : parsed.positionals.isEmpty else {
            throw CommandFailure(usage: "give the job folder, or --store and --job", usage)
        }
        var types: Set<String>?
        if let list = parsed.value("types") {
            var names = Set<String>()
            for entry in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !entry.isEmpty {
                if entry == "barcode" || entry == "line" {
                    names.insert(entry)
                } else if entry.hasPrefix("barcode:"), let s = Symbology(name: String(entry.dropFirst(8))) {
                    names.insert(s.rawValue)
                } else if let s = Symbology(name: entry) {
                    names.insert(s.rawValue)
                } else if let t = TextContentType(name: entry) {
                    names.insert(t.rawValue)
                } else {
                    throw CommandFailure(usage: "--types: unknown type '\(entry)'", usage)
                }
            }
            types = names
        }
        let format = ExportFormat(rawValue: (parsed.value("format") ?? "csv").lowercased())
        guard let format else { throw CommandFailure(usage: "--format: allowed: csv, json, jsonl", usage) }
        var minConfidence: Double?
        if let text = parsed.value("min-confidence") {
            guard let x = Double(text), (0...1).contains(x) else {
                throw CommandFailure(usage: "--min-confidence: give a number from 0 to 1", usage)
            }
            minConfidence = x
        }
        do {
            try StoreArguments.results(shared, folder: out).export(
                types: types, minConfidence: minConfidence, format: format, to: parsed.value("output").map { URL(fileURLWithPath: $0) })
            return .success
        } catch {
            throw CommandFailure(error, usage: usage)
        }
    }
}
