import CWebP

/// A WebP file parsed with libwebpdemux, owned: deleted in `deinit`. Gives the canvas, the frame count and the
/// first frame's bitstream of an animated file (which leptonica refuses). Not thread-safe.
final class WebPContainer {
    /// Why unsafe: libwebpdemux's handle, which points into `bytes`; never leaves the class.
    private let demux: OpaquePointer
    /// A copy of the file that the demuxer refers to for its whole life.
    private let bytes: UnsafeMutableRawBufferPointer

    /// The first frame: its bitstream (a VP8/VP8L chunk, with ALPH when present) and where it sits on the canvas.
    struct Frame {
        let bitstream: [UInt8]
        let left: Int, top: Int, width: Int, height: Int
        /// False when the file ends inside the frame.
        let complete: Bool
    }

    init(_ data: [UInt8]) throws(ImageDecodeError) {
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        bytes.copyBytes(from: data)
        var webp = WebPData(bytes: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), size: data.count)
        var state = WEBP_DEMUX_PARSE_ERROR
        // Partial: a cut animation still gives its first frame.
        guard let demux = WebPDemuxPartial(&webp, &state) else {
            bytes.deallocate()
            throw ImageDecodeError(.damaged, .webp, "damaged WebP: libwebp: the RIFF container cannot be parsed")
        }
        self.demux = demux
        self.bytes = bytes
    }

    deinit {
        WebPDemuxDelete(demux)
        bytes.deallocate()
    }

    var canvasWidth: Int { Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_WIDTH)) }
    var canvasHeight: Int { Int(WebPDemuxGetI(demux, WEBP_FF_CANVAS_HEIGHT)) }
    var frameCount: Int { Int(WebPDemuxGetI(demux, WEBP_FF_FRAME_COUNT)) }

    /// The first frame, nil when the file holds none.
    func firstFrame() -> Frame? {
        var iterator = WebPIterator()
        guard WebPDemuxGetFrame(demux, 1, &iterator) != 0 else { return nil }
        defer { WebPDemuxReleaseIterator(&iterator) }
        guard let start = iterator.fragment.bytes else { return nil }
        return Frame(
            bitstream: Array(UnsafeBufferPointer(start: start, count: iterator.fragment.size)),
            left: Int(iterator.x_offset), top: Int(iterator.y_offset), width: Int(iterator.width),
            height: Int(iterator.height), complete: iterator.complete != 0)
    }
}
