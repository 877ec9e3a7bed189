#pragma once
// Linux calls that Swift's Glibc module does not export.
#include <sys/prctl.h>
#include <signal.h>
#include <stdint.h>

/// Asks the kernel to send `sig` to this process when its parent dies (prctl PR_SET_PDEATHSIG).
/// Why a wrapper: prctl is variadic, which Swift cannot call.
static inline int csystem_set_parent_death_signal(int sig) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)sig, 0UL, 0UL, 0UL);
}

// ---- the page memory cap (memory_guard.cpp)

#ifdef __cplusplus
extern "C" {
#endif

/// Caps this process's address space at `bytes` (setrlimit RLIMIT_AS): past it, mmap, brk and so malloc and
/// operator new fail instead of the machine running out of memory. 0 on success, else errno.
int csystem_limit_address_space(uint64_t bytes);

/// Notices when this process runs out of memory under the cap: operator new failing (a new handler that records
/// it, then throws std::bad_alloc as usual), and a fatal signal (abort after a failed allocation, a fault on the
/// NULL an unchecked malloc returned) while memory is exhausted or errno is ENOMEM, in which case
/// `{"outOfMemory":true}` is written on its own line to `report_fd` before the process dies of the signal.
/// Why C++: std::set_new_handler has no C form. Why a signal handler: the page process cannot report after the
/// crash, and a crash is how most libraries end when an allocation fails (abort in poppler's gmalloc and GLib's
/// g_malloc, std::terminate on an uncaught bad_alloc).
void csystem_memory_guard_install(int report_fd);
/// Forgets an earlier exhaustion (and clears errno): called before each page.
void csystem_memory_guard_reset(void);
/// Records that memory ran out (a library reported a failed allocation and carried on).
void csystem_memory_guard_note_exhausted(void);
/// 1 when memory ran out since the last reset.
int csystem_memory_guard_exhausted(void);

#ifdef __cplusplus
}
#endif
