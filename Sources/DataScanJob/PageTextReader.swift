import DataScanDetection
import DataScanModel
import DataScanRecognition
import Foundation

/// Reads a page's text with the engines `--ocr` chooses, and for `auto` decides whether a page needs the second
/// engine and which reading to keep. It lives here, not in Recognition, because the decision uses the receipt
/// reader's assessment (Detection), and Recognition does not depend on Detection.
///
/// `auto`: Tesseract reads every page (it is several times faster than PP-OCR); PP-OCR reads it again when
/// Tesseract read it poorly (and the page has text to read: `charactersWorthASecondReading`), the receipt evidence is
/// weak (`ReceiptAssessment.needsSecondReading`), or Tesseract's words left out most of the text the page shows
/// (`UnreadText`: faded print on a photo with a dark surround), at `balanced`;
/// never at `fast`; always at `accurate`. The better reading by the receipt evidence is kept (`isBetter`; on a tie,
/// Tesseract's unless PP-OCR's has clearly more words), and the other adds the lines it read where the kept one
/// read nothing (`ReadingMerger`), and its date lines where the kept one read no date or a different one less surely
/// (`dateLines`). A page that holds Tesseract past its budget (`tesseractBudget`) is read by PP-OCR alone. When PP-OCR
/// cannot start (ONNX Runtime or the models missing), `auto` goes on with Tesseract alone; the job warned about it at
/// its start.
final class PageTextReader {
    /// What a page's reading was.
    struct Outcome {
        var reading: OCRReading
        /// Seconds PP-OCR spent on the page, nil when it did not run.
        var ppocrSeconds: Double?
    }

    let mode: OCRMode
    let quality: QualityLevel
    let context: DetectionContext
    private let tesseract: any OCREngine
    private let ppocr: any OCREngine
    /// Why PP-OCR could not start, once it could not: `auto` reads with Tesseract alone from then on.
    private(set) var ppocrUnavailable: DataScanError?

    /// Whether the job reads Japanese: Tesseract's Japanese model misreads the digits of some fonts (`9120-123-276`
    /// for `0120-123-276`, `2025/92/17`) and the `.jp` of addresses, on pages it otherwise reads with confidence, so
    /// `auto` reads every page with text a second time (`valueLines` takes PP-OCR's readings of them). On generated
    /// Japanese letters, invoices and flyers (`scripts/make-documents`, seed 3, 30 pages): phone F1 0.876 → 0.971,
    /// date 0.918 → 0.989.
    let readsJapanese: Bool
    /// The page's first language is written in a script PP-OCR's models do not know (Hangul, Cyrillic, Greek, Thai,
    /// Arabic, Hebrew, Devanagari…: its recognizer's 6,623 characters hold none of Hangul or Thai and six Cyrillic
    /// letters): they would read its words as look-alike Latin or Chinese letters, and `auto` keeps Tesseract's reading
    /// (`accurate` still asks both).
    let primaryScriptUnreadByPPOCR: Bool
    /// The share of a core each page being read has: less than 1 when `--jobs` is above the cores, and Tesseract's
    /// budget, in seconds of the clock, grows to keep its seconds of a core.
    let coresPerPage: Double

    init(configuration: ScanConfiguration, tesseract: any OCREngine, ppocr: any OCREngine) {
        readsJapanese = configuration.languages.contains { $0.tesseract == "jpn" || $0.tesseract == "jpn_vert" }
        primaryScriptUnreadByPPOCR = configuration.languages.first.map { Self.scriptsUnreadByPPOCR.contains($0.tesseract) } ?? false
        mode = configuration.ocr
        quality = configuration.quality
        coresPerPage = min(1, Double(ProcessInfo.processInfo.activeProcessorCount) / Double(max(1, configuration.jobs)))
        context = configuration.detectionContext
        self.tesseract = tesseract
        self.ppocr = ppocr
    }

