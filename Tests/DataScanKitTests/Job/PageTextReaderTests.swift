import Foundation
import Testing

@testable import DataScanJob
@testable import DataScanModel
@testable import DataScanRecognition

/// `--ocr`: which engines read a page, when `auto` asks PP-OCR too, which reading it keeps and what it adds from
/// the other, through the OCR seam with fake engines.
@Suite struct PageTextReaderTests {
    typealias L = TextLines
    static let blank = GrayImage(width: 8, height: 8, pixels: [UInt8](repeating: 255, count: 64))

    /// A receipt as printed: a total the arithmetic confirms, a date.
    static let receipt = [
        "FUYI MINIMARKET", "25/01/2018 1:22:56PM", "COFFEE 3.50", "TEA 2.00", "TOTAL RM 5.50", "CASH 10.00", "CHANGE 4.50",
    ]
    /// The same receipt as a poor reading has it: the total's label and amount and the date damaged.
    static let damaged = [
        "FUYI MINIMARKET", "2S/0l/2Ol8 l:22:S6PM", "COFFEE 3.50", "TEA 2.00", "T0TAI RN 5.S0", "CASH 10.00", "CHANGE 4.50",
    ]

    private func reader(
        _ ocr: OCRMode, _ quality: QualityLevel = .balanced, tesseract: FakeOCREngine, ppocr: FakeOCREngine
    ) -> PageTextReader {
        var c = ScanConfiguration()
        c.ocr = ocr
        c.quality = quality
        c.region = "MY"
        return PageTextReader(configuration: c, tesseract: tesseract, ppocr: ppocr)
    }

    private func read(_ reader: PageTextReader) throws(DataScanError) -> PageTextReader.Outcome {
        var stages: [String] = []
        let outcome = try reader.read(
            Self.blank, resolution: 300, deadline: .now + .seconds(60), pageTimeout: 60, cancellation: nil, onStage: { stages.append($0) })
        #expect(stages == (outcome.ppocrSeconds == nil ? [] : ["ppocr"]))
        return outcome
    }

    @Test func aReceiptThatReadsWellIsReadOnce() throws {
        let tesseract = FakeOCREngine(.tesseract, lines: L.page(Self.receipt))
        let ppocr = FakeOCREngine(.ppocr, lines: L.page(Self.receipt, source: .ppocr))
        let outcome = try read(reader(.auto, tesseract: tesseract, ppocr: ppocr))
        #expect(tesseract.calls == 1 && ppocr.calls == 0 && outcome.ppocrSeconds == nil)
        #expect(outcome.reading.lines == L.page(Self.receipt))
    }

