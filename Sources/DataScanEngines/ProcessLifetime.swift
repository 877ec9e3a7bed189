import CSystem
import Glibc

/// How a page process ends when the run that started it ends.
package enum ProcessLifetime {
    /// Has the kernel send this process SIGKILL when its parent dies (even by `kill -9`), so no page process outlives
    /// its run. The kernel ties this to the thread that spawned the process, not to the whole parent process: the
    /// supervisor must spawn page processes from a thread that lives as long as the run. Returns false when the
    /// parent is already gone.
    package static func endWithParent() -> Bool {
        _ = csystem_set_parent_death_signal(SIGKILL)
        return getppid() != 1
    }
}
