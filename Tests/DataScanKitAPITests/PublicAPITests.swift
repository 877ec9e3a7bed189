import DataScanKit
import Foundation
import Synchronization
import Testing

/// DataScanKit as a library user sees it: VisionKit's vocabulary, real engines, real files.
@Suite struct PublicAPITests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("DataScanKitTests/Fixtures")

    @Test func analyzesAnImageWithVisionKitStyleConfiguration() async throws {
        let analyzer = ImageAnalyzer()
        let config = ScanConfiguration(recognizedDataTypes: [
            .text(textContentType: .telephoneNumber), .text(textContentType: .dateTimeDuration),
        ])
        let analysis = try await analyzer.analyze(
            imageAt: Self.fixtures.appendingPathComponent("phone-date-price.png"), configuration: config)
        #expect(analysis.source == .ocr)
        #expect(analysis.transcript.contains("(650) 253-0000"))
        #expect(analysis.items.map(\.type) == ["phone", "date"])
        guard case .text(let phone) = analysis.items[0] else {
            Issue.record("expected a text item")
            return
        }
        #expect(phone.contentType == .telephoneNumber)
        #expect(phone.transcript == "(650) 253-0000")
        #expect(phone.normalized == "+16502530000")
        // The quad is where the number is printed (fixtures.json: x 169…560, y 60…119).
        #expect(phone.bounds.topLeft.x > 150 && phone.bounds.topLeft.x < 190)
        #expect(phone.bounds.bottomRight.x > 540 && phone.bounds.bottomRight.x < 580)
        #expect(phone.bounds.topLeft.y < phone.bounds.bottomLeft.y)
        #expect(phone.id.count == 16)
        // Reading order: the phone line stands above the date line.
        #expect(analysis.items[0].bounds.center.y < analysis.items[1].bounds.center.y)
    }

    @Test func analyzesBarcodesAndPDFPagesConcurrently() async throws {
        let analyzer = ImageAnalyzer(maximumConcurrentAnalyses: 2)
        let barcodes = ScanConfiguration(recognizedDataTypes: [.barcode(symbologies: [.qr, .ean13])])
        let text = ScanConfiguration(recognizedDataTypes: [.text(textContentType: .emailAddress)])
        async let qr = analyzer.analyze(imageAt: Self.fixtures.appendingPathComponent("qr.png"), configuration: barcodes)
        async let ean = analyzer.analyze(imageAt: Self.fixtures.appendingPathComponent("ean13.png"), configuration: barcodes)
        async let pdf = analyzer.analyze(imageAt: Self.fixtures.appendingPathComponent("text-layer.pdf"), configuration: text)
        let (q, e, p) = try await (qr, ean, pdf)
        guard case .barcode(let code) = try #require(q.items.first) else {
            Issue.record("expected a barcode")
            return
        }
        #expect(code.symbology == .qr)
        #expect(code.payloadStringValue == "https://www.example.com/datascan")
        #expect(code.payload == Array("https://www.example.com/datascan".utf8))
        #expect(e.items.map(\.normalized) == ["4006381333931"])
        #expect(p.source == .textLayer)
        #expect(p.items.map(\.normalized) == ["info@example.com"])
        #expect(try analyzer.pageCount(ofFileAt: Self.fixtures.appendingPathComponent("two-pages.tif")) == 2)
    }

    @Test func typedErrorsForBadInput() async throws {
        let analyzer = ImageAnalyzer()
        let missing = URL(fileURLWithPath: "/nonexistent/x.png")
        await #expect { try await analyzer.analyze(imageAt: missing, configuration: ScanConfiguration()) } throws: {
            ($0 as? DataScanError)?.code == .unreadable
        }
        await #expect {
            try await analyzer.analyze(imageAt: Self.fixtures.appendingPathComponent("README.md"), configuration: ScanConfiguration())
        } throws: {
            ($0 as? DataScanError)?.message.contains("unsupported file type (plain text)") == true
        }
    }

    @Test func environmentReportsLanguagesAndAvailability() {
        #expect(ImageAnalyzer.isSupported)
        #expect(ImageAnalyzer.isAvailable)
        #expect(ImageAnalyzer.supportedTextRecognitionLanguages.map(\.bcp47).contains("en"))
    }

    @Test func jobStreamsPageResultsAndCancellationLeavesAConsistentStore() async throws {
        let input = NSTemporaryDirectory() + "api-job-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: input, withIntermediateDirectories: true)
        for name in ["phone-date-price.png", "scanned.pdf", "two-pages.tif", "exif-rotated.jpg", "text-layer.pdf"] {
            try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent(name).path, toPath: input + "/" + name)
        }
        let out = input + "-out"
        defer {
            try? FileManager.default.removeItem(atPath: input)
            try? FileManager.default.removeItem(atPath: out)
        }
        var config = ScanConfiguration(recognizedDataTypes: [.text(textContentType: .telephoneNumber)])
        config.jobs = 1
        let job = ScanJob(inputs: [URL(fileURLWithPath: input)], output: URL(fileURLWithPath: out), configuration: config)
        var finished = 0
        for try await event in job.events() {
            if case .pageFinished(let page) = event {
                finished += 1
                #expect(page.status == .done)
                if finished == 2 { break }  // stops consuming: the job is cancelled
            }
        }
        // The stream's end cancelled the job; its task finishes writing the store shortly after.
        var results: JobResults?
        for _ in 0..<100 {
            if let r = try? JobResults(folder: URL(fileURLWithPath: out)), let s = try? r.summary(), s.pending + s.done == s.pages,
                FileManager.default.fileExists(atPath: out + "/manifest.json")
            {
                results = r
                break
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        let summary = try #require(try results?.summary())
        #expect(summary.pages == 6)
        #expect(summary.done >= 2 && summary.done < 6)
        #expect(summary.failed == 0)
        // Nothing is left "running"; a new run finishes the job.
        let rest = try await ScanJob(inputs: [URL(fileURLWithPath: input)], output: URL(fileURLWithPath: out), configuration: config).run()
        #expect(rest.done == 6 && rest.pending == 0)
    }
}
