import DataScanModel

/// Where a page's recognition may stop: between model runs, when the page's time is up or the job is cancelled.
struct Checkpoint {
    let deadline: ContinuousClock.Instant?
    let cancellation: CancellationFlag?

    /// A checkpoint that never stops.
    static let never = Checkpoint(deadline: nil, cancellation: nil)

    func check() throws(PPOCRError) {
        if cancellation?.isCancelled == true { throw .cancelled }
        if let deadline, ContinuousClock.now >= deadline { throw .deadlinePassed }
    }
}
