import DataScanKit
import Glibc

// Debian's libtesseract uses OpenMP, which would start a thread team per page: with pages already running in
// parallel that makes each page several times slower. libgomp reads OMP_THREAD_LIMIT when it is loaded, before
// main, so setting it now is too late: re-execute ourselves once with it set.
if getenv("OMP_THREAD_LIMIT") == nil {
    setenv("OMP_THREAD_LIMIT", "1", 1)
    execv("/proc/self/exe", CommandLine.unsafeArgv)
    // exec failed (no /proc): carry on, only slower.
}

let arguments = Array(CommandLine.arguments.dropFirst())
let code = await Frontend.main(arguments)
exit(code.rawValue)
