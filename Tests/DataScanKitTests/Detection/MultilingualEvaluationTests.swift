import Testing

@testable import DataScanDetection
@testable import DataScanModel

/// Runs every detector over `MultilingualCorpus` and compares with the items a person marked.
/// Prints per-type found/expected and false positives (`swift test --filter MultilingualEvaluation`).
@Suite struct MultilingualEvaluationTests {
    static func describe(_ item: DetectedText) -> String {
        "\(item.type.rawValue) \(item.normalized)" + (item.label.map { " \($0.rawValue)" } ?? "")
    }

    @Test(arguments: MultilingualCorpus.documents.map(\.name))
    func documentItemsMatch(_ name: String) throws {
        let document = try #require(MultilingualCorpus.documents.first { $0.name == name })
        let detector = DataDetector(
            types: Set(TextContentType.allCases),
            context: DetectionContext(region: document.region, languages: document.languages))
        let found = detector.detect(in: document.text)
        #expect(found.map(Self.describe) == document.expected)
        for item in found { #expect(item.slice(of: document.text) == item.value) }
    }

    @Test func perTypeScores() {
        var expectedCount: [String: Int] = [:], foundCount: [String: Int] = [:], falsePositives: [String: Int] = [:]
        for document in MultilingualCorpus.documents {
            let detector = DataDetector(
                types: Set(TextContentType.allCases),
                context: DetectionContext(region: document.region, languages: document.languages))
            var remaining = document.expected
            for line in document.expected { expectedCount[String(line.split(separator: " ")[0]), default: 0] += 1 }
            for item in detector.detect(in: document.text) {
                let text = Self.describe(item)
                if let index = remaining.firstIndex(of: text) {
                    remaining.remove(at: index)
                    foundCount[item.type.rawValue, default: 0] += 1
                } else {
                    falsePositives[item.type.rawValue, default: 0] += 1
                    print("  false positive in \(document.name): \(text)")
                }
            }
            for missing in remaining { print("  missed in \(document.name): \(missing)") }
        }
        for type in TextContentType.allCases.map(\.rawValue) {
            print(
                "\(type): found \(foundCount[type, default: 0])/\(expectedCount[type, default: 0]), "
                    + "false positives \(falsePositives[type, default: 0])")
        }
        let totalExpected = expectedCount.values.reduce(0, +), totalFound = foundCount.values.reduce(0, +)
        #expect(totalExpected > 80)
        #expect(totalFound == totalExpected)
        #expect(falsePositives.values.reduce(0, +) == 0)
    }
}
