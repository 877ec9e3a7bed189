/// A GIF's block structure, walked in Swift without decoding pixels: the logical screen, whether there is a
/// global palette, the first frame's placement and transparency, and how many frames there are. Decides
/// whether leptonica can read the file correctly (it ignores transparency and frame offsets) and gives giflib
/// what giflib does not expose (the LZW code size, used for the gray ramp of a GIF without any palette).
struct GIFLayout {
    struct Frame {
        var left = 0, top = 0, width = 0, height = 0
        var hasLocalPalette = false
        var interlaced = false
        var transparentIndex: Int?
        var codeSize = 8
    }

    private(set) var screenWidth = 0, screenHeight = 0
    private(set) var hasGlobalPalette = false
    private(set) var firstFrame: Frame?
    private(set) var frameCount = 0
    /// True when the block structure ended before the trailer (a cut file).
    private(set) var cut = false

    init(_ data: [UInt8]) {
        guard data.count >= 13 else {
            cut = true
            return
        }
        func u16(_ o: Int) -> Int { Int(data[o]) | Int(data[o + 1]) << 8 }
        screenWidth = u16(6)
        screenHeight = u16(8)
        let flags = Int(data[10])
        hasGlobalPalette = flags & 0x80 != 0
        var i = 13 + (hasGlobalPalette ? 3 << ((flags & 7) + 1) : 0)
        var pendingTransparency: Int?

        /// Skips a run of sub-blocks starting at `o`; nil when the data ends inside it.
        func skipSubBlocks(_ o: Int) -> Int? {
            var p = o
            while p < data.count {
                let n = Int(data[p])
                if n == 0 { return p + 1 }
                p += 1 + n
            }
            return nil
        }

        while i < data.count {
            switch data[i] {
            case 0x21:
                guard i + 2 < data.count else {
                    cut = true
                    return
                }
                let label = data[i + 1]
                if label == 0xF9, i + 7 < data.count, data[i + 2] >= 4 {
                    pendingTransparency = data[i + 3] & 1 != 0 ? Int(data[i + 6]) : nil
                }
                guard let next = skipSubBlocks(i + 2) else {
                    cut = true
                    return
                }
                i = next
            case 0x2C:
                guard i + 10 < data.count else {
                    cut = true
                    return
                }
                let f = Int(data[i + 9])
                var frame = Frame(
                    left: u16(i + 1), top: u16(i + 3), width: u16(i + 5), height: u16(i + 7),
                    hasLocalPalette: f & 0x80 != 0, interlaced: f & 0x40 != 0, transparentIndex: pendingTransparency)
                pendingTransparency = nil
                var p = i + 10 + (frame.hasLocalPalette ? 3 << ((f & 7) + 1) : 0)
                guard p < data.count else {
                    cut = true
                    return
                }
                frame.codeSize = Int(data[p])
                p += 1
                frameCount += 1
                if firstFrame == nil { firstFrame = frame }
                guard let next = skipSubBlocks(p) else {
                    cut = true
                    return
                }
                i = next
            case 0x3B:
                return
            default:
                // Not a block introducer: trailing garbage after the last frame is common; stop counting.
                return
            }
        }
        cut = true
    }

    /// True when leptonica's reader gives the right picture: a palette exists, no transparency, and the first
    /// frame covers the whole logical screen.
    var leptonicaReadsIt: Bool {
        guard let f = firstFrame else { return false }
        return (hasGlobalPalette || f.hasLocalPalette) && f.transparentIndex == nil && f.left == 0 && f.top == 0
            && f.width == screenWidth && f.height == screenHeight
    }
}
