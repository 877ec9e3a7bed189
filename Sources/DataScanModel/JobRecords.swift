/// Where a page is in the job.
public enum PageStatus: String, CaseIterable, Hashable, Sendable, Codable {
    case pending, running, done, failed, skipped
}

/// A document's overall state: `partial` when some of its pages failed or were read only in part.
public enum DocumentStatus: String, CaseIterable, Hashable, Sendable, Codable {
    case pending, done, partial, failed, skipped
}

/// How a page's text was obtained.
public enum PageSource: String, CaseIterable, Hashable, Sendable, Codable {
    /// Recognized by Tesseract from a raster.
    case ocr
    /// Read from a PDF's text layer, no OCR.
    case textLayer = "text-layer"
    /// Only the image was analyzed (barcodes only, no text requested).
    case image
}

/// One item as stored and exported: the item plus where it stands in the job.
public struct ItemRecord: Hashable, Sendable {
    /// The document's path as walked (display form: bad UTF-8 bytes as U+FFFD).
    public var document: String
    /// 1-based.
    public var page: Int
    /// The item itself.
    public var item: RecognizedItem
    /// Position in natural reading order on its page, 0-based.
    public var order: Int

    /// An item placed in its job.
    public init(document: String, page: Int, item: RecognizedItem, order: Int) {
        self.document = document
        self.page = page
        self.item = item
        self.order = order
    }
}

/// One page as reported in manifest.json.
public struct PageRecord: Hashable, Sendable {
    /// 1-based page number.
    public var page: Int
    /// Where the page is in the job.
    public var status: PageStatus
    /// Page width in pixels (nil until analyzed).
    public var width: Int?
    /// Page height in pixels (nil until analyzed).
    public var height: Int?
    /// How its text was obtained.
    public var source: PageSource?
    /// How many of its text lines each engine read (or the PDF text layer gave); empty until analyzed.
    public var lineSources: [LineSource: Int] = [:]
    /// Analysis time.
    public var seconds: Double?
    /// Why it failed, in one line.
    public var error: String?
    /// Why a done page was read only in part (`ImageAnalysis.warning`), in one line; nil when read whole.
    public var warning: String?
    /// Its items in reading order.
    public var items: [ItemRecord]

    /// A page record.
    public init(
        page: Int, status: PageStatus, width: Int? = nil, height: Int? = nil, source: PageSource? = nil,
        seconds: Double? = nil, error: String? = nil, warning: String? = nil, items: [ItemRecord] = []
    ) {
        self.page = page
        self.status = status
        self.width = width
        self.height = height
        self.source = source
        self.seconds = seconds
        self.error = error
        self.warning = warning
        self.items = items
    }
}

/// One document as reported in manifest.json.
public struct DocumentRecord: Hashable, Sendable {
    /// The path as walked (bad UTF-8 bytes shown as U+FFFD).
    public var path: String
    /// The content hash (nil when the file could not be read).
    public var sha256: String?
    /// done, partial, failed, skipped or pending.
    public var status: DocumentStatus
    /// Why it failed, in one line.
    public var error: String?
    /// Its pages, in order.
    public var pages: [PageRecord]

    /// A document record.
    public init(path: String, sha256: String?, status: DocumentStatus, error: String?, pages: [PageRecord]) {
        self.path = path
        self.sha256 = sha256
        self.status = status
        self.error = error
        self.pages = pages
    }
}

/// The totals of a job, as in manifest.json's `summary`.
public struct JobSummary: Hashable, Sendable {
    /// Documents met by the walks.
    public var documents = 0
    /// Pages of all documents.
    public var pages = 0
    /// Pages analyzed.
    public var done = 0
    /// Pages that failed.
    public var failed = 0
    /// Done pages that were read only in part (a truncated image: `PageRecord.warning`).
    public var partial = 0
    /// Pages skipped.
    public var skipped = 0
    /// Pages not analyzed yet (an interrupted job).
    public var pending = 0
    /// Documents not analyzed (unsupported, filtered out, vanished).
    public var skippedDocuments = 0
    /// Documents that could not be opened at all (no pages).
    public var failedDocuments = 0
    /// Items found.
    public var items = 0
    /// Items per type (`phone`, `qr`...).
    public var byType: [String: Int] = [:]
    /// Wall time of the run that wrote it.
    public var elapsedSeconds = 0.0

    /// An empty summary.
    public init() {}
}

/// A document or page that needs attention: failed, skipped or not analyzed yet (the report lists them).
package struct JobProblem: Sendable {
    package var documentID: Int64
    package var document: String
    /// nil for a document that has no pages (skipped, or could not be opened).
    package var page: Int?
    package var status: String
    package var reason: String?

    package init(documentID: Int64, document: String, page: Int?, status: String, reason: String?) {
        self.documentID = documentID
        self.document = document
        self.page = page
        self.status = status
        self.reason = reason
    }
}
