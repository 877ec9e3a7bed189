import DataScanKit

/// Dispatches a command line to its command, and turns failures into a message and an exit code.
enum Frontend {
    /// Whether the command runs Tesseract in this process: `doctor` (its OCR self-test) and a page process.
    /// `scan`, `run`, `rerun`, `watch` and `worker` analyze pages in page processes (`ScanCommand.isolation`),
    /// and the other commands recognize nothing; an unknown command is answered without OCR too.
    static func recognizesTextInProcess(_ args: [String]) -> Bool {
        args.first == "doctor" || args.first == "__page-process"
    }

    static func main(_ args: [String]) async -> ExitCode {
        guard let command = args.first else {
            Terminal.err(Help.overview)
            return .usage
        }
        let rest = Array(args.dropFirst())
        if command == "__page-process" {
            // Internal: a page page process started by the job runner (see PageIsolation.processes).
            return PageProcessServer.serve() == 0 ? .success : .pagesFailed
        }
        if command == "--help" || command == "-h" || command == "help" {
            if let topic = rest.first, let text = Help.commands[topic] { Terminal.out(text) } else { Terminal.out(Help.overview) }
            return .success
        }
        if command == "--version" || command == "-V" {
            Terminal.out("datascan \(EngineInfo.version)")
            return .success
        }
        if rest.contains("--help") || rest.contains("-h"), let text = Help.commands[command] {
            Terminal.out(text)
            return .success
        }
        do throws(CommandFailure) {
            switch command {
            case "scan": return try await ScanCommand.scan(rest)
            case "run": return try await ScanCommand.run(rest)
            case "rerun": return try await ScanCommand.rerun(rest)
            case "watch": return try await WatchCommand.run(rest)
            case "status": return try StatusCommand.run(rest)
            case "export": return try ExportCommand.run(rest)
            case "worker": return try await WorkerCommand.run(rest)
            case "report": return try ReportCommand.run(rest)
            case "detect": return try DetectCommand.run(rest)
            case "languages": return try InfoCommands.languages(rest)
            case "doctor": return try InfoCommands.doctor(rest)
            default:
                let hint = Suggestion.closest(to: command, in: Array(Help.commands.keys)).map { " (did you mean '\($0)'?)" } ?? ""
                throw CommandFailure(usage: "unknown command '\(command)'\(hint)", "datascan COMMAND [options]; see datascan --help")
            }
        } catch {
            Terminal.err("datascan: \(error.message)")
            if let usage = error.usage { Terminal.err("usage: \(usage)") }
            return error.exitCode
        }
    }
}
