import DataScanModel

/// What a run found to do, after walking the inputs.
public struct JobPlan: Hashable, Sendable {
    /// Documents met by the walk (including skipped and failed ones).
    public var documents = 0
    /// Documents new or changed since the last run into this folder.
    public var changedDocuments = 0
    /// Documents not analyzed (unsupported, filtered out).
    public var skippedDocuments = 0
    /// Documents that cannot be opened at all.
    public var failedDocuments = 0
    /// Pages this run will analyze.
    public var pagesToAnalyze = 0
    /// Pages already done by earlier runs (not redone).
    public var pagesAlreadyDone = 0
    /// Pages left `running` by an interrupted run, analyzed again now.
    public var pagesResumed = 0
    /// Files still being written, left for a later run (`watch`).
    public var deferredDocuments = 0
}

/// The outcome of one page in a job.
public struct PageResult: Sendable {
    /// The document's path as walked.
    public var document: String
    /// 1-based.
    public var page: Int
    /// `done` or `failed`.
    public var status: PageStatus
    /// Why the page failed, in one line.
    public var error: String?
    /// How the page's text was obtained.
    public var source: PageSource?
    /// Items in reading order.
    public var items: [RecognizedItem]
    /// Wall time the page took.
    public var seconds: Double
}

/// Something that happened in a running job.
public enum ScanEvent: Sendable {
    /// The walk is done; analysis starts.
    case planned(JobPlan)
    case pageStarted(document: String, page: Int)
    case pageFinished(PageResult)
}
