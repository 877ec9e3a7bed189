/// One page to analyze, as the job runner hands it to a worker.
package struct PageRequest: Hashable, Sendable, Codable {
    /// The file system path to open.
    package var path: RawPath
    /// The path as shown in output.
    package var displayPath: String
    package var format: DocumentFormat
    /// 0-based page index inside the document.
    package var index: Int
    /// Identifies the document's content (its sha256); part of every item id.
    package var documentKey: String
    /// Where the page's image is kept for exports (`OUT/pages/…`); nil: not kept (shared stores, the report).
    package var pageImagePath: String? = nil

    package init(path: RawPath, displayPath: String, format: DocumentFormat, index: Int, documentKey: String) {
        self.path = path
        self.displayPath = displayPath
        self.format = format
        self.index = index
        self.documentKey = documentKey
    }

    /// "file.pdf page 3", for messages.
    package var label: String { "\(displayPath) page \(index + 1)" }
}
