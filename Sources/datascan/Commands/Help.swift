/// `datascan --help` and `datascan COMMAND --help`.
enum Help {
    static let overview = """
        datascan — find URLs, e-mails, phone numbers, dates, prices and barcodes in folders of scanned documents

        usage: datascan COMMAND [options]

        commands:
          scan PATH...       walk files/folders, analyze every page, write results to --out
          run JOBFILE        the same, with options from a job file (Jobs/*.json); flags override it
          status OUT         pages by status, failures with their errors, items by type
          rerun OUT          analyze chosen pages again (--failed, --all, --page DOC:PAGE, --detect-only)
          watch PATH...      scan, then keep analyzing files that appear or change, until stopped
          export OUT         items as csv, json, jsonl or xlsx; the text; searchable PDFs
          worker             drain a shared PostgreSQL job store (--store postgres://… --job NAME)
          report OUT         write OUT/report.html: every page with its items highlighted
          detect             run the text detectors on UTF-8 text from stdin
          languages          the installed text-recognition languages
          doctor             what is installed and usable; exit 3 if something is missing

        `datascan COMMAND --help` shows a command's options and examples.
        exit codes: 0 all pages done · 1 some pages failed · 2 usage error (nothing run) · 3 environment
                    · 4 status: pages still pending · 130 interrupted (state saved)
        """

    static let scanOptions = """
        options:
          --out DIR                  job folder (created; re-running into it resumes)   [datascan-out]
          --types LIST               url,email,phone,date,price,address,flight,tracking,line,barcode,barcode:SYM
                                     [url,email,phone,date,price,barcode]
          --languages LIST           language hints, BCP-47 (en,de,ja,zh-Hans) or Tesseract (eng,deu)   [en]
          --region CC                ISO 3166-1 region for phone numbers and day/month order
                                     [a receipt's currency's country (RM: MY), else the first language's]
          --quality LEVEL            fast | balanced | accurate   [balanced]
          --ocr ENGINE               tesseract | ppocr | auto: Tesseract, and PP-OCR where a page reads poorly
                                     or its receipt evidence is weak (never at fast, always at accurate)   [auto]
          --jobs N                   pages analyzed at once   [CPU cores]
          --single, --no-single      only the most prominent item of each type per page (or all of them)
          --roi X,Y,W,H              region of interest, fractions of the page (top-left origin); --no-roi: whole page
          --page-timeout SEC         a page taking longer fails with a timeout   [120]
          --max-megapixels N         larger page images fail as "too large"   [250]
          --page-memory MB|auto      each page process's memory cap; a page needing more fails alone
                                     ("needs more than N MB of memory")   [auto: RAM/(jobs+1), 512 (1024 with PP-OCR)–1536]
          --include GLOB             only files whose name matches (repeatable)
          --exclude GLOB             leave out files whose name matches (repeatable)
          --progress MODE            auto | always | never   [auto]
          --store URL                keep the job in a shared PostgreSQL store (postgres://…) instead of OUT;
                                     OUT then receives manifest.json/items.csv only when --out is given
          --job NAME                 the job's name in the store (many jobs share one store)
          --enqueue-only             with --store: register documents and pages, analyze nothing (workers do)
        """

