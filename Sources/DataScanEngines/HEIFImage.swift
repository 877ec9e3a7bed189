import CHeif
import DataScanModel

/// Decodes HEIC/HEIF phone photos with libheif. libheif applies the file's rotation and mirroring
/// (irot/imir) while decoding, so the result is upright.
package enum HEIFImage {
    /// The primary image's size without decoding it.
    package static func size(_ data: [UInt8]) throws(DataScanError) -> (width: Int, height: Int) {
        let context = try HEIFContext(data)
        let handle = try context.primaryImage()
        return (Int(heif_image_handle_get_width(handle.pointer)), Int(heif_image_handle_get_height(handle.pointer)))
    }

    /// The primary image as 8-bit gray.
    package static func decodeGray(_ data: [UInt8]) throws(DataScanError) -> GrayImage {
        let context = try HEIFContext(data)
        let handle = try context.primaryImage()
        var image: OpaquePointer?
        // Why RGB: libheif 1.15 cannot convert YCbCr straight to monochrome; interleaved RGB always works.
        let err = heif_decode_image(handle.pointer, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil)
        guard err.code == heif_error_Ok, let image else { throw HEIFContext.failure("cannot decode the image", err) }
        defer { heif_image_release(image) }
        let w = Int(heif_image_get_width(image, heif_channel_interleaved))
        let h = Int(heif_image_get_height(image, heif_channel_interleaved))
        var stride: Int32 = 0
        guard w > 0, h > 0, let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
            throw DataScanError(.corrupt, "HEIF image has no pixel plane")
        }
        var out = [UInt8](repeating: 255, count: w * h)
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<h {
                let row = plane + y * Int(stride)
                for x in 0..<w {
                    let p = row + x * 3
                    dst[y * w + x] = UInt8((Int(p[0]) * 77 + Int(p[1]) * 150 + Int(p[2]) * 29) >> 8)
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }
}

/// Owns a `heif_context` (freed in `deinit`) and the bytes it reads from.
private final class HEIFContext {
    let pointer: OpaquePointer
    private let bytes: [UInt8]

    init(_ data: [UInt8]) throws(DataScanError) {
        guard let ctx = heif_context_alloc() else { throw DataScanError(.environment, "libheif cannot allocate a context") }
        pointer = ctx
        bytes = data
        // Why copy-reading: the context keeps no pointer into `bytes` after this call.
        let err = bytes.withUnsafeBytes { heif_context_read_from_memory(ctx, $0.baseAddress, $0.count, nil) }
        guard err.code == heif_error_Ok else { throw HEIFContext.failure("not a readable HEIF file", err) }
    }

    deinit { heif_context_free(pointer) }

    func primaryImage() throws(DataScanError) -> HEIFHandle {
        var handle: OpaquePointer?
        let err = heif_context_get_primary_image_handle(pointer, &handle)
        guard err.code == heif_error_Ok, let handle else { throw HEIFContext.failure("no primary image", err) }
        return HEIFHandle(pointer: handle)
    }

    static func failure(_ what: String, _ err: heif_error) -> DataScanError {
        let detail = err.message.map { String(cString: $0) } ?? "code \(err.code.rawValue)"
        let code: DataScanError.Code = err.code == heif_error_Unsupported_feature ? .engineFailed : .corrupt
        return DataScanError(code, "\(what) (libheif: \(detail.lowercased()))")
    }
}

/// Owns a `heif_image_handle`.
private final class HEIFHandle {
    let pointer: OpaquePointer
    init(pointer: OpaquePointer) { self.pointer = pointer }
    deinit { heif_image_handle_release(pointer) }
}
