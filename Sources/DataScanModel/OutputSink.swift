import Foundation

/// A buffered byte writer: text is appended as UTF-8 to a buffer that goes to a file descriptor with `write(2)`
/// whenever it holds 64 KB, so writing a large job costs one system call per 64 KB and little memory.
///
/// Noncopyable on purpose: a copy would share the file descriptor but not the buffer, and the same bytes could
/// be written twice or lost. Pass it `inout`. Call ``flush()`` at the end (``AtomicFile`` does it for you).
package struct OutputSink: ~Copyable, Sendable {
    /// When the buffer reaches this size it is written out.
    package static let chunkSize = 64 * 1024

    private enum Target: Sendable {
        case descriptor(Int32)
        /// Keeps everything in memory (tests, small documents built as text).
        case memory
    }

    private let target: Target
    /// The file named in errors.
    package let path: String
    private var buffer: [UInt8] = []

    /// Writes to an open file descriptor, which the caller owns (the sink never closes it).
    /// - Parameter path: the file's name for error messages.
    package init(fileDescriptor: Int32, path: String) {
        self.target = .descriptor(fileDescriptor)
        self.path = path
        buffer.reserveCapacity(Self.chunkSize + 1024)
    }

    private init(memoryNamed path: String) {
        self.target = .memory
        self.path = path
    }

    /// A sink on the process's standard output.
    package static func standardOutput() -> OutputSink {
        OutputSink(fileDescriptor: STDOUT_FILENO, path: "<stdout>")
    }

    /// A sink that keeps all bytes in memory; read them with ``bytes`` or ``text``.
    package static func inMemory() -> OutputSink {
        OutputSink(memoryNamed: "<memory>")
    }

    /// The bytes not yet written out (for an in-memory sink: everything written so far).
    package var bytes: [UInt8] { buffer }

    /// ``bytes`` as a string (invalid UTF-8 repaired with U+FFFD, which cannot happen for text written as `String`).
    package var text: String { String(decoding: buffer, as: UTF8.self) }

    /// Appends a string as UTF-8.
    package mutating func write(_ string: String) throws {
        var string = string
        // withUTF8 makes the string native if it was bridged, then hands out its contiguous bytes: one memcpy.
        string.withUTF8 { buffer.append(contentsOf: $0) }
        if buffer.count >= Self.chunkSize { try flush() }
    }

    /// Appends one byte (an ASCII character such as `,` or `\n`).
    package mutating func write(byte: UInt8) throws {
        buffer.append(byte)
        if buffer.count >= Self.chunkSize { try flush() }
    }

    /// Appends raw bytes.
    package mutating func write(bytes: some Sequence<UInt8>) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.chunkSize { try flush() }
    }

    /// Appends an integer in decimal without building an intermediate string.
    package mutating func write(integer value: Int) throws {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude)
        if buffer.count >= Self.chunkSize { try flush() }
    }

    /// Appends the decimal digits of `value`.
    package mutating func appendDigits(_ value: UInt) {
        if value < 10 {
            buffer.append(UInt8(ascii: "0") &+ UInt8(value))
            return
        }
        var digitCount = 1
        var scale = value
        while scale >= 10 {
            scale /= 10
            digitCount += 1
        }
        // Reserve the digits' places, then fill them from the least significant end: no temporary string.
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digitCount))
        var rest = value
        var index = start + digitCount - 1
        while rest > 0 {
            buffer[index] = UInt8(ascii: "0") &+ UInt8(rest % 10)
            rest /= 10
            index -= 1
        }
    }

    /// Appends bytes without checking whether the buffer is full; the caller flushes (``flushIfFull()``).
    package mutating func appendUnchecked(_ byte: UInt8) {
        buffer.append(byte)
    }

    /// Appends bytes without checking whether the buffer is full; the caller flushes (``flushIfFull()``).
    package mutating func appendUnchecked(_ bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Appends a slice of a string's UTF-8 without checking whether the buffer is full.
    package mutating func appendUnchecked(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
        buffer.append(contentsOf: bytes)
    }

    /// Writes the buffer out when it has reached ``chunkSize``.
    package mutating func flushIfFull() throws {
        if buffer.count >= Self.chunkSize { try flush() }
    }

    /// Writes everything buffered to the file descriptor (a no-op for an in-memory sink).
    /// Retries interrupted and partial writes; waits when a non-blocking descriptor is full.
    package mutating func flush() throws {
        guard case .descriptor(let fd) = target, !buffer.isEmpty else { return }
        let path = self.path
        try buffer.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(fd, base + offset, raw.count - offset)
                if written > 0 {
                    offset += written
                    continue
                }
                let code = written < 0 ? errno : EIO
                switch code {
                case EINTR:
                    continue
                case EAGAIN, EWOULDBLOCK:
                    // A non-blocking stdout (rare, but a parent can hand one over): wait until it drains.
                    var request = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&request, 1, -1)
                default:
                    throw OutputError(.write, path: path, code: code)
                }
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

extension OutputSink {
    /// Appends `value` rounded to at most `maxFractionDigits` decimals (0...6), without trailing zeros and
    /// without a decimal point when the rounded value is whole: `0.93`, `12`, `-0.5`. Writes nothing and
    /// returns false for NaN and infinities, which have no place in CSV or JSON numbers.
    /// The caller flushes (``flushIfFull()``).
    package mutating func appendDecimal(_ value: Double, maxFractionDigits: Int) -> Bool {
        guard value.isFinite else { return false }
        let digits = min(max(maxFractionDigits, 0), 6)
        var scale: UInt = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = (value * Double(scale)).rounded()
        // Beyond 2^53 the integer conversion below would lose digits (or trap); such values never occur as
        // coordinates or confidences, but the shortest round-trip form is still a valid CSV and JSON number.
        guard abs(scaled) < 9.0e15 else {
            buffer.append(contentsOf: value.description.utf8)
            return true
        }
        let units = Int(scaled)
        if units < 0 { buffer.append(UInt8(ascii: "-")) }
        let magnitude = units.magnitude
        appendDigits(magnitude / scale)
        var fraction = magnitude % scale
        guard fraction != 0 else { return true }
        var width = digits
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        buffer.append(UInt8(ascii: "."))
        // Leading zeros of the fraction (0.05 → "05").
        var threshold: UInt = 1
        for _ in 1..<width { threshold *= 10 }
        while threshold > fraction {
            buffer.append(UInt8(ascii: "0"))
            threshold /= 10
        }
        appendDigits(fraction)
        return true
    }
}
