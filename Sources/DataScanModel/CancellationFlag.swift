import Synchronization

/// A flag a running page polls to stop early (Ctrl-C, a cancelled task); engines check it between steps
/// (Tesseract through its progress monitor).
public final class CancellationFlag: Sendable {
    private let value = Atomic<Bool>(false)
    /// A flag that is not raised.
    public init() {}
    /// Raises the flag.
    public func cancel() { value.store(true, ordering: .relaxed) }
    /// Whether the flag was raised.
    public var isCancelled: Bool { value.load(ordering: .relaxed) }
}
