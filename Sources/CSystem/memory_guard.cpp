#include "CSystem.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <initializer_list>
#include <cstdlib>
#include <new>
#include <sys/resource.h>
#include <unistd.h>

namespace {

std::atomic<int> exhausted{0};
int report_fd = -1;

void on_new_failure() {
    exhausted.store(1);
    throw std::bad_alloc();
}

void on_fatal_signal(int sig) {
    // Only async-signal-safe calls here: an atomic load, errno, write, raise.
    if (exhausted.load() || errno == ENOMEM) {
        // A leading newline ends any response line the crash cut short.
        static const char line[] = "\n{\"outOfMemory\":true}\n";
        ssize_t ignored = write(report_fd, line, sizeof line - 1);
        (void)ignored;
    }
    // SA_RESETHAND put the default action back: the process dies of `sig`, as it would have.
    raise(sig);
}

}  // namespace

// The allocation functions, passed through to glibc's own, noting a failure. Why: most C libraries, when an
// allocation fails, give up on that one drawing operation and carry on (cairo cannot make a surface, poppler skips
// the image), so a page past the cap would come out rendered in part with no error; defined in the executable, these
// are the ones every library calls. free is glibc's too, defined here so that the pair always matches: an allocator
// preloaded with LD_PRELOAD (jemalloc, tcmalloc) is bypassed rather than handed glibc's blocks.
extern "C" {
void *__libc_malloc(size_t size);
void *__libc_calloc(size_t count, size_t size);
void *__libc_realloc(void *pointer, size_t size);
void *__libc_memalign(size_t alignment, size_t size);
void *__libc_valloc(size_t size);
void *__libc_pvalloc(size_t size);
void __libc_free(void *pointer);

static inline void *noting(void *result, size_t size) {
    if (result == nullptr && size != 0) exhausted.store(1, std::memory_order_relaxed);
    return result;
}

void *malloc(size_t size) { return noting(__libc_malloc(size), size); }
void free(void *pointer) { __libc_free(pointer); }
void *calloc(size_t count, size_t size) { return noting(__libc_calloc(count, size), count != 0 && size != 0); }
void *realloc(void *pointer, size_t size) { return noting(__libc_realloc(pointer, size), size); }
void *memalign(size_t alignment, size_t size) { return noting(__libc_memalign(alignment, size), size); }
void *aligned_alloc(size_t alignment, size_t size) { return noting(__libc_memalign(alignment, size), size); }
void *valloc(size_t size) { return noting(__libc_valloc(size), size); }
void *pvalloc(size_t size) { return noting(__libc_pvalloc(size), size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *result = noting(__libc_memalign(alignment, size), size);
    if (result == nullptr && size != 0) return ENOMEM;
    *out = result;
    return 0;
}
}

extern "C" int csystem_limit_address_space(uint64_t bytes) {
    struct rlimit limit = {static_cast<rlim_t>(bytes), static_cast<rlim_t>(bytes)};
    return setrlimit(RLIMIT_AS, &limit) == 0 ? 0 : errno;
}

extern "C" void csystem_memory_guard_install(int fd) {
    report_fd = fd;
    std::set_new_handler(on_new_failure);
    // Its own stack: a handler on the stack of a thread that faulted on its guard page would fault again.
    static char alternate[64 * 1024];
    stack_t stack = {};
    stack.ss_sp = alternate;
    stack.ss_size = sizeof alternate;
    sigaltstack(&stack, nullptr);
    struct sigaction action = {};
    action.sa_handler = on_fatal_signal;
    action.sa_flags = SA_RESETHAND | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    for (int sig : {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE}) sigaction(sig, &action, nullptr);
}

extern "C" void csystem_memory_guard_reset(void) {
    exhausted.store(0);
    errno = 0;
}

extern "C" void csystem_memory_guard_note_exhausted(void) { exhausted.store(1); }

extern "C" int csystem_memory_guard_exhausted(void) { return exhausted.load(); }
