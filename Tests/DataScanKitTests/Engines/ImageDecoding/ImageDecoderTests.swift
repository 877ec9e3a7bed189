import DataScanEngines
import DataScanModel
import Foundation
import Testing

extension DecoderTests {
    /// The decoder's contract beyond single files: limits before decoding, pages, header-only inspection,
    /// concurrent use.
    @Suite struct ImageDecoderTests {
        @Test func aHugeHeaderIsRefusedBeforeAnyPixelIsDecoded() throws {
            let data = try HostileCorpus.bytes("tiff-lzw-rgb-300dpi.tif")
            #expect(throws: ImageDecodeError(.tooLarge, .tiff, "too large: 320×240 pixels (0.1 MP) exceeds the limit of 0.1 MP")) {
                try ImageDecoder.decode(data, limits: DecodeLimits(maxPixels: 76_799))
            }
            #expect(try ImageDecoder.decode(data, limits: DecodeLimits(maxPixels: 76_800)).image.width == 320)
        }

        @Test func aPagePastTheLastIsAnErrorNamingTheCount() throws {
            let data = try HostileCorpus.bytes("tiff-g4-3-pages.tif")
            #expect(throws: ImageDecodeError(.noSuchPage, .tiff, "TIFF has 3 pages; page 4 does not exist")) {
                try ImageDecoder.decode(data, page: 3)
            }
            let png = try HostileCorpus.bytes("png-gray-300dpi.png")
            #expect(throws: ImageDecodeError(.noSuchPage, .png, "PNG has 1 page; page 2 does not exist")) {
                try ImageDecoder.decode(png, page: 1)
            }
        }

        @Test(arguments: [
            ("tiff-g4-3-pages.tif", ImageFormat.tiff, 3, 1), ("bigtiff-be-tiled.tif", .tiff, 1, 1),
            ("gif-animated-3-frames.gif", .gif, 1, 3), ("webp-animated-3-frames.webp", .webp, 1, 3),
            ("jpeg-junk-before-soi.jpg", .jpeg, 1, 1), ("bmp-os2-v1-8.bmp", .bmp, 1, 1), ("png-gray16.png", .png, 1, 1),
        ])
        func inspectReadsSizeAndCountsWithoutDecoding(file: String, format: ImageFormat, pages: Int, frames: Int) throws {
            let info = try ImageDecoder.inspect(try HostileCorpus.bytes(file))
            #expect(info.format == format)
            #expect(info.width == 320 && info.height == 240)
            #expect(info.pageCount == pages)
            #expect(info.frameCount == frames)
        }

        /// Leptonica's message handler is process-wide; each thread's decode must still get only its own messages.
        @Test func concurrentDecodesGiveTheSameResultsAndMessagesAsSerialOnes() throws {
            let entries = try HostileCorpus.entries()
            let inputs = try entries.map { try HostileCorpus.bytes($0.file) }
            @Sendable func run(_ i: Int) -> String {
                do {
                    let d = try ImageDecoder.decode(inputs[i], page: entries[i].page ?? 0)
                    return "\(d.decoder) \(d.completeness) \(d.warnings) \(d.image.pixels.hashValue)"
                } catch {
                    return error.message
                }
            }
            let serial = inputs.indices.map(run)
            let results = Results(count: inputs.count)
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                // Each worker decodes every file, in a different order, so the same file runs on two threads at once.
                for k in inputs.indices {
                    let i = (k + worker * 7) % inputs.count
                    results.store(run(i), at: i, worker: worker)
                }
            }
            for worker in 0..<4 {
                for i in inputs.indices {
                    #expect(results.value(at: i, worker: worker) == serial[i], "\(entries[i])")
                }
            }
        }
    }
}

/// Results written by concurrent workers, each into its own slots.
private final class Results: @unchecked Sendable {
    // Why @unchecked: guarded by `lock`.
    private var values: [[String]]
    private let lock = NSLock()

    init(count: Int) { values = Array(repeating: Array(repeating: "", count: count), count: 4) }

    func store(_ value: String, at index: Int, worker: Int) {
        lock.withLock { values[worker][index] = value }
    }

    func value(at index: Int, worker: Int) -> String {
        lock.withLock { values[worker][index] }
    }
}
