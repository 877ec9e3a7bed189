/// A file met while walking the inputs.
package struct WalkedFile: Hashable, Sendable {
    package var path: RawPath
    package var size: Int64
    /// Seconds since 1970.
    package var modified: Double
    /// Why the file is not analyzed (filtered out, a loop, not a regular file); nil when it is a candidate.
    package var skipReason: String?

    package init(path: RawPath, size: Int64, modified: Double, skipReason: String? = nil) {
        self.path = path
        self.size = size
        self.modified = modified
        self.skipReason = skipReason
    }
}
