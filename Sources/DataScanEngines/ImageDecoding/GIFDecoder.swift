/// GIF: leptonica when it reads the file correctly (see `GIFLayout.leptonicaReadsIt`), giflib otherwise
/// (no palette, transparency, a first frame smaller than the screen, a cut file). The first frame only: the
/// frames of an animated GIF are states of one picture, not pages.
enum GIFDecoder {
    static func decode(_ data: [UInt8], limits: DecodeLimits) throws(ImageDecodeError) -> DecodedImage {
        let layout = GIFLayout(data)
        guard layout.firstFrame != nil || layout.screenWidth > 0 else {
            throw ImageDecodeError(.damaged, .gif, "damaged GIF: the file ends inside its header")
        }
        try limits.check(max(layout.screenWidth, 1), max(layout.screenHeight, 1), .gif)
        let frames = max(layout.frameCount, 1)
        // A cut file goes to giflib, which keeps the rows before the cut; leptonica would refuse it whole.
        if layout.leptonicaReadsIt, !layout.cut {
            let messages = try LibraryMessages()
            if let pix = LeptonicaImage.decode(data, messages: messages), pix.width == layout.screenWidth,
                pix.height == layout.screenHeight, let gray = pix.grayImage(messages: messages)
            {
                let warnings = messages.lines.filter { !$0.contains("we only read the first") }
                return DecodedImage(
                    image: gray, format: .gif, decoder: .leptonica, dpi: nil, pageCount: 1, frameCount: frames,
                    orientation: nil, completeness: .complete, warnings: warnings)
            }
        }
        let file = try GIFFile(data)
        let (gray, rows, notes) = try file.firstFrame(layout)
        try limits.check(gray.width, gray.height, .gif)
        let completeness: Completeness =
            rows < gray.height
            ? .partial(rowsRead: rows, totalRows: gray.height, reason: "GIF data is cut or damaged after row \(rows)")
            : .complete
        return DecodedImage(
            image: gray, format: .gif, decoder: .giflib, dpi: nil, pageCount: 1, frameCount: frames, orientation: nil,
            completeness: completeness, warnings: notes)
    }

    static func inspect(_ data: [UInt8]) throws(ImageDecodeError) -> ImageInfo {
        let layout = GIFLayout(data)
        guard layout.screenWidth > 0 || layout.firstFrame != nil else {
            throw ImageDecodeError(.damaged, .gif, "damaged GIF: the file ends inside its header")
        }
        return ImageInfo(
            format: .gif, width: layout.screenWidth, height: layout.screenHeight, pageCount: 1,
            frameCount: max(layout.frameCount, 1))
    }
}