    static let commands: [String: String] = [
        "scan": """
        usage: \(ScanCommand.scanUsage)

        Walks every PATH (files and folders, recursively), analyzes each page of each supported file
        (PNG, JPEG, HEIC, TIFF, BMP, GIF, WebP, PDF) and writes OUT/datascan.sqlite, OUT/manifest.json
        and OUT/items.csv. Other files are listed as skipped.

        \(scanOptions)

        examples:
          datascan scan ~/receipts --out receipts-out
          datascan scan inbox/ --types phone,date,price --languages de,en --region DE
          datascan scan labels/ --types barcode:ean13,barcode:qr --quality accurate
          datascan scan receipts/ --types date,price --ocr ppocr
        """,
        "run": """
        usage: \(ScanCommand.runUsage)

        Runs a job file: every scan option as a camelCase key (pageTimeout, maxMegapixels), "inputs" (a list)
        and "output"; relative paths are resolved against the job file's folder. Flags override the file.
        See Jobs/README.md.

        \(scanOptions)

        example:
          datascan run Jobs/samples.json --jobs 2
        """,
        "rerun": """
        usage: \(ScanCommand.rerunUsage)

        Analyzes chosen pages of an existing job again: --failed (default), --all, or --page DOC:PAGE
        (repeatable; DOC as shown in items.csv). --detect-only re-derives items from the text stored for each
        page with new --types/--languages/--region/--roi/--single: no OCR, seconds for thousands of pages.
        The rerun starts from the job's stored settings and says which of them the given options change;
        --no-single, --no-roi, --no-region, --no-include and --no-exclude put a stored setting back to its default.

        examples:
          datascan rerun out --failed --page-timeout 300
          datascan rerun out --detect-only --types phone --region GB
          datascan rerun out --detect-only --no-single --no-roi
        """,
        "worker": """
        usage: \(WorkerCommand.usage)

        Claims pages of a job in a shared PostgreSQL store (or of every job with pages left, without --job),
        analyzes them and commits their items, until no page is left; --follow keeps waiting for new ones.
        A claimed page is held under a lease (--lease SEC, default 30) that a heartbeat renews while it runs:
        a worker that dies loses its pages to the others when the lease runs out. Start as many workers as
        you like, on machines that read the documents at the same paths. --jobs N: pages at once (default:
        the job's --jobs).

        examples:
          datascan scan /shared/receipts --store postgres://scan@db/scans --job receipts --enqueue-only
          datascan worker --store postgres://scan@db/scans --job receipts --jobs 1
          datascan status --store postgres://scan@db/scans --job receipts
        """,
        "status": """
        usage: \(StatusCommand.usage)

        Pages by status, failures grouped by reason with example pages, items by type.
        Exits 0 when every page is done, 1 when any page or document failed, 4 when none failed but some
        pages are still pending or running.
        """,
        "export": """
        usage: \(ExportCommand.usage)

        Writes the job's items, filtered by type (`phone`, `qr`, `barcode` for all symbologies) and minimum
        confidence, to stdout or FILE (written atomically), or what was read from the pages. Nothing is analyzed
        again: everything comes from the job's store.

          csv, json, jsonl   the items (csv: items.csv's columns; --bom puts a UTF-8 BOM first, for spreadsheets
                             that read CSV in a legacy code page otherwise)
          xlsx               a workbook (--output FILE.xlsx): sheet Items with items.csv's rows as typed cells
                             (amount and currency of prices, dates as dates, numbers as numbers; header frozen,
                             autofilter), sheet Documents with one row per document (status, pages, total, date)
          text               the recognized text of every page in reading order, each page under a line
                             "==> DOCUMENT page N <==" (--types and --min-confidence do not apply)
          pdf                one searchable PDF per document into the folder --output DIR, laid out like the
                             inputs: each page's image with the recognized words hidden under it, so viewers
                             select and search them; PDFs whose pages all have a text layer are copied as they
                             are. Images come from the inputs while unchanged, else from OUT/pages (kept by the
                             scan). Exit 1 when a document cannot be exported (it is named on stderr).

        examples:
          datascan export out --types phone,email --format csv --output contacts.csv
          datascan export out --types price --format jsonl --min-confidence 0.8
          datascan export out --format xlsx --output receipts.xlsx
          datascan export out --format pdf --output searchable/
          datascan export out --format text | grep -i invoice
        """,
        "watch": """
        usage: \(WatchCommand.usage)

        Analyzes what the PATHs hold, like scan, then every file that appears or changes (inotify wakes it), until
        SIGINT or SIGTERM: then the pages in flight finish, everything is saved, and it exits 130. A file counts once
        it has been left alone for --settle seconds (default 2: nothing wrote, renamed or chmod-ed it), so a copy in
        progress is never read half-way. OUT/manifest.json and OUT/items.csv are rewritten after each round, and
        during a long one every few seconds. Started again, it redoes nothing finished. The job lives in the job
        folder (no --store). deploy/datascan-watch.service runs it under systemd.

          --settle SEC               seconds a file must be left alone before it is analyzed   [2]

        \(scanOptions)

        example:
          datascan watch /srv/scans/inbox --out /srv/scans/out --types phone,date,price
        """,
        "report": """
        usage: \(ReportCommand.usage)

        Writes OUT/report.html (with --store and --job: DIR/report.html): each page with its items outlined and colored by type, a table of the items,
        filters by type and status, search, and the failed and skipped files with their reasons. One file that
        opens offline; jobs over 300 pages get their page images in OUT/report/pages/. It only reads the job,
        so it can run while a scan is going.

        example:
          datascan report datascan-out && chromium datascan-out/report.html
        """,
        "detect": """
        usage: \(DetectCommand.usage)

        Runs the text content-type detectors on UTF-8 text from stdin and prints one JSON object per item:
        {"type","value","normalized","label","confidence","start","end"} (start/end: UTF-8 byte offsets;
        confidence: how much of the text's own evidence backs the item, e.g. a receipt total's arithmetic).

        example:
          echo 'Call (650) 253-0000 before 3/15/2024' | datascan detect --types phone,date
        """,
        "languages": "usage: datascan languages\n\nThe installed text-recognition languages: BCP-47 name, then Tesseract's name.",
        "doctor":
            "usage: datascan doctor [--languages LIST]\n\nLists libraries and versions, OCR languages, and runs a tiny self-test per engine.\nExit 3 when something is missing, with the command that installs it.",
    ]
}
