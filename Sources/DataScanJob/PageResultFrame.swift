import DataScanModel
import Foundation

/// A page's analysis as a page process sends it to the runner: a compact binary frame instead of JSON.
///
/// Why: a text-layer page takes a few milliseconds to analyze, and coding its dozens of items (each with a quad of
/// four points) through `JSONEncoder` in the page process and `JSONDecoder` in the runner took longer than that
/// (18 % of a 300-page run's CPU). The frame is the analysis's fields in a fixed order: integers and doubles as
/// 8 little-endian bytes, strings as a length and their UTF-8, optionals behind a presence byte; the lines travel
/// in the store's compact form (`StoredLines`), which the runner stores as it is.
///
/// On the wire the frame follows a header line `R <byte count>` and is followed by a newline (see
/// `PageProcessServer`). Both ends are the same executable, so the layout needs no version.
enum PageResultFrame {
    static func encode(_ analysis: ImageAnalysis, storedLines: String) -> [UInt8] {
        var w = Writer()
        w.int(analysis.width)
        w.int(analysis.height)
        w.string(analysis.source.rawValue)
        w.int(analysis.rotation)
        w.optional(analysis.warning) { $0.string($1) }
        w.int(analysis.timings.count)
        for (stage, seconds) in analysis.timings.sorted(by: { $0.key < $1.key }) {
            w.string(stage)
            w.double(seconds)
        }
        w.int(analysis.items.count)
        for item in analysis.items {
            switch item {
            case .text(let t):
                w.byte(0)
                w.string(t.id)
                w.string(t.transcript)
                w.optional(t.contentType) { $0.string($1.rawValue) }
                w.string(t.normalized)
                w.optional(t.label) { $0.string($1.rawValue) }
                w.double(t.confidence)
                w.quad(t.bounds)
            case .barcode(let b):
                w.byte(1)
                w.string(b.id)
                w.string(b.symbology.rawValue)
                w.string(b.payloadStringValue)
                w.bytes(b.payload)
                w.string(b.normalized)
                w.double(b.confidence)
                w.quad(b.bounds)
            }
        }
        w.string(storedLines)
        return w.data
    }

    /// The page as the frame describes it (`analysis.lines` empty, the lines in `storedLines`); nil when the frame is
    /// cut short or holds a value this build does not know.
    static func decode(_ frame: [UInt8]) -> AnalyzedPage? {
        frame.withUnsafeBufferPointer { buffer in
            var r = Reader(buffer: buffer)
            return r.page()
        }
    }

    private struct Writer {
        var data: [UInt8] = []

        init() { data.reserveCapacity(16 << 10) }

        mutating func byte(_ b: UInt8) { data.append(b) }

        mutating func int(_ v: Int) { withUnsafeBytes(of: Int64(v).littleEndian) { data.append(contentsOf: $0) } }

        mutating func double(_ v: Double) { withUnsafeBytes(of: v.bitPattern.littleEndian) { data.append(contentsOf: $0) } }

        mutating func string(_ s: String) {
            var s = s
            s.withUTF8 { utf8 in
                int(utf8.count)
                data.append(contentsOf: utf8)
            }
        }

        mutating func bytes(_ b: [UInt8]) {
            int(b.count)
            data.append(contentsOf: b)
        }

        mutating func optional<T>(_ value: T?, _ body: (inout Writer, T) -> Void) {
            guard let value else { return byte(0) }
            byte(1)
            body(&self, value)
        }

        mutating func quad(_ q: Quad) {
            for p in q.corners {
                double(p.x)
                double(p.y)
            }
        }
    }

    private struct Reader {
        let buffer: UnsafeBufferPointer<UInt8>
        var offset = 0

