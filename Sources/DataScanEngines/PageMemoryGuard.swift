import CSystem
import Glibc

/// The memory cap inside a page process (`--page-memory`): an address-space limit, and the means to tell that a page
/// failed because it reached it.
///
/// Why RLIMIT_AS and not a cgroup: it needs no privilege and no delegated cgroup tree (in a container or under
/// systemd a process usually cannot create one), applies to one process exactly, and works the same on every Linux.
/// What it counts is address space, not resident memory: the engines' code and data, thread stacks and malloc's
/// reserved arenas count too (a page process reserves about 400 MB before its first page, with malloc limited to two
/// arenas), so a cap of N MB leaves a page somewhat less than N MB of real memory.
package enum PageMemoryGuard {
    /// Caps this process's address space at `megabytes` and notices when it runs out (see
    /// `csystem_memory_guard_install`): a fatal signal while memory is exhausted writes `{"outOfMemory":true}` to
    /// `reportFD` first. Returns nil, or why the limit could not be set.
    package static func apply(megabytes: Int, reportingTo reportFD: Int32) -> String? {
        csystem_memory_guard_install(reportFD)
        let status = csystem_limit_address_space(UInt64(megabytes) << 20)
        return status == 0 ? nil : String(cString: strerror(status))
    }

    /// Forgets an exhaustion of an earlier page: call before each page.
    package static func beginPage() { csystem_memory_guard_reset() }

    /// Whether memory ran out since `beginPage()` (an allocation failed, even one a library recovered from: its
    /// result may lack what it could not allocate).
    package static var isExhausted: Bool { csystem_memory_guard_exhausted() != 0 }
}
