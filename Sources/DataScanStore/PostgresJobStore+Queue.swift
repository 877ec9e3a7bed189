import DataScanModel
import DataScanSQL
import Foundation

/// The shared queue: pages claimed under leases that a heartbeat renews, committed only while the lease holds.
extension PostgresJobStore: PageQueue {
    package func claim(worker: String, lease: Double) throws(DataScanError) -> ClaimOutcome {
        let job = self.job
        let base = try resolvedBase()
        return try transaction { c throws(PostgresError) -> ClaimOutcome in
            // Pages whose worker's lease ran out first (their worker died), then pending pages in walk order.
            // SKIP LOCKED: workers claiming at the same moment each get a different page, none waits.
            var pageID: Int64?
            while pageID == nil {
                let expired = try c.execute(
                    """
                    SELECT id, attempts FROM pages WHERE job = $1 AND status = 'running'
                      AND (lease_until IS NULL OR lease_until < clock_timestamp())
                    ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
                    """, [.text(job)])
                guard expired.rowCount > 0 else { break }
                let id = expired.int(0, 0)
                if expired.int(0, 1) >= Int64(Self.maxLostLeases) {
                    // A page that took its worker down every time (out of memory, a node that keeps dying) is
                    // failed with the reason rather than passed on forever.
                    try Self.storeFailure(
                        "abandoned: its worker stopped \(Self.maxLostLeases) times while analyzing it (killed, or out of memory?)",
                        pageID: id, seconds: nil, on: c)
                } else {
                    pageID = id
                }
            }
            if pageID == nil {
                let pending = try c.execute(
                    "SELECT id FROM pages WHERE job = $1 AND status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED", [.text(job)])
                if pending.rowCount > 0 { pageID = pending.int(0, 0) }
            }
            guard let pageID else {
                let left = try c.execute("SELECT COUNT(*) FROM pages WHERE job = $1 AND status IN ('pending', 'running')", [.text(job)])
                return left.int(0, 0) > 0 ? .busy : .empty
            }
            let r = try c.execute(
                """
                UPDATE pages p SET status = 'running', attempts = p.attempts + 1, worker_id = $2, started_at = $3,
                  lease_until = clock_timestamp() + $4::double precision * interval '1 second'
                FROM documents d WHERE p.id = $1 AND d.id = p.document_id
                RETURNING p.id, p.page, p.attempts, d.path, d.format, d.sha256
                """, [.integer(pageID), .text(worker), .real(Date().timeIntervalSince1970), .real(lease)])
            guard r.rowCount > 0, let page = pendingPage(r, row: 0, base: base) else {
                // No known format (never the case for a page): fail it rather than hand it out again.
                try Self.storeFailure("the page's document has no known format", pageID: pageID, seconds: nil, on: c)
                return .busy
            }
            return .claimed(PageClaim(page: page, worker: worker, attempt: page.attempts))
        }
    }

    package func renew(_ claim: PageClaim, lease: Double) throws(DataScanError) -> Bool {
        try execute(
            """
            UPDATE pages SET lease_until = clock_timestamp() + $4::double precision * interval '1 second'
            WHERE id = $1 AND worker_id = $2 AND attempts = $3 AND status = 'running'
            """, [.integer(claim.page.pageID), .text(claim.worker), .integer(Int64(claim.attempt)), .real(lease)]
        ).affectedRows == 1
    }

    /// Locks the claim's page and says whether the claim still holds it: `nil` when it does (go on), `true` when
    /// this claim already finished it (a commit whose reply was lost, then retried), `false` when it was lost.
    private static func check(_ claim: PageClaim, on c: PostgresConnection) throws(PostgresError) -> Bool? {
        let r = try c.execute("SELECT status, worker_id, attempts FROM pages WHERE id = $1 FOR UPDATE", [.integer(claim.page.pageID)])
        guard r.rowCount == 1, r.text(0, 1) == claim.worker, r.int(0, 2) == Int64(claim.attempt) else { return false }
        switch r.text(0, 0) {
        case "running": return nil
        case "done", "failed": return true
        default: return false
        }
    }

    package func complete(_ claim: PageClaim, analysis: ImageAnalysis, storedLines: String?, seconds: Double) throws(DataScanError) -> Bool
    {
        let job = self.job
        return try transaction { c throws(PostgresError) -> Bool in
            if let settled = try Self.check(claim, on: c) { return settled }
            try Self.store(analysis, storedLines: storedLines, pageID: claim.page.pageID, seconds: seconds, job: job, on: c)
            return true
        }
    }

    package func fail(_ claim: PageClaim, error: String, seconds: Double?) throws(DataScanError) -> Bool {
        try transaction { c throws(PostgresError) -> Bool in
            if let settled = try Self.check(claim, on: c) { return settled }
            try Self.storeFailure(error, pageID: claim.page.pageID, seconds: seconds, on: c)
            return true
        }
    }

    package func release(_ claim: PageClaim) throws(DataScanError) {
        _ = try execute(
            """
            UPDATE pages SET status = 'pending', attempts = GREATEST(attempts - 1, 0), worker_id = NULL, lease_until = NULL
            WHERE id = $1 AND worker_id = $2 AND attempts = $3 AND status = 'running'
            """, [.integer(claim.page.pageID), .text(claim.worker), .integer(Int64(claim.attempt))])
    }

    package func unfinishedPages() throws(DataScanError) -> Int {
        Int(try execute("SELECT COUNT(*) FROM pages WHERE job = $1 AND status IN ('pending', 'running')", [.text(job)]).int(0, 0))
    }

    /// Names of the jobs in the database at `url` that have pages left to do, oldest first.
    package static func jobsWithWork(url: String) throws(DataScanError) -> [String] {
        do throws(PostgresError) {
            let c = try PostgresConnection(url: url)
            try migrate(c)
            let r = try c.execute("SELECT job FROM pages WHERE status IN ('pending', 'running') GROUP BY job ORDER BY MIN(id)")
            return (0..<r.rowCount).compactMap { r.text($0, 0) }
        } catch {
            throw DataScanError(.store, "job store: \(error.message)")
        }
    }
}
