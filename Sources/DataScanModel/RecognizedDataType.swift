/// What to recognize, in VisionKit's vocabulary: text (optionally of one content type) or barcodes.
///
/// ```swift
/// let types: [RecognizedDataType] = [.text(textContentType: .telephoneNumber), .barcode(symbologies: [.qr])]
/// ```
public enum RecognizedDataType: Hashable, Sendable {
    /// Text. With a content type: only matches of that type; without one: every text line.
    case text(languages: [String] = [], textContentType: TextContentType? = nil)
    /// Barcodes of these symbologies (empty: all).
    case barcode(symbologies: [Symbology] = [])
}

/// The item types of a job, parsed from `--types` (`url,phone,line,barcode:qr`).
public struct ItemTypeSelection: Hashable, Sendable, Codable {
    /// Text content types to find (phone, date...).
    public var textContentTypes: Set<TextContentType>
    /// Every text line as an item (`line`).
    public var lines: Bool
    /// Barcode symbologies; nil when no barcodes are wanted, all symbologies when `barcode` was given.
    public var symbologies: Set<Symbology>?

    /// A selection of content types, lines and barcode symbologies.
    public init(textContentTypes: Set<TextContentType> = [], lines: Bool = false, symbologies: Set<Symbology>? = nil) {
        self.textContentTypes = textContentTypes
        self.lines = lines
        self.symbologies = symbologies
    }

    /// The default: `url,email,phone,date,price,barcode`.
    public static let standard = ItemTypeSelection(
        textContentTypes: [.url, .emailAddress, .telephoneNumber, .dateTimeDuration, .currency],
        symbologies: Set(Symbology.allCases))

    /// Parses a comma list; throws a usage error naming the unknown entry and the allowed ones.
    public init(parsing list: String) throws(DataScanError) {
        self.init()
        let entries = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !entries.isEmpty else { throw DataScanError(.usage, "--types: give at least one type") }
        for e in entries {
            let lower = e.lowercased()
            if lower == "line" || lower == "lines" || lower == "text" {
                lines = true
            } else if lower == "barcode" || lower == "barcodes" {
                symbologies = Set(Symbology.allCases)
            } else if lower.hasPrefix("barcode:") {
                let name = String(lower.dropFirst("barcode:".count))
                guard let s = Symbology(name: name) else {
                    throw DataScanError(
                        .usage,
                        "--types: unknown symbology '\(name)'; allowed: \(Symbology.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                symbologies = (symbologies ?? []).union([s])
            } else if let t = TextContentType(name: lower) {
                textContentTypes.insert(t)
            } else {
                throw DataScanError(
                    .usage,
                    "--types: unknown type '\(e)'; allowed: \(ItemTypeSelection.allowedNames.joined(separator: ", ")), barcode:SYM")
            }
        }
    }

    /// The selection as VisionKit-style data types.
    public init(_ types: [RecognizedDataType]) {
        self.init()
        for t in types {
            switch t {
            case .text(_, let content?): textContentTypes.insert(content)
            case .text(_, nil): lines = true
            case .barcode(let syms): symbologies = (symbologies ?? []).union(syms.isEmpty ? Set(Symbology.allCases) : Set(syms))
            }
        }
    }

    static let allowedNames = TextContentType.allCases.map(\.rawValue) + ["line", "barcode"]

    /// The list as it would be given to `--types` (stable order).
    public var names: [String] {
        var out = TextContentType.allCases.filter { textContentTypes.contains($0) }.map(\.rawValue)
        if lines { out.append("line") }
        if let s = symbologies {
            if s.count == Symbology.allCases.count {
                out.append("barcode")
            } else {
                out += Symbology.allCases.filter { s.contains($0) }.map { "barcode:\($0.rawValue)" }
            }
        }
        return out
    }

    /// Whether any text has to be read (OCR or a text layer).
    public var needsText: Bool { lines || !textContentTypes.isEmpty }
    /// Whether barcodes have to be decoded.
    public var needsBarcodes: Bool { !(symbologies?.isEmpty ?? true) }
}
