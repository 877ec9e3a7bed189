/// Where a page is in the job.
public enum PageStatus: String, CaseIterable, Hashable, Sendable, Codable {
    case pending, running, done, failed, skipped
}

/// A document's overall state: `partial` when some of its pages failed.
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
    public var item: RecognizedItem
    /// Position in natural reading order on its page, 0-based.
    public var order: Int

    public init(document: String, page: Int, item: RecognizedItem, order: Int) {
        self.document = document
        self.page = page
        self.item = item
        self.order = order
    }
}

/// One page as reported in manifest.json.
public struct PageRecord: Hashable, Sendable {
    public var page: Int
    public var status: PageStatus
    public var width: Int?
    public var height: Int?
    public var source: PageSource?
    public var seconds: Double?
    public var error: String?
    public var items: [ItemRecord]

    public init(
        page: Int, status: PageStatus, width: Int? = nil, height: Int? = nil, source: PageSource? = nil,
        seconds: Double? = nil, error: String? = nil, items: [ItemRecord] = []
    ) {
        self.page = page
        self.status = status
        self.width = width
        self.height = height
        self.source = source
        self.seconds = seconds
        self.error = error
        self.items = items
    }
}

/// One document as reported in manifest.json.
public struct DocumentRecord: Hashable, Sendable {
    public var path: String
    public var sha256: String?
    public var status: DocumentStatus
    public var error: String?
    public var pages: [PageRecord]

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
    public var documents = 0
    public var pages = 0
    public var done = 0
    public var failed = 0
    public var skipped = 0
    public var pending = 0
    /// Documents not analyzed (unsupported, filtered out, vanished).
    public var skippedDocuments = 0
    /// Documents that could not be opened at all (no pages).
    public var failedDocuments = 0
    public var items = 0
    /// Items per type (`phone`, `qr`...).
    public var byType: [String: Int] = [:]
    public var elapsedSeconds = 0.0

    public init() {}
}
