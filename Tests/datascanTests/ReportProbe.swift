import Foundation
import Testing

/// Opens a copy of a report.html in headless Chromium with a probe script placed first in `<head>` after the
/// charset (so before the report's Content-Security-Policy applies and before any document string is parsed).
/// The probe records script errors, failed loads, alert/confirm/prompt calls and CSP violations, then, once the
/// page has loaded, reads the DOM, drives the UI (hovers every item row, searches, toggles a type) and writes what
/// it saw as percent-encoded JSON into an attribute, read back from `--dump-dom`.
struct ReportProbe {
    var errors: [String]
    var alerts: [String]
    var policyViolations: [String]
    /// The report's own script finished (it sets `data-ready`).
    var ready: Bool
    /// `data-item` of every element that has one, in document order.
    var items: [String]
    /// `data-item` of the SVG polygons only.
    var outlines: Int
    var pages: [String]
    var scripts: Int
    /// Elements a successful injection would create: images not from data: URLs, frames, objects, elements with
    /// inline event handlers, javascript: links.
    var injected: Int
    /// The text of the header and the main part (textContent: pages outside the viewport are not laid out,
    /// so innerText would leave them out).
    var text: String
    /// The detail panel's "value" after hovering each item row, in order.
    var details: [String]
    /// After typing `search` into the search box: pages left visible, and the result line.
    var pagesMatchingSearch: Int
    var searchSummary: String
    /// After switching the first type chip off: how many outlines of that type are still displayed.
    var firstTypeOutlinesShownWhenOff: Int
    var firstTypeOutlines: Int
    /// Page images in the report, and how many of them the browser loaded (the first pages load eagerly,
    /// the others when scrolled to).
    var images: Int
    var imagesLoaded: Int

    /// - Parameters:
    ///   - stripPolicy: remove the report's CSP meta first, to prove escaping alone keeps hostile strings inert.
    static func run(report: String, search: String, stripPolicy: Bool = false) throws -> ReportProbe {
        var html = try String(contentsOfFile: report, encoding: .utf8)
        if stripPolicy {
            let policy = try #require(html.range(of: #"<meta http-equiv="Content-Security-Policy"[^>]*>"#, options: .regularExpression))
            html.removeSubrange(policy)
        }
        // After the charset declaration (which must stay within the first 1024 bytes), before the policy.
        let head = try #require(html.range(of: "<meta charset=\"utf-8\">"))
        let searchLiteral = String(decoding: try JSONSerialization.data(withJSONObject: [search]), as: UTF8.self)
        html.insert(
            contentsOf: "<script>\(probeScript.replacingOccurrences(of: "SEARCH_TERMS", with: searchLiteral))</script>", at: head.upperBound
        )
        let copy = (report as NSString).deletingLastPathComponent + "/probe-\(UUID().uuidString).html"
        try html.write(toFile: copy, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: copy) }

        let dom = try HeadlessChromium.dumpDOM(of: copy, budget: 4000)
        let encoded = try #require(HeadlessChromium.attribute("data-probe", in: dom), "the probe wrote no result")
        let json = try #require(encoded.removingPercentEncoding)
        let r = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return ReportProbe(
            errors: r["errors"] as? [String] ?? ["(missing)"], alerts: r["alerts"] as? [String] ?? ["(missing)"],
            policyViolations: r["csp"] as? [String] ?? ["(missing)"], ready: r["ready"] as? String == "1",
            items: r["items"] as? [String] ?? [], outlines: r["outlines"] as? Int ?? -1, pages: r["pages"] as? [String] ?? [],
            scripts: r["scripts"] as? Int ?? -1, injected: r["injected"] as? Int ?? -1, text: r["text"] as? String ?? "",
            details: r["details"] as? [String] ?? [], pagesMatchingSearch: r["searchPages"] as? Int ?? -1,
            searchSummary: r["searchCount"] as? String ?? "", firstTypeOutlinesShownWhenOff: r["typeShownWhenOff"] as? Int ?? -1,
            firstTypeOutlines: r["typeOutlines"] as? Int ?? -1, images: r["images"] as? Int ?? -1,
            imagesLoaded: r["imagesLoaded"] as? Int ?? -1)
    }

    static let probeScript = """
        (function(){
        var d=document.documentElement,errors=[],alerts=[],csp=[];
        window.addEventListener('error',function(e){
          errors.push(e.message?e.message:'failed to load '+(e.target&&e.target.tagName)+' '+((e.target&&(e.target.src||e.target.href))||''));
        },true);
        window.alert=window.confirm=window.prompt=function(m){alerts.push(String(m));};
        document.addEventListener('securitypolicyviolation',function(e){csp.push(e.violatedDirective+' '+e.blockedURI);});
        window.addEventListener('load',function(){
          var r={errors:errors,alerts:alerts,csp:csp,ready:d.getAttribute('data-ready')};
          r.items=[].map.call(document.querySelectorAll('[data-item]'),function(e){return e.getAttribute('data-item');});
          r.outlines=document.querySelectorAll('svg polygon[data-item]').length;
          r.pages=[].map.call(document.querySelectorAll('[data-page]'),function(e){return e.getAttribute('data-page');});
          r.scripts=document.scripts.length;
          var imgs=document.querySelectorAll('.sheet img');r.images=imgs.length;
          r.imagesLoaded=[].filter.call(imgs,function(i){return i.complete&&i.naturalWidth>0;}).length;
          r.injected=document.querySelectorAll('img:not([src^="data:"]),iframe,object,embed,a[href^="javascript"],[onerror],[onload],[onclick],[onmouseover]').length;
          r.text=document.querySelector('header.top').textContent+'\\n'+document.getElementById('main').textContent;
          r.details=[];
          [].forEach.call(document.querySelectorAll('tr.item'),function(row){
            row.dispatchEvent(new MouseEvent('mouseover',{bubbles:true}));
            var v=document.querySelector('#detail [data-f="value"]');r.details.push(v?v.textContent:'(no detail panel)');
          });
          var chip=document.querySelector('.legend .chip');
          if(chip){
            var outlines=document.querySelectorAll('polygon.t-'+chip.getAttribute('data-css'));
            r.typeOutlines=outlines.length;chip.click();
            r.typeShownWhenOff=[].filter.call(outlines,function(p){return getComputedStyle(p).display!=='none';}).length;
            chip.click();
          }
          var q=document.getElementById('q');q.value=SEARCH_TERMS[0];q.dispatchEvent(new Event('input'));
          setTimeout(function(){
            r.searchPages=document.querySelectorAll('article.page:not(.off)').length;
            r.searchCount=document.getElementById('count').textContent;
            d.setAttribute('data-probe',encodeURIComponent(JSON.stringify(r)));
          },500);
        });
        })();
        """
}
