import DataScanEngines
import DataScanModel

/// Collects the reads of all passes and decoders of one page and turns them into items: one per physical symbol,
/// and none that a misread could be behind. A wrong value is worse than a missing one.
///
/// - Reads of the same symbology and payload whose quads overlap are one code (a `Group`).
/// - EAN/UPC codes: the GS1 mod-10 check digit misses some two-digit errors, and both decoders were seen to
///   misread worn or curved codes (zbar even the same wrong value on every scale). A read is `isAcceptable` when
///   zxing saw it on `strongScanLines` or more, or when a second read agrees: the other decoder, or a second pass
///   (another binarizer, another scale). zbar alone needs two passes, and never suffices for UPC-E and EAN-8: it
///   decodes one half of a UPC-A or EAN-13 as such a short code.
/// - ITF other than ITF-14: no mandatory check digit (zxing's `]I1` only says the last digit happens to fit, as one
///   in ten do): it needs a second read too.
/// - GS1 DataBar read by zbar alone: zbar pairs finder patterns from anywhere on the page, and on pages of small
///   text it assembled GTINs at a single point, in one pass, where nothing is printed (pypdf's and OCRmyPDF's test
///   PDFs): it needs a second read too.
/// - Two different linear payloads at the same place are one symbol read two ways: the better supported one is kept
///   (a verified check character, then zxing's scan lines, decoders, passes), and on a tie neither. A linear read
///   inside a 2-D code is dropped, and so is zbar's reading of a 2-D code that zxing read otherwise (zbar hands over
///   raw bytes where zxing converts the character set).
struct BarcodeMerger {
    /// One code as read so far.
    struct Group {
        var payload: BarcodePayload.Normalized
        var decoders: Set<DecodedSymbol.Decoder>
        var quad: Quad
        var quadDecoder: DecodedSymbol.Decoder
        /// The passes (see `BarcodeRecognizer`) in which each decoder read it.
        var zxingPasses: Set<Int> = []
        var zbarPasses: Set<Int> = []
        /// The most scan lines one zxing read of it had (linear codes; 0 for 2-D codes and zbar-only reads: zbar's
        /// count of scan passes is not comparable, it counted up to 114 on a misread).
        var zxingScanLines = 0
        /// A decoder verified an optional check character (ITF `]I1`, Code 39 `]A1`).
        var hasCheckCharacter = false

        var passes: Set<Int> { zxingPasses.union(zbarPasses) }
    }

    private(set) var groups: [Group] = []

    /// Overlap (share of the smaller bounding box) above which two reads are taken to be at the same place.
    static let sameCodeOverlap = 0.1
    /// Overlap above which two different payloads are taken to be two readings of the same code (one is wrong).
    static let conflictOverlap = 0.5
    /// zxing reads of EAN/UPC codes on at least this many scan lines stand alone. Every misread zxing made on the
    /// zxing-cpp test images had 2–4 lines; most right reads have many more.
    static let strongScanLines = 5

    var isEmpty: Bool { groups.isEmpty }

    mutating func add(
        _ payload: BarcodePayload.Normalized, decoder: DecodedSymbol.Decoder, quad: Quad, pass: Int, scanLines: Int = 0,
        hasCheckCharacter: Bool = false
    ) {
        let index: Int
        if let found = groups.firstIndex(where: {
            $0.payload.symbology == payload.symbology && $0.payload.normalized == payload.normalized
                && $0.quad.overlap(with: quad) > BarcodeMerger.sameCodeOverlap
        }) {
            index = found
            groups[index].decoders.insert(decoder)
            // zxing gives a code's real corners; zbar's are scan-line ends (linear codes) and its text is the raw
            // bytes, so zxing's quad and text win when both read the code.
            if groups[index].quadDecoder == .zbar, decoder == .zxing {
                groups[index].quad = quad
                groups[index].quadDecoder = .zxing
                groups[index].payload = payload
            }
        } else {
            index = groups.count
            groups.append(Group(payload: payload, decoders: [decoder], quad: quad, quadDecoder: decoder))
        }
        switch decoder {
        case .zxing:
            groups[index].zxingPasses.insert(pass)
            groups[index].zxingScanLines = max(groups[index].zxingScanLines, scanLines)
        case .zbar:
            groups[index].zbarPasses.insert(pass)
        }
        groups[index].hasCheckCharacter = groups[index].hasCheckCharacter || hasCheckCharacter
    }

