import DataScanModel

/// The rows of items.csv (and of `export --format csv`), in the contract's columns.
///
/// Numbers: `page` and `order` as integers; `confidence` rounded to at most 3 decimals (`0.93`, `1`);
/// coordinates in page pixels rounded to 1 decimal and written without a decimal point when whole (`120`,
/// `120.5`): engines report sub-pixel corners, but more precision than a tenth of a pixel is noise.
/// `label` is empty when the item has none. Text cells go through ``CSVWriter`` (quoting, formula protection).
package enum ItemsCSV {
    /// The column names, in order.
    static let columns = [
        "document", "page", "item", "kind", "type", "value", "normalized", "label", "confidence",
        "x1", "y1", "x2", "y2", "x3", "y3", "x4", "y4", "order",
    ]

    /// The header row, without its row end.
    static let header = columns.joined(separator: ",")

    /// Writes the header row (with its CRLF).
    package static func writeHeader(to sink: inout OutputSink) throws {
        try sink.write(header)
        try sink.write(CSVWriter.rowEnd)
    }

    /// Writes one item as one row (with its CRLF).
    package static func write(_ record: ItemRecord, to sink: inout OutputSink) throws {
        let item = record.item
        let comma = UInt8(ascii: ",")
        CSVWriter.appendField(record.document, to: &sink)
        sink.appendUnchecked(comma)
        try sink.write(integer: record.page)
        sink.appendUnchecked(comma)
        for text in [item.id, item.kind, item.type, item.value, item.normalized, item.label?.rawValue ?? ""] {
            CSVWriter.appendField(text, to: &sink)
            sink.appendUnchecked(comma)
        }
        _ = sink.appendDecimal(item.confidence, maxFractionDigits: 3)
        let quad = item.bounds
        for corner in [quad.topLeft, quad.topRight, quad.bottomRight, quad.bottomLeft] {
            sink.appendUnchecked(comma)
            _ = sink.appendDecimal(corner.x, maxFractionDigits: 1)
            sink.appendUnchecked(comma)
            _ = sink.appendDecimal(corner.y, maxFractionDigits: 1)
        }
        sink.appendUnchecked(comma)
        try sink.write(integer: record.order)
        CSVWriter.appendRowEnd(to: &sink)
        try sink.flushIfFull()
    }
}
