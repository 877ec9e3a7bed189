import DataScanModel

/// Whether a PDF page with a text layer draws anything a barcode could be, besides its text: then it is rendered in
/// full and searched for barcodes; a page of text and rules alone is not (its barcode search would find nothing and
/// costs a 300 dpi rendering and the decoders' passes: ~0.4 s of a core against ~5 ms for its text).
///
/// Why a rendering and not the page's drawing operators: poppler-glib tells a page's images but not its paths, and a
/// barcode drawn as vector bars is paths. So the page is drawn small (`probeDPI`), the text layer's words are erased
/// from it, and what is left is looked at: a barcode is a dense patch (a 1D code's bars blur into one grey block, a 2D
/// code's modules into a square), while what else a text page draws (table rules, underlines, a box's outline) is thin.
/// A word's box that is mostly ink is not erased: a barcode font's bars are text to the text layer.
enum MarksBesideText {
    /// The resolution of the probe: a 2.5 mm Data Matrix is 5 × 5 pixels, a 1 pt rule one pixel.
    static let probeDPI = 50.0
    /// A pixel darker than this is ink (a 1D code's bars at this scale are mid-grey).
    static let inkBelow: UInt8 = 200
    /// A patch of `window` × `window` pixels with at least `denseCount` of them ink is dense: 39 %, above two rules
    /// crossing (11 pixels), below any barcode.
    static let window = 6
    static let denseCount = 14
    /// A word's box with more ink than this share is drawn in bars, not letters: it is not erased. (Letters at this
    /// scale blur into up to half their box, bold capitals 46 %; a barcode font's bars into most of it.)
    static let barsShare = 0.6

    /// Whether a word's text is a barcode font's input, whatever the font is called (a subset or a Type 3 copy can
    /// lose its name): Code 39's `*` before and after (`*INV-2024-0042*`), or Code 128's start character (`Ë`, `Ì`,
    /// `Í` in the fonts' common mapping) before and its stop character (`Î`) after. Such a word is not erased.
    static func isBarcodeFontText(_ word: String) -> Bool {
        let scalars = Array(word.unicodeScalars)
        guard scalars.count >= 3, let first = scalars.first, let last = scalars.last else { return false }
        if first == "*", last == "*" {
            return scalars.dropFirst().dropLast().allSatisfy {
                ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-. $/+%".unicodeScalars.contains($0)
            }
        }
        return ("\u{CB}"..."\u{CD}").contains(first) && last == "\u{CE}"
    }

    /// Whether `probe` (the page drawn at `probeDPI`) shows a dense patch outside `words` (their boxes in the
    /// probe's pixels).
    static func found(in probe: GrayImage, besides words: [Rect]) -> Bool {
        let w = probe.width, h = probe.height
        guard w >= window, h >= window else { return false }
        var ink = [UInt8](repeating: 0, count: w * h)
        for i in 0..<(w * h) where probe.pixels[i] < inkBelow { ink[i] = 1 }
        for r in words {
            // One pixel of margin: glyphs overhang their boxes (accents, italics, antialiasing).
            let x0 = max(0, Int(r.x.rounded(.down)) - 1), x1 = min(w, Int((r.x + r.width).rounded(.up)) + 1)
            let y0 = max(0, Int(r.y.rounded(.down)) - 1), y1 = min(h, Int((r.y + r.height).rounded(.up)) + 1)
            guard x0 < x1, y0 < y1 else { continue }
            var count = 0
            for y in y0..<y1 { for x in x0..<x1 { count += Int(ink[y * w + x]) } }
            if Double(count) > barsShare * Double((x1 - x0) * (y1 - y0)) { continue }
            for y in y0..<y1 { for x in x0..<x1 { ink[y * w + x] = 0 } }
        }
        // Ink in every window, from a summed-area table (one row and column of zeros ahead).
        var sums = [Int32](repeating: 0, count: (w + 1) * (h + 1))
        for y in 0..<h {
            var row: Int32 = 0
            for x in 0..<w {
                row += Int32(ink[y * w + x])
                sums[(y + 1) * (w + 1) + x + 1] = sums[y * (w + 1) + x + 1] + row
            }
        }
        for y in 0...(h - window) {
            for x in 0...(w - window) {
                let a = sums[y * (w + 1) + x], b = sums[y * (w + 1) + x + window]
                let c = sums[(y + window) * (w + 1) + x], d = sums[(y + window) * (w + 1) + x + window]
                if d - b - c + a >= denseCount { return true }
            }
        }
        return false
    }
}
