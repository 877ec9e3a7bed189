import Testing

@testable import DataScanModel
@testable import DataScanOutput

@Suite struct ItemsCSVTests {
    @Test func headerIsTheContractsColumns() throws {
        #expect(ItemsCSV.header == "document,page,item,kind,type,value,normalized,label,confidence,x1,y1,x2,y2,x3,y3,x4,y4,order")
        let text = try written { try ItemsCSV.writeHeader(to: &$0) }
        #expect(text == ItemsCSV.header + "\r\n")
    }

    @Test func phoneRowIsExact() throws {
        let text = try written { try ItemsCSV.write(OutputFixtures.phone, to: &$0) }
        // The value gets `'` (it is not a plain number), the E.164 form does not; 236.04 rounds to 236.
        #expect(
            text
                == "scans/receipt 1.png,2,t-1a2b,text,phone,'+1 (650) 253-0000,+16502530000,,0.93,100,200,340.5,200,340.5,236,100,236,3\r\n"
        )
    }

    @Test func priceRowQuotesValueAndRoundsNumbers() throws {
        let text = try written { try ItemsCSV.write(OutputFixtures.total, to: &$0) }
        #expect(text == "scans/receipt 1.png,2,t-9f00,text,price,\"$1,234.50\",1234.50 USD,total,0.877,-3.3,10,50,10,50,30,-3.3,30,4\r\n")
    }

    @Test func barcodeRowProtectsFormulaPayload() throws {
        let text = try written { try ItemsCSV.write(OutputFixtures.qr, to: &$0) }
        let payload = "\"'=HYPERLINK(\"\"http://x\"\")\""
        #expect(text == "b.pdf,1,b-77,barcode,qr,\(payload),\(payload),,1,0,0,10,0,10,10,0,10,0\r\n")
    }

    @Test func nonFiniteNumbersLeaveTheirCellEmpty() throws {
        var record = OutputFixtures.qr
        record.item = .barcode(
            RecognizedItem.Barcode(
                id: "b", symbology: .ean13, payloadStringValue: "4006381333931", payload: [], normalized: "4006381333931",
                confidence: .nan, bounds: Quad(Rect(x: 1, y: 2, width: .infinity, height: 3))))
        let text = try written { try ItemsCSV.write(record, to: &$0) }
        #expect(text == "b.pdf,1,b,barcode,ean13,4006381333931,4006381333931,,,1,2,,2,,5,1,5,0\r\n")
    }
}
