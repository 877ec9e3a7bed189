import DataScanModel

/// An OCR engine as the page pipeline sees it: a page raster in, lines of words in the page's pixels out, each
/// line marked with the engine that read it. Implementations own their C engines (created on first use, reused
/// for every page), are not thread-safe, and block: each page thread (or page process) owns one of each.
/// Tesseract (`TesseractRecognizer`) and PP-OCR (`PPOCRRecognizer`) are the two; the tests add a fake.
package protocol OCREngine: AnyObject {
    /// What its lines are marked with.
    var source: LineSource { get }

    /// Reads a page raster.
    /// - Parameters:
    ///   - resolution: pixels per inch of the raster.
    ///   - deadline: when the page's time is up; recognition stops there with a timeout error.
    ///   - pageTimeout: the page's time limit in seconds, for that error's message.
    func recognize(
        _ raster: GrayImage, resolution: Int, deadline: ContinuousClock.Instant, pageTimeout: Double, cancellation: CancellationFlag?
    ) throws(DataScanError) -> OCRReading
}

extension OCREngine {
    /// Reads `raster` turned `quarterTurns` clockwise (a page another engine found turned), its words then placed
    /// back on `raster`.
    package func recognize(
        _ raster: GrayImage, turnedBy quarterTurns: Int, resolution: Int, deadline: ContinuousClock.Instant, pageTimeout: Double,
        cancellation: CancellationFlag?
    ) throws(DataScanError) -> OCRReading {
        let turns = ((quarterTurns % 4) + 4) % 4
        guard turns != 0 else {
            return try recognize(raster, resolution: resolution, deadline: deadline, pageTimeout: pageTimeout, cancellation: cancellation)
        }
        let turned = try recognize(
            raster.rotated(quarterTurns: turns), resolution: resolution, deadline: deadline, pageTimeout: pageTimeout,
            cancellation: cancellation)
        return turned.placedBack(on: raster, turnedBy: turns)
    }
}

/// What an OCR engine read on one page.
package struct OCRReading: Sendable {
    /// Lines in reading order, word quads on the page as stored.
    package var lines: [RecognizedLine]
    /// Quarter turns clockwise the page was turned to read it.
    package var quarterTurns: Int
    /// Seconds spent finding whether the page is turned, and reading it turned when it was: nil when the
    /// orientation was not checked (a page that read well the way it lies).
    package var orientationSeconds: Double?
    /// Seconds of parts of the reading, by the stage names the store keeps (see `Part`). Summed when two readings are
    /// merged.
    package var partSeconds: [String: Double] = [:]

    /// The parts of a reading that are timed apart.
    package enum Part {
        /// The page cropped to its text, straightened, scaled and evened out before Tesseract's first pass: taken out
        /// of the `ocr` stage.
        package static let preprocess = "preprocess"
        /// PP-OCR's three models, each with its own pre- and post-processing: parts of the `ppocr` stage.
        package static let ppocrDetection = "ppocr.detection"
        package static let ppocrDirection = "ppocr.direction"
        package static let ppocrRecognition = "ppocr.recognition"
    }

    /// This reading with `seconds` added to its part `part`.
    package func adding(_ seconds: Double, to part: String) -> OCRReading {
        var r = self
        r.partSeconds[part, default: 0] += seconds
        return r
    }

    /// This reading with the part seconds of `other` added to its own.
    package func addingParts(of other: OCRReading) -> OCRReading {
        var r = self
        r.partSeconds.merge(other.partSeconds, uniquingKeysWith: +)
        return r
    }

    /// A reading of `lines` on a page turned `quarterTurns` to read it.
    package init(lines: [RecognizedLine], quarterTurns: Int, orientationSeconds: Double? = nil) {
        self.lines = lines
        self.quarterTurns = quarterTurns
        self.orientationSeconds = orientationSeconds
    }

    /// A reading of `raster` turned `turns` quarter turns clockwise, placed back on `raster`: its words' quads mapped
    /// back, its turns counted from `raster`.
    package func placedBack(on raster: GrayImage, turnedBy turns: Int) -> OCRReading {
        let lines = Self.onStoredPage(lines) { raster.pointBeforeRotation($0, quarterTurns: turns) }
        var placed = OCRReading(lines: lines, quarterTurns: (quarterTurns + turns) % 4, orientationSeconds: orientationSeconds)
        placed.partSeconds = partSeconds
        return placed
    }

    /// Lines whose word quads are mapped through `map` (from the recognized image onto the stored page).
    static func onStoredPage(_ lines: [RecognizedLine], _ map: @escaping (Point) -> Point) -> [RecognizedLine] {
        lines.map { line in
            RecognizedLine(
                words: line.words.map { w in RecognizedWord(text: w.text, bounds: w.bounds.mapped(map), confidence: w.confidence) },
                confidence: line.confidence, source: line.source)
        }
    }

    /// How much readable text a reading found: characters of the words its engine is fairly sure of (0.6 or more),
    /// weighed by that confidence. Compares two readings of one page by one engine (turned and not).
    static func readingScore(_ lines: [RecognizedLine]) -> Double {
        lines.flatMap(\.words).reduce(0) { $0 + ($1.confidence >= 0.6 ? Double($1.text.count) * $1.confidence : 0) }
    }

    /// The reading of a crop placed back on its page: every word and line moved by the crop's top-left corner.
    package func shifted(x dx: Double, y dy: Double) -> OCRReading {
        guard dx != 0 || dy != 0 else { return self }
        func move(_ q: Quad) -> Quad { q.mapped { Point(x: $0.x + dx, y: $0.y + dy) } }
        var moved = self
        moved.lines = lines.map { line in
            var moved = line
            moved.words = line.words.map { RecognizedWord(text: $0.text, bounds: move($0.bounds), confidence: $0.confidence) }
            moved.bounds = move(line.bounds)
            return moved
        }
        return moved
    }
}
