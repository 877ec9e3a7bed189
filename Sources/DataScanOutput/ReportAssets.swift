import DataScanModel

/// The fixed style sheet and script of report.html. They are constants (nothing from a document is ever
/// spliced into them), so the report's Content-Security-Policy can allow exactly these by hash and forbid
/// every other script, including any that a hostile file name or OCR line might try to smuggle in.
enum ReportAssets {
    /// Items below this confidence are marked "low" (dashed outline, tinted row, the "low confidence" filter).
    static let lowConfidence = 0.6

    /// Outline colors of the known types; other types get one from `fallbackPalette`.
    static let typeColors: [String: String] = [
        "url": "#1f6fd1", "email": "#8e44ad", "phone": "#1e9e46", "date": "#e67e00", "price": "#d62839",
        "address": "#0f9aa8", "flight": "#6d4c41", "tracking": "#c2185b", "line": "#6b7280",
        "qr": "#0b7a75", "microqr": "#0b7a75", "aztec": "#5b6abf", "datamatrix": "#00897b", "pdf417": "#a0522d",
        "code128": "#7b3fa0", "code39": "#9c27b0", "code93": "#ab47bc", "codabar": "#8d6e63", "itf": "#795548",
        "ean13": "#b8860b", "ean8": "#c79100", "upca": "#af7d00", "upce": "#9e7700",
        "databar": "#546e7a", "databar-expanded": "#455a64",
    ]
    static let fallbackPalette = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#008080", "#f032e6", "#9a6324"]

