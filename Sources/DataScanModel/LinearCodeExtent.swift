import Foundation

/// Grows the quad of a linear code to the real height of its bars.
///
/// Both decoders locate a linear code by the scan lines that crossed it, so their quads can be a sliver a few pixels
/// high. For a code that lies along the image axes, the rows (or columns) above and below the middle scan line are
/// compared with it: as long as they show the same bar pattern they belong to the code. Codes at an angle, or where
/// the comparison finds nothing, get a minimum thickness instead.
package enum LinearCodeExtent {
    /// A row belongs to the code while its mean difference from the middle row stays under this share of the
    /// middle row's contrast (bars match bars almost exactly; white margin or printed digits do not).
    static let sameRowTolerance = 0.25
    /// The thinnest a linear code is assumed to be, as a share of its length (printed codes are rarely flatter).
    package static let minimumAspect = 0.15

    /// The quad grown across the reading direction to cover the bars found in `image` (the image the quad is in).
    package static func refined(_ quad: Quad, in image: GrayImage) -> Quad {
        let reading = Point(
            x: (quad.topRight.x - quad.topLeft.x + quad.bottomRight.x - quad.bottomLeft.x) / 2,
            y: (quad.topRight.y - quad.topLeft.y + quad.bottomRight.y - quad.bottomLeft.y) / 2)
        let box = quad.boundingRect
        if abs(reading.x) >= 3 * abs(reading.y), abs(reading.x) > 0 {
            let turn: QuarterTurn = reading.x > 0 ? .up : .down
            let rows = barExtent(in: image, along: box.minX...box.maxX, middle: box.midY, horizontal: true)
            let y0 = min(box.minY, rows.lowerBound), y1 = max(box.maxY, rows.upperBound)
            let grown = thickened(Rect(x: box.minX, y: y0, width: box.width, height: y1 - y0), horizontal: true)
            return Quad.ordered(Quad(grown).corners, readingUp: turn)
        }
        if abs(reading.y) >= 3 * abs(reading.x), abs(reading.y) > 0 {
            let turn: QuarterTurn = reading.y > 0 ? .right : .left
            let columns = barExtent(in: image, along: box.minY...box.maxY, middle: box.midX, horizontal: false)
            let x0 = min(box.minX, columns.lowerBound), x1 = max(box.maxX, columns.upperBound)
            let grown = thickened(Rect(x: x0, y: box.minY, width: x1 - x0, height: box.height), horizontal: false)
            return Quad.ordered(Quad(grown).corners, readingUp: turn)
        }
        return thickenedAtAngle(quad, reading: reading)
    }

    /// The range of rows (horizontal code) or columns (vertical code) whose pixels over `span` match the ones at
    /// `middle`.
    private static func barExtent(
        in image: GrayImage, along span: ClosedRange<Double>, middle: Double, horizontal: Bool
    ) -> ClosedRange<Double> {
        let lines = horizontal ? image.height : image.width
        let length = horizontal ? image.width : image.height
        let start = max(0, Int(span.lowerBound)), end = min(length - 1, Int(span.upperBound))
        let center = min(max(0, Int(middle)), lines - 1)
        guard end > start, lines > 0 else { return middle...middle }
        func pixel(_ along: Int, _ line: Int) -> Int {
            Int(horizontal ? image.pixels[line * image.width + along] : image.pixels[along * image.width + line])
        }
        // At most ~512 samples per line: enough to see bars, and it bounds the work on large pages.
        let step = max(1, (end - start) / 512)
        let samples = Array(stride(from: start, through: end, by: step))
        let reference = samples.map { pixel($0, center) }
        let contrast = Double((reference.max() ?? 0) - (reference.min() ?? 0))
        guard contrast >= 32 else { return middle...middle }
        func matches(_ line: Int) -> Bool {
            var total = 0
            for index in samples.indices { total += abs(pixel(samples[index], line) - reference[index]) }
            return Double(total) / Double(samples.count) <= sameRowTolerance * contrast
        }
        // A code is rarely taller than it is long: stop there even on a page of stripes.
        let limit = end - start
        var first = center, last = center
        while first > 0, center - first < limit, matches(first - 1) { first -= 1 }
        while last < lines - 1, last - center < limit, matches(last + 1) { last += 1 }
        return Double(first)...Double(last + 1)
    }

    /// The rectangle grown symmetrically to the minimum thickness, if it is thinner.
    private static func thickened(_ rect: Rect, horizontal: Bool) -> Rect {
        let length = horizontal ? rect.width : rect.height
        let thickness = horizontal ? rect.height : rect.width
        let wanted = max(length * minimumAspect, 4)
        guard thickness < wanted else { return rect }
        let grow = (wanted - thickness) / 2
        return horizontal
            ? Rect(x: rect.minX, y: rect.minY - grow, width: rect.width, height: wanted)
            : Rect(x: rect.minX - grow, y: rect.minY, width: wanted, height: rect.height)
    }

    /// The quad grown symmetrically along its own normal to `aspect` × its length, if it is thinner (no image
    /// needed): gives scan-line slivers an area, so that reads of the same code from different passes overlap.
    package static func withMinimumThickness(_ quad: Quad, aspect: Double = minimumAspect) -> Quad {
        let reading = Point(
            x: (quad.topRight.x - quad.topLeft.x + quad.bottomRight.x - quad.bottomLeft.x) / 2,
            y: (quad.topRight.y - quad.topLeft.y + quad.bottomRight.y - quad.bottomLeft.y) / 2)
        return thickenedAtAngle(quad, reading: reading, aspect: aspect)
    }

    /// For a code at an angle: the quad grown along its own normal to `aspect` × its length, if it is thinner.
    private static func thickenedAtAngle(_ quad: Quad, reading: Point, aspect: Double = minimumAspect) -> Quad {
        let length = (reading.x * reading.x + reading.y * reading.y).squareRoot()
        guard length > 0 else { return quad }
        // Unit normal pointing from the top edge towards the bottom edge.
        let normal = Point(x: -reading.y / length, y: reading.x / length)
        let topMid = Point(x: (quad.topLeft.x + quad.topRight.x) / 2, y: (quad.topLeft.y + quad.topRight.y) / 2)
        let bottomMid = Point(x: (quad.bottomLeft.x + quad.bottomRight.x) / 2, y: (quad.bottomLeft.y + quad.bottomRight.y) / 2)
        let thickness = (bottomMid.x - topMid.x) * normal.x + (bottomMid.y - topMid.y) * normal.y
        let wanted = max(length * aspect, 4)
        guard thickness < wanted else { return quad }
        let grow = (wanted - thickness) / 2
        func moved(_ p: Point, _ distance: Double) -> Point { Point(x: p.x + normal.x * distance, y: p.y + normal.y * distance) }
        return Quad(
            topLeft: moved(quad.topLeft, -grow), topRight: moved(quad.topRight, -grow),
            bottomRight: moved(quad.bottomRight, grow), bottomLeft: moved(quad.bottomLeft, grow))
    }
}
