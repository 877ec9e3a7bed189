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
}