    static let style = """
        :root{--ok:#1e9e46;--bad:#c62828;--skip:#6b7280;--warn:#d98400;--pend:#1f6fd1;--line:#d8dbe0;--muted:#5f6670;--bg:#eef0f3}
        *{box-sizing:border-box}
        body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:0;background:var(--bg);color:#1d2127}
        header.top{position:sticky;top:0;z-index:5;background:#fff;border-bottom:1px solid var(--line);padding:10px 20px 8px;box-shadow:0 1px 4px #0001}
        header.top h1{font-size:18px;margin:0;display:inline}
        .muted{color:var(--muted)}
        .stats{margin:6px 0 4px;display:flex;flex-wrap:wrap;gap:6px 14px;align-items:baseline}
        .stat b{font-size:16px}
        .stat.ok b{color:var(--ok)} .stat.bad b{color:var(--bad)} .stat.skip b{color:var(--skip)} .stat.pend b{color:var(--pend)}
        .controls{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;margin:6px 0}
        .controls input[type=search]{width:22em;max-width:100%;padding:5px 8px;border:1px solid #b9bec6;border-radius:6px;font:inherit}
        .controls select{font:inherit;padding:3px}
        #count{color:var(--muted)}
        .legend{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
        .title{display:flex;align-items:baseline;gap:4px 10px;flex-wrap:wrap}
        .title .keys{margin-left:auto;font-size:12px}
        .chip{font:inherit;font-size:13px;border:1px solid var(--line);background:#fff;border-radius:14px;padding:2px 10px 2px 6px;cursor:pointer;display:inline-flex;align-items:center;gap:6px}
        .chip i{width:14px;height:14px;border-radius:3px;border:2px solid var(--c);background:color-mix(in srgb,var(--c) 25%,transparent)}
        .chip span{color:var(--muted)}
        .chip[aria-pressed=false]{opacity:.45;text-decoration:line-through}
        .chip:focus-visible,tr.item:focus-visible,a:focus-visible{outline:3px solid #1f6fd1;outline-offset:1px}
        main{padding:12px 20px 80px;max-width:1500px;margin:0 auto}
        .card{background:#fff;border:1px solid var(--line);border-radius:8px;margin:0 0 14px;padding:10px 16px}
        #problems h2{font-size:16px;margin:2px 0 8px}
        #problems.clean{border-left:5px solid var(--ok)}
        #problems.trouble{border-left:5px solid var(--bad)}
        #problems table{border-collapse:collapse;width:100%}
        #problems td,#problems th{text-align:left;padding:4px 8px;border-top:1px solid #eceef1;vertical-align:top}
        #problems th{color:var(--muted);font-weight:600;border-top:0}
        .path{word-break:break-all;white-space:pre-wrap}
        .badge{display:inline-block;font-size:12px;font-weight:600;border-radius:10px;padding:0 8px;color:#fff;background:var(--skip);white-space:nowrap}
        .badge.done{background:var(--ok)} .badge.failed{background:var(--bad)} .badge.partial{background:var(--warn)} .badge.pending,.badge.running{background:var(--pend)}
        section.doc>h2{font-size:15px;font-weight:500;margin:4px 0 8px;display:flex;gap:10px;align-items:baseline;flex-wrap:wrap}
        section.doc>h2 b{font-weight:700}
        article.page,section.doc{scroll-margin-top:calc(var(--head,180px) + 8px)}
        article.page{border-top:1px solid #eceef1;padding:10px 0 6px;content-visibility:auto;contain-intrinsic-size:auto 900px}
        article.page:first-of-type{border-top:0}
        article.page h3{font-size:14px;margin:0 0 8px;font-weight:600}
        article.page h3 .muted{font-weight:400}
        .reason{color:var(--bad);white-space:pre-wrap;word-break:break-word}
        tr[data-status=skipped] .reason{color:var(--muted)}
        .pagebody{display:grid;grid-template-columns:minmax(240px,600px) minmax(0,1fr);gap:18px;align-items:start}
        @media (max-width:900px){.pagebody{grid-template-columns:1fr}}
        .sheet{position:relative;border:1px solid #c9cdd3;background:#fff;box-shadow:0 1px 3px #0002;line-height:0}
        .sheet img{display:block;width:100%;height:auto}
        .sheet svg{position:absolute;left:0;top:0;width:100%;height:100%;overflow:visible}
        .sheet.blank svg{position:static;height:auto;background:repeating-linear-gradient(45deg,#f6f7f9 0 12px,#eceef1 12px 24px)}
        .sheet.blank text{font-weight:bold;font-family:sans-serif;fill:#9aa0a8}
        polygon.item{stroke:var(--c);fill:var(--c);fill-opacity:.12;stroke-width:2.5px;vector-effect:non-scaling-stroke;cursor:pointer;stroke-linejoin:round}
        polygon.item.low{stroke-dasharray:6 4}
        polygon.item:hover,polygon.item.hl{stroke-width:4.5px;fill-opacity:.35}
        polygon.item.dim{stroke-opacity:.25;fill-opacity:.03}
        polygon.item.match{stroke-width:4px;fill-opacity:.3}
        .itemlist{max-height:80vh;overflow:auto;border:1px solid #eceef1;border-radius:6px}
        table.items{border-collapse:collapse;width:100%;font-size:13px}
        table.items th{position:sticky;top:0;background:#f7f8fa;text-align:left;font-weight:600;color:var(--muted);padding:4px 8px;border-bottom:1px solid var(--line)}
        table.items td{padding:3px 8px;border-top:1px solid #f0f1f3;vertical-align:top}
        tr.item{cursor:pointer}
        tr.item:hover,tr.item.hl{background:#fff6d6}
        tr.item.dim{opacity:.4}
        tr.item.match td.v{background:#fff1a8}
        tr.item.low td.conf{color:var(--bad);font-weight:600}
        td.v,td.norm{word-break:break-word;white-space:pre-wrap}
        td.norm{font-family:"DejaVu Sans Mono",monospace;font-size:12px;color:#30363d}
        td.conf,td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
        td.n{color:var(--muted)}
        .tag{display:inline-block;border-left:4px solid var(--c);padding-left:5px;font-weight:600;color:#30363d;white-space:nowrap}
        .noitems{color:var(--muted);margin:4px 0}
        .off{display:none !important}
        main.lowonly .item:not(.low){display:none}
        #detail{position:fixed;right:18px;bottom:18px;z-index:6;width:min(460px,calc(100vw - 36px));background:#fff;border:1px solid #b9bec6;border-top:5px solid var(--c,#888);border-radius:8px;box-shadow:0 6px 24px #0003;padding:10px 14px}
        #detail dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0}
        #detail dt{color:var(--muted)} #detail dd{margin:0;word-break:break-word;white-space:pre-wrap}
        #detail button{position:absolute;right:6px;top:4px;border:0;background:none;font-size:18px;cursor:pointer;color:var(--muted)}
        article.page[data-status=failed] .sheet{border:2px solid var(--bad)}
        @media print{header.top{position:static;box-shadow:none}.controls,.legend,.keys,#detail{display:none !important}
          .itemlist{max-height:none;overflow:visible}article.page{content-visibility:visible;break-inside:avoid}body{background:#fff}}
        kbd{border:1px solid #c9cdd3;border-bottom-width:2px;border-radius:4px;padding:0 4px;font-size:12px}
        """