    /// Reads `raster`. `onStage` is told `ppocr` before PP-OCR runs (the caller said `ocr` already), so that a
    /// supervisor names the engine that was running if the process dies.
    ///
    /// A page whose text fills only part of it (a receipt on a flatbed A4 scan) is read cropped to its text
    /// (`ContentRegion`), by both engines, and the lines are placed back on the page. PP-OCR's detector sees at most
    /// 2,000 px of a page's longer side: on an A4 scan the receipt then reads at about twice the scale. On the 156
    /// sroie-dev receipts pasted onto 300 dpi A4 pages (`scripts/make-a4-receipts`), `auto`: total 0.917 → 0.936
    /// (wrong 8 → 6), date 0.955 → 0.968, word recall 0.739 → 0.781, 8–11 % faster; on the receipts as they are
    /// (25 of them lie on larger scans), the same dates and totals.
    func read(
        _ raster: GrayImage, resolution: Int, deadline: ContinuousClock.Instant, pageTimeout: Double, cancellation: CancellationFlag?,
        onStage: (String) -> Void = { _ in }
    ) throws(DataScanError) -> Outcome {
        let started = ContinuousClock.now
        // A page scanned in black and white is read softened, by both engines (`Bilevel`).
        let raster = Bilevel.needsSoftening(raster) ? Bilevel.smoothed(raster) : raster
        let region = ContentRegion.region(of: raster)
        let page = region.map { raster.cropped(x: $0.x, y: $0.y, width: $0.width, height: $0.height) } ?? raster
        let cropping = (ContinuousClock.now - started).seconds  // (and softening)
        // A photo cropped by the marks in rows alone (its grain around the receipt) is cropped for Tesseract only,
        // which read the grain for up to minutes; PP-OCR reads it whole, as before: on the crop, enlarged to its
        // detector's least side, it read a glare's faint amounts worse (glare photos of seeds 191, 211 and 231: 5
        // totals fewer than read whole).
        let whole = region.flatMap { $0.fromRows ? (raster, -Double($0.x), -Double($0.y)) : nil }
        var outcome = try readWhole(
            page, ppocrReadsWhole: whole, resolution: resolution, deadline: deadline, pageTimeout: pageTimeout,
            cancellation: cancellation, onStage: onStage)
        if let region { outcome.reading = outcome.reading.shifted(x: Double(region.x), y: Double(region.y)) }
        outcome.reading = outcome.reading.adding(cropping, to: OCRReading.Part.preprocess)
        return outcome
    }

