import Foundation

/// What analysis found on one page.
public struct ImageAnalysis: Sendable, Codable {
    /// Page width in pixels (for PDFs: at the render resolution of the quality level).
    public var width: Int
    /// Page height in pixels.
    public var height: Int
    /// Where the text came from: OCR, the PDF text layer, or none (barcodes only).
    public var source: PageSource
    /// Degrees (clockwise: 0, 90, 180, 270) the page was turned to read it; quads still refer to the page as stored.
    public var rotation: Int = 0
    /// Recognized text lines (OCR or text layer), in reading order.
    public var lines: [RecognizedLine]
    /// Items in reading order, with stable ids.
    public var items: [RecognizedItem]
    /// Seconds per stage: `load`, `ocr`, `barcodes`, `detect`.
    public var timings: [String: Double]
    /// Why the page was read only in part, in one line (`read in part (80 of 240 rows): JPEG data is cut …`): an image
    /// file cut short gives its first rows and the rest is white. nil when the page was read whole.
    public var warning: String? = nil
    /// A page's analysis.
    public init(
        width: Int, height: Int, source: PageSource, rotation: Int = 0, lines: [RecognizedLine], items: [RecognizedItem],
        timings: [String: Double] = [:], warning: String? = nil
    ) {
        self.width = width
        self.height = height
        self.source = source
        self.rotation = rotation
        self.lines = lines
        self.items = items
        self.timings = timings
        self.warning = warning
    }

    /// All recognized text, lines joined by newlines.
    public var transcript: String { lines.map(\.text).joined(separator: "\n") }
}
