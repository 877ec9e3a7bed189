/// Which pages `rerun` analyzes again.
public enum PageSelection: Hashable, Sendable {
    case failed
    case all
    /// (document path as shown in output, 1-based page)
    case pages([(document: String, page: Int)])

    /// Same selection of pages.
    public static func == (a: PageSelection, b: PageSelection) -> Bool {
        switch (a, b) {
        case (.failed, .failed), (.all, .all): true
        case (.pages(let x), .pages(let y)): x.map { "\($0.document)#\($0.page)" } == y.map { "\($0.document)#\($0.page)" }
        default: false
        }
    }

    /// Hashes the selection.
    public func hash(into h: inout Hasher) {
        switch self {
        case .failed: h.combine(0)
        case .all: h.combine(1)
        case .pages(let p): for x in p { h.combine(x.document); h.combine(x.page) }
        }
    }
}