    /// Reads everything it shows from `data-*` attributes and sets it with `textContent` only: the strings
    /// stay text. Filters by type and confidence toggle one class on `<main>` (CSS hides the items), so
    /// they cost the same for a thousand pages as for one.
    static let script = #"""
        (function(){
        'use strict';
        var main=document.getElementById('main'),q=document.getElementById('q'),st=document.getElementById('status'),
            low=document.getElementById('low'),count=document.getElementById('count'),detail=document.getElementById('detail');
        var pages=[].map.call(document.querySelectorAll('article.page'),function(a){
          var rows=a.querySelectorAll('tr.item'),polys=a.querySelectorAll('polygon.item'),items=[];
          for(var i=0;i<rows.length;i++){
            var r=rows[i],p=polys[i]||null;r._poly=p;if(p)p._row=r;
            items.push({row:r,poly:p,text:[r.getAttribute('data-type'),r.getAttribute('data-value'),r.getAttribute('data-normalized'),r.getAttribute('data-label')].join('\n').toLowerCase()});
          }
          return {el:a,doc:a.closest('section.doc'),path:(a.getAttribute('data-page')||'').toLowerCase(),status:a.getAttribute('data-status'),items:items};
        });
        var docs=[].slice.call(document.querySelectorAll('section.doc'));
        function apply(){
          var text=q.value.trim().toLowerCase(),s=st.value,shown=0,hits=0;
          docs.forEach(function(d){d._shown=false;});
          pages.forEach(function(p){
            var ok=!s||(s==='items'?p.items.length>0:s==='empty'?p.items.length===0:p.status===s);
            var byPath=!text||p.path.indexOf(text)>=0,any=false;
            p.items.forEach(function(it){
              var m=!!text&&it.text.indexOf(text)>=0;if(m){any=true;hits++;}
              var dim=!!text&&!m&&!byPath;
              it.row.classList.toggle('match',m);it.row.classList.toggle('dim',dim);
              if(it.poly){it.poly.classList.toggle('match',m);it.poly.classList.toggle('dim',dim);}
            });
            var vis=ok&&(byPath||any);
            p.el.classList.toggle('off',!vis);
            if(vis){shown++;if(p.doc)p.doc._shown=true;}
          });
          docs.forEach(function(d){d.classList.toggle('off',!d._shown);});
          count.textContent='showing '+shown+' of '+pages.length+' pages'+(text?' · '+hits+' matching items':'');
        }
        var timer=0;
        q.addEventListener('input',function(){clearTimeout(timer);timer=setTimeout(apply,120);});
        st.addEventListener('change',apply);
        low.addEventListener('change',function(){main.classList.toggle('lowonly',low.checked);});
        [].forEach.call(document.querySelectorAll('.legend .chip'),function(c){
          c.addEventListener('click',function(){
            var on=c.getAttribute('aria-pressed')!=='true';c.setAttribute('aria-pressed',on?'true':'false');
            main.classList.toggle('hide-'+c.getAttribute('data-css'),!on);
          });
        });
        var fields=['type','value','normalized','label','confidence'],current=null;
        function show(row){
          if(current){current.classList.remove('hl');if(current._poly)current._poly.classList.remove('hl');}
          current=row;row.classList.add('hl');if(row._poly)row._poly.classList.add('hl');
          fields.forEach(function(f){detail.querySelector('[data-f="'+f+'"]').textContent=row.getAttribute('data-'+f)||'—';});
          var page=row.closest('article.page');
          detail.querySelector('[data-f="page"]').textContent=page?page.getAttribute('data-page'):'';
          detail.style.setProperty('--c',getComputedStyle(row).getPropertyValue('--c'));
          detail.hidden=false;
        }
        function hide(){detail.hidden=true;if(current){current.classList.remove('hl');if(current._poly)current._poly.classList.remove('hl');current=null;}}
        main.addEventListener('mouseover',function(e){
          var t=e.target;
          if(t.tagName==='polygon'&&t._row){show(t._row);t._row.scrollIntoView({block:'nearest'});}
          else{var r=t.closest&&t.closest('tr.item');if(r)show(r);}
        });
        main.addEventListener('click',function(e){
          var t=e.target;
          if(t.tagName==='polygon'&&t._row){show(t._row);t._row.focus({preventScroll:true});}
          else{var r=t.closest&&t.closest('tr.item');if(r){show(r);if(r._poly)r._poly.scrollIntoView({block:'nearest'});}}
        });
        main.addEventListener('focusin',function(e){var r=e.target.closest&&e.target.closest('tr.item');if(r)show(r);});
        detail.querySelector('button').addEventListener('click',hide);
        function visiblePages(){return pages.filter(function(p){return !p.el.classList.contains('off')&&!(p.doc&&p.doc.classList.contains('off'));});}
        function step(dir){
          var v=visiblePages();if(!v.length)return;
          // Where a page scrolled to stands: just below the header (its scroll-margin-top).
          var y=window.scrollY+document.querySelector('header.top').offsetHeight+8,i;
          if(dir>0){for(i=0;i<v.length;i++)if(v[i].el.getBoundingClientRect().top+window.scrollY>y+4)break;}
          else{for(i=v.length-1;i>=0;i--)if(v[i].el.getBoundingClientRect().top+window.scrollY<y-4)break;}
          if(v[i])v[i].el.scrollIntoView({block:'start'});
        }
        document.addEventListener('keydown',function(e){
          var typing=/^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName);
          if(e.key==='Escape'){if(typing&&q.value){q.value='';apply();}else hide();return;}
          if(typing||e.ctrlKey||e.metaKey||e.altKey)return;
          if(e.key==='/'){e.preventDefault();q.focus();}
          else if(e.key==='j')step(1);
          else if(e.key==='k')step(-1);
          else if((e.key==='ArrowDown'||e.key==='ArrowUp')&&e.target.matches&&e.target.matches('tr.item')){
            var n=e.key==='ArrowDown'?e.target.nextElementSibling:e.target.previousElementSibling;
            if(n){e.preventDefault();n.focus();}
          }
        });
        // Pages scrolled to (j/k, links from the problem list) stop below the sticky header, whatever its height.
        function headHeight(){document.documentElement.style.setProperty('--head',document.querySelector('header.top').offsetHeight+'px');}
        window.addEventListener('resize',headHeight);headHeight();
        apply();
        document.documentElement.setAttribute('data-ready','1');
        })();
        """#
}
