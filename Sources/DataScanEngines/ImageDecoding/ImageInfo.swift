/// What a file's header says, read without decoding pixels (to refuse a huge image cheaply, to count pages).
package struct ImageInfo: Sendable, Equatable {
    /// The format.
    package let format: ImageFormat
    /// Size of the first page or frame.
    package let width: Int
    package let height: Int
    /// Pages (TIFF directories; 1 otherwise).
    package let pageCount: Int
    /// Animation frames (1 for still images).
    package let frameCount: Int
}
