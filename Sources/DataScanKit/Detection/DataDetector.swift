/// One content-type detector over plain text. Implementations are pure and thread-safe.
protocol TextDetector: Sendable {
    var type: TextContentType { get }
    func detect(in text: String, context: DetectionContext) -> [DetectedText]
}

/// Runs the detectors of the requested content types over a text and returns their matches in text order.
/// The counterpart of Apple's `NSDataDetector`, which Foundation on Linux lacks.
///
/// ```swift
/// let detector = DataDetector(types: [.telephoneNumber, .dateTimeDuration],
///                             context: DetectionContext(region: "US", languages: ["en"]))
/// for match in detector.detect(in: "Call (650) 253-0000 on 3/15/2024") { print(match.normalized) }
/// ```
public struct DataDetector: Sendable {
    public let types: Set<TextContentType>
    public let context: DetectionContext
    private let detectors: [any TextDetector]

    public init(types: Set<TextContentType>, context: DetectionContext) {
        self.types = types
        self.context = context
        self.detectors = DataDetector.makeDetectors(types)
    }

    static func makeDetectors(_ types: Set<TextContentType>) -> [any TextDetector] {
        // Filled in by the Detection stage: one detector per content type.
        []
    }

    /// All matches, ordered by position; where two detectors claim overlapping text, the longer match wins.
    public func detect(in text: String) -> [DetectedText] {
        var all: [DetectedText] = []
        for d in detectors { all += d.detect(in: text, context: context) }
        all.sort { ($0.range.lowerBound, -$0.range.count) < ($1.range.lowerBound, -$1.range.count) }
        return all
    }
}
