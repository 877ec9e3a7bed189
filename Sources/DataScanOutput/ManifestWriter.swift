import DataScanModel

/// Writes manifest.json in the contract's schema, streaming the documents one at a time:
///
/// ```
/// {"tool": {...}, "job": {...},
///  "summary": {"documents", "pages", "done", "partial", "failed", "skipped", "items", "byType", "elapsedSeconds"},
///  "documents": [{"path", "sha256", "status", "error", "pages": [{"page", "status", "width", "height",
///                 "source", "lines", "seconds", "error", "warning", "items": [{"item", "kind", "type", "value", "normalized",
///                 "label", "confidence", "quad", "order"}]}]}]}
/// ```
///
/// Pretty-printed with 2 spaces; each item is one line. Unknown values are `null`: `sha256` of a document that
/// could not be read, `error` and `warning` when there is none, `width`/`height`/`source`/`seconds` of a page not analyzed,
/// `label` of an item without one. `lines` counts a page's text lines by what read them (`{"ppocr": 3,
/// "tesseract": 40}`, `{"textLayer": 12}`; `{}` for a page without text, null for a page not analyzed). `byType` keys are sorted so that equal jobs give equal files.
/// Seconds are rounded to milliseconds, confidences to 3 decimals, coordinates to 1 decimal (as in items.csv).
package enum ManifestWriter {
    /// Writes the manifest to `sink` (and flushes it).
    /// - Parameters:
    ///   - tool: the tool's name, version and engine versions, in the order to show them
    ///     (`[("name", "datascan"), ("version", "1.0.0"), ("tesseract", "5.3.0")]`).
    ///   - job: the job's configuration as it should appear under `job`: JSON text (`ScanConfiguration`'s encoding).
    ///   - documents: every document of the job, with its pages and their items; consumed once, in order.
    package static func write(
        tool: [(String, String)], job: String, summary: JobSummary,
        documents: some Sequence<DocumentRecord>, to sink: inout OutputSink
    ) throws {
        var json = JSONWriter(style: .pretty(indent: 2))
        try json.beginObject(to: &sink)

        try json.key("tool", to: &sink)
        try json.beginObject(to: &sink)
        for (name, value) in tool {
            try json.key(name, to: &sink)
            try json.string(value, to: &sink)
        }
        try json.endObject(to: &sink)

        try json.key("job", to: &sink)
        try json.raw(job, to: &sink)

        try json.key("summary", to: &sink)
        try writeSummary(summary, json: &json, to: &sink)

        try json.key("documents", to: &sink)
        try json.beginArray(to: &sink)
        for document in documents { try writeDocument(document, json: &json, to: &sink) }
        try json.endArray(to: &sink)

        try json.endObject(to: &sink)
        try sink.write(byte: UInt8(ascii: "\n"))
        try sink.flush()
    }

    /// Writes the manifest to the file at `path` atomically (see ``AtomicFile``).
    static func write(
        to path: String, tool: [(String, String)], job: String, summary: JobSummary,
        documents: some Sequence<DocumentRecord>
    ) throws {
        try AtomicFile.write(to: path) { sink in
            try write(tool: tool, job: job, summary: summary, documents: documents, to: &sink)
        }
    }

    private static func writeSummary(_ summary: JobSummary, json: inout JSONWriter, to sink: inout OutputSink) throws {
        try json.beginObject(to: &sink)
        for (key, value) in [
            ("documents", summary.documents), ("pages", summary.pages), ("done", summary.done), ("partial", summary.partial),
            ("failed", summary.failed), ("skipped", summary.skipped), ("items", summary.items),
        ] {
            try json.key(key, to: &sink)
            try json.number(value, to: &sink)
        }
        try json.key("byType", to: &sink)
        try json.beginObject(to: &sink)
        for (type, count) in summary.byType.sorted(by: { $0.key < $1.key }) {
            try json.key(type, to: &sink)
            try json.number(count, to: &sink)
        }
        try json.endObject(to: &sink)
        try json.key("elapsedSeconds", to: &sink)
        try json.number(summary.elapsedSeconds, maxFractionDigits: 3, to: &sink)
        try json.endObject(to: &sink)
    }

    private static func writeDocument(_ document: DocumentRecord, json: inout JSONWriter, to sink: inout OutputSink) throws {
        try json.beginObject(to: &sink)
        try json.key("path", to: &sink)
        try json.string(document.path, to: &sink)
        try json.key("sha256", to: &sink)
        try json.string(document.sha256, to: &sink)
        try json.key("status", to: &sink)
        try json.string(document.status.rawValue, to: &sink)
        try json.key("error", to: &sink)
        try json.string(document.error, to: &sink)
        try json.key("pages", to: &sink)
        try json.beginArray(to: &sink)
        for page in document.pages { try writePage(page, json: &json, to: &sink) }
        try json.endArray(to: &sink)
        try json.endObject(to: &sink)
    }

    private static func writePage(_ page: PageRecord, json: inout JSONWriter, to sink: inout OutputSink) throws {
        try json.beginObject(to: &sink)
        try json.key("page", to: &sink)
        try json.number(page.page, to: &sink)
        try json.key("status", to: &sink)
        try json.string(page.status.rawValue, to: &sink)
        try json.key("width", to: &sink)
        try json.number(page.width, to: &sink)
        try json.key("height", to: &sink)
        try json.number(page.height, to: &sink)
        try json.key("source", to: &sink)
        try json.string(page.source?.rawValue, to: &sink)
        try json.key("lines", to: &sink)
        if page.status == .done {
            try json.beginObject(inline: true, to: &sink)
            for (source, count) in page.lineSources.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                try json.key(source.rawValue, to: &sink)
                try json.number(count, to: &sink)
            }
            try json.endObject(to: &sink)
        } else {
            try json.null(to: &sink)
        }
        try json.key("seconds", to: &sink)
        try json.number(page.seconds, maxFractionDigits: 3, to: &sink)
        try json.key("error", to: &sink)
        try json.string(page.error, to: &sink)
        try json.key("warning", to: &sink)
        try json.string(page.warning, to: &sink)
        try json.key("items", to: &sink)
        try json.beginArray(to: &sink)
        for record in page.items {
            try ItemExporter.writeObject(record, includingLocation: false, json: &json, to: &sink)
        }
        try json.endArray(to: &sink)
        try json.endObject(to: &sink)
    }
}
