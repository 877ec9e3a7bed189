import Foundation
import Testing

@testable import DataScanEngines
@testable import DataScanInput
@testable import DataScanModel
@testable import DataScanRecognition

/// Measures the barcode recognizer on the shared corpus (/work/shared/corpora/barcodes, see its README.md):
/// per format, how many images decode to the expected payload with both decoders merged, zxing alone and zbar
/// alone, and how many negative images give any barcode. Slow, so it only runs when DATASCAN_CORPUS is set
/// (`DATASCAN_CORPUS=1 swift test --filter BarcodeCorpusTests`); DATASCAN_CORPUS_QUALITY picks the quality level
/// (default balanced), DATASCAN_CORPUS_DIR another corpus folder.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["DATASCAN_CORPUS"] != nil))
struct BarcodeCorpusTests {
    /// One line of manifest.jsonl.
    struct Record: Decodable {
        var format: String
        var image: String
        /// Nil for the negative images (`_negative/`), which must give no barcode.
        var expected: String?
        var expected_variants: [String]?
    }

    static var corpus: URL {
        URL(fileURLWithPath: ProcessInfo.processInfo.environment["DATASCAN_CORPUS_DIR"] ?? "/work/shared/corpora/barcodes")
    }

    static var quality: QualityLevel {
        ProcessInfo.processInfo.environment["DATASCAN_CORPUS_QUALITY"].flatMap(QualityLevel.init(rawValue:)) ?? .balanced
    }

    static func records() throws -> [Record] {
        let text = try String(contentsOf: corpus.appendingPathComponent("manifest.jsonl"), encoding: .utf8)
        let decoder = JSONDecoder()
        return try text.split(separator: "\n").filter { !$0.isEmpty }.map {
            try decoder.decode(Record.self, from: Data($0.utf8))
        }
    }

    /// A read is right when its payload is one of the accepted spellings, or its normalized value is what the
    /// same normalization makes of one of them (the manifest spells GS1 data raw, we bracket the AIs).
    static func matches(_ item: RecognizedItem.Barcode, _ accepted: Set<String>) -> Bool {
        if accepted.contains(item.normalized) || accepted.contains(item.payloadStringValue) { return true }
        return accepted.contains { spelling in
            [true, false].contains { gs1 in
                BarcodePayload.normalize(text: spelling, symbology: item.symbology, isGS1: gs1, preferUPCA: true)?.1
                    == item.normalized
            }
        }
    }

