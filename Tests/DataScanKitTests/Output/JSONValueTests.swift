import Testing

@testable import DataScanKit

@Suite struct JSONValueTests {
    @Test func dictionaryLiteralKeepsItsOrder() {
        let value: JSONValue = ["b": 1, "a": "x", "c": [true, nil]]
        guard case .object(let members) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(members.map(\.key) == ["b", "a", "c"])
        #expect(members[2].value == .array([.bool(true), .null]))
    }

    @Test func subscriptReplacesInPlaceAppendsAndRemoves() {
        var value: JSONValue = ["a": 1, "b": 2]
        value["a"] = "one"
        value["c"] = 3.5
        value["b"] = nil
        #expect(value == ["a": "one", "c": 3.5])
        #expect(value["c"] == .number(3.5))
        #expect(value["missing"] == nil)
        #expect(JSONValue.string("x")["a"] == nil)
    }

    @Test func equalityComparesKeyOrderAndContent() {
        #expect(JSONValue(["en", "de"]) == .array([.string("en"), .string("de")]))
        #expect(JSONValue(nil as String?) == .null)
        #expect(JSONValue(3 as Int?) == .number(3))
        #expect(JSONValue(["a": 1, "b": 2]) != JSONValue(["b": 2, "a": 1]))
        #expect(JSONValue.bool(true) != .number(1))
    }
}
