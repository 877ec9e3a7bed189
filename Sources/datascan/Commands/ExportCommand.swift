import DataScanKit
import Foundation

/// `datascan export OUT [--types LIST] [--format csv|json|jsonl|text|xlsx|pdf] [--bom] [--min-confidence X] [--output FILE|DIR]`.
enum ExportCommand {
    static let usage =
        "datascan export OUT|--store postgres://… --job NAME [--types LIST] [--format csv|json|jsonl|text|xlsx|pdf] [--bom] [--min-confidence X] [--output FILE|DIR]"

    /// What `--format` names: the item formats, or the text, workbook and PDF exports.
    enum Format: String {
        case csv, json, jsonl, text, xlsx, pdf
    }

    static func run(_ args: [String]) throws(CommandFailure) -> ExitCode {
        let parsed = try Arguments(
            args, options: ["types", "format", "min-confidence", "output", "store", "job"], flags: ["bom"], usage: usage)
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
        let format = Format(rawValue: (parsed.value("format") ?? "csv").lowercased())
        guard let format else { throw CommandFailure(usage: "--format: allowed: csv, json, jsonl, text, xlsx, pdf", usage) }
        if parsed.has("bom"), format != .csv { throw CommandFailure(usage: "--bom is for --format csv", usage) }
        if format == .text || format == .pdf, let option = ["types", "min-confidence"].first(where: { parsed.value($0) != nil }) {
            throw CommandFailure(usage: "--\(option) filters items: it is for csv, json, jsonl and xlsx, not --format \(format)", usage)
        }
        let output = parsed.value("output").map { URL(fileURLWithPath: $0) }
        if output == nil, format == .xlsx || format == .pdf {
            throw CommandFailure(usage: "--format \(format) needs --output \(format == .pdf ? "DIR" : "FILE.xlsx")", usage)
        }
        var minConfidence: Double?
        if let text = parsed.value("min-confidence") {
            guard let x = Double(text), (0...1).contains(x) else {
                throw CommandFailure(usage: "--min-confidence: give a number from 0 to 1", usage)
            }
            minConfidence = x
        }
        do {
            let results = try StoreArguments.results(shared, folder: out)
            switch format {
            case .csv, .json, .jsonl:
                try results.export(
                    types: types, minConfidence: minConfidence, format: ExportFormat(rawValue: format.rawValue) ?? .csv,
                    byteOrderMark: parsed.has("bom"), to: output)
            case .text:
                try results.exportText(to: output)
            case .xlsx:
                if let output { try results.exportWorkbook(types: types, minConfidence: minConfidence, to: output) }
            case .pdf:
                guard let output else { return .usage }
                let summary = try results.exportSearchablePDFs(to: output)
                for failure in summary.failures {
                    Terminal.err("datascan: \(Terminal.printable(failure.document)): \(failure.reason)")
                }
                var line = "pdf: \(summary.written) written, \(summary.copied) copied"
                if summary.skipped > 0 { line += ", \(summary.skipped) without pages (skipped or unreadable)" }
                if !summary.failures.isEmpty { line += ", \(summary.failures.count) failed" }
                Terminal.out(line + " → \(output.relativePath)")
                return summary.failures.isEmpty ? .success : .pagesFailed
            }
            return .success
        } catch {
            throw CommandFailure(error, usage: usage)
        }
    }
}
