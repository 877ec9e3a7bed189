import CWebP
import DataScanModel

/// WebP: leptonica for still images, libwebp when leptonica refuses: animated files (first frame, through the
/// demuxer) and cut files (libwebp's incremental decoder keeps the rows decoded before the cut). Alpha is
/// composited on white.
enum WebPDecoder {
    static func decode(_ data: [UInt8], limits: DecodeLimits) throws(ImageDecodeError) -> DecodedImage {
        var features = WebPBitstreamFeatures()
        let status = data.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
        guard status == VP8_STATUS_OK else {
            throw ImageDecodeError(.damaged, .webp, "damaged WebP: libwebp: \(describe(status))")
        }
        if features.has_animation != 0 { return try decodeAnimated(data, limits: limits) }
        let width = Int(features.width), height = Int(features.height)
        try limits.check(width, height, .webp)
        let messages = try LibraryMessages()
        if let pix = LeptonicaImage.decode(data, messages: messages), pix.width == width, pix.height == height,
            let gray = pix.grayImage(messages: messages)
        {
            return DecodedImage(
                image: gray, format: .webp, decoder: .leptonica, dpi: nil, pageCount: 1, frameCount: 1, orientation: nil,
                completeness: .complete, warnings: messages.lines)
        }
        // The RIFF header is 12 bytes; the incremental decoder takes the whole file as well as a bare bitstream.
        let (gray, rows, cause) = try decodeBitstream(data, width: width, height: height)
        return result(gray, rows: rows, cause: cause, frames: 1)
    }

    static func inspect(_ data: [UInt8]) throws(ImageDecodeError) -> ImageInfo {
        var features = WebPBitstreamFeatures()
        let status = data.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
        guard status == VP8_STATUS_OK else {
            throw ImageDecodeError(.damaged, .webp, "damaged WebP: libwebp: \(describe(status))")
        }
        let frames = features.has_animation != 0 ? try WebPContainer(data).frameCount : 1
        return ImageInfo(format: .webp, width: Int(features.width), height: Int(features.height), pageCount: 1, frameCount: max(frames, 1))
    }

    private static func decodeAnimated(_ data: [UInt8], limits: DecodeLimits) throws(ImageDecodeError) -> DecodedImage {
        let container = try WebPContainer(data)
        let width = container.canvasWidth, height = container.canvasHeight
        try limits.check(width, height, .webp)
        guard let frame = container.firstFrame() else {
            throw ImageDecodeError(.damaged, .webp, "damaged WebP (animated): libwebp: the first frame is missing")
        }
        guard frame.left + frame.width <= width, frame.top + frame.height <= height else {
            throw ImageDecodeError(.damaged, .webp, "damaged WebP (animated): the first frame lies outside the canvas")
        }
        let (piece, rows, cause) = try decodeBitstream(frame.bitstream, width: frame.width, height: frame.height)
        // Place the frame on a white canvas (the canvas starts transparent: shown as the page, white).
        var pixels = [UInt8](repeating: 255, count: width * height)
        for y in 0..<frame.height {
            let target = (frame.top + y) * width + frame.left
            pixels[target..<(target + frame.width)] = piece.pixels[(y * frame.width)..<((y + 1) * frame.width)]
        }
        let canvasRows = rows < frame.height ? frame.top + rows : height
        return result(GrayImage(width: width, height: height, pixels: pixels), rows: canvasRows, cause: cause, frames: container.frameCount)
    }

    private static func result(_ gray: GrayImage, rows: Int, cause: String?, frames: Int) -> DecodedImage {
        let completeness: Completeness =
            rows < gray.height
            ? .partial(
                rowsRead: rows, totalRows: gray.height,
                reason: "WebP data is cut or damaged after row \(rows) (libwebp: \(cause ?? "not enough data"))")
            : .complete
        return DecodedImage(
            image: gray, format: .webp, decoder: .libwebp, dpi: nil, pageCount: 1, frameCount: max(frames, 1),
            orientation: nil, completeness: completeness, warnings: [])
    }

    /// Decodes a WebP file or bare VP8/VP8L bitstream with the incremental decoder into RGBA memory of our own,
    /// then to gray on white. Returns the rows decoded (all unless the data ends early) and libwebp's status.
    private static func decodeBitstream(_ data: [UInt8], width: Int, height: Int) throws(ImageDecodeError)
        -> (GrayImage, rows: Int, cause: String?)
    {
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        var status = VP8_STATUS_OK
        var lastRow: Int32 = 0
        let created = rgba.withUnsafeMutableBufferPointer { target -> Bool in
            // Why allocated: the decoder keeps a pointer to this descriptor until it is deleted, longer than an
            // `&output` argument is guaranteed to live.
            let output = UnsafeMutablePointer<WebPDecBuffer>.allocate(capacity: 1)
            output.initialize(to: WebPDecBuffer())
            defer { output.deallocate() }
            guard WebPInitDecBuffer(output) != 0 else { return false }
            output.pointee.colorspace = MODE_RGBA
            output.pointee.is_external_memory = 1
            output.pointee.width = Int32(width)
            output.pointee.height = Int32(height)
            output.pointee.u.RGBA.rgba = target.baseAddress
            output.pointee.u.RGBA.stride = Int32(width * 4)
            output.pointee.u.RGBA.size = target.count
            // Scoped ownership: the decoder is deleted before the descriptor and the pixels it writes go away.
            guard let decoder = WebPINewDecoder(output) else { return false }
            defer { WebPIDelete(decoder) }
            status = data.withUnsafeBufferPointer { WebPIUpdate(decoder, $0.baseAddress, $0.count) }
            var w: Int32 = 0, h: Int32 = 0, stride: Int32 = 0
            _ = WebPIDecGetRGB(decoder, &lastRow, &w, &h, &stride)
            return true
        }
        guard created else { throw ImageDecodeError(.outOfMemory, .webp, "out of memory for the WebP decoder") }
        let rows = status == VP8_STATUS_OK ? height : Int(max(0, min(lastRow, Int32(height))))
        guard status == VP8_STATUS_OK || status == VP8_STATUS_SUSPENDED, rows > 0 else {
            throw ImageDecodeError(.damaged, .webp, "damaged WebP: libwebp: \(describe(status))")
        }
        var pixels = [UInt8](repeating: 255, count: width * height)
        rgba.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for i in 0..<(rows * width) {
                    let r = Int(src[4 * i]), g = Int(src[4 * i + 1]), b = Int(src[4 * i + 2]), a = Int(src[4 * i + 3])
                    let luma = (r * 77 + g * 150 + b * 29 + 128) >> 8
                    dst[i] = UInt8((luma * a + 255 * (255 - a) + 127) / 255)
                }
            }
        }
        return (GrayImage(width: width, height: height, pixels: pixels), rows, status == VP8_STATUS_OK ? nil : describe(status))
    }

    private static func describe(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: "out of memory"
        case VP8_STATUS_INVALID_PARAM: "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: "bitstream error"
        case VP8_STATUS_UNSUPPORTED_FEATURE: "unsupported feature"
        case VP8_STATUS_SUSPENDED, VP8_STATUS_NOT_ENOUGH_DATA: "not enough data (the file is cut)"
        case VP8_STATUS_USER_ABORT: "aborted"
        default: "status \(status.rawValue)"
        }
    }
}
