/// Items encode as one flat object, the shape of an items.csv row (`quad` as four corners, the barcode's raw
/// payload as bytes), so a stored or transmitted item reads back exactly.
extension RecognizedItem: Codable {
    private enum Keys: String, CodingKey {
        case id, kind, type, value, normalized, label, confidence, quad, payload
    }

    /// Reads the flat form written by `encode(to:)`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let id = try c.decode(String.self, forKey: .id)
        let type = try c.decode(String.self, forKey: .type)
        let value = try c.decode(String.self, forKey: .value)
        let normalized = try c.decode(String.self, forKey: .normalized)
        let confidence = try c.decode(Double.self, forKey: .confidence)
        let quad = try c.decode(Quad.self, forKey: .quad)
        if try c.decode(String.self, forKey: .kind) == "barcode" {
            guard let symbology = Symbology(rawValue: type) else {
                throw DecodingError.dataCorruptedError(forKey: .type, in: c, debugDescription: "unknown symbology \(type)")
            }
            self = .barcode(
                .init(
                    id: id, symbology: symbology, payloadStringValue: value,
                    payload: try c.decodeIfPresent([UInt8].self, forKey: .payload) ?? [],
                    normalized: normalized, confidence: confidence, bounds: quad))
        } else {
            self = .text(
                .init(
                    id: id, transcript: value, contentType: TextContentType(rawValue: type), normalized: normalized,
                    label: try c.decodeIfPresent(ItemLabel.self, forKey: .label), confidence: confidence, bounds: quad))
        }
    }

    /// Writes `id, kind, type, value, normalized, label, confidence, quad` (and `payload` for barcodes).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(id, forKey: .id)
        try c.encode(kind, forKey: .kind)
        try c.encode(type, forKey: .type)
        try c.encode(value, forKey: .value)
        try c.encode(normalized, forKey: .normalized)
        try c.encodeIfPresent(label, forKey: .label)
        try c.encode(confidence, forKey: .confidence)
        try c.encode(bounds, forKey: .quad)
        if case .barcode(let b) = self { try c.encode(b.payload, forKey: .payload) }
    }
}