    /// `ppocrReadsWhole`: the whole page PP-OCR reads instead of `raster`, and the shift that places its reading on
    /// `raster`.
    private func readWhole(
        _ raster: GrayImage, ppocrReadsWhole whole: (page: GrayImage, x: Double, y: Double)? = nil, resolution: Int,
        deadline: ContinuousClock.Instant, pageTimeout: Double, cancellation: CancellationFlag?, onStage: (String) -> Void
    ) throws(DataScanError) -> Outcome {
        // (Turned as Tesseract found the page turned, in `auto`: PP-OCR then reads it upright at once.)
        func second(turnedBy turns: Int = 0) throws(DataScanError) -> (OCRReading, Double) {
            onStage("ppocr")
            let started = ContinuousClock.now
            var reading = try ppocr.recognize(
                whole?.page ?? raster, turnedBy: turns, resolution: resolution, deadline: deadline, pageTimeout: pageTimeout,
                cancellation: cancellation)
            if let whole { reading = reading.shifted(x: whole.x, y: whole.y) }
            return (reading, (ContinuousClock.now - started).seconds)
        }
        func tesseractReading(until deadline: ContinuousClock.Instant) throws(DataScanError) -> OCRReading {
            try tesseract.recognize(
                raster, resolution: resolution, deadline: deadline, pageTimeout: pageTimeout, cancellation: cancellation)
        }
        switch mode {
        case .tesseract:
            return Outcome(reading: try tesseractReading(until: deadline))
        case .ppocr:
            let (reading, seconds) = try second()
            return Outcome(reading: reading, ppocrSeconds: seconds)
        case .auto:
            let secondPossible = ppocrUnavailable == nil && quality != .fast && (quality == .accurate || !primaryScriptUnreadByPPOCR)
            let first: OCRReading
            do {
                // Where PP-OCR could read the page, Tesseract has a budget: a page that holds it longer is noise it reads
                // as thousands of letters (a dim photo's grain: up to a minute, where PP-OCR reads the page in a second or
                // two), and PP-OCR reads it alone.
                let budget =
                    secondPossible
                    ? min(deadline, ContinuousClock.now + .seconds(Self.tesseractBudget(for: raster) / coresPerPage)) : deadline
                first = try tesseractReading(until: budget)
            } catch  where error.code == .timeout && secondPossible && ContinuousClock.now < deadline {
                do {
                    let (reading, seconds) = try second()
                    return Outcome(reading: reading, ppocrSeconds: seconds)
                } catch  where error.code == .environment {
                    ppocrUnavailable = error
                    return Outcome(reading: try tesseractReading(until: deadline))
                }
            }
            guard secondPossible else { return Outcome(reading: first) }
            let firstAssessment = ReceiptAssessment.assess(first.lines, context: context)
            guard
                quality == .accurate || firstAssessment.needsSecondReading
                    || ((readsJapanese || Self.readsPoorly(first.lines))
                        && TextScale.characterCount(of: raster) >= Self.charactersWorthASecondReading)
                    || UnreadText.leftOut(on: raster, read: first.lines)
            else {
                return Outcome(reading: first)
            }
            let other: OCRReading
            let seconds: Double
            do {
                (other, seconds) = try second(turnedBy: first.quarterTurns)
            } catch  where error.code == .environment {
                ppocrUnavailable = error
                return Outcome(reading: first)
            }
            let otherAssessment = ReceiptAssessment.assess(other.lines, context: context)
            let keepOther =
                otherAssessment.isBetter(than: firstAssessment)
                || (!firstAssessment.isBetter(than: otherAssessment)
                    && Double(Self.wordCount(other.lines)) > 1.2 * Double(Self.wordCount(first.lines)))
            let (kept, added) = keepOther ? (other, first) : (first, other)
            let keptHasDates = (keepOther ? otherAssessment : firstAssessment).dates > 0
            // Both rules compare the two readings' dates: found once.
            let (addedDates, keptDates) = (
                LineDate.dates(in: added.lines, context: context), LineDate.dates(in: kept.lines, context: context)
            )
            let replacing =
                Self.dateLines(of: added, addedDates, replacing: kept, keptDates, keptHasDates: keptHasDates)
                + Self.valueLines(
                    of: added, addedDates, replacing: kept, keptDates, context: context,
                    otherDigits: readsJapanese && !keepOther)  // (the other reading is PP-OCR's when Tesseract's is kept)
            // A page of receipts side by side keeps its columns: no line of the other reading that straddles the band
            // between two (PP-OCR boxes a row across both where Tesseract read each receipt's own) joins it.
            // (Upright pages only, as `ItemAssembler` reads receipts side by side.)
            let cuts = kept.quarterTurns == 0 ? (keepOther ? otherAssessment : firstAssessment).columnCuts : []
            let admitted = OCRReading(
                lines: added.lines.filter { line in
                    let box = line.bounds.boundingRect
                    return !cuts.contains { box.minX < $0 && $0 < box.maxX }
                }, quarterTurns: added.quarterTurns)
            var merged = ReadingMerger.merge(kept, adding: admitted) { line in replacing.contains(line) }
            merged.orientationSeconds = first.orientationSeconds  // Tesseract's check of the page, whichever reading is kept
            merged.partSeconds = first.addingParts(of: other).partSeconds
            return Outcome(reading: merged, ppocrSeconds: seconds)
        }
    }

    /// Seconds of a core Tesseract may read a page of `raster`'s size in `auto` before PP-OCR reads it instead: 5, or
    /// 1.5 a megapixel on pages over 3.3 megapixels. On the 6,120 pages of the stored receipt, photo and document jobs
    /// that Tesseract read well it took at most 4.4 s, and at most 1.2 s a megapixel on pages over 3 megapixels (a
    /// dense A4 page of 15,000 characters at 300 dpi: 0.7); a noisy photo's grain held it 10 to 58 s on about one
    /// photo in twenty of the photographed receipt sets, each of which PP-OCR then read again.
    static func tesseractBudget(for raster: GrayImage) -> Double {
        max(5, 1.5 * Double(raster.width * raster.height) / 1_000_000)
    }

