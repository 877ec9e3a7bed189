import Glibc

/// Writing to the terminal: stdout for results, stderr for progress and errors.
enum Terminal {
    static func out(_ s: String) {
        write(STDOUT_FILENO, s + "\n")
    }

    static func err(_ s: String) {
        write(STDERR_FILENO, s + "\n")
    }

    /// Writes all of `s` to a file descriptor (unbuffered, so progress and results interleave correctly).
    static func write(_ fd: Int32, _ s: String) {
        var bytes = Array(s.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(n)
        }
    }

    static var stderrIsTTY: Bool { isatty(STDERR_FILENO) == 1 }

    /// Columns of the terminal on stderr (80 when unknown).
    static var width: Int {
        var ws = winsize()
        if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0 { return Int(ws.ws_col) }
        return 80
    }

    /// Replaces control characters (from file names) so they cannot move the cursor or garble a line.
    static func printable(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }
}
