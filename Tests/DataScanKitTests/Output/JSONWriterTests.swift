import Foundation
import Testing

@testable import DataScanModel
@testable import DataScanOutput

@Suite struct JSONWriterTests {
    private func compact(_ body: (inout JSONWriter, inout OutputSink) throws -> Void) rethrows -> String {
        var json = JSONWriter(style: .compact)
        return try written { try body(&json, &$0) }
    }

    /// Parses a JSON text that holds a single string.
    private func parsedString(_ text: String) throws -> String? {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) as? String
    }

    @Test func escapesQuotesBackslashesAndControlCharacters() throws {
        let value = "a\"b\\c\n\r\t\u{8}\u{C}\u{0}\u{1}\u{1F}\u{7F}é"
        let text = try compact { try $0.string(value, to: &$1) }
        #expect(text == #""a\"b\\c\n\r\t\b\f\u0000\u0001\u001f"# + "\u{7F}é\"")
        #expect(try parsedString(text) == value)
    }

    @Test func escapesLineAndParagraphSeparators() throws {
        let value = "x\u{2028}y\u{2029}z\u{2027}"
        let text = try compact { try $0.string(value, to: &$1) }
        #expect(text == #""x\u2028y\u2029z"# + "\u{2027}\"")
        #expect(try parsedString(text) == value)
    }

    @Test func scriptTagsStayValidJSONAndCanBeEscapedForHTML() throws {
        let value = "</script><script>alert(1)</script>&amp;"
        let plain = try compact { try $0.string(value, to: &$1) }
        #expect(plain == "\"" + value + "\"")
        #expect(try parsedString(plain) == value)

        var html = JSONWriter(style: .compact, escapesHTML: true)
        let escaped = try written { try html.string(value, to: &$0) }
        #expect(escaped == #""\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e\u0026amp;""#)
        #expect(!escaped.contains("<"))
        #expect(try parsedString(escaped) == value)
    }

    @Test func compactObjectKeepsKeyOrder() throws {
        let text = try compact { json, sink in
            try json.beginObject(to: &sink)
            try json.key("z", to: &sink)
            try json.number(1, to: &sink)
            try json.key("a", to: &sink)
            try json.beginArray(to: &sink)
            try json.bool(true, to: &sink)
            try json.bool(false, to: &sink)
            try json.null(to: &sink)
            try json.endArray(to: &sink)
            try json.key("m", to: &sink)
            try json.beginObject(to: &sink)
            try json.endObject(to: &sink)
            try json.key("s", to: &sink)
            try json.string(nil as String?, to: &sink)
            try json.endObject(to: &sink)
        }
        #expect(text == #"{"z":1,"a":[true,false,null],"m":{},"s":null}"#)
    }

    @Test func prettyStyleIndentsAndKeepsInlineContainersOnOneLine() throws {
        var json = JSONWriter(style: .pretty(indent: 2))
        let text = try written { sink in
            try json.beginObject(to: &sink)
            try json.key("list", to: &sink)
            try json.beginArray(to: &sink)
            try json.beginObject(inline: true, to: &sink)
            try json.key("a", to: &sink)
            try json.number(1, to: &sink)
            try json.key("q", to: &sink)
            try json.beginArray(to: &sink)
            try json.number(2, to: &sink)
            try json.number(3, to: &sink)
            try json.endArray(to: &sink)
            try json.endObject(to: &sink)
            try json.endArray(to: &sink)
            try json.key("empty", to: &sink)
            try json.beginArray(to: &sink)
            try json.endArray(to: &sink)
            try json.endObject(to: &sink)
        }
        #expect(text == "{\n  \"list\": [\n    {\"a\": 1, \"q\": [2, 3]}\n  ],\n  \"empty\": []\n}")
        #expect(json.depth == 0)
    }

    @Test func numbersAreValidJSONAndNonFiniteOnesAreNull() throws {
        let text = try compact { json, sink in
            try json.beginArray(to: &sink)
            for value in [0.1, 2.0, -1.5e-7, 1e300, .nan, .infinity, -.infinity] {
                try json.number(value, to: &sink)
            }
            try json.number(0.93456, maxFractionDigits: 3, to: &sink)
            try json.number(12.04, maxFractionDigits: 1, to: &sink)
            try json.number(.nan, maxFractionDigits: 1, to: &sink)
            try json.number(nil as Double?, to: &sink)
            try json.number(Int.min, to: &sink)
            try json.endArray(to: &sink)
        }
        #expect(text == "[0.1,2.0,-1.5e-07,1e+300,null,null,null,0.935,12,null,null,-9223372036854775808]")
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any]
        #expect(parsed?.count == 12)
    }

    @Test func writesRawJSONAsGiven() throws {
        let text = try compact { json, sink in
            try json.beginObject(to: &sink)
            try json.key("job", to: &sink)
            try json.raw(#"{"jobs":2,"types":["url"]}"#, to: &sink)
            try json.key("n", to: &sink)
            try json.number(1, to: &sink)
            try json.endObject(to: &sink)
        }
        #expect(text == #"{"job":{"jobs":2,"types":["url"]},"n":1}"#)
    }
}
