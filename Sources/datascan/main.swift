import DataScanKit
import Glibc

let arguments = Array(CommandLine.arguments.dropFirst())

// Debian's libtesseract uses OpenMP, which would start a thread team per page: with pages already running in
// parallel that makes each page several times slower. libgomp reads OMP_THREAD_LIMIT when it is loaded, before
// main, so setting it now is too late for this process, but not for the page processes it starts: they inherit
// it. Only a command that recognizes text in this process re-executes itself with it set (a second start of the
// executable, ~0.08 s of dynamic linking).
if getenv("OMP_THREAD_LIMIT") == nil {
    setenv("OMP_THREAD_LIMIT", "1", 1)
    if Frontend.recognizesTextInProcess(arguments) {
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // exec failed (no /proc): carry on, only slower.
    }
}

let code = await Frontend.main(arguments)
exit(code.rawValue)
