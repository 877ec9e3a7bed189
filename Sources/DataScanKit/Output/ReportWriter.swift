import Foundation

/// Writes `OUT/report.html`: one self-contained page (no external scripts, fonts or images) showing every
/// analyzed page as a downscaled JPEG with each item's quad outlined and colored by type, a legend, filters by
/// type and status, a search box, and the failed and skipped documents with their reasons.
/// Everything that comes from a document or a file name is HTML-escaped and only ever set as text.
public enum ReportWriter {
    /// Longest side of the embedded page previews, in pixels.
    static let previewSize = 1100.0

    /// Writes the report of the job in `folder` and returns its path.
    @discardableResult
    public static func write(folder: String) throws(DataScanError) -> String {
        let job = try JobFolder(path: folder, create: false)
        let database = try JobDatabase(path: job.databasePath)
        let documents = try database.documentRecords()
        let sources = try database.documentSources()
        let summary = try database.summary()
        let loader = PageLoader()
        var body = ""
        var types = Set<String>()
        for (index, document) in documents.enumerated() {
            let source = index < sources.count ? sources[index] : nil
            if document.pages.isEmpty {
                body += "<section class=\"doc \(document.status.rawValue)\" data-status=\"\(document.status.rawValue)\"><h2>\(html(document.path))</h2>"
                body += "<p class=\"reason\">\(html(document.status.rawValue)): \(html(document.error ?? ""))</p></section>\n"
                continue
            }
            body += "<section class=\"doc\" data-status=\"\(document.status.rawValue)\"><h2>\(html(document.path)) <small>\(html(document.status.rawValue))</small></h2>\n"
            for page in document.pages {
                let key = "\(document.path)#\(page.page)"
                body += "<figure class=\"page\" data-page=\"\(html(key))\" data-status=\"\(page.status.rawValue)\">"
                body += "<figcaption>page \(page.page) · \(html(page.status.rawValue))"
                if let s = page.source { body += " · \(s.rawValue)" }
                body += " · \(page.items.count) items"
                if let e = page.error { body += " · <span class=\"reason\">\(html(e))</span>" }
                body += "</figcaption>"
                if let w = page.width, let h = page.height, w > 0, h > 0 {
                    var image = ""
                    if let source, let format = source.format, let jpeg = preview(loader, source.path, format, page.page - 1, w, h) {
                        image = "<image href=\"data:image/jpeg;base64,\(jpeg.base64EncodedString())\" x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\"/>"
                    }
                    body += "<svg viewBox=\"0 0 \(w) \(h)\" preserveAspectRatio=\"xMidYMin meet\"><rect width=\"\(w)\" height=\"\(h)\" class=\"paper\"/>\(image)"
                    for item in page.items {
                        types.insert(item.item.type)
                        let points = item.item.bounds.corners.map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" }.joined(separator: " ")
                        body += "<polygon class=\"item t-\(cssName(item.item.type))\" data-item=\"\(html(item.item.id))\" data-type=\"\(html(item.item.type))\" "
                        body += "data-value=\"\(html(item.item.value))\" data-normalized=\"\(html(item.item.normalized))\" "
                        body += "data-label=\"\(html(item.item.label?.rawValue ?? ""))\" data-confidence=\"\(String(format: "%.2f", item.item.confidence))\" points=\"\(points)\">"
                        body += "<title>\(html(item.item.type)): \(html(item.item.value))</title></polygon>"
                    }
                    body += "</svg>"
                }
                if !page.items.isEmpty {
                    body += "<ol class=\"items\">"
                    for item in page.items {
                        body += "<li data-ref=\"\(html(item.item.id))\" data-type=\"\(html(item.item.type))\"><b class=\"t-\(cssName(item.item.type))\">\(html(item.item.type))</b> "
                        body += "<span class=\"v\">\(html(item.item.value))</span>"
                        if !item.item.normalized.isEmpty, item.item.normalized != item.item.value { body += " → <code>\(html(item.item.normalized))</code>" }
                        if let l = item.item.label { body += " <i>\(html(l.rawValue))</i>" }
                        body += " <small>\(String(format: "%.2f", item.item.confidence))</small></li>"
                    }
                    body += "</ol>"
                }
                body += "</figure>\n"
            }
            body += "</section>\n"
        }
        let legend = types.sorted().map { "<label class=\"t-\(cssName($0))\"><input type=\"checkbox\" checked data-filter-type=\"\(html($0))\"> \(html($0))</label>" }.joined(separator: " ")
        let page = template
            .replacingOccurrences(of: "{{SUMMARY}}", with: html("\(summary.documents) documents · \(summary.pages) pages · \(summary.done) done · \(summary.failed) failed · \(summary.skipped) skipped · \(summary.items) items"))
            .replacingOccurrences(of: "{{STYLE}}", with: typeStyles(types))
            .replacingOccurrences(of: "{{LEGEND}}", with: legend)
            .replacingOccurrences(of: "{{BODY}}", with: body)
        do {
            try AtomicFile.write(to: job.reportPath) { sink in
                try sink.write(page)
                try sink.flush()
            }
        } catch {
            throw DataScanError(.output, "cannot write \(job.reportPath): \(error)")
        }
        return job.reportPath
    }

