import DataScanEngines
import DataScanModel

/// The scale at which Tesseract reads a page best: its text brought to about 25 px high.
///
/// Tesseract's LSTM reads text of 20–35 px best. Many phone photos of receipts are 460–1000 px wide with text of
/// 10–15 px, and 600 dpi scans of A4 pages have text of 45–70 px: read as they are, the first lose characters and the
/// second are read worse and two to three times slower. On the 156 real receipts of sroie-dev
/// (`make eval-receipts EVAL_ARGS="-- --ocr tesseract"`), scaling each page to a 25 px text height raised
/// Tesseract's word recall from 0.738 to 0.747 and the dates found from 0.808 to 0.846, and the run took 72 s
/// instead of 133 s (the large scans shrink more than the small photos grow).
///
/// The height is measured without OCR: the ink (Otsu's threshold on the page), closed vertically so that the
/// broken dots of thermal and dot-matrix glyphs count as one, cut into 8-connected components; those shaped like
/// characters (4 px to a tenth of the page's longer side high, 0.15–1.5 times as wide as high, ink over 10–90 % of their box)
/// give the height as the 75th percentile of theirs (receipts print mostly capitals and digits, so that is about
/// the cap height; its median ratio to Tesseract's own word heights is 0.96).
package enum TextScale {
    /// The text height Tesseract is given, in pixels.
    static let targetHeight = 25.0
    /// Characters needed to trust a measurement.
    static let minimumCharacters = 20
    /// Limits of the factor, and of the scaled page's size.
    static let factorRange = 0.25...4.0
    static let maximumScaledPixels = 12_000_000.0

    /// The factor to scale `image` by before OCR, 1 when its text is near the target height or cannot be measured.
    package static func factor(for image: GrayImage) -> Double {
        guard var height = textHeight(of: image) else { return 1 }
        // Small text is scaled up, to several times the pixels. On a photo in poor light the ink's shapes are mostly
        // the noise's blotches (a dim receipt's text of 21 px measured 8), and Tesseract read 12 megapixels of noise
        // for 15–25 s; the shapes that stand in rows, as letters do, tell the text's height there.
        if targetHeight / height >= 2, let rows = rowTextHeight(of: image), rows > noiseRatio * height { height = rows }
        var f = min(factorRange.upperBound, max(factorRange.lowerBound, targetHeight / height))
        f = min(f, (maximumScaledPixels / Double(max(1, image.width * image.height))).squareRoot())
        return abs(f - 1) < 0.05 ? 1 : f
    }

    /// `image` scaled by `factor` (area averaging down, linear interpolation up, no sharpening: leptonica's
    /// general scaling sharpens, which Tesseract reads worse), or nil when leptonica cannot.
    package static func scaled(_ image: GrayImage, by factor: Double) -> GrayImage? {
        guard factor != 1 else { return image }
        return LeptonicaImage.from(image)?.resampled(by: factor)?.grayImage()
    }

    /// How many character-shaped ink components the page has (dark on a light page, light on a dark one; pages
    /// over 6 MP counted at half size): a page with very few, a blank sheet or a page of barcodes, has next to no
    /// text that a second OCR engine could read better.
    ///
    /// The ink is found tile by tile (darker than the middle of the tile's darkest and lightest pixel, where the two
    /// differ by `minimumContrast`), not with one threshold for the page: on a faded thermal print photographed on a
    /// dark table, a page-wide threshold falls between the table and the paper and finds no text at all.
    package static func characterCount(of image: GrayImage) -> Int {
        characterShapes(of: image).count
    }

    /// The page's character-shaped ink components that `characterCount` counts (pages over 6 MP found at half size,
    /// in its pixels).
    static func characterShapes(of image: GrayImage) -> [CharacterShapes.Box] {
        if image.width * image.height > 6_000_000 { return characterShapes(of: image.halved()) }
        return CharacterShapes.inLocalInk(of: image)
    }

    /// How many of the page's character-shaped ink components stand in rows as letters do (`CharacterShapes.inRows`;
    /// pages over 6 MP counted at half size, as `characterCount`).
    static func rowCharacterCount(of image: GrayImage) -> Int {
        CharacterShapes.inRows(characterShapes(of: image)).count
    }

    /// How much taller the text that stands in rows must be than the ink's shapes for those to be taken for noise.
    static let noiseRatio = 1.6

    /// The height of the page's character-shaped marks that stand in rows (`CharacterShapes.inRows`), found tile by
    /// tile (`CharacterShapes.inLocalInk`): the 75th percentile, nil with fewer than `minimumCharacters` of them.
    /// Pages over 6 MP are measured at half size.
    static func rowTextHeight(of image: GrayImage) -> Double? {
        upperQuartileHeight(of: image) { CharacterShapes.inRows(CharacterShapes.inLocalInk(of: $0)).map(\.height) }
    }

    /// The height of the page's text in pixels, nil with fewer than `minimumCharacters` character-like shapes.
    /// Pages over 6 MP are measured at half size (the same answer for a quarter of the work).
    static func textHeight(of image: GrayImage) -> Double? {
        upperQuartileHeight(of: image) { image in
            var ink = image.inkMask(threshold: image.otsuThreshold())
            ink.closeVertically(width: image.width, height: image.height)
            return CharacterShapes.heights(ink, width: image.width, height: image.height)
        }
    }

    /// The 75th percentile of the shape heights `measure` finds on `image`, nil with fewer than `minimumCharacters`
    /// of them. Pages over 6 MP are measured at half size (the same answer for a quarter of the work).
    private static func upperQuartileHeight(of image: GrayImage, _ measure: (GrayImage) -> [Int]) -> Double? {
        if image.width * image.height > 6_000_000 { return upperQuartileHeight(of: image.halved(), measure).map { $0 * 2 } }
        let sorted = measure(image).sorted()
        guard sorted.count >= minimumCharacters else { return nil }
        return Double(sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * 0.75).rounded()))])
    }
}

