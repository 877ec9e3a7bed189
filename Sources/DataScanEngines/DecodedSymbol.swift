import DataScanModel

/// One symbol as a single decoder read it, before normalization and merging: the common output of
/// `ZXingReader` and `ZBarReader`, in Swift types only.
package struct DecodedSymbol: Hashable, Sendable {
    /// Which library read it.
    package enum Decoder: String, Hashable, Sendable {
        case zxing, zbar
    }

    package var decoder: Decoder
    package var symbology: Symbology
    /// The payload as the decoder rendered it as text (character-set conversion applied).
    package var text: String
    /// The payload bytes as stored in the symbol, when the decoder exposes them; otherwise the text's UTF-8.
    package var bytes: [UInt8]
    /// True when the decoder says the payload is binary data rather than text.
    package var isBinary: Bool
    /// True when the decoder says the payload is GS1 element strings (FNC1 in first position).
    package var isGS1: Bool
    /// Corners in the pixels of the image that was decoded, in reading order (top-left first, clockwise).
    package var quad: Quad
    /// For linear codes: how many scan lines read this payload (zxing's line count, zbar's quality), 0 for 2-D
    /// codes. Few lines mean a read a misread could hide in: a mod-10 check digit misses some two-digit errors.
    package var scanLines: Int
    /// ISO/IEC 15424 symbology identifier (`]E0`, `]I1`…) when the decoder reports it (zxing does, zbar does not).
    /// For Code 39 and ITF its modifier says whether the optional check character was present and right.
    package var symbologyIdentifier: String?

    package init(
        decoder: Decoder, symbology: Symbology, text: String, bytes: [UInt8], isBinary: Bool, isGS1: Bool, quad: Quad,
        scanLines: Int = 0, symbologyIdentifier: String? = nil
    ) {
        self.decoder = decoder
        self.symbology = symbology
        self.text = text
        self.bytes = bytes
        self.isBinary = isBinary
        self.isGS1 = isGS1
        self.quad = quad
        self.scanLines = scanLines
        self.symbologyIdentifier = symbologyIdentifier
    }
}