    /// Tesseract's names of the languages whose script PP-OCR's Chinese and Latin models cannot read.
    static let scriptsUnreadByPPOCR: Set<String> = [
        "kor", "rus", "ukr", "bul", "srp", "mkd", "bel", "kaz", "kir", "mon", "tgk", "ell", "tha", "lao", "khm", "mya", "ara", "fas",
        "urd", "heb", "yid", "hin", "mar", "nep", "ben", "tam", "tel", "kan", "mal", "guj", "pan", "sin", "kat", "hye",
        "amh",
    ]

    /// A page that reads poorly is read again only when it shows at least this many character-shaped marks: a blank
    /// sheet or a page of barcodes with a caption reads poorly too, and PP-OCR would find nothing more on it.
    static let charactersWorthASecondReading = 30

    /// How surely (the OCR's word confidence) a date must be read to replace another engine's reading of it, and
    /// by how much that one must be less sure.
    static let sureDate = 0.9
    static let dateMargin = 0.25

    /// The lines of `other` that take the place of the kept lines they overlap, for the dates:
    /// - when the kept reading has no date at all (a misread digit, `92/12/2017`), every date line of `other`;
    /// - else a date line of `other` read surely where the kept reading read a different date unsurely (one
    ///   engine's misread digit: `17/09/2011` at 0.0 beside `17/09/2017` at 0.99, `04-06-00` beside
    ///   `04-06-2018`).
    static func dateLines(
        of other: OCRReading, _ otherDates: [LineDate], replacing kept: OCRReading, _ keptDates: [LineDate], keptHasDates: Bool
    ) -> [RecognizedLine] {
        guard keptHasDates else { return otherDates.map { other.lines[$0.line] } }
        return otherDates.compactMap { date in
            let line = other.lines[date.line]
            guard date.confidence >= sureDate else { return nil }
            let rivals = keptDates.filter { ReadingMerger.overlaps(kept.lines[$0.line], line) }
            guard !rivals.isEmpty, !rivals.contains(where: { $0.day == date.day }),
                rivals.allSatisfy({ $0.confidence <= date.confidence - dateMargin })
            else { return nil }
            return line
        }
    }

    /// The lines of `other` that take the place of the kept lines they overlap for a web or e-mail address, a phone
    /// number or a date: where `other` reads such a value and the kept reading, at the same place, reads none of its
    /// kind. Tesseract's Japanese model reads `.jp` as `Jjp` or loses its point (`sunrise-mapleJjp`), and the zero of
    /// some fonts as a nine (`TEL 9120-123-276`, `2025/92/17`); PP-OCR reads them. A date must be read surely
    /// (`sureDate`). Only when nothing else is lost: the kept lines' digits are all in the line that replaces them,
    /// or they differ from its digits by at most two misread, lost or added ones.
    ///
    /// With `otherDigits` (PP-OCR's reading of a Japanese page beside Tesseract's), the other reading's amounts are
    /// taken where both read the same line's amounts differently by a digit or two (`¥59,209` for 59,200).
    static func valueLines(
        of other: OCRReading, _ otherDates: [LineDate], replacing kept: OCRReading, _ keptDates: [LineDate],
        context: DetectionContext, otherDigits: Bool = false
    ) -> [RecognizedLine] {
        let kinds: Set<TextContentType> =
            otherDigits ? [.url, .emailAddress, .telephoneNumber, .currency] : [.url, .emailAddress, .telephoneNumber]
        var candidates: [Int: [LineValue]] = [:]
        for value in LineValue.values(kinds, in: other.lines, context: context) { candidates[value.line, default: []].append(value) }
        for date in otherDates where date.confidence >= sureDate {
            candidates[date.line, default: []].append(LineValue(line: date.line, type: .dateTimeDuration, value: "", normalized: date.day))
        }
        guard !candidates.isEmpty else { return [] }
        var keptValues: [Int: [LineValue]] = [:]
        for value in LineValue.values(kinds, in: kept.lines, context: context) { keptValues[value.line, default: []].append(value) }
        for date in keptDates {
            keptValues[date.line, default: []].append(LineValue(line: date.line, type: .dateTimeDuration, value: "", normalized: date.day))
        }
        func kind(_ type: TextContentType) -> TextContentType { type == .url ? .emailAddress : type }
        return candidates.keys.sorted().compactMap { index in
            let line = other.lines[index]
            let rivals = kept.lines.indices.filter { ReadingMerger.overlaps(kept.lines[$0], line) }
            let rivalValues = rivals.flatMap { keptValues[$0, default: []] }
            let improves = candidates[index, default: []].contains { value in
                let same = rivalValues.filter { kind($0.type) == kind(value.type) }
                if value.type == .currency {
                    return !same.isEmpty && !same.contains { $0.normalized == value.normalized }
                        && same.allSatisfy { Self.keepsDigits(of: $0.normalized, in: value.normalized) }
                }
                if same.isEmpty { return true }
                // A phone number the kept reading misread into another valid one (its leading zero read as a nine).
                return value.type == .telephoneNumber && Self.isDialledAsPrinted(value.value)
                    && !same.contains { $0.normalized == value.normalized || Self.isDialledAsPrinted($0.value) }
            }
            guard !rivals.isEmpty, improves,
                Self.keepsDigits(of: rivals.map { kept.lines[$0].text }.joined(separator: " "), in: line.text)
            else { return nil }
            return line
        }
    }

