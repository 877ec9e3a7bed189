import DataScanEngines
import DataScanModel
import Glibc

/// Walks files and folders recursively in a stable order (entries sorted by their bytes), following
/// symbolic links but never into the same folder twice, and records every file it meets — including
/// those it will not analyze, with the reason.
package struct DocumentWalker: Sendable {
    var include: [String]
    var exclude: [String]
    /// Folders never entered (the job folder itself, when it lies inside an input).
    var excludedFolders: [RawPath]

    package init(include: [String] = [], exclude: [String] = [], excludedFolders: [RawPath] = []) {
        self.include = include
        self.exclude = exclude
        self.excludedFolders = excludedFolders
    }

    /// Walks `inputs` in order and calls `visit` for every file. Throws a usage error when an input does not exist.
    package func walk(_ inputs: [RawPath], visit: (WalkedFile) throws -> Void) throws {
        var visited = Set<FileID>()
        let skipped = Set(excludedFolders.compactMap { FileID(statOf: $0) })
        for input in inputs {
            guard let st = Self.stat(input, follow: true) else {
                throw DataScanError(.usage, "input not found: \(input.display) (\(String(cString: strerror(errno))))")
            }
            if (st.st_mode & S_IFMT) == S_IFDIR {
                try walkFolder(input, root: input, visited: &visited, skipped: skipped, visit: visit)
            } else {
                try visit(file(input, st: st, relative: input.lastComponent))
            }
        }
    }

    private func walkFolder(
        _ folder: RawPath, root: RawPath, visited: inout Set<FileID>, skipped: Set<FileID>, visit: (WalkedFile) throws -> Void
    ) throws {
        guard let id = FileID(statOf: folder) else { return }
        if skipped.contains(id) { return }
        guard visited.insert(id).inserted else { return }
        var entries = Self.list(folder)
        entries.sort { $0.lexicographicallyPrecedes($1) }
        for name in entries {
            let path = folder.appending(name)
            let relative = Array(path.bytes.dropFirst(min(path.bytes.count, root.bytes.count + 1)))
            guard let lst = Self.stat(path, follow: false) else { continue }
            let isLink = (lst.st_mode & S_IFMT) == S_IFLNK
            guard let st = isLink ? Self.stat(path, follow: true) : lst else {
                let loop = errno == ELOOP
                try visit(WalkedFile(path: path, size: 0, modified: 0, skipReason: loop ? "symlink loop" : "broken symbolic link"))
                continue
            }
            if (st.st_mode & S_IFMT) == S_IFDIR {
                if isLink, let target = FileID(statOf: path), visited.contains(target) {
                    // A link back into a folder already walked: report it once, never follow it again.
                    try visit(WalkedFile(path: path, size: 0, modified: 0, skipReason: "symlink loop: this folder was already walked"))
                    continue
                }
                try walkFolder(path, root: root, visited: &visited, skipped: skipped, visit: visit)
            } else {
                try visit(file(path, st: st, relative: relative))
            }
        }
    }

    private func file(_ path: RawPath, st: stat, relative: [UInt8]) -> WalkedFile {
        let modified = Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9
        var f = WalkedFile(path: path, size: Int64(st.st_size), modified: modified, skipReason: nil)
        if (st.st_mode & S_IFMT) != S_IFREG {
            f.skipReason = "not a regular file"
        } else if !include.isEmpty, !include.contains(where: { Self.matches($0, path: path, relative: relative) }) {
            f.skipReason = "not matched by --include \(include.joined(separator: " "))"
        } else if let pattern = exclude.first(where: { Self.matches($0, path: path, relative: relative) }) {
            f.skipReason = "excluded by --exclude \(pattern)"
        }
        return f
    }

    /// A glob matches the file's name or its path below the input folder.
    static func matches(_ glob: String, path: RawPath, relative: [UInt8]) -> Bool {
        let name = RawPath(bytes: path.lastComponent)
        return name.withCString { fnmatch(glob, $0, 0) == 0 }
            || RawPath(bytes: relative).withCString { fnmatch(glob, $0, 0) == 0 }
    }

    package static func list(_ folder: RawPath) -> [[UInt8]] {
        guard let dir = folder.withCString({ opendir($0) }) else { return [] }
        defer { closedir(dir) }
        var names: [[UInt8]] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if name == [46] || name == [46, 46] { continue }
            names.append(name)
        }
        return names
    }

    package static func stat(_ path: RawPath, follow: Bool) -> stat? {
        var st = Glibc.stat()
        let rc = path.withCString { p -> Int32 in
            if follow { return statFollowingLinks(p, &st) }
            return lstat(p, &st)
        }
        return rc == 0 ? st : nil
    }
}

/// Device and inode: identifies a folder however it was reached.
struct FileID: Hashable {
    let device: UInt64
    let inode: UInt64

    init?(statOf path: RawPath) {
        guard let st = DocumentWalker.stat(path, follow: true) else { return nil }
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
    }
}

/// Why a wrapper: inside `DocumentWalker`, `stat` names the type and our own helper, not the C function.
private func statFollowingLinks(_ path: UnsafePointer<CChar>, _ buf: UnsafeMutablePointer<stat>) -> Int32 {
    stat(path, buf)
}
