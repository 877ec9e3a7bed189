import CGIF
import DataScanModel

/// A GIF opened with giflib from memory, owned: closed in `deinit`. Decodes the first frame line by line, so a
/// cut file yields the rows before the cut, onto a white canvas the size of the logical screen, with the frame's
/// own palette, the global one, or (no palette at all) a gray ramp over the LZW code size. Not thread-safe.
final class GIFFile {
    /// The bytes giflib reads through `read`, with the read position.
    private final class Input {
        let bytes: [UInt8]
        var position = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    /// Why unsafe: giflib's handle; never leaves the class.
    private let gif: UnsafeMutablePointer<GifFileType>
    private let input: Input

    init(_ data: [UInt8]) throws(ImageDecodeError) {
        let input = Input(data)
        var error: Int32 = 0
        // Why unretained: `input` is kept alive by this object for as long as giflib may call `read`.
        let context = Unmanaged.passUnretained(input).toOpaque()
        guard let gif = DGifOpen(context, GIFFile.read, &error) else {
            throw ImageDecodeError(.damaged, .gif, "damaged GIF: giflib: \(GIFFile.message(error))")
        }
        self.gif = gif
        self.input = input
    }

    deinit {
        var error: Int32 = 0
        DGifCloseFile(gif, &error)
    }

    /// giflib's input callback: copies the next bytes; returns fewer at the end, which giflib reports.
    private static let read: InputFunc = { gif, buffer, count in
        guard let gif, let buffer, count > 0, let context = gif.pointee.UserData else { return 0 }
        let input = Unmanaged<Input>.fromOpaque(context).takeUnretainedValue()
        let n = min(Int(count), input.bytes.count - input.position)
        guard n > 0 else { return 0 }
        input.bytes.withUnsafeBufferPointer { source in
            buffer.update(from: source.baseAddress! + input.position, count: n)
        }
        input.position += n
        return Int32(n)
    }

    private static func message(_ code: Int32) -> String {
        guard let text = GifErrorString(code) else { return "error \(code)" }
        return String(cString: text).lowercased()
    }

    /// The first frame as gray on a white canvas of the logical screen's size, and how many rows from the top
    /// are good (the rest are white). Throws when the frame cannot be started.
    func firstFrame(_ layout: GIFLayout) throws(ImageDecodeError) -> (GrayImage, rows: Int, notes: [String]) {
        var notes: [String] = []
        var transparent: Int?
        var record = UNDEFINED_RECORD_TYPE
        while true {
            guard DGifGetRecordType(gif, &record) == GIF_OK else { throw failure("cannot read the next block") }
            if record == EXTENSION_RECORD_TYPE {
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw failure("damaged extension block") }
                if code == GRAPHICS_EXT_FUNC_CODE, let b = block, b[0] >= 4 {
                    transparent = b[1] & 1 != 0 ? Int(b[4]) : nil
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw failure("damaged extension block") }
                }
            } else if record == IMAGE_DESC_RECORD_TYPE {
                break
            } else {
                throw failure("the file has no image")
            }
        }
        guard DGifGetImageDesc(gif) == GIF_OK else { throw failure("damaged image descriptor") }
        let desc = gif.pointee.Image
        let fw = Int(desc.Width), fh = Int(desc.Height), left = Int(desc.Left), top = Int(desc.Top)
        // A screen smaller than its frame (some writers put 0×0) grows to hold it.
        let width = max(Int(gif.pointee.SWidth), left + fw), height = max(Int(gif.pointee.SHeight), top + fh)
        guard fw > 0, fh > 0 else { throw failure("the first frame is \(fw)×\(fh) pixels") }

        var palette = [UInt8](repeating: 0, count: 256)
        if let map = desc.ColorMap ?? gif.pointee.SColorMap {
            for k in 0..<min(Int(map.pointee.ColorCount), 256) {
                let c = map.pointee.Colors[k]
                let r = Int(c.Red) * 77, g = Int(c.Green) * 150, b = Int(c.Blue) * 29
                palette[k] = UInt8((r + g + b + 128) >> 8)
            }
        } else {
            // No palette anywhere: the indices can only be levels; spread them over the code size's range.
            let bits = min(max(layout.firstFrame?.codeSize ?? 8, 1), 8)
            let top = (1 << bits) - 1
            for k in 0..<256 { palette[k] = UInt8(min(k, top) * 255 / top) }
            notes.append("gif: no colour table; indices read as a \(top + 1)-level gray ramp")
        }

        var pixels = [UInt8](repeating: 255, count: width * height)
        var line = [GifPixelType](repeating: 0, count: fw)
        // Interlaced frames store rows in four passes; the order maps each decoded line to its row.
        let order: [Int] =
            desc.Interlace
            ? Array(stride(from: 0, to: fh, by: 8)) + Array(stride(from: 4, to: fh, by: 8))
                + Array(stride(from: 2, to: fh, by: 4)) + Array(stride(from: 1, to: fh, by: 2))
            : Array(0..<fh)
        var done = [Bool](repeating: false, count: fh)
        for frameRow in order {
            guard DGifGetLine(gif, &line, Int32(fw)) == GIF_OK else { break }
            done[frameRow] = true
            let y = top + frameRow
            for x in 0..<fw where Int(line[x]) != transparent {
                pixels[y * width + left + x] = palette[Int(line[x])]
            }
        }
        // Good rows: everything above the frame, then the frame's rows up to the first one not decoded.
        let decoded = done.firstIndex(of: false) ?? fh
        if decoded < fh {
            for r in decoded..<fh where done[r] {
                for x in 0..<fw { pixels[(top + r) * width + left + x] = 255 }
            }
        }
        let rows = decoded < fh ? top + decoded : height
        guard rows > 0 else { throw failure("no row of the first frame could be decoded") }
        if rows < height, let reason = lastError() { notes.append("giflib: \(reason)") }
        return (GrayImage(width: width, height: height, pixels: pixels), rows, notes)
    }

    private func lastError() -> String? {
        let code = gif.pointee.Error
        return code == 0 ? nil : GIFFile.message(code)
    }

    private func failure(_ what: String) -> ImageDecodeError {
        ImageDecodeError(.damaged, .gif, "damaged GIF (\(what)): giflib: \(lastError() ?? "no reason given")")
    }
}
