import CZXing
import DataScanModel

/// How datascan's symbologies map to zxing-cpp 3's barcode formats, in both directions.
///
/// zxing-cpp 3 names a format by symbology and variant (`EAN/UPC` → `EAN-13`, `UPC-E`…; `DataBar` → `DataBar
/// Omni`, `DataBar Limited`…). Asking for a symbology asks for all of its variants, and results always carry the
/// variant. Some variants are left out on purpose, because they change what the text of a symbol means:
/// - Code 32 and PZN: reinterpretations of Code 39 symbols (Italian and German pharmacy codes); with them on, a
///   Code 39 whose characters happen to fit is reported with another text.
/// - Aztec Runes: 8-bit values with no error detection of note, easily seen in noise.
/// - ISBN, EAN-2/5 add-ons, rMQR, MaxiCode, Telepen, DX film edge: not datascan symbologies.
enum ZXingFormat {
    /// The zxing formats to request for one symbology.
    static func formats(for symbology: Symbology) -> [ZXing_BarcodeFormat] {
        switch symbology {
        case .aztec: [ZXing_BarcodeFormat_AztecCode]
        case .codabar: [ZXing_BarcodeFormat_Codabar]
        // Standard and full-ASCII Code 39; zxing reports full ASCII only when every shift pair decodes.
        case .code39: [ZXing_BarcodeFormat_Code39Std, ZXing_BarcodeFormat_Code39Ext]
        case .code93: [ZXing_BarcodeFormat_Code93]
        case .code128: [ZXing_BarcodeFormat_Code128]
        case .dataMatrix: [ZXing_BarcodeFormat_DataMatrix]
        case .ean8: [ZXing_BarcodeFormat_EAN8]
        case .ean13: [ZXing_BarcodeFormat_EAN13]
        case .upca: [ZXing_BarcodeFormat_UPCA]
        case .upce: [ZXing_BarcodeFormat_UPCE]
        // ITF and ITF-14 (the GTIN-14 variant with bearer bars).
        case .itf: [ZXing_BarcodeFormat_ITF]
        // PDF417, Compact (truncated) PDF417 and MicroPDF417: one family, the same kind of payload.
        case .pdf417: [ZXing_BarcodeFormat_PDF417]
        case .qr: [ZXing_BarcodeFormat_QRCodeModel1, ZXing_BarcodeFormat_QRCodeModel2]
        case .microQR: [ZXing_BarcodeFormat_MicroQRCode]
        // GS1 DataBar (omnidirectional), its stacked variants and DataBar Limited: all carry one GTIN, `(01)…`.
        case .gs1DataBar:
            [
                ZXing_BarcodeFormat_DataBarOmni, ZXing_BarcodeFormat_DataBarStk, ZXing_BarcodeFormat_DataBarStkOmni,
                ZXing_BarcodeFormat_DataBarLtd,
            ]
        case .gs1DataBarExpanded: [ZXing_BarcodeFormat_DataBarExp, ZXing_BarcodeFormat_DataBarExpStk]
        }
    }

    /// The symbology of a format zxing returned, nil for one datascan has no name for.
    static func symbology(of format: ZXing_BarcodeFormat) -> Symbology? {
        returned[format.rawValue]
    }

    /// zxing's own name of a format ("EAN-13", "DataBar Limited", "Code 39 Extended").
    static func name(of format: ZXing_BarcodeFormat) -> String {
        takeString(ZXing_BarcodeFormatToString(format)) ?? "format \(format.rawValue)"
    }

    /// Every format zxing may return for the formats above. Not only variants: zxing-cpp 3.1.1 reports QR Code
    /// (both models), Aztec, ITF and PDF417 (also Compact PDF417) by their symbology, and a plain Code 39 as
    /// `Code39`, so both levels are listed.
    private static let returned: [UInt32: Symbology] = {
        let table: [(Symbology, [ZXing_BarcodeFormat])] = [
            (.aztec, [ZXing_BarcodeFormat_Aztec, ZXing_BarcodeFormat_AztecCode]),
            (.codabar, [ZXing_BarcodeFormat_Codabar]),
            (.code39, [ZXing_BarcodeFormat_Code39, ZXing_BarcodeFormat_Code39Std, ZXing_BarcodeFormat_Code39Ext]),
            (.code93, [ZXing_BarcodeFormat_Code93]),
            (.code128, [ZXing_BarcodeFormat_Code128]),
            (.dataMatrix, [ZXing_BarcodeFormat_DataMatrix]),
            (.ean8, [ZXing_BarcodeFormat_EAN8]),
            (.ean13, [ZXing_BarcodeFormat_EAN13]),
            (.upca, [ZXing_BarcodeFormat_UPCA]),
            (.upce, [ZXing_BarcodeFormat_UPCE]),
            (.itf, [ZXing_BarcodeFormat_ITF, ZXing_BarcodeFormat_ITF14]),
            (.pdf417, [ZXing_BarcodeFormat_PDF417, ZXing_BarcodeFormat_CompactPDF417, ZXing_BarcodeFormat_MicroPDF417]),
            (.qr, [ZXing_BarcodeFormat_QRCode, ZXing_BarcodeFormat_QRCodeModel1, ZXing_BarcodeFormat_QRCodeModel2]),
            (.microQR, [ZXing_BarcodeFormat_MicroQRCode]),
            (
                .gs1DataBar,
                [
                    ZXing_BarcodeFormat_DataBar, ZXing_BarcodeFormat_DataBarOmni, ZXing_BarcodeFormat_DataBarStk,
                    ZXing_BarcodeFormat_DataBarStkOmni, ZXing_BarcodeFormat_DataBarLtd,
                ]
            ),
            (.gs1DataBarExpanded, [ZXing_BarcodeFormat_DataBarExp, ZXing_BarcodeFormat_DataBarExpStk]),
        ]
        return Dictionary(uniqueKeysWithValues: table.flatMap { entry in entry.1.map { ($0.rawValue, entry.0) } })
    }()
}

/// Copies a string zxing allocated and frees it (zxing's getters return malloc'ed copies).
func takeString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { ZXing_free(pointer) }
    return String(cString: pointer)
}
