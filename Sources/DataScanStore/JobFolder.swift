import DataScanModel
import DataScanSQL
import Foundation
import Glibc

/// The job folder OUT: created if missing, and locked for the lifetime of this value so that two runs
/// never write the same job. The lock is an `flock` on `OUT/.lock`: the kernel drops it when the process
/// dies, so a run killed with `kill -9` leaves no stale lock behind.
package final class JobFolder: Sendable {
    package let path: String
    private let lockFD: Int32

    /// Opens (creating) and locks `path`. Throws `.busy` naming the holder when another run has it.
    package init(path: String, create: Bool = true) throws(DataScanError) {
        self.path = path
        if create {
            try Self.makeDirectories(path)
        } else if access(path + "/datascan.sqlite", F_OK) != 0 {
            throw DataScanError(.usage, "\(path) is not a datascan job folder (no datascan.sqlite in it)")
        }
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else {
            throw DataScanError(.usage, "\(path) is a file, not a folder: give another --out")
        }
        let fd = open(path + "/.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw DataScanError(
                .usage, "cannot write into the job folder \(path): \(String(cString: strerror(errno))) (give a writable --out)")
        }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            var buf = [UInt8](repeating: 0, count: 64)
            let n = pread(fd, &buf, buf.count, 0)
            close(fd)
            let holder = n > 0 ? String(decoding: buf[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : "?"
            throw DataScanError(
                .busy, "another datascan run (pid \(holder)) is using \(path): wait for it to finish, or use another --out")
        }
        let pid = "\(getpid())\n"
        _ = ftruncate(fd, 0)
        _ = pwrite(fd, pid, pid.utf8.count, 0)
        lockFD = fd
    }

    deinit {
        flock(lockFD, LOCK_UN)
        close(lockFD)
    }

    package var databasePath: String { path + "/datascan.sqlite" }
    package var manifestPath: String { path + "/manifest.json" }
    package var itemsPath: String { path + "/items.csv" }
    var reportPath: String { path + "/report.html" }

    static func makeDirectories(_ path: String) throws(DataScanError) {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o755) != 0, errno != EEXIST {
                throw DataScanError(
                    .usage, "cannot create the job folder \(path): \(String(cString: strerror(errno))) (give a writable --out)")
            }
        }
    }
}