extension GrayImage {
    /// Otsu's threshold: the gray level that best separates the histogram into two classes.
    func otsuThreshold() -> UInt8 {
        var histogram = [Int](repeating: 0, count: 256)
        for p in pixels { histogram[Int(p)] += 1 }
        let total = Double(pixels.count)
        var sum = 0.0
        for (level, count) in histogram.enumerated() { sum += Double(level * count) }
        var sumBelow = 0.0, below = 0.0, best = 0.0, threshold = 0
        for level in 0..<256 {
            below += Double(histogram[level])
            guard below > 0 else { continue }
            let above = total - below
            guard above > 0 else { break }
            sumBelow += Double(level * histogram[level])
            let meanBelow = sumBelow / below, meanAbove = (sum - sumBelow) / above
            let between = below * above * (meanBelow - meanAbove) * (meanBelow - meanAbove)
            if between > best {
                best = between
                threshold = level
            }
        }
        return UInt8(threshold)
    }

    /// 1 where the pixel is ink (at or below `threshold`), else 0.
    func inkMask(threshold: UInt8) -> [UInt8] {
        pixels.map { $0 <= threshold ? 1 : 0 }
    }

    /// 1 where a pixel is darker (lighter, with `lightOnDark`) than the middle of its `tile`-square's darkest and
    /// lightest pixel, in tiles whose two differ by at least `minimumContrast`; 0 elsewhere.
    func localInkMask(tile: Int, minimumContrast: Int, lightOnDark: Bool) -> [UInt8] {
        var mask = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { p in
            mask.withUnsafeMutableBufferPointer { mask in
                for top in stride(from: 0, to: height, by: tile) {
                    for left in stride(from: 0, to: width, by: tile) {
                        let (bottom, right) = (min(height, top + tile), min(width, left + tile))
                        var low = UInt8.max, high = UInt8.min
                        for y in top..<bottom {
                            for x in left..<right {
                                let v = p[y * width + x]
                                low = min(low, v)
                                high = max(high, v)
                            }
                        }
                        guard Int(high) - Int(low) >= minimumContrast else { continue }
                        let middle = (Int(low) + Int(high)) / 2
                        for y in top..<bottom {
                            for x in left..<right where (Int(p[y * width + x]) < middle) != lightOnDark {
                                mask[y * width + x] = 1
                            }
                        }
                    }
                }
            }
        }
        return mask
    }

    /// Halved (`halved()`) until it has at most `pixels` pixels, and how many times smaller it is on each side.
    func halved(toAtMost pixels: Int) -> (image: GrayImage, scale: Int) {
        var (image, scale) = (self, 1)
        while image.width * image.height > pixels {
            image = image.halved()
            scale *= 2
        }
        return (image, scale)
    }

