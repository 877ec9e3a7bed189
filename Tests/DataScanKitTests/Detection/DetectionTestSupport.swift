import Testing

@testable import DataScanDetection
@testable import DataScanModel

/// One table row: a text, the conventions to read it with, and the exact normalized values expected in order.
struct DetectionCase: CustomTestStringConvertible, Sendable {
    var text: String
    var region: String
    var languages: [String]
    var expected: [String]
    /// The region was given (`--region`), as a job gives it: bare amounts take its currency.
    var explicitRegion: Bool

    init(_ text: String, _ expected: [String], region: String = "US", languages: [String] = ["en"], explicitRegion: Bool = false) {
        self.text = text
        self.expected = expected
        self.region = region
        self.languages = languages
        self.explicitRegion = explicitRegion
    }

    var context: DetectionContext { DetectionContext(region: region, languages: languages, regionIsExplicit: explicitRegion) }
    var testDescription: String { "\(region) \(text.debugDescription)" }
}

extension DetectedText {
    /// The matched bytes of `text`, to check that `range` and `value` agree.
    func slice(of text: String) -> String {
        let bytes = Array(text.utf8)
        return String(decoding: bytes[range], as: UTF8.self)
    }
}

/// Runs `detector` on a case and checks the normalized values, and that every range holds the reported value.
func check(_ detector: some TextDetector, _ row: DetectionCase, sourceLocation: SourceLocation = #_sourceLocation) {
    let found = detector.detect(in: row.text, context: row.context)
    #expect(found.map(\.normalized) == row.expected, sourceLocation: sourceLocation)
    for item in found {
        #expect(item.slice(of: row.text) == item.value, sourceLocation: sourceLocation)
        #expect(item.type == detector.type, sourceLocation: sourceLocation)
    }
}
