import DataScanModel
import Foundation

/// Tells `datascan watch` that something changed under its inputs: an inotify instance with a watch on every folder
/// below them (and on the folder of each file input). It says only *that* something changed; the next run walks the
/// inputs and finds what. Non-blocking: ``drain()`` returns at once, so it can be polled from async code.
package final class InputWatcher {
    private let fd: Int32
    private let excluded: Set<RawPath>
    /// Folders watched, by watch descriptor (a folder gone or replaced is watched again by ``watch(_:)``).
    private var watched: [Int32: RawPath] = [:]
    private var folders = Set<RawPath>()
    private static let events: UInt32 = UInt32(
        IN_CREATE | IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_MODIFY | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)

    /// A watcher that never looks into `excluded` (the job folder, whose own writes would wake it).
    package init(excluding excluded: [RawPath]) throws(DataScanError) {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else {
            let reason = String(cString: strerror(errno))
            throw DataScanError(
                .environment, "cannot watch for new files: inotify: \(reason) (raise fs.inotify.max_user_instances)")
        }
        self.excluded = Set(excluded.map(Self.canonical))
    }

    deinit { close(fd) }

    /// Watches every folder under `inputs` not watched yet (a file input: its folder). Returns the number of folders
    /// watched; throws when the kernel's limit on watches is reached.
    @discardableResult
    package func watch(_ inputs: [RawPath]) throws(DataScanError) -> Int {
        for input in inputs {
            guard let st = DocumentWalker.stat(input, follow: true) else { continue }
            if (st.st_mode & S_IFMT) == S_IFDIR {
                try add(input, recursive: true)
            } else {
                let parent = (input.display as NSString).deletingLastPathComponent
                try add(RawPath(parent.isEmpty ? "." : parent), recursive: false)
            }
        }
        return watched.count
    }

    /// Reads every event waiting; true when there was any (or the kernel's queue overflowed, which means "something").
    package func drain() -> Bool {
        var any = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            any = true
            // Folders deleted or moved away lose their watch; forget them so that watch(_:) adds them again.
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= n {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw in
                    let e = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (e.wd, e.mask, Int(e.len))
                }
                if mask & UInt32(IN_IGNORED) != 0, let folder = watched.removeValue(forKey: wd) { folders.remove(folder) }
                offset += MemoryLayout<inotify_event>.size + length
            }
        }
        return any
    }

    private func add(_ folder: RawPath, recursive: Bool) throws(DataScanError) {
        guard !excluded.contains(Self.canonical(folder)) else { return }
        if !folders.contains(folder) {
            let wd = folder.withCString { inotify_add_watch(fd, $0, Self.events) }
            if wd < 0 {
                let code = errno
                guard code == ENOSPC else { return }  // vanished or unreadable: the walk reports it
                throw DataScanError(
                    .environment,
                    "cannot watch \(folder.display): too many folders for inotify (raise fs.inotify.max_user_watches)")
            }
            watched[wd] = folder
            folders.insert(folder)
        }
        guard recursive else { return }
        for name in DocumentWalker.list(folder) {
            let child = folder.appending(name)
            // Links to folders are not followed: the walk follows them, and a loop would watch forever.
            if let st = DocumentWalker.stat(child, follow: false), (st.st_mode & S_IFMT) == S_IFDIR {
                try add(child, recursive: true)
            }
        }
    }

    private static func canonical(_ path: RawPath) -> RawPath {
        guard let resolved = path.withCString({ realpath($0, nil) }) else { return path }
        defer { free(resolved) }
        return RawPath(
            bytes: Array(
                UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved))))
    }
}