    /// A page that holds Tesseract past its budget (a noisy photo's grain read as thousands of letters) is read by
    /// PP-OCR alone; without PP-OCR to take over (`fast`, `--ocr tesseract`) Tesseract has the page's whole time, and
    /// when the page's own time is up, the page fails.
    @Test func aPageThatHoldsTesseractPastItsBudgetIsReadByPPOCRAlone() throws {
        let tesseract = FakeOCREngine(.tesseract, error: DataScanError.timeout(after: 60, in: "ocr"))
        let ppocr = FakeOCREngine(.ppocr, lines: L.page(Self.receipt, source: .ppocr))
        let started = ContinuousClock.now
        let outcome = try read(reader(.auto, tesseract: tesseract, ppocr: ppocr))
        #expect(tesseract.calls == 1 && ppocr.calls == 1)
        #expect(outcome.reading.lines == L.page(Self.receipt, source: .ppocr))
        let budget = try #require(tesseract.deadlines.first) - started
        #expect(budget >= .seconds(5) && budget < .seconds(6))
        for (mode, quality) in [(OCRMode.tesseract, QualityLevel.balanced), (.auto, .fast)] {
            let alone = FakeOCREngine(.tesseract, lines: L.page(Self.receipt))
            let unasked = FakeOCREngine(.ppocr)
            let outcome = try read(reader(mode, quality, tesseract: alone, ppocr: unasked))
            #expect(outcome.ppocrSeconds == nil && unasked.calls == 0 && alone.deadlines.count == 1)
            #expect(try #require(alone.deadlines.first) - started > .seconds(50), "\(mode) \(quality)")
        }
        let timedOut = FakeOCREngine(.tesseract, error: DataScanError.timeout(after: 60, in: "ocr"))
        #expect(throws: DataScanError.self) {
            try reader(.auto, tesseract: timedOut, ppocr: FakeOCREngine(.ppocr)).read(
                Self.blank, resolution: 300, deadline: .now, pageTimeout: 60, cancellation: nil)
        }
        // More pages at once than cores: the budget keeps its seconds of a core.
        var crowded = ScanConfiguration()
        crowded.ocr = .auto
        crowded.jobs = 4 * ProcessInfo.processInfo.activeProcessorCount
        let slow = FakeOCREngine(.tesseract, error: DataScanError.timeout(after: 60, in: "ocr"))
        let crowdedStart = ContinuousClock.now
        _ = try read(PageTextReader(configuration: crowded, tesseract: slow, ppocr: FakeOCREngine(.ppocr, lines: L.page(Self.receipt))))
        let crowdedBudget = try #require(slow.deadlines.first) - crowdedStart
        #expect(crowdedBudget >= .seconds(20) && crowdedBudget < .seconds(21))
        // The budget grows with large pages: a 300 dpi A4 scan has 13 s.
        let a4 = GrayImage(width: 2480, height: 3508, pixels: [UInt8](repeating: 255, count: 2480 * 3508))
        #expect(Int(PageTextReader.tesseractBudget(for: a4)) == 13)
    }

    /// A page whose first language PP-OCR's models cannot read (Cyrillic) is read by Tesseract alone with `auto`, however
    /// it reads; `accurate` asks both.
    @Test func aPageInAScriptPPOCRCannotReadIsReadByTesseractAlone() throws {
        for (quality, calls) in [(QualityLevel.balanced, 0), (.accurate, 1)] {
            var c = ScanConfiguration()
            c.ocr = .auto
            c.quality = quality
            c.region = "RU"
            c.languages = [Language("ru")!, Language("en")!]
            let tesseract = FakeOCREngine(.tesseract, lines: L.page(["Молоко 89,90", "ИТОГ ≡89,9O"], confidence: 0.4))
            let ppocr = FakeOCREngine(.ppocr, lines: L.page(["MOJIOKO 89,90", "NTOF =89,90"], source: .ppocr))
            let outcome = try read(PageTextReader(configuration: c, tesseract: tesseract, ppocr: ppocr))
            #expect(ppocr.calls == calls, "\(quality)")
            if calls == 0 { #expect(outcome.reading.lines.map(\.text) == ["Молоко 89,90", "ИТОГ ≡89,9O"]) }
        }
    }

    /// The arithmetic closes, but on digits the OCR was unsure of (a misread 0 for 8 in every amount closes it too):
    /// the page is read again, and the other reading, sure of the same lines, kept.
    @Test func aTotalReadWithUnsureDigitsIsReadAgain() throws {
        var unsure = L.page(Self.receipt)
        for i in 4...6 { unsure[i] = L.line(Self.receipt[i], y: 10 + Double(i) * 30, confidence: 0.45) }
        let tesseract = FakeOCREngine(.tesseract, lines: unsure)
        let ppocr = FakeOCREngine(.ppocr, lines: L.page(Self.receipt, source: .ppocr, confidence: 0.98))
        let outcome = try read(reader(.auto, tesseract: tesseract, ppocr: ppocr))
        #expect(ppocr.calls == 1)
        #expect(outcome.reading.lines.map(\.source) == Array(repeating: .ppocr, count: 7))
        // Sure enough (0.6 and above), the first reading stands.
        for i in 4...6 { unsure[i] = L.line(Self.receipt[i], y: 10 + Double(i) * 30, confidence: 0.6) }
        let sure = FakeOCREngine(.ppocr, lines: L.page(Self.receipt, source: .ppocr, confidence: 0.98))
        _ = try read(reader(.auto, tesseract: FakeOCREngine(.tesseract, lines: unsure), ppocr: sure))
        #expect(sure.calls == 0)
    }

    /// A thermal print whose column of figures faded: Tesseract reads the labels and none of the amounts. The
    /// labels alone make it a receipt worth a second reading; one total word in a letter does not.
    @Test func receiptLabelsWithoutTheirAmountsAreReadAgain() throws {
        let labels = ["tegut... gute Lebensmittel", "Datum: 24.02.2024 13:39", "Spaghetti 500g", "SUMME", "Gegeben Bar", "Rückgeld"]
        let printed = labels.prefix(3) + ["SUMME 69,81", "Gegeben Bar 80,00", "Rückgeld 10,19"]
        let ppocr = FakeOCREngine(.ppocr, lines: L.page(Array(printed), source: .ppocr))
        var c = ScanConfiguration()
        c.region = "DE"
        c.languages = [Language("de")!]
        let outcome = try read(PageTextReader(configuration: c, tesseract: FakeOCREngine(.tesseract, lines: L.page(labels)), ppocr: ppocr))
        #expect(ppocr.calls == 1)
        #expect(outcome.reading.lines.map(\.text) == Array(printed))

        let letter = ["Dear Ms Tan,", "the total of your order is on the invoice enclosed.", "Kind regards,"]
        let notAgain = FakeOCREngine(.ppocr, lines: L.page(letter, source: .ppocr))
        _ = try read(reader(.auto, tesseract: FakeOCREngine(.tesseract, lines: L.page(letter)), ppocr: notAgain))
        #expect(notAgain.calls == 0)
    }

    @Test func aWeakReceiptIsReadAgainAndTheBetterReadingKept() throws {
        var tesseractLines = L.page(Self.damaged)
        tesseractLines.append(L.line("SR 0.30", x: 400, y: 100))  // a column PP-OCR did not box
        let tesseract = FakeOCREngine(.tesseract, lines: tesseractLines)
        let ppocr = FakeOCREngine(.ppocr, lines: L.page(Self.receipt, source: .ppocr))
        let outcome = try read(reader(.auto, tesseract: tesseract, ppocr: ppocr))
        #expect(tesseract.calls == 1 && ppocr.calls == 1 && outcome.ppocrSeconds != nil)
        #expect(outcome.reading.lines.map(\.text) == Self.receipt.prefix(4) + ["SR 0.30"] + Self.receipt.suffix(3))
        #expect(outcome.reading.lines.filter { $0.source == .tesseract }.map(\.text) == ["SR 0.30"])
    }

    /// The reading kept for its total lacks the date the other read: the other's date line takes the place of
    /// the kept one's damaged line, and nothing else of the other reading comes in.
    @Test func theDateComesFromTheOtherReadingWhenTheKeptOneHasNone() throws {
        var tesseractLines = L.page(Self.receipt)
        tesseractLines[1] = L.page(Self.damaged)[1]
        var ppocrLines = L.page(Self.damaged, source: .ppocr)
        ppocrLines[1] = L.page(Self.receipt, source: .ppocr)[1]
        let tesseract = FakeOCREngine(.tesseract, lines: tesseractLines)
        let ppocr = FakeOCREngine(.ppocr, lines: ppocrLines)
        let outcome = try read(reader(.auto, tesseract: tesseract, ppocr: ppocr))
        #expect(ppocr.calls == 1)
        #expect(outcome.reading.lines.map(\.text) == Self.receipt)
        #expect(outcome.reading.lines.map(\.source) == [.tesseract, .ppocr] + Array(repeating: .tesseract, count: 5))
    }

    /// Both readings have a date on the same line and they differ: the one read surely replaces the one read
    /// unsurely (a misread digit), and only when the OCR's confidences say so clearly.
    @Test(arguments: [
        (0.5, 0.98, "25/01/2018 1:22:56PM", LineSource.ppocr),  // Tesseract unsure, PP-OCR sure: PP-OCR's date
        (0.8, 0.98, "28/01/2018 1:22:56PM", .tesseract),  // Tesseract sure enough: its date stays
        (0.5, 0.85, "28/01/2018 1:22:56PM", .tesseract),  // PP-OCR not sure enough
    ])
    func aDateReadUnsurelyGivesWayToTheSameLineReadSurely(
        _ tesseractConfidence: Double, _ ppocrConfidence: Double, _ expected: String, _ source: LineSource
    ) throws {
        var tesseractLines = L.page(Self.receipt)
        tesseractLines[1] = L.line("28/01/2018 1:22:56PM", y: 40, confidence: tesseractConfidence)
        var ppocrLines = L.page(Self.receipt, source: .ppocr)
        ppocrLines[1] = L.line("25/01/2018 1:22:56PM", y: 40, source: .ppocr, confidence: ppocrConfidence)
        let tesseract = FakeOCREngine(.tesseract, lines: tesseractLines)
        let ppocr = FakeOCREngine(.ppocr, lines: ppocrLines)
        let outcome = try read(reader(.auto, .accurate, tesseract: tesseract, ppocr: ppocr))
        #expect(outcome.reading.lines.map(\.text) == [Self.receipt[0], expected] + Self.receipt.dropFirst(2))
        #expect(outcome.reading.lines.map(\.source) == [.tesseract, source] + Array(repeating: .tesseract, count: 5))
    }

    /// Tesseract's Japanese model reads `.jp` as `Jjp`: where the other reading has an e-mail or web address and the
    /// kept one, at the same place, has none, the other's line takes its place; where both have one, or where the
    /// kept lines hold digits the other lacks, the kept lines stay.
    @Test func anAddressComesFromTheOtherReadingWhereTheKeptOneHasNone() throws {
        let tesseract = FakeOCREngine(
            .tesseract,
            lines: L.page(Self.receipt)
                + L.page(["メール:j.martin@sunrise-mapleJjp", "URL www.beacon.jp", "TEL 03-1234-5678 kestreljp"], top: 300))
        let ppocr = FakeOCREngine(
            .ppocr,
            lines: L.page(Self.damaged, source: .ppocr)
                + L.page(["x-l:j.martin@sunrise-maple.jp", "URL www.beacon.co.jp", "TEL kestrel.jp"], top: 300, source: .ppocr))
        let outcome = try read(reader(.auto, .accurate, tesseract: tesseract, ppocr: ppocr))
        #expect(
            outcome.reading.lines.suffix(3).map(\.text) == [
                "x-l:j.martin@sunrise-maple.jp", "URL www.beacon.jp", "TEL 03-1234-5678 kestreljp",
            ])
        #expect(outcome.reading.lines.suffix(3).map(\.source) == [.ppocr, .tesseract, .tesseract])
        #expect(outcome.reading.lines.prefix(Self.receipt.count).map(\.text) == Self.receipt)
    }

    /// Tesseract's Japanese model reads the zero of some fonts as a nine: a phone number it read without its
    /// leading zero (still a valid number) gives way to the other reading's, dialled as printed; a date it could
    /// not read at all to the other's sure one. A number read alike, or printed without a zero in both, stays.
    @Test func aPhoneOrDateMisreadIntoAnotherComesFromTheOtherReading() throws {
        var c = ScanConfiguration()
        c.ocr = .auto
        c.quality = .accurate
        c.region = "JP"
        c.languages = [Language("ja")!, Language("en")!]
        let tesseract = FakeOCREngine(
            .tesseract,
            lines: L.page(["TEL 9120-123-276", "FAX 03-1234-5005", "発行日2025/92/17", "電話 +49 30 123450", "受付 2025/03/01"]))
        let ppocr = FakeOCREngine(
            .ppocr,
            lines: L.page(
                ["TEL 0120-123-276", "FAX 03-1234-5006", "凳行日2025/02/17", "電話 +49 30 123459", "受付 2025/03/01"], source: .ppocr))
        let outcome = try read(PageTextReader(configuration: c, tesseract: tesseract, ppocr: ppocr))
        #expect(
            outcome.reading.lines.map(\.text)
                == ["TEL 0120-123-276", "FAX 03-1234-5005", "凳行日2025/02/17", "電話 +49 30 123450", "受付 2025/03/01"])
    }

    /// On a Japanese page the amounts come from PP-OCR where the two engines read a line's amount a digit or two
    /// apart (Tesseract's Japanese model reads the zero of some fonts as a nine); elsewhere the kept reading's stay.
    @Test func aJapanesePagesAmountsComeFromPPOCRWhereTheEnginesDiffer() throws {
        var c = ScanConfiguration()
        c.ocr = .auto
        c.quality = .accurate
        c.region = "JP"
        for (languages, expected) in [(["ja", "en"], "入場料は¥59,200です。"), (["en"], "入場料は¥59,209です。")] {
            c.languages = languages.compactMap(Language.init)
            let tesseract = FakeOCREngine(.tesseract, lines: L.page(["ご注文ありがとうございます。", "入場料は¥59,209です。", "料金は¥770です。"]))
            let ppocr = FakeOCREngine(
                .ppocr, lines: L.page(["ご注文ありがとうございます。", "入場料は¥59,200です。", "料金は¥12,345です。"], source: .ppocr))
            let outcome = try read(PageTextReader(configuration: c, tesseract: tesseract, ppocr: ppocr))
            // (¥770 and ¥12,345 are more than two digits apart: not one amount misread, the kept one stays.)
            #expect(outcome.reading.lines.map(\.text) == ["ご注文ありがとうございます。", expected, "料金は¥770です。"], "\(languages)")
        }
    }

    /// A page read with Japanese is read by both engines at `balanced` (the Japanese model's digits), where other
    /// pages that read well are read once.
    @Test func aJapanesePageIsReadTwice() throws {
        var c = ScanConfiguration()
        c.ocr = .auto
        c.region = "JP"
        for (languages, readsTwice) in [(["ja"], true), (["en"], false)] {
            c.languages = languages.compactMap(Language.init)
            let text = ["お問い合わせ 営業時間 平日9時から18時まで", "Please call our office on 03-1234-5678 during opening hours"]
            let tesseract = FakeOCREngine(.tesseract, lines: L.page(text))
            let ppocr = FakeOCREngine(.ppocr, lines: L.page(text, source: .ppocr))
            _ = try PageTextReader(configuration: c, tesseract: tesseract, ppocr: ppocr).read(
                TextScaleTests.page(glyphs: 60, glyphHeight: 12), resolution: 300, deadline: .now + .seconds(60), pageTimeout: 60,
                cancellation: nil)
            #expect(ppocr.calls == (readsTwice ? 1 : 0), "\(languages)")
        }
    }

    /// The timed parts of both readings stay with the page, whichever reading is kept: Tesseract's preparation of the
    /// page and PP-OCR's three models.
    @Test func bothReadingsKeepTheirTimedParts() throws {
        for (first, second) in [(Self.damaged, Self.receipt), (Self.receipt, Self.damaged)] {
            let tesseract = FakeOCREngine(.tesseract, lines: L.page(first))
            tesseract.reading.partSeconds = [OCRReading.Part.preprocess: 0.25]
            let ppocr = FakeOCREngine(.ppocr, lines: L.page(second, source: .ppocr))
            ppocr.reading.partSeconds = [
                OCRReading.Part.ppocrDetection: 0.5, OCRReading.Part.ppocrDirection: 0.125, OCRReading.Part.ppocrRecognition: 1,
            ]
            let outcome = try read(reader(.auto, .accurate, tesseract: tesseract, ppocr: ppocr))
            #expect(ppocr.calls == 1)
            let parts = outcome.reading.partSeconds
            // (The page's own crop to its text is timed as preparation too: next to nothing on a blank 8 × 8 page.)
            #expect(abs(parts[OCRReading.Part.preprocess, default: 0] - 0.25) < 0.05, "\(parts)")
            #expect(parts[OCRReading.Part.ppocrDetection] == 0.5 && parts[OCRReading.Part.ppocrDirection] == 0.125)
            #expect(parts[OCRReading.Part.ppocrRecognition] == 1 && parts.count == 4, "\(parts)")
        }
    }

    @Test func theFirstReadingStaysWhenTheSecondIsNoBetter() throws {
        let tesseract = FakeOCREngine(.tesseract, lines: L.page(Self.damaged))
        let ppocr = FakeOCREngine(.ppocr, lines: L.page(Self.damaged, source: .ppocr))
        let outcome = try read(reader(.auto, tesseract: tesseract, ppocr: ppocr))
        #expect(ppocr.calls == 1)
        #expect(outcome.reading.lines == L.page(Self.damaged))
    }

    @Test func aPageThatReadsPoorlyIsReadAgainEvenWithoutAReceipt() throws {
        let tesseract = FakeOCREngine(.tesseract, lines: L.page(["Dear customer", "your parcel is on its way"], confidence: 0.4))
        let ppocr = FakeOCREngine(.ppocr, lines: [])
        _ = try reader(.auto, tesseract: tesseract, ppocr: ppocr).read(
            TextScaleTests.page(glyphs: 60, glyphHeight: 12), resolution: 300, deadline: .now + .seconds(60), pageTimeout: 60,
            cancellation: nil)
        #expect(ppocr.calls == 1)
        // A blank sheet, or one with a handful of marks (a barcode's caption), reads poorly too: nothing to read again.
        for marks in [0, 12] {
            let blank = FakeOCREngine(.ppocr, lines: [])
            _ = try reader(.auto, tesseract: tesseract, ppocr: blank).read(
                TextScaleTests.page(glyphs: marks, glyphHeight: 12), resolution: 300, deadline: .now + .seconds(60), pageTimeout: 60,
                cancellation: nil)
            #expect(blank.calls == 0, "\(marks) marks")
        }
        let clear = FakeOCREngine(.tesseract, lines: L.page(["Dear customer", "your parcel is on its way"]))
        let second = FakeOCREngine(.ppocr, lines: [])
        _ = try read(reader(.auto, tesseract: clear, ppocr: second))
        #expect(second.calls == 0)
    }

    @Test func qualityLevelsDecideHowEagerlyAutoEscalates() throws {
        let fastTesseract = FakeOCREngine(.tesseract, lines: L.page(Self.damaged))
        let fastPPOCR = FakeOCREngine(.ppocr, lines: L.page(Self.receipt, source: .ppocr))
        #expect(try read(reader(.auto, .fast, tesseract: fastTesseract, ppocr: fastPPOCR)).reading.lines == L.page(Self.damaged))
        #expect(fastPPOCR.calls == 0)

        let tesseract = FakeOCREngine(.tesseract, lines: L.page(Self.receipt))
        let ppocr = FakeOCREngine(.ppocr, lines: L.page(Self.receipt, source: .ppocr))
        let outcome = try read(reader(.auto, .accurate, tesseract: tesseract, ppocr: ppocr))
        #expect(ppocr.calls == 1, "accurate reads every page with both")
        #expect(outcome.reading.lines == L.page(Self.receipt), "equal readings: Tesseract's stays")
    }

    @Test func oneEngineAloneWhenAsked() throws {
        let tesseract = FakeOCREngine(.tesseract, lines: L.page(Self.damaged))
        let ppocr = FakeOCREngine(.ppocr, lines: L.page(Self.receipt, source: .ppocr), quarterTurns: 2)
        let alone = try read(reader(.ppocr, tesseract: tesseract, ppocr: ppocr))
        #expect(tesseract.calls == 0 && ppocr.calls == 1)
        #expect(alone.reading.quarterTurns == 2 && alone.reading.lines.allSatisfy { $0.source == .ppocr })
        _ = try read(reader(.tesseract, .accurate, tesseract: tesseract, ppocr: ppocr))
        #expect(tesseract.calls == 1 && ppocr.calls == 1)
    }

    @Test func withoutPPOCRAutoGoesOnWithTesseractAlone() throws {
        let missing = DataScanError(.environment, "ppocr: ONNX Runtime 1.32.0 not found")
        let tesseract = FakeOCREngine(.tesseract, lines: L.page(Self.damaged))
        let ppocr = FakeOCREngine(.ppocr, error: missing)
        let reader = reader(.auto, tesseract: tesseract, ppocr: ppocr)
        #expect(
            try reader.read(Self.blank, resolution: 300, deadline: .now + .seconds(9), pageTimeout: 9, cancellation: nil).reading.lines
                == L.page(Self.damaged))
        #expect(reader.ppocrUnavailable == missing)
        _ = try reader.read(Self.blank, resolution: 300, deadline: .now + .seconds(9), pageTimeout: 9, cancellation: nil)
        #expect(ppocr.calls == 1 && tesseract.calls == 2, "not tried again on the next page")
    }

    @Test func aTimeoutOrACrashInTheSecondReadingFailsThePage() {
        for failure in [
            DataScanError(.timeout, "timeout after 9 s (in ppocr)"), DataScanError(.engineFailed, "ppocr: ONNX Runtime failed in Run"),
        ] {
            let tesseract = FakeOCREngine(.tesseract, lines: L.page(Self.damaged))
            let ppocr = FakeOCREngine(.ppocr, error: failure)
            #expect(throws: failure) {
                try reader(.auto, tesseract: tesseract, ppocr: ppocr).read(
                    Self.blank, resolution: 300, deadline: .now + .seconds(9), pageTimeout: 9, cancellation: nil)
            }
        }
    }

    /// A receipt on a large white page: both engines read the receipt's region, and their lines come back on the page.
    @Test func aReceiptOnALargePageIsReadCroppedAndItsLinesPlacedOnThePage() throws {
        let page = ContentRegionTests.page(width: 1700, height: 2400, blocks: [(600, 700, ContentRegionTests.receipt)])
        let region = try #require(ContentRegion.region(of: page))
        let tesseract = FakeOCREngine(.tesseract, lines: L.page(Self.receipt))
        let ppocr = FakeOCREngine(.ppocr, lines: L.page(Self.receipt, source: .ppocr))
        let outcome = try reader(.auto, .accurate, tesseract: tesseract, ppocr: ppocr).read(
            page, resolution: 300, deadline: .now + .seconds(60), pageTimeout: 60, cancellation: nil)
        #expect(tesseract.rasterSizes == [[region.width, region.height]] && ppocr.rasterSizes == tesseract.rasterSizes)
        #expect(
            outcome.reading.lines
                == OCRReading(lines: L.page(Self.receipt), quarterTurns: 0).shifted(
                    x: Double(region.x), y: Double(region.y)
                ).lines)
    }

    /// A receipt on a grainy table, cropped by the marks in rows alone: Tesseract reads the crop, PP-OCR the whole page,
    /// and both readings come back on the page.
    @Test func aReceiptOnAGrainyTableIsCroppedForTesseractAlone() throws {
        let page = ContentRegionTests.grainyTable
        let region = try #require(ContentRegion.region(of: page))
        #expect(region.fromRows)
        let tesseract = FakeOCREngine(.tesseract, lines: L.page(Self.receipt))
        let ppocr = FakeOCREngine(.ppocr, lines: L.page(["Printed beside the receipt"], source: .ppocr))
        let outcome = try reader(.auto, .accurate, tesseract: tesseract, ppocr: ppocr).read(
            page, resolution: 300, deadline: .now + .seconds(60), pageTimeout: 60, cancellation: nil)
        #expect(tesseract.rasterSizes == [[region.width, region.height]] && ppocr.rasterSizes == [[page.width, page.height]])
        let placed = OCRReading(lines: L.page(Self.receipt), quarterTurns: 0).shifted(x: Double(region.x), y: Double(region.y))
        #expect(placed.lines.allSatisfy { outcome.reading.lines.contains($0) })
        let besides = try #require(outcome.reading.lines.first { $0.source == .ppocr })
        #expect(besides.bounds == L.page(["Printed beside the receipt"], source: .ppocr)[0].bounds)
    }

    /// The same with Tesseract itself, on a real receipt (sroie-dev 002) pasted onto a page three times its width:
    /// the total is read, and where it is printed.
    @Test func aRealReceiptOnALargePageIsReadWhereItIsPrinted() throws {
        let fixture = try PPOCRFixtures.gray("receipt-002.pgm")
        let receipt = GrayImage(width: fixture.width, height: fixture.height, pixels: fixture.pixels)
        let (dx, dy) = (fixture.width + 37, fixture.height / 2 + 11)
        let page = ContentRegionTests.page(width: fixture.width * 3, height: fixture.height * 2, blocks: [(dx, dy, receipt)])
        #expect(ContentRegion.region(of: page) != nil)
        let reader = PageTextReader(
            configuration: ScanConfiguration(), tesseract: TesseractRecognizer(languages: ["eng"], quality: .balanced),
            ppocr: FakeOCREngine(.ppocr))
        func total(_ image: GrayImage) throws -> RecognizedWord? {
            let lines = try reader.read(image, resolution: 300, deadline: .now + .seconds(60), pageTimeout: 60, cancellation: nil)
                .reading.lines
            return lines.flatMap(\.words).first { $0.text.contains("33,90") || $0.text.contains("33.90") }
        }
        let alone = try #require(try total(receipt))
        let onPage = try #require(try total(page))
        let (a, p) = (alone.bounds.center, onPage.bounds.center)
        #expect(abs(p.x - a.x - Double(dx)) <= 3 && abs(p.y - a.y - Double(dy)) <= 3, "\(a) on its own, \(p) on the page")
    }
}

