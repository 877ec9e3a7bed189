/// Why an image could not be decoded: one lower-case line naming what the file is and why it failed, with the
/// library's own message (`unsupported TIFF variant (12-bit JPEG compression): libtiff: ...`). The caller adds
/// the file name and page.
package struct ImageDecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure, for mapping to exit codes and skip reasons.
    package enum Kind: String, Sendable, Equatable {
        /// The file has no bytes.
        case empty
        /// The bytes are no image format this package reads.
        case notAnImage
        /// A valid file of a variant no available library decodes (12-bit JPEG, floating-point TIFF...).
        case unsupported
        /// The data is broken before any row could be decoded.
        case damaged
        /// The image is larger than the caller's pixel limit (checked before decoding).
        case tooLarge
        /// The requested page does not exist.
        case noSuchPage
        /// Memory for the image could not be had.
        case outOfMemory
    }

    /// What kind of failure.
    package let kind: Kind
    /// The format the file was identified as, nil when it was not identified.
    package let format: ImageFormat?
    /// The one-line message.
    package let message: String

    /// An error of `kind` for a file of `format`.
    package init(_ kind: Kind, _ format: ImageFormat?, _ message: String) {
        self.kind = kind
        self.format = format
        self.message = message
    }

    package var description: String { message }
}