        init(buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

        mutating func page() -> AnalyzedPage? {
            guard let width = int(), let height = int(), let source = string().flatMap(PageSource.init(rawValue:)),
                let rotation = int(), let warning = optional({ $0.string() }), let stages = count()
            else { return nil }
            var timings: [String: Double] = [:]
            for _ in 0..<stages {
                guard let stage = string(), let seconds = double() else { return nil }
                timings[stage] = seconds
            }
            guard let itemCount = count() else { return nil }
            var items: [RecognizedItem] = []
            items.reserveCapacity(itemCount)
            for _ in 0..<itemCount {
                guard let item = item() else { return nil }
                items.append(item)
            }
            guard let lines = string(), offset == buffer.count else { return nil }
            let analysis = ImageAnalysis(
                width: width, height: height, source: source, rotation: rotation, lines: [], items: items, timings: timings,
                warning: warning)
            return AnalyzedPage(analysis: analysis, storedLines: lines)
        }

        mutating func item() -> RecognizedItem? {
            switch byte() {
            case 0:
                guard let id = string(), let transcript = string(),
                    let type = optional({ $0.string() }),
                    let normalized = string(),
                    let label = optional({ $0.string() }),
                    let confidence = double(), let bounds = quad()
                else { return nil }
                let contentType = type.flatMap(TextContentType.init(rawValue:))
                let itemLabel = label.flatMap(ItemLabel.init(rawValue:))
                guard (type == nil) == (contentType == nil), (label == nil) == (itemLabel == nil) else { return nil }
                return .text(
                    .init(
                        id: id, transcript: transcript, contentType: contentType, normalized: normalized, label: itemLabel,
                        confidence: confidence, bounds: bounds))
            case 1:
                guard let id = string(), let symbology = string().flatMap(Symbology.init(rawValue:)), let value = string(),
                    let payload = bytes(), let normalized = string(), let confidence = double(), let bounds = quad()
                else { return nil }
                return .barcode(
                    .init(
                        id: id, symbology: symbology, payloadStringValue: value, payload: payload, normalized: normalized,
                        confidence: confidence, bounds: bounds))
            default:
                return nil
            }
        }

        mutating func byte() -> UInt8? {
            guard offset < buffer.count else { return nil }
            defer { offset += 1 }
            return buffer[offset]
        }

        mutating func raw64() -> UInt64? {
            guard buffer.count - offset >= 8 else { return nil }
            var v: UInt64 = 0
            for i in 0..<8 { v |= UInt64(buffer[offset + i]) << (8 * UInt64(i)) }
            offset += 8
            return v
        }

        mutating func int() -> Int? { raw64().map { Int(Int64(bitPattern: $0)) } }

        /// A count or length: not negative, and not more than the bytes left (a damaged frame cannot ask for more).
        mutating func count() -> Int? {
            guard let n = int(), n >= 0, n <= buffer.count - offset else { return nil }
            return n
        }

        mutating func double() -> Double? { raw64().map(Double.init(bitPattern:)) }

        mutating func bytes() -> [UInt8]? {
            guard let n = count() else { return nil }
            defer { offset += n }
            return Array(buffer[offset..<offset + n])
        }

        mutating func string() -> String? {
            guard let n = count() else { return nil }
            defer { offset += n }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<offset + n]), as: UTF8.self)
        }

        /// `.some(nil)` for an absent value, nil for a damaged frame.
        mutating func optional<T>(_ body: (inout Reader) -> T?) -> T?? {
            switch byte() {
            case 0: return .some(nil)
            case 1: return body(&self).map { .some($0) }
            default: return nil
            }
        }

        mutating func quad() -> Quad? {
            var v: [Double] = []
            v.reserveCapacity(8)
            for _ in 0..<8 {
                guard let d = double() else { return nil }
                v.append(d)
            }
            return Quad(
                topLeft: Point(x: v[0], y: v[1]), topRight: Point(x: v[2], y: v[3]), bottomRight: Point(x: v[4], y: v[5]),
                bottomLeft: Point(x: v[6], y: v[7]))
        }
    }
}
