import Testing

@testable import DataScanModel
@testable import DataScanOutput

@Suite struct CSVWriterTests {
    @Test(arguments: [
        ("abc", "abc"),
        ("", ""),
        ("Zürich 東京", "Zürich 東京"),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("\"", "\"\"\"\""),
        ("line1\nline2", "\"line1\nline2\""),
        ("x\r\ny", "\"x\r\ny\""),
        ("trailing,", "\"trailing,\""),
    ])
    func quotesFieldsWithSeparatorsQuotesAndLineBreaks(field: String, expected: String) {
        #expect(CSVWriter.encodedField(field) == expected)
    }

    /// The contract's formula rule: `=`, `@`, tab, CR, or `+`/`-` not followed by a plain number.
    @Test(arguments: [
        // The contract's own examples.
        ("+16502530000", "+16502530000"),
        ("-1,234.50", "\"-1,234.50\""),
        ("+1 (650) 253-0000", "'+1 (650) 253-0000"),
        // Formula starters.
        ("=SUM(A1)", "'=SUM(A1)"),
        ("@x", "'@x"),
        ("\tx", "'\tx"),
        ("\rx", "\"'\rx\""),
        ("=1,2", "\"'=1,2\""),
        ("=HYPERLINK(\"u\")", "\"'=HYPERLINK(\"\"u\"\")\""),
        // Signs: plain numbers stay, anything else is protected.
        ("-2.00", "-2.00"),
        ("+1'000", "+1'000"),
        ("-12 345", "-12 345"),
        ("- 2", "'- 2"),
        ("-", "'-"),
        ("+", "'+"),
        ("+.5", "'+.5"),
        ("-12e5", "'-12e5"),
        ("-1+1", "'-1+1"),
        ("+-1", "'+-1"),
        // Only the first character counts.
        ("1+1", "1+1"),
        ("a=b", "a=b"),
        (" =1", " =1"),
        ("\n=1", "\"\n=1\""),
    ])
    func protectsCellsThatCouldRunAsFormulas(field: String, expected: String) {
        #expect(CSVWriter.encodedField(field) == expected)
    }

    @Test func formulaCheckMatchesTheContractsPattern() {
        #expect(CSVWriter.needsFormulaProtection("=1"))
        #expect(CSVWriter.needsFormulaProtection("-x"))
        #expect(!CSVWriter.needsFormulaProtection("-1"))
        #expect(!CSVWriter.needsFormulaProtection(""))
        #expect(!CSVWriter.needsFormulaProtection("hello"))
    }

    @Test func rowEndsWithCRLF() throws {
        let text = try written { try CSVWriter.writeRow(["a", "b,c", "", "=1"], to: &$0) }
        #expect(text == "a,\"b,c\",,'=1\r\n")
    }
}
