import LineEditor
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the REPL writes: records and listings to one stream, reasons to another.
public protocol Console: AnyObject {
    /// A line of results: `Saved …`, history, listings.
    func say(_ line: String)
    /// A one-line reason something was refused, or a notice.
    func warn(_ line: String)
}

/// Standard output and standard error, unbuffered per line.
public final class StandardConsole: Console {
    public init() {}

    public func say(_ line: String) {
        Self.write(STDOUT_FILENO, line + "\n")
    }

    public func warn(_ line: String) {
        Self.write(STDERR_FILENO, line + "\n")
    }

    static func write(_ fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    // SIGTERM or SIGHUP must not wait for a terminal that stopped reading.
                    if errno == EINTR, Signals.terminationSignal == 0 { continue }
                    return
                }
                offset += written
            }
        }
    }
}
