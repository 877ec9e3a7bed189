import DataScanDetection
import DataScanEngines
import DataScanInput
import DataScanModel
import DataScanOutput
import DataScanRecognition
import DataScanStore
import Foundation

/// The first phase of a run: walks the inputs and brings the store up to date — new and changed documents
/// get pending pages, unchanged ones keep their results, unsupported and filtered files are recorded as
/// skipped, files that cannot be opened as failed; pages a killed run left `running` become pending again.
/// Blocking (file I/O and hashing): runs on the store's queue.
struct JobRegistration {
    let database: any JobStoreBackend
    let configuration: ScanConfiguration
    /// The job folder, never walked into (nil when the store is not in a folder).
    let jobFolder: String?
    /// `watch`: a file whose inode changed less than this many seconds ago is still being written; it is left as
    /// it is (its earlier results kept, a new one not registered yet) and counted in `JobPlan.deferredDocuments`.
    var settleSeconds: Double?
    /// `watch`: a document whose size and mtime are unchanged is taken as unchanged without hashing it again (a
    /// watched folder is walked every few seconds; `scan` hashes every file to catch same-size, same-mtime edits).
    var trustsUnchangedMetadata = false

    init(database: any JobStoreBackend, configuration: ScanConfiguration, jobFolder: String?) {
        self.database = database
        self.configuration = configuration
        self.jobFolder = jobFolder
    }

    func register(inputs: [String]) throws(DataScanError) -> JobPlan {
        var plan = JobPlan()
        let run = try database.beginRun()
        plan.pagesResumed = try database.requeueInterrupted()
        let walker = DocumentWalker(
            include: configuration.include, exclude: configuration.exclude, excludedFolders: jobFolder.map { [RawPath($0)] } ?? [])
        var ordinal = 0
        do {
            try walker.walk(inputs.map(RawPath.init)) { file in
                ordinal += 1
                plan.documents += 1
                try registerFile(file, ordinal: ordinal, run: run, plan: &plan)
            }
        } catch let e as DataScanError {
            throw e
        } catch {
            throw DataScanError(.store, "\(error)")
        }
        try database.markVanished(run: run)
        let summary = try database.summary()
        plan.pagesToAnalyze = summary.pending
        plan.pagesAlreadyDone = summary.done
        return plan
    }

