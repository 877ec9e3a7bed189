import CTesseract
import DataScanModel

/// Tesseract's orientation and script detection (OSD, `osd.traineddata`): tells how a page scanned sideways or
/// upside down must be turned to read. Not thread-safe: one per worker, like `TesseractEngine`.
package final class OrientationDetector {
    /// Why OpaquePointer: an opaque TessBaseAPI; it never leaves this class.
    private let handle: OpaquePointer

    package init() throws(DataScanError) {
        guard let h = TessBaseAPICreate() else { throw DataScanError(.environment, "tesseract: cannot create an engine") }
        handle = h
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        guard TessBaseAPIInit2(handle, nil, "osd", OEM_TESSERACT_ONLY) == 0 else {
            TessBaseAPIDelete(handle)
            throw DataScanError(
                .missingLanguage, "no orientation data (osd.traineddata): install it with `apt-get install tesseract-ocr-osd`")
        }
        _ = TessBaseAPISetVariable(handle, "debug_file", "/dev/null")
        TessBaseAPISetPageSegMode(handle, PSM_OSD_ONLY)
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
    }

    /// Clockwise quarter turns that make the page upright, with Tesseract's confidence; nil when it cannot tell
    /// (too little text). Blocking.
    package func uprightTurns(_ image: GrayImage, resolution: Int) -> (quarterTurns: Int, confidence: Double)? {
        defer { TessBaseAPIClear(handle) }
        image.pixels.withUnsafeBufferPointer { buf in
            TessBaseAPISetImage(handle, buf.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
        }
        TessBaseAPISetSourceResolution(handle, Int32(resolution))
        var degrees: Int32 = 0
        var confidence: Float = 0
        var script: UnsafePointer<CChar>?
        var scriptConfidence: Float = 0
        guard TessBaseAPIDetectOrientationScript(handle, &degrees, &confidence, &script, &scriptConfidence) != 0 else { return nil }
        // `degrees` is how far the text is turned counter-clockwise... expressed by Tesseract as the rotation
        // that was applied to the page; turning it back is (360 - degrees) clockwise.
        let turns = ((360 - Int(degrees)) % 360) / 90
        return (turns, Double(confidence))
    }
}
