import DataScanModel

/// One decoded page or frame, as 8-bit gray, with what the file says about it.
package struct DecodedImage: Sendable {
    /// The pixels: stored orientation (see `orientation`), transparency composited on white.
    package let image: GrayImage
    /// The file's format.
    package let format: ImageFormat
    /// The library that produced the pixels.
    package let decoder: ImageLibrary
    /// Horizontal resolution in pixels per inch when the file records a plausible one (50–4800), else nil.
    /// A JPEG's resolution comes from JFIF only: EXIF's 72 dpi is a camera default, not a measurement.
    package let dpi: Int?
    /// Pages in the file: TIFF directories; 1 for every other format (animation frames are not pages).
    package let pageCount: Int
    /// Animation frames (GIF, WebP); 1 for still images. Only the first frame is decoded: the frames of an
    /// animated image are states of one picture, not pages, and the first is what a viewer shows first.
    package let frameCount: Int
    /// How the stored pixels must be turned to stand upright (JPEG EXIF, TIFF Orientation tag), nil when the
    /// file says nothing. Not applied: the caller decides (datascan turns pages itself).
    package let orientation: ImageOrientation?
    /// Whether every row came from intact data.
    package let completeness: Completeness
    /// Messages the libraries reported while decoding (each "library: text"); the image is usable.
    package let warnings: [String]
}

/// Whether an image was decoded whole.
package enum Completeness: Sendable, Equatable {
    /// Every row was decoded from intact data.
    case complete
    /// The data ends early or is damaged: `rowsRead` of `totalRows` rows are good and the rest are white.
    /// Rows count from the top, except for bottom-up BMPs, where the rows that survive a cut are the bottom
    /// ones. A progressive JPEG cut in a later scan has every row, coarser: then `rowsRead == totalRows`.
    case partial(rowsRead: Int, totalRows: Int, reason: String)

    /// True when rows are missing or degraded.
    package var isPartial: Bool {
        if case .partial = self { return true }
        return false
    }
}

/// The library a decode went through.
package enum ImageLibrary: String, Sendable, Equatable, CaseIterable {
    case leptonica, libtiff, libjpeg, libpng, giflib, libwebp
    /// The package's own BMP decoder, for the BMP variants leptonica lacks.
    case bmp
}

/// EXIF/TIFF orientation (tag 0x0112): how the stored rows map to an upright picture.
package enum ImageOrientation: Int, Sendable, Equatable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left

    /// Clockwise quarter turns that bring the stored pixels upright, and whether to mirror (left-right) first.
    package var correction: (mirror: Bool, quarterTurns: Int) {
        switch self {
        case .up: (false, 0)
        case .upMirrored: (true, 0)
        case .down: (false, 2)
        case .downMirrored: (true, 2)
        case .leftMirrored: (true, 3)
        case .right: (false, 1)
        case .rightMirrored: (true, 1)
        case .left: (false, 3)
        }
    }
}
