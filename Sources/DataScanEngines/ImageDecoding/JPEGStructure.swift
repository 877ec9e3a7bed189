/// The marker segments of a JPEG up to its first scan, read in Swift before libjpeg sees the stream: where the
/// stream starts, its frame header, its EXIF orientation, and a repaired copy when an APPn/COM block's length
/// field is wrong (libjpeg would otherwise resynchronize inside the block, often on an embedded thumbnail).
struct JPEGStructure {
    /// Offset of SOI in the file.
    let start: Int
    /// From the first SOFn segment, when one was reached.
    private(set) var width = 0, height = 0, precision = 8
    /// The SOFn marker (0xC0 baseline, 0xC1 extended, 0xC2 progressive, 0xC3 lossless...).
    private(set) var frameMarker: UInt8?
    /// EXIF orientation when an EXIF block carries a valid one.
    private(set) var orientation: ImageOrientation?
    /// The stream with damaged blocks cut out, or nil when the stream is sound as it is.
    private(set) var repaired: [UInt8]?
    /// What was repaired or skipped, for the result's warnings.
    private(set) var notes: [String] = []

    init(_ data: [UInt8], start: Int) {
        self.start = start
        if start > 0 { notes.append("jpeg: skipped \(start) bytes of other data before the JPEG start marker") }
        var kept: [Range<Int>] = []  // byte ranges of the repaired stream, used only once something was cut
        var copyFrom = start
        var i = start + 2
        let n = data.count
        segments: while i + 4 <= n, data[i] == 0xFF {
            var m = i + 1
            while m < n, data[m] == 0xFF { m += 1 }  // fill bytes
            guard m + 3 <= n else { break }
            let marker = data[m]
            if Self.isStandalone(marker) {
                i = m + 1
                continue
            }
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(data[m + 1]) << 8 | Int(data[m + 2])
            let end = m + 1 + length
            if Self.isFrameHeader(marker), length >= 8, end <= n, frameMarker == nil {
                frameMarker = marker
                precision = Int(data[m + 3])
                height = Int(data[m + 4]) << 8 | Int(data[m + 5])
                width = Int(data[m + 6]) << 8 | Int(data[m + 7])
            }
            var contentEnd = m + 3  // where the block's own content provably ends
            if marker == 0xE1, m + 9 < n, Array(data[(m + 3)..<(m + 9)]) == Array("Exif\0\0".utf8) {
                let exif = EXIFBlock(data, tiffStart: m + 9)
                if orientation == nil { orientation = exif.orientation }
                contentEnd = max(contentEnd, exif.extentEnd ?? contentEnd)
            }
            let sound = length >= 2 && end <= n && Self.chainIsValid(data, from: end, frameSeen: frameMarker != nil)
            if !sound && Self.isSkippable(marker) {
                // The length field is wrong: find where the real segments resume, after everything the block
                // itself says it holds (its EXIF thumbnail) and after any JPEG embedded in it.
                guard let resume = Self.resumePoint(data, from: min(contentEnd, n)), resume > m else { break segments }
                let name = marker == 0xE1 ? "APP1 (EXIF)" : marker == 0xFE ? "COM" : "APP\(marker - 0xE0)"
                notes.append(
                    "jpeg: ignored a damaged \(name) block at byte \(i) (its length field says \(length) bytes; "
                        + "the next segment starts \(resume - m - 1) bytes on)")
                kept.append(copyFrom..<i)
                copyFrom = resume
                i = resume
                continue
            }
            guard sound else { break }
            i = end
        }
        if !kept.isEmpty {
            var stream: [UInt8] = []
            stream.reserveCapacity(n - start)
            for range in kept { stream.append(contentsOf: data[range]) }
            stream.append(contentsOf: data[copyFrom...])
            repaired = stream
        }
    }

    /// True when a marker segment (FF, marker, plausible length) starts at `offset`.
    static func isSegmentStart(_ data: [UInt8], at offset: Int) -> Bool {
        guard offset + 4 <= data.count, data[offset] == 0xFF else { return false }
        let marker = data[offset + 1]
        guard isFrameHeader(marker) || isSkippable(marker) || [0xDB, 0xC4, 0xDD, 0xCC, 0xDC, 0xDE, 0xDF].contains(marker) else {
            return false
        }
        let length = Int(data[offset + 2]) << 8 | Int(data[offset + 3])
        return length >= 2 && offset + 2 + length <= data.count
    }

    /// True when well-formed segments run from `offset` to a scan header, with a frame header on the way (or
    /// already seen). Bounded: real headers have a few dozen segments.
    static func chainIsValid(_ data: [UInt8], from offset: Int, frameSeen: Bool) -> Bool {
        var i = offset
        var frame = frameSeen
        for _ in 0..<256 {
            guard i + 4 <= data.count, data[i] == 0xFF else { return false }
            var m = i + 1
            while m < data.count, data[m] == 0xFF { m += 1 }
            guard m + 3 <= data.count else { return false }
            let marker = data[m]
            if marker == 0xDA { return frame }
            guard isFrameHeader(marker) || isSkippable(marker) || [0xDB, 0xC4, 0xDD, 0xCC, 0xDC, 0xDE, 0xDF].contains(marker) else {
                return false
            }
            if isFrameHeader(marker) { frame = true }
            let length = Int(data[m + 1]) << 8 | Int(data[m + 2])
            guard length >= 2, m + 1 + length <= data.count else { return false }
            i = m + 1 + length
        }
        return false
    }

    /// The first offset at or after `floor` where a valid segment chain resumes, skipping JPEG streams embedded
    /// in the damaged block (an EXIF thumbnail has its own SOI, tables and scan: decoding it instead of the
    /// picture would be a wrong result, not a missing one).
    private static func resumePoint(_ data: [UInt8], from floor: Int) -> Int? {
        var i = floor
        while i + 4 <= data.count {
            if data[i] == 0xFF, data[i + 1] == 0xD8 {
                // Skip the embedded stream up to its EOI.
                var j = i + 2
                while j + 1 < data.count, !(data[j] == 0xFF && data[j + 1] == 0xD9) { j += 1 }
                i = j + 2
                continue
            }
            if data[i] == 0xFF, isSegmentStart(data, at: i), chainIsValid(data, from: i, frameSeen: false) { return i }
            i += 1
        }
        return nil
    }

    /// SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    static func isFrameHeader(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    /// APPn and COM: blocks a decoder may drop without changing the picture.
    static func isSkippable(_ marker: UInt8) -> Bool {
        (0xE0...0xEF).contains(marker) || marker == 0xFE
    }

    /// Markers without a length: TEM, RST0–7.
    private static func isStandalone(_ marker: UInt8) -> Bool {
        marker == 0x01 || (0xD0...0xD7).contains(marker)
    }
}
