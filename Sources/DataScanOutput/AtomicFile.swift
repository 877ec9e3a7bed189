import DataScanModel
import Foundation

/// Replaces a file all at once: readers (and a run killed half-way) see either the old file or the complete
/// new one, never a torn mixture. The new content goes to a temporary file in the same folder
/// (`.NAME.tmp-PID-RANDOM`, same file system so the rename is atomic), which is synced to disk and then renamed
/// over the target.
package enum AtomicFile {
    /// Writes `path` with what `body` writes to the sink.
    ///
    /// If `body` throws, or anything fails on the way, the temporary file is removed, the old file stays as it
    /// was, and the error is rethrown (``OutputError`` for file-system failures).
    /// An existing target keeps its permission bits; a new one gets 0644 (less the umask).
    package static func write(to path: String, _ body: (inout OutputSink) throws -> Void) throws {
        let temporary = try createTemporary(nextTo: path)
        let fd = temporary.fd
        var closed = false
        do {
            if let mode = existingMode(of: path) { _ = fchmod(fd, mode) }
            var sink = OutputSink(fileDescriptor: fd, path: path)
            try body(&sink)
            try sink.flush()
            try sync(fd, path: path)
            closed = true
            // No retry on EINTR: on Linux the descriptor is gone after close() whatever it returns.
            if close(fd) != 0 { throw OutputError(.close, path: path, code: errno) }
            if rename(temporary.path, path) != 0 { throw OutputError(.rename, path: path, code: errno) }
        } catch {
            if !closed { close(fd) }
            unlink(temporary.path)
            throw error
        }
        syncFolder(of: path)
    }

    /// The same for a writer that opens files itself (cairo, libxlsxwriter): `body` writes the file at the temporary
    /// path it is given, which is then synced and renamed over `path` (or removed when `body` throws).
    package static func write(to path: String, byPath body: (String) throws -> Void) throws {
        let temporary = try createTemporary(nextTo: path)
        close(temporary.fd)
        do {
            if let mode = existingMode(of: path) { _ = chmod(temporary.path, mode) }
            try body(temporary.path)
            let fd = open(temporary.path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw OutputError(.create, path: path, code: errno) }
            defer { close(fd) }
            try sync(fd, path: path)
            if rename(temporary.path, path) != 0 { throw OutputError(.rename, path: path, code: errno) }
        } catch {
            unlink(temporary.path)
            throw error
        }
        syncFolder(of: path)
    }

    /// The temporary file's name for `path`: `.NAME.tmp-PID-RANDOM` in the same folder.
    static func temporaryPath(for path: String, random: UInt32) -> String {
        let (folder, name) = split(path)
        let hidden = ".\(name).tmp-\(getpid())-\(String(random, radix: 16))"
        return folder.map { "\($0)/\(hidden)" } ?? hidden
    }

    /// Splits a path into its folder (nil for a bare name) and its last component.
    static func split(_ path: String) -> (folder: String?, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (nil, path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    private static func createTemporary(nextTo path: String) throws -> (fd: Int32, path: String) {
        var attempts = 0
        while true {
            let candidate = temporaryPath(for: path, random: UInt32.random(in: 0...UInt32.max))
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd >= 0 { return (fd, candidate) }
            let code = errno
            attempts += 1
            // EEXIST: a leftover of a killed run with the same pid and random number; pick another name.
            if (code == EINTR || code == EEXIST) && attempts < 16 { continue }
            throw OutputError(.create, path: path, code: code)
        }
    }

    private static func existingMode(of path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return info.st_mode & 0o7777
    }

    private static func sync(_ fd: Int32, path: String) throws {
        while fsync(fd) != 0 {
            let code = errno
            if code == EINTR { continue }
            // Some file systems (pipes, certain FUSE mounts) cannot sync; the data is still written.
            if code == EINVAL || code == ENOTSUP { return }
            throw OutputError(.sync, path: path, code: code)
        }
    }

    /// Makes the rename itself durable. Best effort: the new file is complete either way.
    private static func syncFolder(of path: String) {
        let folder = split(path).folder ?? "."
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}
