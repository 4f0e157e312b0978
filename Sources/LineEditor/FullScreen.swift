import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal taken over whole for a display (`topweight board`): the
/// alternate screen, no cursor, keys read one at a time without echo or
/// signals (Ctrl-C, Ctrl-Z, Ctrl-\ arrive as keys, which a display ignores),
/// and everything put back as it was on the way out.
public final class FullScreen {
    let input: Int32
    let output: Int32
    private var saved = termios()
    private var entered = false

    /// `nil` when standard input or output is not a terminal.
    public init?(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        guard isatty(input) == 1, isatty(output) == 1 else { return nil }
        self.input = input
        self.output = output
    }

    /// Columns and lines of the terminal (80 × 24 when it won't say).
    public var size: (width: Int, height: Int) {
        var window = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return (80, 24) }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    public func enter() {
        guard !entered else { return }
        tcgetattr(input, &saved)
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        tcsetattr(input, TCSANOW, &raw)
        entered = true
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    }

    public func leave() {
        guard entered else { return }
        write("\u{1B}[0m\u{1B}[2J\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(input, TCSANOW, &saved)
        entered = false
    }

    /// Draws `lines` from the top left, each line cleared to its end and
    /// everything below the last cleared: one write, no flicker.
    public func draw(_ lines: [String]) {
        var frame = "\u{1B}[H"
        for (index, line) in lines.enumerated() {
            frame += line + "\u{1B}[0m\u{1B}[K" + (index == lines.count - 1 ? "" : "\r\n")
        }
        frame += "\u{1B}[J"
        write(frame)
    }

    /// Waits up to `milliseconds` for keys; returns those read (empty when
    /// none came), or `nil` once the terminal is gone (hung up).
    public func keys(waiting milliseconds: Int32) -> [UInt8]? {
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return [] }
        if descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0, descriptor.revents & Int16(POLLIN) == 0 { return nil }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count > 0 { return Array(buffer.prefix(count)) }
        return count == 0 || (errno != EINTR && errno != EAGAIN) ? nil : []
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { writeOut(output, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// The system's `write`, under a name the screen's own `write` doesn't hide.
private func writeOut(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}
