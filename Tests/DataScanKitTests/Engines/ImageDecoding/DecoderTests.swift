import Testing

/// The image decoders (`ImageDecoder`) on the generated hostile corpus (`scripts/make-hostile-images`).
@Suite enum DecoderTests {}
