import DataScanEngines
import DataScanModel
import Foundation

/// Reads the text of a page raster with Tesseract: straightens a skewed page, turns a sideways or upside-down one
/// upright, evens out uneven lighting, as the quality level asks, and returns lines with word boxes on the page as
/// stored. Owns its engines (created on first use, reused for every page). Not thread-safe; all calls block.
package final class TesseractRecognizer: OCREngine {
    package let source = LineSource.tesseract
    private let languages: [String]
    private let quality: QualityLevel
    private var tesseract: TesseractEngine?
    private var osd: OrientationDetector?

    /// A recognizer for Tesseract languages `languages` (`eng`, `deu`) at `quality`.
    package init(languages: [String], quality: QualityLevel) {
        self.languages = languages
        self.quality = quality
    }

    /// Recognizes a raster, turning it upright first when it was scanned sideways or upside down.
    /// - Parameters:
    ///   - resolution: pixels per inch of the raster.
    ///   - deadline: when the page's time is up; recognition stops there with a timeout error.
    ///   - pageTimeout: the page's time limit in seconds, for that error's message.
    ///
    /// Why not always run orientation detection: it costs a second pass on every page, and nearly all pages are
    /// upright. `balanced` asks Tesseract's OSD only when the first pass reads poorly; `accurate` always asks;
    /// `fast` never. Where OSD is unsure and the page's letters stand in columns (`looksSideways`), both quarter turns
    /// are read. A turned pass is kept only when it reads better than the upright one. Word boxes of a turned pass
    /// are mapped back to the page's own pixels (turned quads).
    package func recognize(
        _ raster: GrayImage, resolution: Int, deadline: ContinuousClock.Instant, pageTimeout: Double, cancellation: CancellationFlag?
    ) throws(DataScanError) -> OCRReading {
        let engine = try tesseractEngine()
        // Seconds spent preparing the page (straightening, scaling, evening out) before Tesseract reads it.
        var preparing = 0.0
        // Each pass reads the page with its text brought to the height Tesseract reads best (see TextScale), and
        // maps the words back onto the image it was given.
        func recognize(_ image: GrayImage, until end: ContinuousClock.Instant = deadline) throws(DataScanError) -> [RecognizedLine] {
            let started = ContinuousClock.now
            let factor = TextScale.factor(for: image)
            let scaled = TextScale.scaled(image, by: factor) ?? image
            let fx = Double(scaled.width) / Double(image.width), fy = Double(scaled.height) / Double(image.height)
            let isScaled = scaled.width != image.width || scaled.height != image.height
            let prepared = preprocess(scaled)
            preparing += (ContinuousClock.now - started).seconds
            let remaining = max(0.001, (end - ContinuousClock.now).seconds)
            let lines: [RecognizedLine]
            do {
                lines = try engine.recognize(
                    prepared, resolution: isScaled ? Self.scaledResolution : resolution, timeout: remaining,
                    cancellation: cancellation)
            } catch  where error.code == .timeout {
                throw DataScanError.timeout(after: pageTimeout, in: "ocr")
            }
            let rows = TextRows.joiningSplitRows(lines)
            guard isScaled else { return rows }
            return OCRReading.onStoredPage(rows) { Point(x: $0.x / fx, y: $0.y / fy) }
        }
        // A page photographed or fed several degrees askew loses whole lines to Tesseract's line finding: straighten
        // it first (leptonica measures the slope of the text lines), and map the words back onto the stored page.
        // Below 3° Tesseract copes by itself, and resampling would only blur a photo that is blurred already. Up to 25°:
        // a receipt held at a slant (of 19 sroie-dev receipts turned 16–24°, Tesseract read next to nothing as they
        // were, and 17 of their totals straightened).
        var page = raster
        var toStored: @Sendable (Point) -> Point = { $0 }
        let straightening = ContinuousClock.now
        if quality != .fast, let skew = LeptonicaImage.from(raster)?.skew(), skew.confidence >= 2,
            abs(skew.degrees) >= 3, abs(skew.degrees) <= 25
        {
            let straightened = raster.rotated(byDegrees: skew.degrees)
            page = straightened.image
            toStored = straightened.toOriginal
        }
        preparing += (ContinuousClock.now - straightening).seconds
        let uprightStarted = ContinuousClock.now
        let upright = try recognize(page)
        let uprightSeconds = (ContinuousClock.now - uprightStarted).seconds
        let straight = OCRReading.onStoredPage(upright, toStored)
        // (The first pass's preparation only: a turned pass's counts as the orientation check's.)
        let prepared = preparing
        guard quality != .fast, quality == .accurate || Self.readsPoorly(upright) else {
            return OCRReading(lines: straight, quarterTurns: 0).adding(prepared, to: OCRReading.Part.preprocess)
        }
        let checkStarted = ContinuousClock.now
        // The page's character shapes, found once for the two checks below that look at them.
        var found: [CharacterShapes.Box]?
        func shapes() -> [CharacterShapes.Box] {
            if let found { return found }
            let all = TextScale.characterShapes(of: page)
            found = all
            return all
        }
        // A page that reads poorly because it has next to no text (a page of barcodes with a caption, a blank sheet)
        // is not turned: OSD has nothing to go by there, and cost 16 % of make bench's barcode pages.
        guard quality == .accurate || shapes().count >= Self.charactersWorthAnOrientationCheck else {
            return OCRReading(lines: straight, quarterTurns: 0).adding(prepared, to: OCRReading.Part.preprocess)
        }
        func checked(_ lines: [RecognizedLine], quarterTurns: Int) -> OCRReading {
            OCRReading(lines: lines, quarterTurns: quarterTurns, orientationSeconds: (ContinuousClock.now - checkStarted).seconds)
                .adding(prepared, to: OCRReading.Part.preprocess)
        }
        // The turns to read the page at: OSD's guess when it is sure of one; else, when the page's letters stand in
        // columns rather than rows, both quarter turns (OSD tells little from a receipt's few words and thermal
        // glyphs: it left 24 of 39 receipts photographed sideways unturned). Those two readings are a guess, with a
        // time of their own (`sidewaysBudget`): when it runs out, the page keeps what was read. (A photo's grain that
        // held Tesseract for a minute upright holds it as long turned: such a page is not tried.)
        var turns: [Int] = []
        var turnsUntil = deadline
        if let osd = orientationDetector(), let guess = osd.uprightTurns(page, resolution: resolution), guess.confidence >= 1.5 {
            if guess.quarterTurns != 0 { turns = [guess.quarterTurns] }
        } else if uprightSeconds <= Self.sidewaysUprightLimit, Self.looksSideways(page, shapes: shapes()) {
            turns = [1, 3]
            turnsUntil = min(
                ContinuousClock.now + .seconds(max(Self.sidewaysBudget, 4 * uprightSeconds)),
                ContinuousClock.now + (deadline - ContinuousClock.now) / 2)
        }
        var best: (lines: [RecognizedLine], turns: Int, score: Double)?
        for t in turns {
            let lines: [RecognizedLine]
            do {
                lines = try recognize(page.rotated(quarterTurns: t), until: turnsUntil)
            } catch  where error.code == .timeout && turnsUntil < deadline && ContinuousClock.now < deadline {
                break
            }
            let score = OCRReading.readingScore(lines)
            if score > best?.score ?? OCRReading.readingScore(upright) { best = (lines, t, score) }
        }
        guard let best else { return checked(straight, quarterTurns: 0) }
        let mapped = OCRReading.onStoredPage(best.lines) { toStored(page.pointBeforeRotation($0, quarterTurns: best.turns)) }
        return checked(mapped, quarterTurns: best.turns)
    }

    /// The seconds of Tesseract's upright pass beyond which a page is not read at both quarter turns on the strength
    /// of its marks alone (a receipt reads in 0.2–3 s; a photo's grain held it for 20–75 s), and the least time the
    /// two turned passes have together: four times the upright pass's, at most half of what is left of the page's.
    static let sidewaysUprightLimit = 10.0
    static let sidewaysBudget = 5.0

    /// Whether the page's character-shaped marks stand in columns rather than in rows: at least
    /// `charactersWorthAnOrientationCheck` of them in the columns, and twice as many as in rows (a page that lies
    /// sideways). Its marks are found on the page turned a quarter too, where its columns are rows. `shapes`: the
    /// page's own (`TextScale.characterShapes`), when they were found already.
    static func looksSideways(_ page: GrayImage, shapes: [CharacterShapes.Box]? = nil) -> Bool {
        let columns = TextScale.rowCharacterCount(of: page.rotated(quarterTurns: 1))
        let rows = CharacterShapes.inRows(shapes ?? TextScale.characterShapes(of: page)).count
        return columns >= charactersWorthAnOrientationCheck && columns >= 2 * rows
    }

    /// At `balanced`, a page that reads poorly has its orientation checked only when it shows at least this many
    /// character-shaped marks (as many as `auto` wants before it asks PP-OCR).
    static let charactersWorthAnOrientationCheck = 30

    /// The resolution Tesseract is told for a page scaled to its text height: what it was measured with.
    static let scaledResolution = 300

    /// A pass that found little confident text: a sideways page reads as scattered low-confidence fragments.
    static func readsPoorly(_ lines: [RecognizedLine]) -> Bool {
        let words = lines.flatMap(\.words)
        guard !words.isEmpty else { return true }
        let sure = words.filter { $0.confidence >= 0.6 }.count
        return Double(sure) / Double(words.count) < 0.6
    }

    /// Quality-dependent cleanup before OCR: background normalization (leptonica) evens out uneven lighting —
    /// `accurate` always, `balanced` when the page is unevenly lit (a shadow across a phone photo), `fast` never.
    /// Clean scans go to Tesseract as they are: its own binarization is as good there, and faster.
    private func preprocess(_ image: GrayImage) -> GrayImage {
        switch quality {
        case .fast: return image
        case .balanced: guard Illumination.needsNormalization(image) else { return image }
        case .accurate: break
        }
        guard let pix = LeptonicaImage.from(image), let normalized = pix.backgroundNormalized(), let gray = normalized.grayImage()
        else { return image }
        return gray
    }

    private func tesseractEngine() throws(DataScanError) -> TesseractEngine {
        if let t = tesseract { return t }
        let t = try TesseractEngine(languages: languages)
        tesseract = t
        return t
    }

    private func orientationDetector() -> OrientationDetector? {
        if let o = osd { return o }
        osd = try? OrientationDetector()
        return osd
    }
}
