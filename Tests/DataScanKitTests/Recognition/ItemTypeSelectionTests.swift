import Testing

@testable import DataScanModel
@testable import DataScanRecognition

@Suite struct ItemTypeSelectionTests {
    @Test func parsesTypesAndSymbologies() throws {
        let s = try ItemTypeSelection(parsing: "phone, date,line,barcode:qr,barcode:EAN13")
        #expect(s.textContentTypes == [.telephoneNumber, .dateTimeDuration])
        #expect(s.lines)
        #expect(s.symbologies == [.qr, .ean13])
        #expect(s.names == ["phone", "date", "line", "barcode:ean13", "barcode:qr"])
        #expect(ItemTypeSelection.standard.names == ["url", "email", "phone", "date", "price", "barcode"])
    }

    @Test func rejectsUnknownNames() {
        #expect { try ItemTypeSelection(parsing: "phone,fax") } throws: {
            ($0 as? DataScanError)?.message.contains("unknown type 'fax'") == true
        }
        #expect { try ItemTypeSelection(parsing: "barcode:qrcode") } throws: {
            ($0 as? DataScanError)?.message.contains("unknown symbology") == true
        }
        #expect(throws: DataScanError.self) { try ItemTypeSelection(parsing: " , ") }
    }
}
