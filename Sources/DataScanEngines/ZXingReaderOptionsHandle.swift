import CZXing
import DataScanModel

/// Owns one `ZXing_ReaderOptions`: zxing's settings for `ZXing_ReadBarcodes`, made once per `ZXingReader`.
final class ZXingReaderOptionsHandle {
    let pointer: OpaquePointer

    init(_ options: ZXingReader.Options, symbologies: Set<Symbology>) throws(BarcodeEngineError) {
        guard let pointer = ZXing_ReaderOptions_new() else {
            throw BarcodeEngineError.zxing(operation: "creating reader options", message: lastErrorMessage())
        }
        self.pointer = pointer
        // Sorted so that equal options give zxing the same list (it normalizes anyway; this keeps tests stable).
        let formats = symbologies.sorted { $0.rawValue < $1.rawValue }.flatMap(ZXingFormat.formats(for:))
        // Never empty here (the reader's set is never empty): zxing reads an empty list as "every format".
        formats.withUnsafeBufferPointer { ZXing_ReaderOptions_setFormats(pointer, $0.baseAddress, Int32($0.count)) }
        ZXing_ReaderOptions_setTryHarder(pointer, options.tryHarder)
        ZXing_ReaderOptions_setTryRotate(pointer, options.tryRotate)
        ZXing_ReaderOptions_setTryInvert(pointer, options.tryInvert)
        ZXing_ReaderOptions_setTryDownscale(pointer, options.tryDownscale)
        ZXing_ReaderOptions_setIsPure(pointer, options.isPure)
        ZXing_ReaderOptions_setBinarizer(pointer, options.binarizer.zxingValue)
        ZXing_ReaderOptions_setMinLineCount(pointer, Int32(min(max(options.minLineCount, 1), 255)))
        ZXing_ReaderOptions_setValidateOptionalChecksum(pointer, options.validateOptionalChecksum)
        // Plain text, not zxing 3's default HRI: HRI writes control characters as "<GS>", "<SOH>"… and brackets
        // GS1 data, which changes the payload; plain keeps it (GS1 raw with GS separators, `contentType` .gs1).
        ZXing_ReaderOptions_setTextMode(pointer, ZXing_TextMode_Plain)
        // Add-ons (EAN-2/5) are not part of the payload datascan reports.
        ZXing_ReaderOptions_setEanAddOnSymbol(pointer, ZXing_EanAddOnSymbol_Ignore)
    }

    deinit { ZXing_ReaderOptions_delete(pointer) }
}

extension ZXingReader.Binarizer {
    var zxingValue: ZXing_Binarizer {
        switch self {
        case .localAverage: ZXing_Binarizer_LocalAverage
        case .globalHistogram: ZXing_Binarizer_GlobalHistogram
        case .fixedThreshold: ZXing_Binarizer_FixedThreshold
        }
    }
}

/// zxing's message for the last failed call on this thread (it keeps one per thread), or a stand-in.
func lastErrorMessage() -> String {
    takeString(ZXing_LastErrorMsg()) ?? "no message from zxing-cpp"
}
