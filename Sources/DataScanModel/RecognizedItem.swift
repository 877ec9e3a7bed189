/// One thing found on a page: a piece of text of a requested content type (or a whole line), or a barcode.
/// Named after VisionKit's `RecognizedItem`.
public enum RecognizedItem: Hashable, Sendable, Identifiable {
    case text(Text)
    case barcode(Barcode)

    /// Text found on a page.
    public struct Text: Hashable, Sendable {
        /// Stable: the same input and options give the same id on every run.
        public var id: String
        /// The text as it stands on the page.
        public var transcript: String
        /// The matched content type, or nil for a whole line (`--types line`).
        public var contentType: TextContentType?
        /// The canonical form (E.164 phone, ISO 8601 date, `AMOUNT CUR` price, absolute URL...); empty when none.
        public var normalized: String
        /// For prices: the receipt role the line gives it.
        public var label: ItemLabel?
        /// 0...1.
        public var confidence: Double
        /// The item's four corners on the page, in page pixels.
        public var bounds: Quad

        /// An item; `id` is normally assigned by the analyzer.
        public init(
            id: String = "", transcript: String, contentType: TextContentType?, normalized: String,
            label: ItemLabel? = nil, confidence: Double, bounds: Quad
        ) {
            self.id = id
            self.transcript = transcript
            self.contentType = contentType
            self.normalized = normalized
            self.label = label
            self.confidence = confidence
            self.bounds = bounds
        }
    }

    /// A barcode found on a page.
    public struct Barcode: Hashable, Sendable {
        /// Stable: the same input and options give the same id on every run.
        public var id: String
        /// The barcode's symbology.
        public var symbology: Symbology
        /// The payload as text (UTF-8, or as the decoder read it); for binary payloads `hex:` + bytes.
        public var payloadStringValue: String
        /// The raw payload bytes.
        public var payload: [UInt8]
        /// Canonical payload: digits only for EAN/UPC/ITF (check digit verified), GS1 with `(AI)` brackets...
        public var normalized: String
        /// 0...1.
        public var confidence: Double
        /// The item's four corners on the page, in page pixels.
        public var bounds: Quad

        /// An item; `id` is normally assigned by the analyzer.
        public init(
            id: String = "", symbology: Symbology, payloadStringValue: String, payload: [UInt8], normalized: String,
            confidence: Double, bounds: Quad
        ) {
            self.id = id
            self.symbology = symbology
            self.payloadStringValue = payloadStringValue
            self.payload = payload
            self.normalized = normalized
            self.confidence = confidence
            self.bounds = bounds
        }
    }

    /// The item's stable id.
    public var id: String {
        switch self {
        case .text(let t): t.id
        case .barcode(let b): b.id
        }
    }

    /// `text` or `barcode`.
    public var kind: String {
        switch self {
        case .text: "text"
        case .barcode: "barcode"
        }
    }

    /// The content type (`phone`, `line`...) or the symbology (`qr`, `ean13`...).
    public var type: String {
        switch self {
        case .text(let t): t.contentType?.rawValue ?? "line"
        case .barcode(let b): b.symbology.rawValue
        }
    }

    /// The text as on the page, or the barcode payload.
    public var value: String {
        switch self {
        case .text(let t): t.transcript
        case .barcode(let b): b.payloadStringValue
        }
    }

    /// The canonical value (E.164 phone, ISO 8601 date, digits of an EAN...).
    public var normalized: String {
        switch self {
        case .text(let t): t.normalized
        case .barcode(let b): b.normalized
        }
    }

    /// For prices: total, subtotal, tax...; nil otherwise.
    public var label: ItemLabel? {
        if case .text(let t) = self { return t.label }
        return nil
    }

    /// 0...1.
    public var confidence: Double {
        switch self {
        case .text(let t): t.confidence
        case .barcode(let b): b.confidence
        }
    }

    /// The item's quad in page pixels.
    public var bounds: Quad {
        get {
            switch self {
            case .text(let t): t.bounds
            case .barcode(let b): b.bounds
            }
        }
        set {
            switch self {
            case .text(var t):
                t.bounds = newValue
                self = .text(t)
            case .barcode(var b):
                b.bounds = newValue
                self = .barcode(b)
            }
        }
    }

    package func withID(_ id: String) -> RecognizedItem {
        switch self {
        case .text(var t):
            t.id = id
            return .text(t)
        case .barcode(var b):
            b.id = id
            return .barcode(b)
        }
    }
}
