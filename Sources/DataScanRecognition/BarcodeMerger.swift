import DataScanEngines
import DataScanModel

/// Collects the reads of all passes and decoders of one page and turns them into items: reads of the same
/// symbology and payload whose quads overlap are one code.
struct BarcodeMerger {
    /// One code as read so far.
    struct Group {
        var payload: BarcodePayload.Normalized
        var decoders: Set<DecodedSymbol.Decoder>
        var quad: Quad
        var quadDecoder: DecodedSymbol.Decoder
        /// How many reads (passes × decoders) agreed.
        var hits: Int
    }

    private(set) var groups: [Group] = []
    /// The decoders that took part: a short ITF must be read by both only when both were asked.
    let activeDecoders: Set<DecodedSymbol.Decoder>

    init(activeDecoders: Set<DecodedSymbol.Decoder> = [.zxing, .zbar]) {
        self.activeDecoders = activeDecoders
    }

    /// Overlap (share of the smaller bounding box) above which two reads are taken to be at the same place.
    static let sameCodeOverlap = 0.1
    /// Overlap above which two different payloads are taken to be two readings of the same code (one is wrong).
    static let conflictOverlap = 0.5

    var isEmpty: Bool { groups.isEmpty }

    mutating func add(_ payload: BarcodePayload.Normalized, decoder: DecodedSymbol.Decoder, quad: Quad) {
        if let index = groups.firstIndex(where: {
            $0.payload.symbology == payload.symbology && $0.payload.normalized == payload.normalized
                && $0.quad.overlap(with: quad) > BarcodeMerger.sameCodeOverlap
        }) {
            groups[index].decoders.insert(decoder)
            groups[index].hits += 1
            // zxing gives a code's real corners; zbar's are scan-line ends (linear codes) and its text is the raw
            // bytes, so zxing's quad and text win when both read the code.
            if groups[index].quadDecoder == .zbar, decoder == .zxing {
                groups[index].quad = quad
                groups[index].quadDecoder = .zxing
                groups[index].payload = payload
            }
        } else {
            groups.append(Group(payload: payload, decoders: [decoder], quad: quad, quadDecoder: decoder, hits: 1))
        }
    }

    /// The merged items in reading order (top to bottom, then left to right). Where two different payloads sit on
    /// the same spot, the one with more support (both decoders over one, zxing over zbar, more reads) is kept.
    /// An ITF other than ITF-14 is only kept when every active decoder read it.
    func items() -> [RecognizedItem.Barcode] {
        let kept = groups.filter { group in
            // Interleaved 2 of 5 has no check character and is the symbology decoders most often "find" in text,
            // stripes and cut-off codes; except for ITF-14 (check digit verified) it needs both decoders to agree.
            if group.payload.symbology == .itf, group.payload.normalized.count != 14,
                !activeDecoders.isSubset(of: group.decoders)
            {
                return false
            }
            return !groups.contains { other in
                other.payload != group.payload && BarcodeMerger.support(other) > BarcodeMerger.support(group)
                    && other.quad.overlap(with: group.quad) > BarcodeMerger.conflictOverlap
            }
        }
        return kept.map { group in
            RecognizedItem.Barcode(
                symbology: group.payload.symbology, payloadStringValue: group.payload.payloadStringValue,
                payload: group.payload.payload, normalized: group.payload.normalized,
                confidence: group.decoders.count > 1 ? 1.0 : 0.9, bounds: group.quad)
        }.sorted { a, b in
            let ca = a.bounds.center, cb = b.bounds.center
            return (ca.y, ca.x) < (cb.y, cb.x)
        }
    }

    /// Comparable support of a group: decoders that agreed, then whether zxing is among them, then reads.
    private static func support(_ group: Group) -> (Int, Int, Int) {
        (group.decoders.count, group.decoders.contains(.zxing) ? 1 : 0, group.hits)
    }
}
