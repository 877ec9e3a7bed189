import Foundation
import Testing

@testable import DataScanKit

@Suite struct JSONValueEncoderTests {
    private struct Region: Encodable {
        var x = 0.25, y = 0.5
    }

    private struct Options: Encodable {
        var types: [String] = ["url", "phone"]
        var quality = QualityName.balanced
        var jobs = 2
        var region: String? = nil
        var roi: Region? = Region()
        var output = URL(fileURLWithPath: "/tmp/out")
        var single = false
        var nested: [[Int]] = [[1, 2], []]
    }

    private enum QualityName: String, Encodable {
        case balanced
    }

    @Test func keepsDeclarationOrderAndLeavesOutNil() throws {
        let value = try JSONValue(encoding: Options())
        let expected: JSONValue = [
            "types": ["url", "phone"], "quality": "balanced", "jobs": 2, "roi": ["x": 0.25, "y": 0.5],
            "output": "file:///tmp/out", "single": false, "nested": [[1, 2], []],
        ]
        #expect(value == expected)
    }

    @Test func scalarsEncodeAsThemselves() throws {
        #expect(try JSONValue(encoding: "x") == .string("x"))
        #expect(try JSONValue(encoding: 3 as UInt8) == .number(3))
        #expect(try JSONValue(encoding: [true, false]) == [true, false])
        #expect(try JSONValue(encoding: [String?.none, "a"]) == [nil, "a"])
        #expect(try JSONValue(encoding: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
    }
}