    private func registerFile(_ file: WalkedFile, ordinal: Int, run: Int64, plan: inout JobPlan) throws(DataScanError) {
        if let reason = file.skipReason {
            plan.skippedDocuments += 1
            try database.upsertDocument(
                file: file, ordinal: ordinal, run: run, sha256: nil, format: nil, pages: 0, status: .skipped, error: reason)
            return
        }
        let existing = try database.document(path: file.path)
        if let settleSeconds, Self.isSettling(file.path, within: settleSeconds) {
            if let existing { try database.touch(documentID: existing.id, ordinal: ordinal, run: run) }
            plan.deferredDocuments += 1
            return
        }
        if trustsUnchangedMetadata, let existing, existing.sha256 != nil, existing.size == file.size, existing.modified == file.modified,
            existing.status != .skipped || existing.error != "file no longer present"
        {
            try database.touch(documentID: existing.id, ordinal: ordinal, run: run)
            if existing.status == .failed || existing.status == .skipped { count(existing.status, &plan) }
            return
        }
        let sha: String
        do {
            sha = try SHA256.hex(ofFileAt: file.path)
        } catch {
            plan.failedDocuments += 1
            try database.upsertDocument(
                file: file, ordinal: ordinal, run: run, sha256: nil, format: nil, pages: 0, status: .failed, error: error.message)
            return
        }
        if let existing, existing.size == file.size, existing.modified == file.modified, existing.sha256 == sha,
            existing.status != .skipped || existing.error != "file no longer present"
        {
            try database.touch(documentID: existing.id, ordinal: ordinal, run: run)
            if existing.status == .failed || existing.status == .skipped { count(existing.status, &plan) }
            return
        }
        plan.changedDocuments += 1
        let head: [UInt8]
        do { head = try file.path.readHead() } catch {
            plan.failedDocuments += 1
            try database.upsertDocument(
                file: file, ordinal: ordinal, run: run, sha256: sha, format: nil, pages: 0, status: .failed, error: error.message)
            return
        }
        guard let format = DocumentFormat.sniff(head[...]) else {
            let what = DocumentFormat.describeUnsupported(head[...])
            if file.size == 0 || Self.claimsSupportedFormat(file.path) {
                // Named like a document we read, but it is not one: a broken file, not an unrelated one.
                plan.failedDocuments += 1
                try database.upsertDocument(
                    file: file, ordinal: ordinal, run: run, sha256: sha, format: nil, pages: 0, status: .failed,
                    error: file.size == 0 ? "empty file" : "not a \(Self.claimedFormatName(file.path)) file: its content is \(what)")
            } else {
                plan.skippedDocuments += 1
                try database.upsertDocument(
                    file: file, ordinal: ordinal, run: run, sha256: sha, format: nil, pages: 0, status: .skipped,
                    error: "unsupported file type (\(what))")
            }
            return
        }
        do {
            let pages = try PageLoader.pageCount(path: file.path, format: format)
            try database.upsertDocument(
                file: file, ordinal: ordinal, run: run, sha256: sha, format: format, pages: pages, status: .pending, error: nil)
        } catch {
            plan.failedDocuments += 1
            try database.upsertDocument(
                file: file, ordinal: ordinal, run: run, sha256: sha, format: format, pages: 0, status: .failed, error: error.message)
        }
    }

    /// Whether the file's inode changed (written, renamed into place, its mode set) less than `seconds` ago. Its
    /// ctime, not its mtime: `cp -p` and `rsync -t` set an old mtime on a file they are still writing. A ctime far in
    /// the future (another machine's clock on a network file system) counts as settled.
    static func isSettling(_ path: RawPath, within seconds: Double) -> Bool {
        guard let st = DocumentWalker.stat(path, follow: true) else { return false }
        let changed = Double(st.st_ctim.tv_sec) + Double(st.st_ctim.tv_nsec) / 1e9
        let age = Date().timeIntervalSince1970 - changed
        return age < seconds && age > -60
    }

    private func count(_ status: DocumentStatus, _ plan: inout JobPlan) {
        if status == .failed { plan.failedDocuments += 1 } else { plan.skippedDocuments += 1 }
    }

    /// Sets the selected pages back to pending for `rerun`.
    func requeue(_ selection: PageSelection) throws(DataScanError) -> JobPlan {
        var plan = JobPlan()
        plan.pagesResumed = try database.requeueInterrupted()
        switch selection {
        case .failed:
            _ = try database.requeueFailed()
        case .all:
            _ = try database.requeueFinished()
        case .pages(let list):
            for (document, page) in list {
                let n = try database.requeuePage(document: document, page: page)
                if n == 0 {
                    throw DataScanError(.usage, "--page \(document):\(page): no such page in this job (see `datascan status`)")
                }
            }
        }
        let summary = try database.summary()
        plan.documents = summary.documents
        plan.pagesToAnalyze = summary.pending
        plan.pagesAlreadyDone = summary.done
        return plan
    }

    private static func fileExtension(_ path: RawPath) -> String {
        let name = path.display
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }

    static func claimsSupportedFormat(_ path: RawPath) -> Bool {
        let ext = fileExtension(path)
        return DocumentFormat.allCases.contains { $0.extensions.contains(ext) }
    }

    static func claimedFormatName(_ path: RawPath) -> String {
        let ext = fileExtension(path)
        return DocumentFormat.allCases.first { $0.extensions.contains(ext) }?.rawValue.uppercased() ?? ext
    }
}
