#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads single bytes from a file descriptor, waking up for signals and the idle timeout.
struct ByteReader {
    enum Outcome: Error, Equatable {
        case byte(UInt8)
        case endOfInput
        case interrupted
        case timedOut
        case terminated
    }

    var fd: Int32
    /// Milliseconds to wait for a byte, or -1 for ever.
    var timeoutMilliseconds: Int32 = -1
    /// Bytes already taken from `fd` and not yet handed out (see `takeWaitingInput`).
    private let waiting = Waiting()

    private final class Waiting {
        var bytes: [UInt8] = []
        var next = 0
    }

    /// Reads every byte `fd` has ready now, to hand out before reading it
    /// again: what was typed ahead survives something that would discard the
    /// terminal's unread input (ending a libedit instance does).
    func takeWaitingInput() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) > 0, poller.revents & Int16(POLLIN) != 0 else { return }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            waiting.bytes.append(contentsOf: buffer[0..<count])
        }
    }

    /// Throws away every byte typed ahead: those already taken and those
    /// arriving until `settling` milliseconds pass without one (a paste can
    /// reach the terminal in several pieces).
    func dropWaitingInput(settling: Int32) {
        waiting.bytes.removeAll()
        waiting.next = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, settling) > 0, poller.revents & Int16(POLLIN) != 0 else { return }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
        }
    }

    func next() -> Outcome {
        next(timeout: timeoutMilliseconds)
    }

    /// The next byte, waiting at most `timeout` milliseconds (-1: for ever).
    func next(timeout: Int32) -> Outcome {
        next(timeout: timeout, peekOnly: false)
    }

    /// `.byte(0)` once a byte is ready, without reading it; `.timedOut`
    /// after `timeout` milliseconds without one.
    func ready(within timeout: Int32) -> Outcome {
        next(timeout: timeout, peekOnly: true)
    }

    /// With `peekOnly`, returns `.byte(0)` once a byte is ready, without reading it.
    private func next(timeout: Int32, peekOnly: Bool) -> Outcome {
        while true {
            if let outcome = signalOutcome() { return outcome }
            if waiting.next < waiting.bytes.count {
                if peekOnly { return .byte(0) }
                let byte = waiting.bytes[waiting.next]
                waiting.next += 1
                if waiting.next == waiting.bytes.count {
                    waiting.bytes.removeAll()
                    waiting.next = 0
                }
                return .byte(byte)
            }
            var pollers = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: Signals.wakeReader.load(ordering: .relaxed), events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&pollers, pollers[1].fd >= 0 ? 2 : 1, timeout)
            if ready == 0 { return .timedOut }
            if ready < 0 {
                if errno == EINTR { continue }
                return .endOfInput
            }
            if pollers[1].revents != 0 {
                Signals.drainWake()
                continue
            }
            if peekOnly { return .byte(0) }
            var byte: UInt8 = 0
            let count = read(fd, &byte, 1)
            if count == 1 { return .byte(byte) }
            if count == 0 { return .endOfInput }
            if errno == EINTR || errno == EAGAIN { continue }
            return .endOfInput
        }
    }

    /// Up to `capacity` bytes, as many as one `read` gives; waits like `next`.
    func nextBlock(capacity: Int) -> Result<[UInt8], Outcome> {
        switch next(timeout: timeoutMilliseconds, peekOnly: true) {
        case .byte: break
        case let other: return .failure(other)
        }
        var block = [UInt8](repeating: 0, count: capacity)
        while true {
            let count = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, capacity) }
            if count > 0 {
                block.removeSubrange(count...)
                return .success(block)
            }
            if count == 0 { return .failure(.endOfInput) }
            if errno == EINTR || errno == EAGAIN {
                if let outcome = signalOutcome() { return .failure(outcome) }
                continue
            }
            return .failure(.endOfInput)
        }
    }

    private func signalOutcome() -> Outcome? {
        if Signals.terminationSignal != 0 { return .terminated }
        if Signals.takeInterrupt() { return .interrupted }
        return nil
    }

    /// Reads one UTF-8 encoded scalar; malformed sequences become U+FFFD.
    func nextScalar() -> Result<Unicode.Scalar, Outcome> {
        nextScalar(timeout: timeoutMilliseconds)
    }

    /// The same, waiting at most `timeout` milliseconds for its first byte.
    func nextScalar(timeout: Int32) -> Result<Unicode.Scalar, Outcome> {
        let first: UInt8
        switch next(timeout: timeout) {
        case .byte(let byte): first = byte
        case let other: return .failure(other)
        }
        let length: Int
        switch first {
        case 0x00..<0x80: return .success(Unicode.Scalar(first))
        case 0xC2..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF5: length = 4
        default: return .success("\u{FFFD}")
        }
        var bytes = [first]
        for _ in 1..<length {
            switch next() {
            case .byte(let byte) where byte & 0xC0 == 0x80: bytes.append(byte)
            case .byte: return .success("\u{FFFD}")
            case let other: return .failure(other)
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self), let scalar = text.unicodeScalars.first else {
            return .success("\u{FFFD}")
        }
        return .success(scalar)
    }
}
