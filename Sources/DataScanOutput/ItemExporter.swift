import DataScanModel

/// The formats of `datascan export`.
public enum ExportFormat: String, CaseIterable, Hashable, Sendable {
    /// items.csv's format: header row, one row per item (see ``ItemsCSV``).
    case csv
    /// One JSON array of item objects, one object per line.
    case json
    /// JSON Lines: one compact item object per line, nothing else.
    case jsonl
}

/// Writes items in an ``ExportFormat`` as they come, one at a time: the whole job is never in memory.
///
/// The JSON objects have the CSV's columns as keys, in the same order, except that the eight coordinates are one
/// `quad` array (`[[x1,y1],[x2,y2],[x3,y3],[x4,y4]]`) and `label` is `null` when the item has none:
/// `{"document":"a.png","page":1,"item":"…","kind":"text","type":"phone","value":"…","normalized":"…",
/// "label":null,"confidence":0.93,"quad":[[10,20],[110,20],[110,40],[10,40]],"order":0}`.
/// Numbers are rounded as in the CSV. Unlike the CSV, JSON cells get no formula protection: JSON is not opened
/// by spreadsheets, and a `'` would change the value.
///
/// Use ``write(_:format:to:)`` for a sequence, or ``begin(to:)``, ``write(_:to:)`` and ``finish(to:)`` when the
/// items come from a source that is not a `Sequence` (a database cursor that can fail).
package struct ItemExporter: Sendable {
    let format: ExportFormat
    private var json: JSONWriter

    package init(format: ExportFormat) {
        self.format = format
        self.json = JSONWriter(style: format == .jsonl ? .compact : .pretty(indent: 2))
    }

    /// Writes every item of `records` in `format`, from the header to the end, and flushes the sink.
    static func write(
        _ records: some Sequence<ItemRecord>, format: ExportFormat, to sink: inout OutputSink
    ) throws {
        var exporter = ItemExporter(format: format)
        try exporter.begin(to: &sink)
        for record in records { try exporter.write(record, to: &sink) }
        try exporter.finish(to: &sink)
    }

    /// Writes every item of `records` in `format` to the file at `path`, atomically (see ``AtomicFile``):
    /// items.csv, or `export --output FILE`.
    static func write(_ records: some Sequence<ItemRecord>, format: ExportFormat, toFile path: String) throws {
        try AtomicFile.write(to: path) { sink in
            try write(records, format: format, to: &sink)
        }
    }

    /// Writes what comes before the first item: the CSV header, or the JSON array's `[`.
    package mutating func begin(to sink: inout OutputSink) throws {
        switch format {
        case .csv: try ItemsCSV.writeHeader(to: &sink)
        case .json: try json.beginArray(to: &sink)
        case .jsonl: break
        }
    }

    /// Writes one item.
    package mutating func write(_ record: ItemRecord, to sink: inout OutputSink) throws {
        switch format {
        case .csv:
            try ItemsCSV.write(record, to: &sink)
        case .json:
            try Self.writeObject(record, includingLocation: true, json: &json, to: &sink)
        case .jsonl:
            try Self.writeObject(record, includingLocation: true, json: &json, to: &sink)
            try sink.write(byte: UInt8(ascii: "\n"))
        }
    }

    /// Writes what comes after the last item (the JSON array's `]` and a final newline) and flushes the sink.
    package mutating func finish(to sink: inout OutputSink) throws {
        if format == .json {
            try json.endArray(to: &sink)
            try sink.write(byte: UInt8(ascii: "\n"))
        }
        try sink.flush()
    }

    /// Writes one item as a JSON object on one line; without `document` and `page` when the surrounding
    /// structure already says them (manifest.json nests items in their page).
    static func writeObject(
        _ record: ItemRecord, includingLocation: Bool, json: inout JSONWriter, to sink: inout OutputSink
    ) throws {
        let item = record.item
        try json.beginObject(inline: true, to: &sink)
        if includingLocation {
            try json.key("document", to: &sink)
            try json.string(record.document, to: &sink)
            try json.key("page", to: &sink)
            try json.number(record.page, to: &sink)
        }
        try json.key("item", to: &sink)
        try json.string(item.id, to: &sink)
        try json.key("kind", to: &sink)
        try json.string(item.kind, to: &sink)
        try json.key("type", to: &sink)
        try json.string(item.type, to: &sink)
        try json.key("value", to: &sink)
        try json.string(item.value, to: &sink)
        try json.key("normalized", to: &sink)
        try json.string(item.normalized, to: &sink)
        try json.key("label", to: &sink)
        try json.string(item.label?.rawValue, to: &sink)
        try json.key("confidence", to: &sink)
        try json.number(item.confidence, maxFractionDigits: 3, to: &sink)
        try json.key("quad", to: &sink)
        try json.beginArray(to: &sink)
        let quad = item.bounds
        for corner in [quad.topLeft, quad.topRight, quad.bottomRight, quad.bottomLeft] {
            try json.beginArray(to: &sink)
            try json.number(corner.x, maxFractionDigits: 1, to: &sink)
            try json.number(corner.y, maxFractionDigits: 1, to: &sink)
            try json.endArray(to: &sink)
        }
        try json.endArray(to: &sink)
        try json.key("order", to: &sink)
        try json.number(record.order, to: &sink)
        try json.endObject(to: &sink)
    }
}