    /// A phone number printed as it is dialled: internationally (`+81 3-1234-5678`) or at home with its trunk
    /// prefix (`03-1234-5678`, `(0)30 1234`). A reading without either (`9120-123-276`, `93-1234-5639`) is, beside one
    /// with it, the same number with its zero misread.
    static func isDialledAsPrinted(_ printed: String) -> Bool {
        guard let first = printed.first(where: { $0 == "+" || $0.isNumber }) else { return false }
        return first == "+" || first == "0"
    }

    /// Whether `text` keeps what `replaced` prints in digits: all of them, or all but two misread, lost or added.
    static func keepsDigits(of replaced: String, in text: String) -> Bool {
        let (old, new) = (Array(replaced.filter(\.isNumber)), Array(text.filter(\.isNumber)))
        var available = new.reduce(into: [Character: Int]()) { $0[$1, default: 0] += 1 }
        if old.allSatisfy({ c in
            defer { available[c, default: 0] -= 1 }
            return available[c, default: 0] > 0
        }) {
            return true
        }
        guard abs(old.count - new.count) <= 2 else { return false }
        // Levenshtein distance, at most 2.
        var row = Array(0...new.count)
        for (i, a) in old.enumerated() {
            var previous = row[0]
            row[0] = i + 1
            for (j, b) in new.enumerated() {
                let substitution = previous + (a == b ? 0 : 1)
                previous = row[j + 1]
                row[j + 1] = min(substitution, row[j] + 1, row[j + 1] + 1)
            }
        }
        return row[new.count] <= 2
    }

    /// A reading with little text that looks like words: a low mean word confidence, or few words of three or
    /// more letters with a vowel among the words of three or more characters (a photo read as scattered
    /// fragments, a faded thermal print read as noise).
    static func readsPoorly(_ lines: [RecognizedLine]) -> Bool {
        let words = lines.flatMap(\.words)
        guard !words.isEmpty else { return true }
        let meanConfidence = words.reduce(0) { $0 + $1.confidence } / Double(words.count)
        if meanConfidence < 0.6 { return true }
        let long = words.filter { $0.text.count >= 3 }
        guard long.count >= 5 else { return true }
        return Double(long.filter { isWordLike($0.text) }.count) / Double(long.count) < 0.3
    }

    /// Words that look like words of a language: three or more letters, at least one a vowel.
    static func wordCount(_ lines: [RecognizedLine]) -> Int {
        lines.reduce(0) { $0 + $1.words.filter { isWordLike($0.text) }.count }
    }

    private static func isWordLike(_ text: String) -> Bool {
        let letters = text.filter(\.isLetter)
        return letters.count >= 3 && letters.count * 4 >= text.count * 3
            && letters.contains { "aeiouyAEIOUYäöüÄÖÜéèáàíóú".contains($0) || !$0.isASCII }
    }
}
