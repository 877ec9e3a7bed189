import DataScanDetection
import DataScanEngines
import DataScanInput
import DataScanJob
import DataScanModel
import DataScanOutput
import DataScanRecognition
import DataScanStore

extension DetectedText {
    /// The match as `datascan detect` prints it: one compact JSON object
    /// `{"type","value","normalized","label","confidence","start","end"}` (start/end: UTF-8 byte offsets; confidence:
    /// the detector's own, from the text's evidence, as in a job's items, 1 where the text alone leaves no doubt).
    public var jsonLine: String {
        var sink = OutputSink.inMemory()
        var json = JSONWriter(style: .compact)
        // An in-memory sink cannot fail: the `try?`s drop nothing.
        try? json.beginObject(to: &sink)
        for (key, text) in [("type", type.rawValue), ("value", value), ("normalized", normalized)] {
            try? json.key(key, to: &sink)
            try? json.string(text, to: &sink)
        }
        try? json.key("label", to: &sink)
        try? json.string(label?.rawValue, to: &sink)
        try? json.key("confidence", to: &sink)
        try? json.number(confidence ?? 1, maxFractionDigits: 3, to: &sink)
        try? json.key("start", to: &sink)
        try? json.number(range.lowerBound, to: &sink)
        try? json.key("end", to: &sink)
        try? json.number(range.upperBound, to: &sink)
        try? json.endObject(to: &sink)
        return sink.text
    }
}
