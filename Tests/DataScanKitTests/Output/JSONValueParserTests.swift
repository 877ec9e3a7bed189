import Testing

@testable import DataScanKit

@Suite struct JSONValueParserTests {
    @Test func parsesKeepingKeyOrder() throws {
        let value = try JSONValue(parsing: #" {"z": [1, -2.5e3, 0], "a": {"t": true, "f": false, "n": null}, "e": {}, "l": []} "#)
        #expect(value == ["z": [1, -2500, 0], "a": ["t": true, "f": false, "n": nil], "e": [:], "l": []])
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let value = try JSONValue(parsing: #""a\"b\\c\/d\n\t\b\f\r\u00e9\u2028\ud83d\ude00\ud800x""#)
        #expect(value == .string("a\"b\\c/d\n\t\u{8}\u{C}\ré\u{2028}😀\u{FFFD}x"))
    }

    @Test func laterDuplicateKeyReplacesInPlace() throws {
        #expect(try JSONValue(parsing: #"{"a": 1, "b": 2, "a": 3}"#) == ["a": 3, "b": 2])
    }

    @Test func readsBackWhatTheWriterWrote() throws {
        let value: JSONValue = ["s": "</script>\u{1}\u{2029}", "n": [0.1, 2, -3], "o": ["k": nil]]
        for style in [JSONWriter.Style.compact, .pretty(indent: 2)] {
            var json = JSONWriter(style: style, escapesHTML: true)
            let text = try written { try json.value(value, to: &$0) }
            #expect(try JSONValue(parsing: text) == value)
        }
    }

    @Test(arguments: [
        ("", 0, "unexpected end of text, expected a value"),
        ("{\"a\" 1}", 5, "expected ':' after a key"),
        ("[1, 2", 5, "unexpected end of text in an array"),
        ("[1 2]", 3, "expected ',' or ']' in an array"),
        ("{\"a\": 1,}", 8, "expected a key"),
        ("01", 0, "a number cannot start with 0"),
        ("1.", 2, "expected a digit after '.'"),
        ("-", 1, "expected a digit"),
        ("1e999", 0, "number out of range"),
        ("\"a\nb\"", 2, "control character in a string: escape it"),
        ("\"\\x\"", 2, "unknown escape in a string"),
        ("\"\\u12g4\"", 5, "expected 4 hex digits after \\u"),
        ("tru", 3, "expected true"),
        ("{} x", 3, "unexpected text after the value"),
        ("'a'", 0, "unexpected character, expected a value"),
    ])
    func rejectsInvalidTextWithItsPosition(text: String, offset: Int, reason: String) {
        #expect(throws: JSONValue.ParseError(offset: offset, reason: reason)) { try JSONValue(parsing: text) }
    }

    @Test func refusesVeryDeepNesting() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONValue.ParseError(offset: 512, reason: "nested deeper than 512 levels")) {
            try JSONValue(parsing: deep)
        }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect((try? JSONValue(parsing: fine)) != nil)
    }

    @Test func errorDescriptionSaysWhere() {
        #expect(JSONValue.ParseError(offset: 4, reason: "expected a key").description == "invalid JSON at byte 4: expected a key")
    }
}