    /// Half the size, each pixel the mean of a 2×2 block.
    func halved() -> GrayImage {
        let w = width / 2, h = height / 2
        var out = [UInt8](repeating: 255, count: w * h)
        pixels.withUnsafeBufferPointer { src in
            for y in 0..<h {
                let r0 = 2 * y * width, r1 = r0 + width
                for x in 0..<w {
                    let s = Int(src[r0 + 2 * x]) + Int(src[r0 + 2 * x + 1]) + Int(src[r1 + 2 * x]) + Int(src[r1 + 2 * x + 1])
                    out[y * w + x] = UInt8(s / 4)
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }
}

extension [UInt8] {
    /// A morphological closing of a 0/1 mask with a 1×3 vertical element: gaps of one or two pixels between ink
    /// above and below are filled. Pixels outside the image count as neither (they change nothing).
    mutating func closeVertically(width: Int, height: Int) {
        guard height >= 3, width > 0, count == width * height else { return }
        // The mask holds only 0 and 1, so a dilation is an OR of a pixel and its two neighbours, an erosion an AND.
        // The neighbour outside the image is the pixel itself, which changes neither.
        var dilated = [UInt8](repeating: 0, count: count)
        withUnsafeBufferPointer { m in
            dilated.withUnsafeMutableBufferPointer { d in
                for y in 0..<height {
                    let row = y * width
                    let up = y > 0 ? row - width : row, down = y + 1 < height ? row + width : row
                    for x in 0..<width { d[row + x] = m[row + x] | m[up + x] | m[down + x] }
                }
            }
        }
        dilated.withUnsafeBufferPointer { d in
            withUnsafeMutableBufferPointer { m in
                for y in 0..<height {
                    let row = y * width
                    let up = y > 0 ? row - width : row, down = y + 1 < height ? row + width : row
                    for x in 0..<width { m[row + x] = d[row + x] & d[up + x] & d[down + x] }
                }
            }
        }
    }
}

/// The 8-connected ink components shaped like characters: 4 px to a tenth of the page's longer side, 0.15–1.5 times as wide
/// as high, ink over 10–90 % of their box.
enum CharacterShapes {
    /// A component's box (inclusive pixel bounds).
    struct Box {
        var x0 = Int.max, x1 = Int.min, y0 = Int.max, y1 = Int.min, ink = 0
        var width: Int { x1 - x0 + 1 }
        var height: Int { y1 - y0 + 1 }
    }

    static func heights(_ mask: [UInt8], width: Int, height: Int) -> [Int] {
        boxes(mask, width: width, height: height).map(\.height)
    }

    /// The least difference, in grey levels, between a tile's darkest and lightest pixel for `inLocalInk` to find ink
    /// in it.
    static let minimumContrast = 24

    /// The character-shaped components of `image`'s ink found tile by tile (`localInkMask`: dark on a light page,
    /// light on a dark one), closed vertically: what `TextScale.characterCount` counts and `ContentRegion` gathers.
    ///
    /// A page that is mostly dark is light print on a dark sheet, or a light sheet photographed on a dark table (a
    /// receipt on a desk, the table more than half of the photo): both kinds of ink are looked for there, and the one
    /// with more character shapes kept. (Taken for light print, a receipt on a dark desk showed no text at all: it was
    /// neither cropped nor read a second time.)
    static func inLocalInk(of image: GrayImage, minimumContrast: Int = CharacterShapes.minimumContrast) -> [Box] {
        func shapes(lightOnDark: Bool) -> [Box] {
            var ink = image.localInkMask(tile: 32, minimumContrast: minimumContrast, lightOnDark: lightOnDark)
            ink.closeVertically(width: image.width, height: image.height)
            return boxes(ink, width: image.width, height: image.height)
        }
        let darkPage = image.pixels.count(where: { $0 < 128 }) * 2 > image.pixels.count
        guard darkPage else { return shapes(lightOnDark: false) }
        let light = shapes(lightOnDark: true), dark = shapes(lightOnDark: false)
        return dark.count > light.count ? dark : light
    }

    /// The boxes of `boxes` that stand in a row as letters do: with at least two others of a like height (0.6–1.6
    /// times theirs) on the same line (middles within a quarter of the taller height) and at most one and a half
    /// heights away along it. Letters have neighbours; a noise's blotches, scattered, seldom two.
    static func inRows(_ boxes: [Box]) -> [Box] {
        let sorted = boxes.sorted { $0.x0 < $1.x0 }
        let starts = sorted.map(\.x0)
        return sorted.indices.filter { i in
            let b = sorted[i]
            let h = Double(b.height), middle = Double(b.y0 + b.y1) / 2
            // Neighbours start at most 1.5 heights past its right edge, or end at most 1.5 heights before its left
            // edge; the widest is 1.5 of its own height wide, at most 1.6 of this one's, so none starts more than 4
            // heights to its left.
            var lo = 0, hi = starts.count
            let from = b.x0 - Int((4 * h).rounded(.up)) - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if starts[mid] < from { lo = mid + 1 } else { hi = mid }
            }
            var neighbours = 0
            for j in lo..<sorted.count where j != i {
                let other = sorted[j]
                if Double(other.x0 - b.x1) > 1.5 * h { break }
                let oh = Double(other.height)
                let gap = Double(max(other.x0 - b.x1, b.x0 - other.x1))
                guard gap <= 1.5 * h, oh >= 0.6 * h, oh <= 1.6 * h,
                    abs(Double(other.y0 + other.y1) / 2 - middle) <= 0.25 * max(h, oh)
                else { continue }
                neighbours += 1
                if neighbours == 2 { return true }
            }
            return false
        }.map { sorted[$0] }
    }

    static func boxes(_ mask: [UInt8], width: Int, height: Int) -> [Box] {
        // Two-pass labelling over runs: each row's runs are joined to the runs they touch in the row above
        // (8-connectivity: overlapping or diagonally adjacent), through a union-find over run indices.
        var runs: [(row: Int, start: Int, end: Int)] = []  // end exclusive
        var rowStarts = [Int](repeating: 0, count: height + 1)
        mask.withUnsafeBufferPointer { m in
            for y in 0..<height {
                rowStarts[y] = runs.count
                var x = 0
                let row = y * width
                while x < width {
                    guard m[row + x] != 0 else {
                        x += 1
                        continue
                    }
                    let start = x
                    while x < width && m[row + x] != 0 { x += 1 }
                    runs.append((y, start, x))
                }
            }
        }
        rowStarts[height] = runs.count
        var parent = Array(0..<runs.count)
        func find(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        for y in 1..<max(1, height) {
            var above = rowStarts[y - 1]
            let aboveEnd = rowStarts[y]
            for r in rowStarts[y]..<rowStarts[y + 1] {
                let run = runs[r]
                while above < aboveEnd && runs[above].end < run.start { above += 1 }
                var a = above
                while a < aboveEnd && runs[a].start <= run.end {
                    let (ra, rr) = (find(a), find(r))
                    if ra != rr { parent[max(ra, rr)] = min(ra, rr) }
                    a += 1
                }
            }
        }
        // A component's box, in the order of its first run (its root: the lowest run index of the component).
        var boxes: [Box] = []
        var slot = [Int32](repeating: -1, count: runs.count)
        for (i, run) in runs.enumerated() {
            let root = find(i)
            if slot[root] < 0 {
                slot[root] = Int32(boxes.count)
                boxes.append(Box())
            }
            let k = Int(slot[root])
            boxes[k].x0 = Swift.min(boxes[k].x0, run.start)
            boxes[k].x1 = Swift.max(boxes[k].x1, run.end - 1)
            boxes[k].y0 = Swift.min(boxes[k].y0, run.row)
            boxes[k].y1 = Swift.max(boxes[k].y1, run.row)
            boxes[k].ink += run.end - run.start
        }
        // A tenth of the longer side: a crop of a few lines (`ContentRegion`) is short but its characters are not.
        let tallest = Double(max(width, height)) / 10
        return boxes.filter { b in
            let w = b.width, h = b.height
            let area = Double(w * h)
            return h >= 4 && Double(h) <= tallest && Double(w) >= 0.15 * Double(h) && Double(w) <= 1.5 * Double(h)
                && Double(b.ink) >= 0.1 * area && Double(b.ink) <= 0.9 * area
        }
    }
}
