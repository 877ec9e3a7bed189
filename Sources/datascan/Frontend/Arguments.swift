import DataScanKit

/// A small command-line parser: `--flag`, `--no-flag`, `--option value`, `--option=value`, `--no-option` (back to
/// the default), repeatable options, positionals, and `--` to end options. Each command declares what it accepts;
/// anything else is a usage error.
struct Arguments {
    private(set) var values: [String: [String]] = [:]
    /// Flags given, with their value: `--single` true, `--no-single` false (the last one wins).
    private(set) var flags: [String: Bool] = [:]
    /// Value options reset with `--no-NAME` (and not given again after that).
    private(set) var resets: Set<String> = []
    private(set) var positionals: [String] = []

    /// - Parameters:
    ///   - options: names (without `--`) that take a value.
    ///   - flags: names that take none; each also has its `--no-` form.
    ///   - resettable: options whose `--no-NAME` form puts them back to their default (`--no-roi`).
    init(_ args: some Sequence<String>, options: Set<String>, flags: Set<String>, resettable: Set<String> = [], usage: String)
        throws(CommandFailure)
    {
        var it = args.makeIterator()
        var onlyPositionals = false
        while let arg = it.next() {
            if onlyPositionals || !arg.hasPrefix("--") || arg == "-" {
                if !onlyPositionals, arg.hasPrefix("-"), arg.count > 1, arg != "-" {
                    throw CommandFailure(usage: "unknown option \(arg)", usage)
                }
                positionals.append(arg)
                continue
            }
            if arg == "--" {
                onlyPositionals = true
                continue
            }
            var name = String(arg.dropFirst(2))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            let negated = name.hasPrefix("no-") ? String(name.dropFirst(3)) : nil
            if flags.contains(name) {
                guard inline == nil else { throw CommandFailure(usage: "--\(name) takes no value", usage) }
                self.flags[name] = true
            } else if let negated, flags.contains(negated) {
                guard inline == nil else { throw CommandFailure(usage: "--\(name) takes no value", usage) }
                self.flags[negated] = false
            } else if options.contains(name) {
                guard let value = inline ?? it.next() else { throw CommandFailure(usage: "--\(name) needs a value", usage) }
                values[name, default: []].append(value)
                resets.remove(name)
            } else if let negated, resettable.contains(negated) {
                guard inline == nil else { throw CommandFailure(usage: "--\(name) takes no value", usage) }
                values[negated] = nil
                resets.insert(negated)
            } else {
                let known = (options.union(flags)).sorted() + flags.map { "no-\($0)" } + resettable.map { "no-\($0)" }
                let hint = Suggestion.closest(to: name, in: known).map { " (did you mean --\($0)?)" } ?? ""
                throw CommandFailure(usage: "unknown option --\(name)\(hint)", usage)
            }
        }
    }

    /// The last value given for an option.
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    /// Whether `--name` was given (and not undone by a later `--no-name`).
    func has(_ name: String) -> Bool { flags[name] == true }
    /// `true` for `--name`, `false` for `--no-name`, nil when neither was given.
    func flag(_ name: String) -> Bool? { flags[name] }
}