extension PageTextReaderTests {
    /// Receipts side by side that Tesseract reads column by column: a line of PP-OCR's that runs across the band
    /// between them (a row of both receipts boxed as one) is not added to the kept reading, which would read as one
    /// receipt with it.
    @Test func aLineAcrossTheBandBetweenReceiptsIsNotAdded() throws {
        // The left receipt's total only its label names (unsure: `auto` asks PP-OCR); the right one's sure.
        let left = [
            "SHOP ONE SDN BHD", "PENCIL BOX 4.00", "NOTE BOOK 6.00", "ERASER SET 2.50", "GLUE STICK 1.20", "RULER 30CM 0.90",
            "TOTAL 16.85", "THANK YOU", "12/01/2019 10:15",
        ]
        let right = [
            "CAFE TWO", "LATTE 8.50", "SCONE 5.00", "MUFFIN 4.50", "SUBTOTAL 18.00", "SERVICE 10% 1.80", "TOTAL 19.80",
            "CASH 50.00", "CHANGE 30.20", "03/02/2019 16:40",
        ]
        func column(_ texts: [String], x: Double, source: LineSource) -> [RecognizedLine] {
            texts.enumerated().map { i, text in L.line(text, x: x, y: 100 + Double(i) * 30, source: source) }
        }
        let tesseractLines = column(left, x: 10, source: .tesseract) + column(right, x: 700, source: .tesseract)
        let across = L.line(
            "WELCOME TO THE MALL PLEASE KEEP YOUR RECEIPT FOR RETURNS AND EXCHANGES WITHIN SEVEN DAYS THANK YOU", x: 10, y: 20,
            source: .ppocr)
        #expect(across.bounds.boundingRect.maxX > 700)
        let tesseract = FakeOCREngine(.tesseract, lines: tesseractLines)
        let ppocr = FakeOCREngine(.ppocr, lines: [across])
        let outcome = try read(reader(.auto, tesseract: tesseract, ppocr: ppocr))
        #expect(ppocr.calls == 1)
        #expect(outcome.reading.lines == tesseractLines)
        // A line of PP-OCR's within one column is added as before.
        let within = L.line("MEMBER 4471", x: 10, y: 20, source: .ppocr)
        let both = try read(
            reader(.auto, tesseract: FakeOCREngine(.tesseract, lines: tesseractLines), ppocr: FakeOCREngine(.ppocr, lines: [within])))
        #expect(both.reading.lines == [within] + tesseractLines)
    }
}

extension PageTextReaderTests {
    /// A page scanned in black and white reaches both engines softened; a grey page as it is.
    @Test func aBlackAndWhitePageIsReadSoftened() throws {
        let tesseract = FakeOCREngine(.tesseract, lines: L.page(["SHOP", "TOTAL 5.00"]))
        let ppocr = FakeOCREngine(.ppocr)
        let square = BilevelTests.square
        _ = try reader(.auto, .accurate, tesseract: tesseract, ppocr: ppocr).read(
            square, resolution: 300, deadline: .now + .seconds(60), pageTimeout: 60, cancellation: nil)
        let given = tesseract.rasters + ppocr.rasters
        #expect(!given.isEmpty && given.allSatisfy { $0.pixels == Bilevel.smoothed(square).pixels })
        var grey = square
        grey[0, 0] = 200
        let plain = FakeOCREngine(.tesseract, lines: L.page(["SHOP", "TOTAL 5.00"]))
        _ = try reader(.tesseract, tesseract: plain, ppocr: FakeOCREngine(.ppocr)).read(
            grey, resolution: 300, deadline: .now + .seconds(60), pageTimeout: 60, cancellation: nil)
        #expect(plain.rasters.map(\.pixels) == [grey.pixels])
    }
}