    @Test func decodeRatesPerFormat() throws {
        // DATASCAN_CORPUS_MERGED_ONLY skips the single-decoder columns (three times faster while tuning).
        let modes: [(String, Set<DecodedSymbol.Decoder>)] =
            ProcessInfo.processInfo.environment["DATASCAN_CORPUS_MERGED_ONLY"] != nil
            ? [("merged", [.zxing, .zbar])]
            : [("merged", [.zxing, .zbar]), ("zxing", [.zxing]), ("zbar", [.zbar])]
        let recognizer = try BarcodeRecognizer(symbologies: [], quality: Self.quality)
        var decoded: [String: [String: Int]] = [:]  // format -> mode -> count
        var totals: [String: Int] = [:]
        var failures: [String] = []
        let started = Date()
        let records = try Self.records()
        for record in records {
            guard let expected = record.expected else { continue }
            totals[record.format, default: 0] += 1
            let accepted = Set([expected] + (record.expected_variants ?? []))
            if ProcessInfo.processInfo.environment["DATASCAN_CORPUS_TRACE"] != nil {
                FileHandle.standardError.write(Data("corpus: \(record.image)\n".utf8))
            }
            let image: GrayImage
            do {
                image = try GrayImage.load(path: Self.corpus.appendingPathComponent(record.image).path)
            } catch {
                failures.append("\(record.image): \(error)")
                continue
            }
            for (mode, decoders) in modes {
                let items = try recognizer.recognize(image, decoders: decoders)
                if items.contains(where: { Self.matches($0, accepted) }) {
                    decoded[record.format, default: [:]][mode, default: 0] += 1
                } else if mode == "merged" {
                    failures.append("\(record.image): got \(items.map { "\($0.symbology.rawValue):\($0.normalized)" })")
                }
            }
        }
        var falsePositives: [String: Int] = [:]
        var negativeItems: [String] = []
        let negatives = records.filter { $0.expected == nil }
        for record in negatives {
            guard let image = try? GrayImage.load(path: Self.corpus.appendingPathComponent(record.image).path) else {
                failures.append("\(record.image): unreadable")
                continue
            }
            for (mode, decoders) in modes {
                let items = try recognizer.recognize(image, decoders: decoders)
                if !items.isEmpty {
                    falsePositives[mode, default: 0] += 1
                    if mode == "merged" {
                        negativeItems.append("\(record.image): \(items.map { "\($0.symbology.rawValue):\($0.normalized)" })")
                    }
                }
            }
        }
        var table = "quality \(Self.quality.rawValue), \(Int(Date().timeIntervalSince(started)))s\n"
        table += "format".padding(toLength: 18, withPad: " ", startingAt: 0) + "merged      zxing       zbar\n"
        var sums = [String: Int]()
        for format in totals.keys.sorted() {
            let total = totals[format] ?? 0
            var line = format.padding(toLength: 18, withPad: " ", startingAt: 0)
            for (mode, _) in modes {
                let count = decoded[format]?[mode] ?? 0
                sums[mode, default: 0] += count
                line += "\(count)/\(total)".padding(toLength: 12, withPad: " ", startingAt: 0)
            }
            table += line + "\n"
        }
        let all = totals.values.reduce(0, +)
        table +=
            "total".padding(toLength: 18, withPad: " ", startingAt: 0)
            + modes.map { "\(sums[$0.0] ?? 0)/\(all)".padding(toLength: 12, withPad: " ", startingAt: 0) }.joined() + "\n"
        table +=
            "_negative (images with any barcode)".padding(toLength: 18, withPad: " ", startingAt: 0) + " "
            + modes.map { "\(falsePositives[$0.0] ?? 0)/\(negatives.count)" }.joined(separator: "  ") + "\n"
        print(table)
        if ProcessInfo.processInfo.environment["DATASCAN_CORPUS_VERBOSE"] != nil {
            print("missed (merged):\n" + failures.joined(separator: "\n"))
            print("false positives (merged):\n" + negativeItems.joined(separator: "\n"))
        }
        #expect(all > 0, "the corpus manifest lists no images")
    }
}

/// Every quality level finds the four codes of an A4 page at 300 DPI, once each; the time each level took is printed
/// (`make bench` measures speed on release builds; debug builds are several times slower in the Swift pixel loops).
/// Runs with the corpus suite.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["DATASCAN_CORPUS"] != nil))
struct BarcodePageTimingTests {
    @Test func timePerQualityOnAnA4Page() throws {
        var page = ZintFixture.blankPage(width: 2480, height: 3508)
        let parts: [(String, String, Int, Int)] = [
            ("QRCODE", "https://example.com/invoice/42", 1900, 150), ("EANX", "590123412345", 200, 3000),
            ("CODE128", "SHIP-0042-XYZ", 900, 2300), ("DATAMATRIX", "LOT 7 / 2026", 300, 400),
        ]
        for (type, data, x, y) in parts { ZintFixture.paste(try ZintFixture.image(type, data: data, scale: 4), onto: &page, x: x, y: y) }
        var report = "A4 page, 300 DPI, 4 codes:"
        for quality in QualityLevel.allCases {
            let recognizer = try BarcodeRecognizer(symbologies: [], quality: quality)
            let start = Date()
            let items = try recognizer.recognize(page)
            #expect(
                Set(items.map(\.payloadStringValue)) == Set(parts.map { $0.0 == "EANX" ? "5901234123457" : $0.1 }) && items.count == 4,
                "\(quality): \(items.map(\.payloadStringValue))")
            report += String(
                format: " %@ %.2fs (%d items: %@);", quality.rawValue, Date().timeIntervalSince(start), items.count,
                items.map(\.symbology.rawValue).joined(separator: ","))
        }
        print(report)
    }
}
