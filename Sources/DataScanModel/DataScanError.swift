/// Every error DataScanKit throws: a code a program can act on and a one-line message a person can
/// (what, which file/page, why, and what to do).
public struct DataScanError: Error, Hashable, Sendable, CustomStringConvertible, Codable {
    /// What kind of failure, for programs to act on (retry, skip, stop).
    public enum Code: String, Hashable, Sendable, Codable {
        /// The file cannot be read (permissions, vanished, I/O error).
        case unreadable
        /// The file is damaged, truncated or not what it claims to be.
        case corrupt
        /// An encrypted PDF.
        case encrypted
        /// The page image is larger than `--max-megapixels`.
        case tooLarge
        /// The page took longer than `--page-timeout`.
        case timeout
        /// An engine (Tesseract, a decoder, the renderer) failed on this page.
        case engineFailed
        /// An engine crashed (a signal in a page process) on this page.
        case engineCrashed
        /// The job was cancelled before the page finished.
        case cancelled
        /// OCR data for a requested language is not installed.
        case missingLanguage
        /// A library or engine cannot be loaded or initialized.
        case environment
        /// A wrong option, job file or argument.
        case usage
        /// The job store (SQLite) failed.
        case store
        /// Writing an output file failed.
        case output
        /// Another run holds the job folder.
        case busy
        /// The page needs more memory than `--page-memory` allows (its page process reached the cap).
        case outOfMemory
    }

    /// The kind of failure.
    public var code: Code
    /// One lower-case line: what failed, where, why, and what to do.
    public var message: String

    /// An error of `code` with its one-line message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// Whether running the same page again may succeed (timeouts and engine failures may be transient).
    public var isRetriable: Bool {
        switch code {
        case .timeout, .engineFailed, .engineCrashed, .cancelled, .unreadable, .store: true
        default: false
        }
    }
}

extension DataScanError {
    /// A page that ran out of time: `timeout after 120 s (in ocr)`. The stage names where the time ran out.
    package static func timeout(after seconds: Double, in stage: String) -> DataScanError {
        let text = seconds == seconds.rounded() && seconds < 1e9 ? String(Int(seconds)) : String(seconds)
        return DataScanError(.timeout, "timeout after \(text) s (in \(stage))")
    }
}

extension DataScanError {
    /// A page whose page process reached the memory cap: `needs more than 2048 MB of memory (raise --page-memory
    /// to analyze it)`.
    package static func outOfMemory(megabytes: Int) -> DataScanError {
        DataScanError(.outOfMemory, "needs more than \(megabytes) MB of memory (raise --page-memory to analyze it)")
    }
}

extension Duration {
    /// The duration in seconds.
    package var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
