/// A small command-line parser: `--flag`, `--option value`, `--option=value`, repeatable options, positionals,
/// and `--` to end options. Each command declares what it accepts; anything else is a usage error.
struct Arguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// - Parameters:
    ///   - options: names (without `--`) that take a value.
    ///   - flags: names that take none.
    init(_ args: some Sequence<String>, options: Set<String>, flags: Set<String>, usage: String) throws(CommandFailure) {
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
            if flags.contains(name) {
                guard inline == nil else { throw CommandFailure(usage: "--\(name) takes no value", usage) }
                self.flags.insert(name)
            } else if options.contains(name) {
                guard let value = inline ?? it.next() else { throw CommandFailure(usage: "--\(name) needs a value", usage) }
                values[name, default: []].append(value)
            } else {
                let known = (options.union(flags)).sorted()
                let hint = Suggest.closest(to: name, in: known).map { " (did you mean --\($0)?)" } ?? ""
                throw CommandFailure(usage: "unknown option --\(name)\(hint)", usage)
            }
        }
    }

    /// The last value given for an option.
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }
}

/// "Did you mean" by edit distance.
enum Suggest {
    static func closest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }.min { $0.1 < $1.1 }
        guard let (best, d) = scored, d <= max(2, word.count / 3) else { return nil }
        return best
    }

    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count)
        for i in 1...a.count {
            var cur = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            prev = cur
        }
        return prev[b.count]
    }
}