    private static func preview(_ loader: PageLoader, _ path: RawPath, _ format: DocumentFormat, _ index: Int, _ w: Int, _ h: Int) -> Data? {
        // Render PDFs at the DPI that gives the preview size directly; the quads are in the job's page pixels,
        // which the SVG viewBox maps onto the preview.
        let request = PageRequest(path: path, displayPath: path.display, format: format, index: index, documentKey: "")
        let scale = min(1, previewSize / Double(max(w, h)))
        guard let page = try? loader.load(request, needText: false, needRaster: true, quality: .balanced, maxMegapixels: 1000, renderDPI: 300 * scale),
            let raster = page.raster, let pix = LeptonicaImage.from(raster)
        else { return nil }
        let factor = min(1, previewSize / Double(max(raster.width, raster.height)))
        guard let small = factor < 1 ? pix.scaled(by: factor) : pix, let jpeg = small.jpegData(quality: 70) else { return nil }
        return Data(jpeg)
    }

    /// Escapes text for HTML content and attribute values.
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
            default: out.unicodeScalars.append(c.value < 0x20 && c != "\n" && c != "\t" ? "\u{FFFD}" : c)
            }
        }
        return out
    }

    static func cssName(_ type: String) -> String {
        String(type.unicodeScalars.filter { ($0.value < 128 && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" }.map(Character.init))
    }

    static let palette = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#008080", "#f032e6", "#9a6324", "#800000", "#000075", "#808000", "#46f0f0"]

    private static func typeStyles(_ types: Set<String>) -> String {
        types.sorted().enumerated().map { i, t in
            let c = palette[i % palette.count]
            return ".t-\(cssName(t)){color:\(c);stroke:\(c)} polygon.t-\(cssName(t)){fill:\(c)22}"
        }.joined(separator: "\n")
    }

    static let template = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
        <title>datascan report</title>
        <style>
        body{font:14px system-ui,sans-serif;margin:0;background:#f4f4f4;color:#222}
        header{position:sticky;top:0;background:#fff;padding:8px 16px;border-bottom:1px solid #ccc;z-index:2}
        header input[type=search]{width:18em}
        section.doc{background:#fff;margin:12px 16px;padding:8px 16px;border-radius:6px}
        figure.page{margin:8px 0;display:grid;grid-template-columns:minmax(200px,560px) 1fr;gap:16px;align-items:start}
        figcaption{grid-column:1/3;color:#555}
        svg{width:100%;height:auto;border:1px solid #ddd;background:#fff}
        rect.paper{fill:#fff}
        polygon.item{stroke-width:4;vector-effect:non-scaling-stroke;cursor:pointer}
        polygon.item.hl,polygon.item:hover{stroke-width:7}
        .hidden{display:none !important}
        ol.items{margin:0;padding-left:1.5em;max-height:70vh;overflow:auto}
        ol.items li.hl{background:#ffe}
        .reason{color:#b00}
        #detail{position:fixed;right:16px;bottom:16px;background:#fff;border:1px solid #888;padding:8px;max-width:40em;white-space:pre-wrap;z-index:3}
        {{STYLE}}
        </style></head><body>
        <header><b>datascan report</b> · <span>{{SUMMARY}}</span><br>
        <input type="search" id="q" placeholder="search items and files">
        status: <select id="status"><option value="">all</option><option>done</option><option>failed</option><option>skipped</option><option>partial</option></select>
        types: {{LEGEND}}</header>
        <main>
        {{BODY}}
        </main>
        <div id="detail" class="hidden"></div>
        <script>
        (function(){
          var q=document.getElementById('q'),st=document.getElementById('status'),detail=document.getElementById('detail');
          function apply(){
            var off={};document.querySelectorAll('[data-filter-type]').forEach(function(c){if(!c.checked)off[c.getAttribute('data-filter-type')]=1;});
            var text=q.value.toLowerCase(),s=st.value;
            document.querySelectorAll('polygon.item, ol.items li').forEach(function(e){
              var t=e.getAttribute('data-type');var v=(e.getAttribute('data-value')||e.textContent||'').toLowerCase();
              e.classList.toggle('hidden',!!off[t]||(text&&v.indexOf(text)<0&&!(e.closest('section')||{textContent:''}).querySelector('h2').textContent.toLowerCase().includes(text)));
            });
            document.querySelectorAll('section.doc').forEach(function(sec){
              var ok=!s||sec.getAttribute('data-status')===s||sec.querySelector('[data-status="'+s+'"]');
              var h=sec.querySelector('h2').textContent.toLowerCase();
              var m=!text||h.indexOf(text)>=0||sec.querySelector('polygon.item:not(.hidden)');
              sec.classList.toggle('hidden',!(ok&&m));
            });
          }
          q.addEventListener('input',apply);st.addEventListener('change',apply);
          document.querySelectorAll('[data-filter-type]').forEach(function(c){c.addEventListener('change',apply);});
          function show(p){
            document.querySelectorAll('.hl').forEach(function(e){e.classList.remove('hl');});
            p.classList.add('hl');var li=document.querySelector('li[data-ref="'+p.getAttribute('data-item')+'"]');if(li)li.classList.add('hl');
            detail.textContent=['type: '+p.getAttribute('data-type'),'value: '+p.getAttribute('data-value'),'normalized: '+p.getAttribute('data-normalized'),'label: '+(p.getAttribute('data-label')||'-'),'confidence: '+p.getAttribute('data-confidence')].join('\\n');
            detail.classList.remove('hidden');
          }
          document.querySelectorAll('polygon.item').forEach(function(p){p.addEventListener('click',function(){show(p);});p.addEventListener('mouseenter',function(){show(p);});});
          document.querySelectorAll('ol.items li').forEach(function(li){li.addEventListener('mouseenter',function(){var p=document.querySelector('polygon[data-item="'+li.getAttribute('data-ref')+'"]');if(p)show(p);});});
        })();
        </script></body></html>
        """
}
