import Foundation
import Testing

@testable import DataScanEngines
@testable import DataScanModel
@testable import DataScanRecognition

/// PP-OCR behind the OCR seam, on the drawn fixture pages (see Fixtures/ppocr/README.md): rows put together,
/// words split at the gaps the model ran together, turned pages, the deadline, a missing install.
@Suite struct PPOCRRecognizerTests {
    private func page(_ name: String) throws -> GrayImage {
        let image = try PPOCRFixtures.gray(name)
        return GrayImage(width: image.width, height: image.height, pixels: image.pixels)
    }

    private func read(_ name: String, recognizer: PPOCRRecognizer = PPOCRRecognizer()) throws -> OCRReading {
        try recognizer.recognize(try page(name), resolution: 300, deadline: .now + .seconds(60), pageTimeout: 60, cancellation: nil)
    }

    @Test func rowsReadLikeTesseractsWithTheirWordsApart() throws {
        let reading = try read("synthetic-clean.pgm")
        #expect(reading.quarterTurns == 0)
        // Drawn: "INVOICE No. 2024-0457", "Date: 15/03/2024  10:42", "Coffee beans 1kg      12.50" (two boxes),
        // "TOTAL RM 9.00" (read as one box "TOTALRM9.00"), "Thank you, please come again!", "info@example.com".
        // (In batches of six whatever their width, as rapidocr, "1kg" was read "lkg" and "RM9.00" "RM 9.00".)
        #expect(
            reading.lines.map(\.text) == [
                "INVOlCE No.2024-0457", "Date: 15/03/2024 10:42", "Coffee beans 1kg 12.50", "TOTAL RM9.00",
                "Thank you, please come again!", "info@example.com",
            ])
        #expect(reading.lines.allSatisfy { $0.source == .ppocr })
        let total = try #require(reading.lines.first { $0.text == "TOTAL RM9.00" })
        // Words left to right, each box inside the row's.
        let xs = total.words.map(\.bounds.boundingRect.minX)
        #expect(xs == xs.sorted())
        let row = total.bounds.boundingRect
        for w in total.words {
            let r = w.bounds.boundingRect
            #expect(r.minX >= row.minX - 1 && r.maxX <= row.maxX + 1 && r.minY >= row.minY - 1 && r.maxY <= row.maxY + 1)
        }
    }

    /// Read again turned upright (`aSidewaysPageIsReadInItsReadingFrame`), an upside-down page reads as the upright one.
    /// Each of the three models' time is kept with the reading (the store's `ppocr.detection`, `ppocr.direction`,
    /// `ppocr.recognition`), together no more than the call took; a page read twice (turned) counts both readings.
    @Test func eachModelsTimeIsKeptWithTheReading() throws {
        let recognizer = PPOCRRecognizer()
        _ = try read("synthetic-clean.pgm", recognizer: recognizer)  // (the models loaded outside the timed call)
        for turns in [0, 1] {
            let image = try page("synthetic-clean.pgm").rotated(quarterTurns: turns)
            let started = ContinuousClock.now
            let reading = try recognizer.recognize(
                image, resolution: 300, deadline: .now + .seconds(60), pageTimeout: 60, cancellation: nil)
            let wall = (ContinuousClock.now - started).seconds
            let parts = reading.partSeconds
            #expect(Set(parts.keys) == [OCRReading.Part.ppocrDetection, OCRReading.Part.ppocrDirection, OCRReading.Part.ppocrRecognition])
            #expect(parts.values.allSatisfy { $0 > 0 }, "\(parts)")
            #expect(parts.values.reduce(0, +) <= wall, "\(parts) in \(wall) s")
            // Reading six lines costs more than telling which way up they stand.
            #expect(parts[OCRReading.Part.ppocrRecognition]! > parts[OCRReading.Part.ppocrDirection]!, "\(parts)")
        }
    }

    @Test func anUpsideDownPageReadsInItsOwnOrder() throws {
        let reading = try read("synthetic-upside-down.pgm")
        #expect(reading.quarterTurns == 2)
        #expect(reading.lines.map(\.text) == (try read("synthetic-clean.pgm")).lines.map(\.text))
    }

    /// A page turned a quarter either way is read as it lies and again turned upright, the reading with more sure
    /// characters kept; either way its words stand on the page as stored, reading the way the page is turned.
    @Test(arguments: [1, 3]) func aSidewaysPageIsReadInItsReadingFrame(turns: Int) throws {
        let sideways = try page("synthetic-clean.pgm").rotated(quarterTurns: 4 - turns)
        let reading = try PPOCRRecognizer().recognize(
            sideways, resolution: 300, deadline: .now + .seconds(60), pageTimeout: 60, cancellation: nil)
        #expect(reading.quarterTurns == turns)
        #expect(reading.lines.count == 6)
        #expect(reading.lines.first?.text.hasPrefix("INVO") == true)
        #expect(reading.lines.map(\.text).contains { $0.contains("TOTAL") && $0.contains("9.00") })
        for word in reading.lines.flatMap(\.words) {
            let box = word.bounds.boundingRect
            #expect(box.minX >= -1 && box.minY >= -1 && box.maxX <= Double(sideways.width) + 1 && box.maxY <= Double(sideways.height) + 1)
            if word.text.count >= 3 { #expect(TextRows.readingTurns(word.bounds) == turns) }
        }
    }

    @Test func theDeadlineStopsTheModelRuns() throws {
        let recognizer = PPOCRRecognizer()
        let image = try page("synthetic-clean.pgm")
        // Started, then stopped at the first check after detection.
        #expect(throws: DataScanError(.timeout, "timeout after 7 s (in ppocr)")) {
            try recognizer.recognize(image, resolution: 300, deadline: .now, pageTimeout: 7, cancellation: nil)
        }
        let cancelled = CancellationFlag()
        cancelled.cancel()
        #expect(throws: DataScanError(.cancelled, "cancelled")) {
            try recognizer.recognize(image, resolution: 300, deadline: .now + .seconds(60), pageTimeout: 60, cancellation: cancelled)
        }
        // The engine survives both and reads the next page.
        #expect(
            try recognizer.recognize(image, resolution: 300, deadline: .now + .seconds(60), pageTimeout: 60, cancellation: nil).lines.count
                == 6)
    }

    @Test func missingModelsAreAnEnvironmentError() throws {
        let recognizer = PPOCRRecognizer(configuration: .init(modelDirectory: "/nonexistent/ppocr"))
        let image = try page("synthetic-clean.pgm")
        do throws(DataScanError) {
            _ = try recognizer.recognize(image, resolution: 300, deadline: .now + .seconds(9), pageTimeout: 9, cancellation: nil)
            Issue.record("recognized without models")
        } catch {
            #expect(error.code == .environment)
            #expect(
                error.message
                    == "ppocr: model /nonexistent/ppocr/ch_PP-OCRv4_det_infer.onnx not found (looked in /nonexistent/ppocr): run scripts/bootstrap, or set DATASCAN_PPOCR_MODELS to the folder with the PP-OCR .onnx files"
            )
        }
    }
}