    /// True when the group's reads are enough to report it (see the type's documentation).
    static func isAcceptable(_ group: Group) -> Bool {
        let confirmed = group.decoders.count > 1 || group.passes.count > 1
        switch group.payload.symbology {
        case .ean8, .ean13, .upca, .upce:
            if group.zxingScanLines >= strongScanLines { return true }
            if !group.zxingPasses.isEmpty { return confirmed }
            return group.payload.symbology != .upce && group.payload.symbology != .ean8 && group.zbarPasses.count > 1
        case .itf:
            return group.payload.normalized.count == 14 || confirmed
        case .gs1DataBar, .gs1DataBarExpanded:
            return !group.zxingPasses.isEmpty || confirmed
        default:
            return true
        }
    }

    /// Groups worth a second look: not acceptable yet, EAN/UPC that zxing did not see on many scan lines (even when
    /// zbar agrees: both were seen to misread one code the same way, and a read at another scale tells), and those
    /// in a conflict.
    func doubtful() -> [Group] {
        groups.filter { group in
            !BarcodeMerger.isAcceptable(group)
                || (group.payload.symbology.isEANOrUPC
                    && group.zxingScanLines < BarcodeMerger.strongScanLines)
                || groups.contains { BarcodeMerger.areInConflict(group, $0) }
        }
    }

    /// Two different linear payloads at the same place: one symbol read two ways. (Two 2-D codes may really
    /// overlap, a QR code printed inside another; Reed–Solomon leaves no room for two readings of one.)
    private static func areInConflict(_ a: Group, _ b: Group) -> Bool {
        guard a.payload != b.payload, a.payload.symbology.isLinear, b.payload.symbology.isLinear else { return false }
        if a.payload.symbology.isEANOrUPC, b.payload.symbology.isEANOrUPC {
            // Reads of a worn or curved EAN/UPC can be slivers at different heights of its bars; at their nominal
            // height both cover the symbol.
            return nominalExtent(a).overlap(with: nominalExtent(b)) > conflictOverlap
        }
        return a.quad.overlap(with: b.quad) > conflictOverlap
    }

    /// An EAN/UPC symbol's bars are about 0.7 times as high as the symbol is wide (GS1: 22.85 mm on 31.35 mm for
    /// EAN-13 at 100 %).
    static let eanUPCAspect = 0.7

    private static func nominalExtent(_ group: Group) -> Quad {
        LinearCodeExtent.withMinimumThickness(group.quad, aspect: eanUPCAspect)
    }

    /// A read that another one at the same place outranks whatever the support: a linear read inside a 2-D code (its
    /// modules taken for bars; printed codes do not overlap, and the 2-D read passed Reed–Solomon), or zbar's
    /// reading of a 2-D code zxing read with another payload (zbar's raw bytes where zxing converted the text).
    private func isShadowed(_ group: Group) -> Bool {
        groups.contains { other in
            guard !other.payload.symbology.isLinear, other.payload != group.payload,
                other.quad.overlap(with: group.quad) > BarcodeMerger.conflictOverlap
            else { return false }
            return group.payload.symbology.isLinear || (group.decoders == [.zbar] && other.decoders.contains(.zxing))
        }
    }

    /// The merged items in reading order (top to bottom, then left to right).
    func items() -> [RecognizedItem.Barcode] {
        let kept = groups.filter { group in
            BarcodeMerger.isAcceptable(group) && !isShadowed(group)
                // Every conflicting reading (acceptable or not) must have strictly less support.
                && !groups.contains { other in
                    BarcodeMerger.areInConflict(group, other) && BarcodeMerger.support(other) >= BarcodeMerger.support(group)
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

    /// Comparable support of a group in a conflict: a verified check character, then zxing's scan lines (zxing
    /// checks quiet zones and bar widths more strictly than zbar, whose misreads came with many lines and on every
    /// scale), then decoders that agreed, then passes that read it.
    private static func support(_ group: Group) -> (Int, Int, Int, Int) {
        (group.hasCheckCharacter ? 1 : 0, group.zxingScanLines, group.decoders.count, group.passes.count)
    }
}
