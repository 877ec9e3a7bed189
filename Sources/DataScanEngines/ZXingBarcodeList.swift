import CZXing
import DataScanModel

/// Owns one `ZXing_Barcodes` (the result of `ZXing_ReadBarcodes`) and converts its entries to Swift values.
final class ZXingBarcodeList {
    private let pointer: OpaquePointer

    init(reading image: ZXingImageView, options: ZXingReaderOptionsHandle) throws(BarcodeEngineError) {
        // NULL only when zxing threw (an exception caught by its C layer, e.g. out of memory); no results is an
        // empty list.
        guard let pointer = ZXing_ReadBarcodes(image.pointer, options.pointer) else {
            throw BarcodeEngineError.zxing(operation: "reading barcodes", message: lastErrorMessage())
        }
        self.pointer = pointer
    }

    deinit { ZXing_Barcodes_delete(pointer) }

    /// Every entry whose format maps to a datascan symbology, in zxing's order.
    func barcodes() -> [ZXingBarcode] {
        (0..<ZXing_Barcodes_size(pointer)).compactMap { index in
            ZXing_Barcodes_at(pointer, index).flatMap(ZXingBarcodeList.convert)
        }
    }

    /// Copies one barcode into Swift values; the barcode itself stays owned by the list.
    private static func convert(_ barcode: OpaquePointer) -> ZXingBarcode? {
        let format = ZXing_Barcode_format(barcode)
        guard let symbology = ZXingFormat.symbology(of: format) else { return nil }
        var length: Int32 = 0
        let bytesPointer = ZXing_Barcode_bytes(barcode, &length)
        // zxing returns a malloc'ed copy (NUL-terminated even for bytes); copied, then freed.
        defer { ZXing_free(bytesPointer) }
        let bytes = bytesPointer.map { Array(UnsafeBufferPointer(start: $0, count: Int(length))) } ?? []
        let position = ZXing_Barcode_position(barcode)
        let corner = { (point: ZXing_PointI) in ZXingBarcode.Point(x: Int(point.x), y: Int(point.y)) }
        let extra = { (key: String) -> String? in
            takeString(ZXing_Barcode_extra(barcode, key)).flatMap { $0.isEmpty ? nil : $0 }
        }
        return ZXingBarcode(
            symbology: symbology,
            format: ZXingFormat.name(of: format),
            text: takeString(ZXing_Barcode_text(barcode)) ?? "",
            bytes: bytes,
            contentType: ZXingBarcode.ContentType(ZXing_Barcode_contentType(barcode)),
            symbologyIdentifier: takeString(ZXing_Barcode_symbologyIdentifier(barcode)) ?? "",
            corners: [position.topLeft, position.topRight, position.bottomRight, position.bottomLeft].map(corner),
            orientation: Int(ZXing_Barcode_orientation(barcode)),
            isInverted: ZXing_Barcode_isInverted(barcode),
            lineCount: Int(ZXing_Barcode_lineCount(barcode)),
            unusedErrorCorrection: extra("UEC").flatMap(Double.init), upce: extra("UPCE"))
    }
}

extension ZXingBarcode.ContentType {
    init(_ type: ZXing_ContentType) {
        switch type {
        case ZXing_ContentType_Binary: self = .binary
        case ZXing_ContentType_Mixed: self = .mixed
        case ZXing_ContentType_GS1: self = .gs1
        case ZXing_ContentType_ISO15434: self = .iso15434
        case ZXing_ContentType_UnknownECI: self = .unknownECI
        default: self = .text
        }
    }
}
