import DataScanEngines
import DataScanModel
import Foundation
import Testing

extension DecoderTests {
    /// Every file of the hostile corpus decodes to exactly the outcome `expected.json` gives.
    @Suite struct CorpusTests {
        /// (That no library writes to stderr meanwhile is checked through the executable, in datascanTests'
        /// HostileFileTests: other suites of this process run at the same time and write there themselves.)
        @Test func everyFileGivesItsExpectedOutcome() throws {
            let entries = try HostileCorpus.entries()
            #expect(entries.count >= 30)
            for entry in entries {
                let data = try HostileCorpus.bytes(entry.file)
                check(entry, Result { () throws(ImageDecodeError) in try ImageDecoder.decode(data, page: entry.page ?? 0) })
            }
        }

        private func check(_ e: HostileCorpus.Entry, _ outcome: Result<DecodedImage, ImageDecodeError>) {
            let comment = Comment(rawValue: e.description)
            let result: DecodedImage
            switch outcome {
            case .success(let decoded): result = decoded
            case .failure(let error):
                #expect(e.expect == "failed", "\(e): failed unexpectedly: \(error.message)")
                if let reason = e.reason {
                    #expect(error.message.lowercased().contains(reason.lowercased()), "\(e): \(error.message)")
                }
                #expect(!error.message.contains("\n"), comment)
                #expect(error.message.first.map { !$0.isUppercase } ?? false, "\(e): message starts upper-case: \(error.message)")
                return
            }
            guard e.expect != "failed" else {
                Issue.record("\(e): decoded (\(result.decoder)) but should have failed with \(e.reason ?? "?")")
                return
            }
            #expect(result.image.width == e.width, comment)
            #expect(result.image.height == e.height, comment)
            #expect(result.dpi == e.dpi, comment)
            #expect(result.pageCount == (e.pages ?? 1), comment)
            #expect(result.frameCount == (e.frames ?? 1), comment)
            if let orientation = e.orientation {
                #expect(result.orientation?.rawValue == orientation, comment)
            } else if result.format == .jpeg {
                #expect(result.orientation == nil, comment)
            }
            if let via = e.via { #expect(result.decoder.rawValue == via, comment) }
            switch (e.expect, result.completeness) {
            case ("read", .complete): break
            case ("partial", .partial(let rows, let total, let reason)):
                #expect(e.rows?.contains(rows) ?? false, "\(e): \(rows) rows read (\(reason))")
                #expect(total == e.height, comment)
            default:
                Issue.record("\(e): expected \(e.expect), got \(result.completeness)")
            }
            let tolerance = e.tolerance ?? 0
            for probe in e.probes ?? [] {
                let value = Int(result.image[probe[0], probe[1]])
                #expect(abs(value - probe[2]) <= tolerance, "\(e): pixel (\(probe[0]), \(probe[1])) is \(value), expected \(probe[2])")
            }
        }
    }
}
