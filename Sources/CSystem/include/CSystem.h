#pragma once
// Linux calls that Swift's Glibc module does not export.
#include <sys/prctl.h>
#include <signal.h>

/// Asks the kernel to send `sig` to this process when its parent dies (prctl PR_SET_PDEATHSIG).
/// Why a wrapper: prctl is variadic, which Swift cannot call.
static inline int csystem_set_parent_death_signal(int sig) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)sig, 0UL, 0UL, 0UL);
}
