import Testing

@testable import DataScanEngines
@testable import DataScanModel
@testable import DataScanRecognition

@Suite struct BarcodePayloadTests {
    func normalized(_ text: String, _ symbology: Symbology, gs1: Bool = false, preferUPCA: Bool = true) -> String? {
        BarcodePayload.normalize(text: text, symbology: symbology, isGS1: gs1, preferUPCA: preferUPCA).map { "\($0.0.rawValue) \($0.1)" }
    }

    @Test func eanAndUPCKeepTheirDigitsWhenTheCheckDigitIsRight() {
        #expect(normalized("5901234123457", .ean13) == "ean13 5901234123457")
        #expect(normalized("12345670", .ean8) == "ean8 12345670")
        #expect(normalized("012345678905", .upca) == "upca 012345678905")
        #expect(normalized("01234565", .upce) == "upce 01234565")
        #expect(normalized("12345678901231", .itf) == "itf 12345678901231")
    }

    @Test func aWrongCheckDigitIsNotAnItem() {
        #expect(normalized("5901234123458", .ean13) == nil)
        #expect(normalized("12345671", .ean8) == nil)
        #expect(normalized("012345678906", .upca) == nil)
        #expect(normalized("01234566", .upce) == nil)
        #expect(normalized("12345678901232", .itf) == nil)
    }

    @Test func wrongLengthsAndNonDigitsAreNotItems() {
        #expect(normalized("590123412345", .ean13) == nil)
        #expect(normalized("59012341234X7", .ean13) == nil)
        #expect(normalized("1234567", .ean8) == nil)
        #expect(normalized("12345", .itf) == nil)  // ITF always encodes digit pairs
        #expect(normalized("21234565", .upce) == nil)  // number system 2 does not exist for UPC-E
    }

    @Test func itfOfOtherLengthsHasNoCheckDigitToVerify() {
        #expect(normalized("12345678", .itf) == "itf 12345678")
    }

    @Test func ean13WithALeadingZeroIsUPCAUnlessOnlyEAN13WasAskedFor() {
        #expect(normalized("0012345678905", .ean13) == "upca 012345678905")
        #expect(normalized("0012345678905", .ean13, preferUPCA: false) == "ean13 0012345678905")
        #expect(normalized("0012345678905", .upca) == "upca 012345678905")
        #expect(normalized("012345678905", .upca, preferUPCA: false) == "ean13 0012345678905")
    }

    @Test func upceExpandsToItsUPCA() {
        #expect(BarcodePayload.expandUPCE("01234565") == "012345000065")
        #expect(BarcodePayload.expandUPCE("00123457") == "001234000057")
        #expect(BarcodePayload.expandUPCE("04252614") == "042100005264")
        #expect(BarcodePayload.expandUPCE("01234531") == "012300000451")
        #expect(BarcodePayload.expandUPCE("0123456") == nil)
    }

    @Test func gtinCheckDigit() {
        #expect(BarcodePayload.gtinCheckDigit([5, 9, 0, 1, 2, 3, 4, 1, 2, 3, 4, 5]) == 7)
        #expect(BarcodePayload.gtinCheckDigit([9, 8, 8, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]) == 6)
        #expect(BarcodePayload.hasValidGTINCheckDigit("98898765432106"))
        #expect(!BarcodePayload.hasValidGTINCheckDigit("98898765432107"))
        #expect(!BarcodePayload.hasValidGTINCheckDigit("7"))
    }

    @Test func codabarLosesItsStartAndStopCharacters() {
        #expect(normalized("A123456B", .codabar) == "codabar 123456")
        #expect(normalized("T40156E", .codabar) == "codabar 40156")
        #expect(normalized("123456", .codabar) == "codabar 123456")
        #expect(normalized("A12345", .codabar) == "codabar A12345")
    }

    @Test func gs1RawElementStringsGetBracketedAIs() {
        #expect(BarcodePayload.gs1ElementString("019889876543210610ABC") == "(01)98898765432106(10)ABC")
        #expect(BarcodePayload.gs1ElementString("10ABC\u{1D}0198898765432106") == "(10)ABC(01)98898765432106")
        #expect(
            BarcodePayload.gs1ElementString("\u{1D}0198898765432106320201234515991231")
                == "(01)98898765432106(3202)012345(15)991231")
        #expect(BarcodePayload.gs1ElementString("]C10198898765432106") == "(01)98898765432106")
        #expect(BarcodePayload.gs1ElementString("(01)98898765432106(15)991231") == "(01)98898765432106(15)991231")
    }

    @Test func textThatIsNotGS1IsRejectedByTheGS1Parser() {
        #expect(BarcodePayload.gs1ElementString("hello") == nil)
        #expect(BarcodePayload.gs1ElementString("01123") == nil)  // AI 01 needs 14 digits
        #expect(BarcodePayload.gs1ElementString("(01") == nil)
        #expect(BarcodePayload.gs1ElementString("") == nil)
    }

    @Test func gs1SymbologiesNormalizeToBracketForm() {
        #expect(normalized("019889876543210610ABC", .code128, gs1: true) == "code128 (01)98898765432106(10)ABC")
        #expect(normalized("019889876543210610ABC", .code128, gs1: false) == "code128 019889876543210610ABC")
        #expect(
            normalized("0198898765432106320201234515991231", .gs1DataBarExpanded)
                == "databar-expanded (01)98898765432106(3202)012345(15)991231")
        #expect(normalized("0120012345678909", .gs1DataBar) == "databar (01)20012345678909")
        #expect(normalized("20012345678909", .gs1DataBar) == "databar (01)20012345678909")
        #expect(normalized("2001234567890", .gs1DataBar) == nil)
        #expect(normalized("not gs1", .gs1DataBarExpanded) == nil)
    }

    @Test func binaryPayloadsBecomeHex() {
        let symbol = DecodedSymbol(
            decoder: .zbar, symbology: .qr, text: "\u{FFFD}", bytes: [0x00, 0xAB, 0xFF], isBinary: true, isGS1: false,
            quad: Quad(Rect(x: 0, y: 0, width: 1, height: 1)))
        let payload = BarcodePayload.normalize(symbol, preferUPCA: true)
        #expect(payload?.normalized == "hex:00abff")
        #expect(payload?.payloadStringValue == "hex:00abff")
        #expect(payload?.payload == [0x00, 0xAB, 0xFF])
    }

    @Test func textPayloadsStayAsRead() {
        let symbol = DecodedSymbol(
            decoder: .zxing, symbology: .qr, text: "Grüße", bytes: Array("Grüße".utf8), isBinary: false, isGS1: false,
            quad: Quad(Rect(x: 0, y: 0, width: 1, height: 1)))
        let payload = BarcodePayload.normalize(symbol, preferUPCA: true)
        #expect(payload?.normalized == "Grüße")
        #expect(payload?.payloadStringValue == "Grüße")
    }
}
