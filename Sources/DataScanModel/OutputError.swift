import Foundation

/// A failure to write an output file (manifest.json, items.csv, an export, stdout).
///
/// The description is one line that says what failed, on which file, why (the system's own words) and,
/// when there is an obvious remedy, what to do:
/// `cannot write /out/items.csv: No space left on device (free some disk space and run again)`.
package struct OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The step that failed.
    package enum Operation: String, Hashable, Sendable {
        case create, write, sync, close, rename
    }

    package var operation: Operation
    /// The file concerned (`<stdout>` for standard output).
    package var path: String
    /// The `errno` value the system reported.
    package var code: Int32

    package init(_ operation: Operation, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// The system's explanation of `code` (`strerror`).
    package var reason: String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    package var description: String {
        let verb: String
        switch operation {
        case .create: verb = "cannot create a temporary file next to"
        case .write: verb = "cannot write"
        case .sync: verb = "cannot save to disk"
        case .close: verb = "cannot finish writing"
        case .rename: verb = "cannot replace"
        }
        var message = "\(verb) \(path): \(reason)"
        if let hint { message += " (\(hint))" }
        return message
    }

    /// What the user can do about the common causes; nil when there is nothing obvious to suggest.
    package var hint: String? {
        switch code {
        case ENOSPC, EDQUOT: "free some disk space and run again"
        case EACCES, EPERM: "check that the folder is writable by this user"
        case EROFS: "the file system is read-only: choose another output folder"
        case ENOENT, ENOTDIR: "check that the output folder exists"
        case EPIPE: "the reader of the output went away"
        case EISDIR: "the target is a folder: choose a file name"
        default: nil
        }
    }
}

extension OutputError: LocalizedError {
    package var errorDescription: String? { description }
}
