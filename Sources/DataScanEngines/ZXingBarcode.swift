import DataScanModel

/// One symbol zxing-cpp decoded, in Swift values only (copied out of zxing's result list).
package struct ZXingBarcode: Hashable, Sendable {
    /// A pixel of the image that was decoded.
    package struct Point: Hashable, Sendable {
        package var x: Int
        package var y: Int

        package init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }
    }

    /// What the payload is, as zxing tells from the symbol's modes and ECIs.
    package enum ContentType: String, Hashable, Sendable {
        /// Text in a known character set.
        case text
        /// Bytes with no character set (binary data, or text zxing could not identify).
        case binary
        /// Text and binary segments.
        case mixed
        /// GS1 element strings (FNC1 in first position): application identifiers and values, GS-separated.
        case gs1
        /// An ISO/IEC 15434 message (`[)>` RS …), as on shipping labels.
        case iso15434
        /// Bytes under an ECI zxing does not know.
        case unknownECI
    }

    /// datascan's symbology of the symbol.
    package var symbology: Symbology
    /// zxing's name of the exact variant read: "EAN-13", "UPC-E", "DataBar Limited", "Code 39 Extended"…
    package var format: String
    /// The payload as text, converted from the symbol's character set (ECI, or guessed). GS1 data is raw: element
    /// strings with GS (0x1D) after variable-length values. EAN/UPC text is always 13 digits (EAN-13 form, ISO/IEC
    /// 15420 `]E0`) except for EAN-8: a UPC-A is "0" + its 12 digits, a UPC-E its UPC-A expansion (see `upce`).
    package var text: String
    /// The payload bytes as stored in the symbol.
    package var bytes: [UInt8]
    package var contentType: ContentType
    /// ISO/IEC 15424 symbology identifier, e.g. `]E0` (EAN-13), `]C1` (GS1-128), `]Q1`; for Code 39 and ITF its
    /// modifier says whether the optional check digit was present and right (`]A1`, `]I1`).
    package var symbologyIdentifier: String
    /// Corners in the pixels of the decoded image: top-left, top-right, bottom-right, bottom-left of the symbol in
    /// its reading direction (so for a code printed upside down, the first corner is at the image's bottom right).
    package var corners: [Point]
    /// The symbol's rotation in degrees, clockwise on screen (y down): 0 upright, 90 when the image shows the symbol
    /// turned a quarter to the right; anything from -179 to 180.
    package var orientation: Int
    /// True when the symbol is light on dark.
    package var isInverted: Bool
    /// For linear codes: how many scan lines read the same payload (zxing accepts at `Options.minLineCount`);
    /// a genuine code in a clean image gives many, a pattern in noise or a misread few. 0 for matrix codes.
    package var lineCount: Int
    /// The share of the symbol's error correction capacity left unused, 0…1 (1: no error corrected), for the
    /// Reed–Solomon symbologies zxing reports it for.
    package var unusedErrorCorrection: Double?
    /// For UPC-E: the 8 digits as printed (number system, 6 digits, check digit); nil otherwise.
    package var upce: String?
}
