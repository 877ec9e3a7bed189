import DataScanModel
import DataScanSQL

/// A job store that many workers drain at once: a worker claims a page under a lease, renews the lease while the
/// page runs, and commits the page only while the lease is still its own. A worker that dies stops renewing; when
/// its lease runs out the page goes back to the queue. `PostgresJobStore` is one.
package protocol PageQueue: JobStoreBackend {
    /// Claims the next page for `worker` for `lease` seconds (in one transaction).
    func claim(worker: String, lease: Double) throws(DataScanError) -> ClaimOutcome
    /// Extends the claim's lease; false when the lease is no longer the claim's (it expired and another worker took
    /// the page, or the page was requeued): then the page's result must be dropped.
    func renew(_ claim: PageClaim, lease: Double) throws(DataScanError) -> Bool
    /// Stores the page's items and status `done`, only if the claim still holds the page; false otherwise.
    func complete(_ claim: PageClaim, analysis: ImageAnalysis, storedLines: String?, seconds: Double) throws(DataScanError) -> Bool
    /// Marks the page failed, only if the claim still holds the page; false otherwise.
    func fail(_ claim: PageClaim, error: String, seconds: Double?) throws(DataScanError) -> Bool
    /// Gives an unfinished page back to the queue (the worker was interrupted).
    func release(_ claim: PageClaim) throws(DataScanError)
    /// Pages claimable by others or still running under a live lease (0: the job's queue is empty).
    func unfinishedPages() throws(DataScanError) -> Int
}

/// A page held by one worker under a lease. The pair (worker, attempt) identifies the claim: a later claim of the
/// same page by anyone has a higher attempt.
package struct PageClaim: Hashable, Sendable {
    package var page: PendingPage
    var worker: String
    /// The page's `attempts` after this claim.
    var attempt: Int
}

/// What `PageQueue.claim` found.
package enum ClaimOutcome: Hashable, Sendable {
    case claimed(PageClaim)
    /// Nothing to claim now, but pages are running under other workers' live leases (they may still come back).
    case busy
    /// Every page of the job is finished.
    case empty
}
