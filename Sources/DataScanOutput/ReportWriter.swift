import DataScanModel
import Foundation

/// Writes `OUT/report.html`: one self-contained page (no external scripts, fonts or images) for reviewing a job.
///
/// At the top: a summary, filters (type, page status, low confidence), a search box and a "needs attention" table
/// of every failed, skipped or unfinished document and page with its reason. Below, each page as a downscaled
/// JPEG with each item's quad outlined (`<polygon data-item="ID">` in an SVG laid over the `<img>`), colored by
/// type, beside a table of its items (value, normalized value, label, confidence).
///
/// Safety: every string that comes from a document or a file name is HTML-escaped and lands in text or attribute
/// values only; the script reads them back with `getAttribute` and shows them with `textContent`. A
/// Content-Security-Policy allows the report's own style sheet and script by hash and nothing else: no other
/// script, no network, no external image, font or frame.
///
/// The file is written page by page (one document in memory at a time) and images decode lazily, so a job of
/// thousands of pages gives a report a browser can open.
package enum ReportWriter {
    /// Longest side of the embedded page previews, in pixels (sharp enough to read a receipt when zoomed,
    /// about 60–120 KB per page as JPEG).
    package static let previewSize = 1100.0
    package static let jpegQuality = 70
    /// Up to this many pages the previews are embedded (about 80 KB each: 25 MB at most); a larger job gets
    /// them as files in `OUT/report/pages/`, so the HTML stays small enough for a browser to open quickly.
    package static let defaultEmbedLimit = 300
    /// Where previews go when they are not embedded, relative to the job folder (and to report.html).
    static let pagesFolder = "report/pages"

    /// Writes `folder/report.html` from `source` and returns its path. `preview` gives a page's image as JPEG data
    /// at most `previewSize` on its longest side (nil: the page is shown without one).
    /// - Parameter embedImagesUpTo: embed the page previews when the job has at most this many pages; otherwise
    ///   write them beside the report in `OUT/report/pages/`.
    @discardableResult
    package static func write(
        folder: String, source: some ReportSource, embedImagesUpTo embedLimit: Int = defaultEmbedLimit,
        preview: (_ documentID: Int64, _ page: PageRecord) -> Data?
    ) throws(DataScanError) -> String {
        let reportPath = folder + "/report.html"
        let summary = try source.summary()
        let embed = summary.pages <= embedLimit
        let imageFolder = folder + "/" + pagesFolder
        try prepareImageFolder(imageFolder, needed: !embed)
        let problems = try source.problems()
        let configuration = try source.storedConfiguration()
        let documentIDs = try source.documentIDs()
        let css = ReportAssets.style + "\n" + typeStyles(summary.byType.keys.sorted())
        var pagesWritten = 0
        do {
            try AtomicFile.write(to: reportPath) { sink in
                try sink.write(head(folder: folder, css: css, imagesBeside: !embed))
                try sink.write(header(folder: folder, summary: summary, problems: problems, configuration: configuration))
                try sink.write("<main id=\"main\">\n")
                try sink.write(problemSection(problems))
                if documentIDs.isEmpty {
                    try sink.write("<section class=\"card\"><p class=\"muted\">No documents in this job yet.</p></section>\n")
                }
                for id in documentIDs {
                    let document = try source.documentRecord(id: id)
                    // A document without pages (skipped, unreadable) is only listed under "needs attention".
                    guard !document.pages.isEmpty else { continue }
                    try sink.write(documentOpening(document, id: id))
                    for page in document.pages {
                        var image: String? = nil
                        if let jpeg = preview(id, page) {
                            if embed {
                                image = "data:image/jpeg;base64,\(jpeg.base64EncodedString())"
                            } else {
                                let name = "\(pageAnchor(id, page.page)).jpg"
                                try jpeg.write(to: URL(fileURLWithPath: imageFolder + "/" + name), options: .atomic)
                                image = pagesFolder + "/" + name
                            }
                        }
                        // The first pages load at once (what the reader sees first); the rest as they scroll into view.
                        try sink.write(pageHTML(page, document: document, documentID: id, image: image, lazy: pagesWritten >= 3))
                        pagesWritten += 1
                    }
                    try sink.write("</section>\n")
                    try sink.flush()
                }
                try sink.write("</main>\n")
                try sink.write(detailPanel)
                try sink.write("<script>\(ReportAssets.script)</script>\n</body></html>\n")
                try sink.flush()
            }
        } catch let error as DataScanError {
            throw error
        } catch {
            throw DataScanError(.output, "cannot write \(reportPath): \(error)")
        }
        return reportPath
    }

    // MARK: - Parts of the page

    static func head(folder: String, css: String, imagesBeside: Bool = false) -> String {
        // Hashes rather than 'unsafe-inline': even if some string escaped its escaping, the browser would refuse
        // to run it. `img-src data:` lets only the embedded previews load ('self': the previews beside the file).
        let policy =
            "default-src 'none'; img-src data:\(imagesBeside ? " 'self'" : ""); style-src '\(cspHash(css))'; script-src '\(cspHash(ReportAssets.script))'; "
            + "base-uri 'none'; form-action 'none'"
        let name = (folder as NSString).standardizingPath.split(separator: "/").last.map(String.init) ?? folder
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(policy)">
            <meta name="referrer" content="no-referrer">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>datascan report · \(html(name))</title>
            <style>\(css)</style>
            </head>
            <body>

            """
    }

    static func header(folder: String, summary: JobSummary, problems: [JobProblem], configuration: ScanConfiguration?) -> String {
        let skippedFiles = problems.filter { $0.page == nil && $0.status == "skipped" }.count
        let failedFiles = problems.filter { $0.page == nil && $0.status == "failed" }.count
        let generated = ISO8601DateFormatter.string(
            from: Date(), timeZone: .current,
            formatOptions: [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime])
        var out =
            "<header class=\"top\">\n<div class=\"title\"><h1>datascan report</h1><span class=\"muted path\">\(html(folder)) · generated \(html(generated))</span>"
        out +=
            "<span class=\"keys muted\"><kbd>/</kbd> search · <kbd>j</kbd> <kbd>k</kbd> next/previous page · <kbd>Tab</kbd> <kbd>↑</kbd> <kbd>↓</kbd> items · <kbd>Esc</kbd> close</span></div>\n"
        out += "<div class=\"stats\">"
        out += stat(summary.documents, "documents") + stat(summary.pages, "pages") + stat(summary.done, "done", "ok")
        out += stat(summary.failed + failedFiles, "failed", summary.failed + failedFiles > 0 ? "bad" : "")
        if summary.skipped > 0 { out += stat(summary.skipped, "pages skipped", "skip") }
        out += stat(skippedFiles, skippedFiles == 1 ? "file skipped" : "files skipped", "skip")
        if summary.pending > 0 { out += stat(summary.pending, "not analyzed yet", "pend") }
        out += stat(summary.items, "items")
        if let settings = settingsLine(configuration) { out += "<span class=\"muted\">\(html(settings))</span>" }
        out += "</div>\n"
        out += """
            <div class="controls">
            <input type="search" id="q" placeholder="Search values and file names   ( / )" aria-label="Search item values and file names" autocomplete="off">
            <label>Pages <select id="status" aria-label="Show pages by status"><option value="">all</option><option value="done">done</option><option value="failed">failed</option><option value="skipped">skipped</option><option value="pending">not analyzed yet</option><option value="items">with items</option><option value="empty">without items</option></select></label>
            <label><input type="checkbox" id="low"> only low confidence (&lt; \(Int(ReportAssets.lowConfidence * 100))%)</label>
            <span id="count" aria-live="polite"></span>
            </div>

            """
        out += "<div class=\"legend\" role=\"group\" aria-label=\"Item types (click to show or hide)\">"
        for (type, n) in summary.byType.sorted(by: { $0.key < $1.key }) {
            out +=
                "<button type=\"button\" class=\"chip t-\(cssName(type))\" data-css=\"\(cssName(type))\" aria-pressed=\"true\" title=\"show or hide \(html(type)) items\"><i></i>\(html(type)) <span>\(n)</span></button>"
        }
        out += "</div>\n</header>\n"
        return out
    }

    static func stat(_ n: Int, _ what: String, _ kind: String = "") -> String {
        "<span class=\"stat \(kind)\"><b>\(n)</b> \(what)</span> "
    }

    /// "types url, phone · languages en, de · region US · quality balanced" from the stored configuration.
    static func settingsLine(_ configuration: ScanConfiguration?) -> String? {
        guard let c = configuration else { return nil }
        return [ScanConfiguration.Option.types, .languages, .region, .quality].map {
            "\($0.rawValue) \(c.describe($0).replacingOccurrences(of: ",", with: ", "))"
        }
        .joined(separator: " · ")
    }

    static func problemSection(_ problems: [JobProblem]) -> String {
        guard !problems.isEmpty else {
            return
                "<section id=\"problems\" class=\"card clean\"><h2>Nothing needs attention</h2><p class=\"muted\">Every file was analyzed and every page is done.</p></section>\n"
        }
        let failed = problems.filter { $0.status == "failed" }.count
        let skipped = problems.filter { $0.status == "skipped" }.count
        let unfinished = problems.count - failed - skipped
        let counts = [
            failed > 0 ? "\(failed) failed" : "nothing failed", skipped > 0 ? "\(skipped) skipped" : nil,
            unfinished > 0 ? "\(unfinished) not analyzed yet" : nil,
        ].compactMap { $0 }.joined(separator: " · ")
        var out =
            "<section id=\"problems\" class=\"card \(failed + unfinished > 0 ? "trouble" : "clean")\"><h2>\(failed + unfinished > 0 ? "Needs attention: \(counts)" : "Nothing failed · \(skipped) skipped")"
        out += "</h2>\n<table><thead><tr><th>status</th><th>file</th><th>page</th><th>reason</th></tr></thead><tbody>\n"
        for group in groupedProblems(problems) {
            let p = group.first, status = p.status
            out +=
                "<tr data-status=\"\(html(status))\"><td><span class=\"badge \(cssName(status))\">\(html(status == "pending" || status == "running" ? "not analyzed" : status))</span></td>"
            out += "<td class=\"path\">\(pathHTML(p.document))</td>"
            if let page = p.page {
                let pages =
                    group.lastPage > page
                    ? "\(page)–\(group.lastPage)</a> <span class=\"muted\">(\(group.lastPage - page + 1) pages)</span>" : "\(page)</a>"
                out += "<td><a href=\"#\(pageAnchor(p.documentID, page))\">\(pages)</td>"
            } else {
                out += "<td class=\"muted\">—</td>"
            }
            let reason =
                p.reason
                ?? (status == "pending" || status == "running"
                    ? "the run stopped before this; run datascan again with the same OUT to finish" : "")
            out += "<td class=\"reason\">\(html(reason))</td></tr>\n"
        }
        out += "</tbody></table></section>\n"
        return out
    }

    /// Consecutive pages of one document with the same status and reason, as one row ("pages 12–974"): a job
    /// interrupted early or a PDF whose every page timed out stays a short list.
    static func groupedProblems(_ problems: [JobProblem]) -> [(first: JobProblem, lastPage: Int)] {
        var groups: [(first: JobProblem, lastPage: Int)] = []
        func unfinished(_ s: String) -> Bool { s == "pending" || s == "running" }
        for p in problems {
            if let last = groups.last, let page = p.page, last.first.page != nil, last.first.documentID == p.documentID,
                last.lastPage + 1 == page, last.first.reason == p.reason,
                last.first.status == p.status || (unfinished(last.first.status) && unfinished(p.status))
            {
                groups[groups.count - 1].lastPage = page
            } else {
                groups.append((p, p.page ?? 0))
            }
        }
        return groups
    }

    static func documentOpening(_ document: DocumentRecord, id: Int64) -> String {
        let pages = document.pages.count
        let items = document.pages.reduce(0) { $0 + $1.items.count }
        var out = "<section class=\"doc card\" id=\"d\(id)\" data-status=\"\(html(document.status.rawValue))\">"
        out +=
            "<h2><span class=\"path\">\(pathHTML(document.path))</span> <span class=\"badge \(cssName(document.status.rawValue))\">\(html(document.status.rawValue))</span>"
        out += " <span class=\"muted\">\(pages) \(pages == 1 ? "page" : "pages") · \(items) \(items == 1 ? "item" : "items")</span></h2>\n"
        return out
    }

    /// The folder part muted, the file name bold; both escaped.
    static func pathHTML(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "<b>\(html(path))</b>" }
        let folder = path[...slash], name = path[path.index(after: slash)...]
        return "<span class=\"muted\">\(html(String(folder)))</span><b>\(html(String(name)))</b>"
    }

    static func pageHTML(_ page: PageRecord, document: DocumentRecord, documentID: Int64, image: String?, lazy: Bool = true) -> String {
        let key = "\(document.path)#\(page.page)"
        let status = page.status.rawValue
        var out =
            "<article class=\"page\" id=\"\(pageAnchor(documentID, page.page))\" data-page=\"\(html(key))\" data-status=\"\(html(status))\">"
        out += "<h3>page \(page.page) <span class=\"badge \(cssName(status))\">\(html(status))</span><span class=\"muted\">"
        if let s = page.source { out += " · \(html(s.rawValue))" }
        if let w = page.width, let h = page.height { out += " · \(w)×\(h) px" }
        if let s = page.seconds { out += " · " + String(format: "%.1f s", s) }
        out += " · \(page.items.count) \(page.items.count == 1 ? "item" : "items")</span></h3>\n"
        if let e = page.error { out += "<p class=\"reason\">\(html(e))</p>\n" }
        out += "<div class=\"pagebody\">"
        out += sheetHTML(page, document: document, image: image, lazy: lazy)
        out += itemTable(page)
        out += "</div></article>\n"
        return out
    }

    /// The page image with the item outlines laid over it. The SVG's viewBox is the page in the job's pixels (the
    /// quads' coordinates) and is stretched over the preview, whatever size the preview was scaled to.
    static func sheetHTML(_ page: PageRecord, document: DocumentRecord, image: String?, lazy: Bool) -> String {
        guard let w = page.width, let h = page.height, w > 0, h > 0 else {
            return
                "<div class=\"sheet blank\"><svg viewBox=\"0 0 600 90\" role=\"img\" aria-label=\"no image\"><text x=\"300\" y=\"58\" text-anchor=\"middle\" font-size=\"32\">no image</text></svg></div>"
        }
        var out = ""
        if let image {
            out +=
                "<div class=\"sheet\"><img src=\"\(html(image))\" width=\"\(w)\" height=\"\(h)\" loading=\"\(lazy ? "lazy" : "eager")\" decoding=\"async\" "
            out += "alt=\"page \(page.page) of \(html(document.path))\">"
        } else {
            out += "<div class=\"sheet blank\">"
        }
        out += "<svg viewBox=\"0 0 \(w) \(h)\" preserveAspectRatio=\"none\" aria-hidden=\"true\">"
        if image == nil {
            out += "<text x=\"\(w / 2)\" y=\"\(h / 2)\" text-anchor=\"middle\" font-size=\"\(max(20, w / 20))\">no preview</text>"
        }
        for record in page.items {
            let item = record.item
            let points = item.bounds.corners.map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" }.joined(separator: " ")
            out +=
                "<polygon class=\"item t-\(cssName(item.type))\(item.confidence < ReportAssets.lowConfidence ? " low" : "")\" data-item=\"\(html(item.id))\" points=\"\(points)\"/>"
        }
        out += "</svg></div>"
        return out
    }

    static func itemTable(_ page: PageRecord) -> String {
        guard !page.items.isEmpty else { return "<p class=\"noitems\">No items on this page.</p>" }
        var out =
            "<div class=\"itemlist\"><table class=\"items\"><thead><tr><th>#</th><th>type</th><th>value</th><th>normalized</th><th>label</th><th>conf.</th></tr></thead><tbody>"
        for (index, record) in page.items.enumerated() {
            let item = record.item
            let label = labelText(item)
            let confidence = String(format: "%.2f", item.confidence)
            out +=
                "<tr class=\"item t-\(cssName(item.type))\(item.confidence < ReportAssets.lowConfidence ? " low" : "")\" tabindex=\"0\" data-ref=\"\(html(item.id))\" "
            out +=
                "data-type=\"\(html(item.type))\" data-value=\"\(html(item.value))\" data-normalized=\"\(html(item.normalized))\" data-label=\"\(html(label))\" data-confidence=\"\(confidence)\">"
            out +=
                "<td class=\"n\">\(index + 1)</td><td><span class=\"tag\">\(html(item.type))</span></td><td class=\"v\">\(html(item.value))</td>"
            out += "<td class=\"norm\">\(item.normalized == item.value ? "<span class=\"muted\">=</span>" : html(item.normalized))</td>"
            out += "<td>\(html(label))</td><td class=\"conf\">\(Int((item.confidence * 100).rounded()))%</td></tr>"
        }
        out += "</tbody></table></div>"
        return out
    }

    static func labelText(_ item: RecognizedItem) -> String {
        if case .text(let t) = item { return t.label?.rawValue ?? "" }
        return ""
    }

    static let detailPanel = """
        <aside id="detail" hidden aria-live="polite"><button type="button" aria-label="close">×</button><dl>
        <dt>type</dt><dd data-f="type"></dd><dt>value</dt><dd data-f="value"></dd><dt>normalized</dt><dd data-f="normalized"></dd>
        <dt>label</dt><dd data-f="label"></dd><dt>confidence</dt><dd data-f="confidence"></dd><dt>page</dt><dd data-f="page"></dd>
        </dl></aside>

        """

    static func pageAnchor(_ documentID: Int64, _ page: Int) -> String { "d\(documentID)p\(page)" }

    // MARK: - Images

    /// Creates the folder for previews written beside the report, or removes the previews an earlier report left
    /// there (only the files this writer names, `d<N>p<N>.jpg`).
    static func prepareImageFolder(_ path: String, needed: Bool) throws(DataScanError) {
        let fm = FileManager.default
        for name in (try? fm.contentsOfDirectory(atPath: path)) ?? [] where name.wholeMatch(of: /d[0-9]+p[0-9]+\.jpg/) != nil {
            try? fm.removeItem(atPath: path + "/" + name)
        }
        guard needed else { return }
        do {
            try fm.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw DataScanError(.output, "cannot create \(path): \(error.localizedDescription)")
        }
    }

    // MARK: - Escaping and styles

    /// Escapes text for HTML content and double-quoted attribute values. Control characters other than tab and
    /// line feed become numeric references (a raw CR would be turned into LF by the parser); NUL, which HTML
    /// cannot carry, becomes U+FFFD.
    static func html(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\u{0}": out += "\u{FFFD}"
            case "\t", "\n": out.unicodeScalars.append(c)
            default:
                if c.value < 0x20 || c.value == 0x7F {
                    out += "&#\(c.value);"
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out
    }

    /// A CSS class fragment for a type name: ASCII letters, digits and '-' only.
    static func cssName(_ type: String) -> String {
        String(
            type.unicodeScalars.filter { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
                .map(Character.init))
    }

    static func color(of type: String) -> String {
        if let c = ReportAssets.typeColors[type] { return c }
        // A stable choice for a type without a color of its own (not `hashValue`: it changes between runs).
        let sum = type.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF }
        return ReportAssets.fallbackPalette[sum % ReportAssets.fallbackPalette.count]
    }

    /// One color variable and one hide-rule per type present (type names come from the tool, and pass `cssName`).
    static func typeStyles(_ types: [String]) -> String {
        types.map { t in
            let name = cssName(t)
            return ".t-\(name){--c:\(color(of: t))} main.hide-\(name) .t-\(name){display:none}"
        }.joined(separator: "\n")
    }

    /// `'sha256-…'` of a style sheet or script, for the Content-Security-Policy.
    static func cspHash(_ text: String) -> String {
        let hex = SHA256.hex(of: Array(text.utf8))
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return "sha256-" + Data(bytes).base64EncodedString()
    }
}

/// What a report is written from: a job's store, read in one consistent snapshot.
package protocol ReportSource {
    func summary() throws(DataScanError) -> JobSummary
    /// Failed, skipped and unfinished documents (without pages) and pages, in walk order.
    func problems() throws(DataScanError) -> [JobProblem]
    /// The configuration the job last ran with.
    func storedConfiguration() throws(DataScanError) -> ScanConfiguration?
    /// Documents' ids in walk order.
    func documentIDs() throws(DataScanError) -> [Int64]
    /// One document with its pages and items.
    func documentRecord(id: Int64) throws(DataScanError) -> DocumentRecord
}
