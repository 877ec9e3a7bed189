import DataScanEngines
import DataScanModel

/// Turns a page's recognized lines and barcodes into its items: runs the detectors, places each match on
/// the page, applies the region of interest and `--single`, sorts into reading order and assigns stable ids.
/// Shared by page analysis and by `rerun --detect-only`, which re-derives items from stored lines.
package struct ItemAssembler: Sendable {
    let types: ItemTypeSelection
    let detector: DataDetector
    let regionOfInterest: Rect?
    let single: Bool

    package init(configuration c: ScanConfiguration) {
        types = c.types
        detector = DataDetector(types: c.types.textContentTypes, context: c.detectionContext)
        regionOfInterest = c.regionOfInterest
        single = c.single
    }

    /// The items `lines` (a page's, or one receipt's of a page of several) print.
    private func textItems(of lines: [RecognizedLine], uprightTurns: Int) -> [RecognizedItem] {
        var items: [RecognizedItem] = []
        let text = PageText(lines: lines)
        var found = detector.detect(in: text.text)
        if types.textContentTypes.contains(.currency) {
            // The price columns of tables, from where the words stand (what the text alone cannot show).
            let currency = found.lazy.compactMap(ReceiptReader.currencyCode).first
            found += TableReader(text: text, uprightTurns: uprightTurns).prices(notIn: found, currency: currency)
            found.sort { $0.range.lowerBound < $1.range.lowerBound }
        }
        let confidences = found.map { m in
            guard let sure = m.confidence else { return text.confidence(for: m.range) }
            guard m.type == .currency else { return sure }
            let read = text.confidence(for: m.range)
            // A total the OCR was unsure of, character by character, is no surer than `ReceiptAssessment` takes it
            // to be: the arithmetic may close on digits misread alike (`CASH 5.18`, `CHANGE 3,00`, `Total 2,18` for
            // 5.10 and 2.10).
            if m.label == .total {
                return read < ReceiptAssessment.unsureCharacters ? min(sure, ReceiptAssessment.unsureTotal) : sure
            }
            // Another amount the receipt reader doubts (an integer among amounts with cents) is no surer than the OCR
            // read it.
            return min(sure, read)
        }
        found = DateDetector.markSurerTwin(found, confidences: confidences, in: UTF8Text(text.text))
        for (m, confidence) in zip(found, confidences) {
            guard let quad = text.quad(for: m.range) else { continue }
            items.append(
                .text(
                    .init(
                        transcript: m.value, contentType: m.type, normalized: m.normalized, label: m.label,
                        confidence: confidence, bounds: quad)))
        }
        return items
    }

    /// The page's items in reading order with ids. `documentKey` identifies the document's content (its sha256).
    package func items(
        lines: [RecognizedLine], barcodes: [RecognizedItem.Barcode], pageWidth: Int, pageHeight: Int,
        documentKey: String, page: Int, uprightTurns: Int = 0
    ) -> [RecognizedItem] {
        var items: [RecognizedItem] = []
        // Receipts side by side (or one above another) on the page are read one by one, each with its own total and
        // date: columns (or rows) of text that each read as a receipt with a total (`ReceiptColumns`).
        let receipts =
            types.textContentTypes.contains(.currency) && uprightTurns == 0
            ? ReceiptColumns.receipts(
                in: lines, read: { textItems(of: $0, uprightTurns: uprightTurns) }, hasTotal: { $0.contains { $0.label == .total } })
            : nil
        if !types.textContentTypes.isEmpty {
            items += receipts?.readings.flatMap { $0 } ?? textItems(of: lines, uprightTurns: uprightTurns)
        }
        if types.lines {
            for line in lines {
                items.append(
                    .text(.init(transcript: line.text, contentType: nil, normalized: "", confidence: line.confidence, bounds: line.bounds)))
            }
        }
        if let wanted = types.symbologies {
            items += barcodes.filter { wanted.contains($0.symbology) }.map(RecognizedItem.barcode)
        }
        if let roi = regionOfInterest {
            let area = Rect(
                x: roi.x * Double(pageWidth), y: roi.y * Double(pageHeight),
                width: roi.width * Double(pageWidth), height: roi.height * Double(pageHeight))
            items = items.filter { area.contains($0.bounds.center) }
        }
        if single { items = mostProminent(items) }
        let upright = { Self.turn($0, quarterTurns: uprightTurns, width: Double(pageWidth), height: Double(pageHeight)) }
        let ordered: [RecognizedItem]
        if let receipts {
            // A page of receipts lists one receipt's items after the other's, as a person reads them.
            let byReceipt = Dictionary(grouping: items) { receipts.part(of: $0.bounds.center) }
            ordered = byReceipt.keys.sorted().flatMap { Self.readingOrder(byReceipt[$0] ?? [], upright: upright) }
        } else {
            ordered = Self.readingOrder(items, upright: upright)
        }
        return Self.assignIDs(ordered, documentKey: documentKey, page: page)
    }

    /// One item per type: the most prominent (largest on the page, then most confident). For prices, a
    /// labeled total wins, since that is the amount a person looks for on a receipt.
    private func mostProminent(_ items: [RecognizedItem]) -> [RecognizedItem] {
        func score(_ i: RecognizedItem) -> (Int, Double) {
            let area = i.bounds.boundingRect.area
            return (i.label == .total ? 1 : 0, area * max(0.05, i.confidence))
        }
        var best: [String: RecognizedItem] = [:]
        for i in items {
            if let b = best[i.type], score(b) >= score(i) { continue }
            best[i.type] = i
        }
        return Array(best.values)
    }

    /// Natural reading order: rows from top to bottom (items whose vertical centers fall within the first
    /// item's band share a row), left to right within a row.
    /// `upright` maps page points into the frame the page reads in (for a page scanned sideways).
    static func readingOrder(_ items: [RecognizedItem], upright: (Point) -> Point = { $0 }) -> [RecognizedItem] {
        func box(_ i: RecognizedItem) -> Rect { i.bounds.mapped(upright).boundingRect }
        let sorted = items.enumerated().sorted { a, b in
            let ya = box(a.element).midY, yb = box(b.element).midY
            return ya != yb ? ya < yb : a.offset < b.offset
        }.map(\.element)
        var rows: [[RecognizedItem]] = []
        var band: (top: Double, bottom: Double)?
        for item in sorted {
            let r = box(item)
            if let b = band, r.midY >= b.top, r.midY <= b.bottom {
                rows[rows.count - 1].append(item)
            } else {
                rows.append([item])
                band = (r.minY, r.maxY)
            }
        }
        return rows.flatMap { row in
            row.enumerated().sorted { a, b in
                let xa = box(a.element).minX, xb = box(b.element).minX
                return xa != xb ? xa < xb : a.offset < b.offset
            }.map(\.element)
        }
    }

    /// A page point seen on the page turned `quarterTurns` clockwise (the inverse of
    /// `GrayImage.pointBeforeRotation`).
    static func turn(_ p: Point, quarterTurns: Int, width w: Double, height h: Double) -> Point {
        switch ((quarterTurns % 4) + 4) % 4 {
        case 1: Point(x: h - p.y, y: p.x)
        case 2: Point(x: w - p.x, y: h - p.y)
        case 3: Point(x: p.y, y: w - p.x)
        default: p
        }
    }

    /// Ids from what the item is, not where its box fell, so the same input and options give the same ids:
    /// document content, page, kind, type, value, and the occurrence number of that value on the page.
    static func assignIDs(_ items: [RecognizedItem], documentKey: String, page: Int) -> [RecognizedItem] {
        var seen: [String: Int] = [:]
        return items.map { item in
            let key = "\(documentKey)|\(page)|\(item.kind)|\(item.type)|\(item.value)"
            let n = seen[key, default: 0]
            seen[key] = n + 1
            return item.withID(StableHash.hex("\(key)|\(n)"))
        }
    }
}

/// FNV-1a, 64 bit: a stable hash (Swift's `Hasher` is seeded per process and must not be used for ids).
enum StableHash {
    static func hex(_ s: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        let digits = String(h, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
