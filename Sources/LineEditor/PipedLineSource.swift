import TopWeightCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines from a pipe or a file: no prompts, no editing, the same flow.
public final class PipedLineSource: LineSource {
    private var reader: ByteReader
    /// Lines longer than this are cut here; the REPL refuses them anyway.
    private let maximumBytes = 1 << 16
    /// Read in blocks, not a byte at a time: 2 000 lines cost a few dozen
    /// `read` calls instead of one `read` and one `poll` per byte.
    private static let blockSize = 1 << 16
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var start = 0
    /// Input ended (or failed) after the bytes still in `buffer`.
    private var ended = false

    public init(fd: Int32 = STDIN_FILENO) {
        reader = ByteReader(fd: fd)
    }

    public var isInteractive: Bool { false }

    public func setIdleTimeout(_ seconds: Double?) {
        reader.timeoutMilliseconds = seconds.map { Int32(min($0 * 1000, Double(Int32.max))) } ?? -1
    }

    public func forget() {}

    public func readLine(prompt: String, complete: ((String) -> Completions)?) -> LineEvent {
        var searched = start
        while true {
            if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Self.decode(buffer[start..<min(newline, start + maximumBytes)])
                start = newline + 1
                compact()
                return .line(line)
            }
            searched = buffer.count
            if ended {
                guard start < buffer.count else { return .endOfInput }
                let line = Self.decode(buffer[start..<min(buffer.count, start + maximumBytes)])
                start = buffer.count
                compact()
                return .line(line)
            }
            switch reader.nextBlock(capacity: Self.blockSize) {
            case .success(let block):
                // A line past the limit keeps its first part; the rest is dropped unread.
                if buffer.count - start > maximumBytes, !block.contains(UInt8(ascii: "\n")) { continue }
                buffer.append(contentsOf: block)
            case .failure(.endOfInput), .failure(.byte):
                ended = true
            case .failure(.interrupted):
                return .interrupted
            case .failure(.timedOut):
                return .timedOut
            case .failure(.terminated):
                return .terminated
            }
        }
    }

    public func readKey(prompt: String) -> LineEvent {
        readLine(prompt: prompt, complete: nil)
    }

    /// Drops the lines already returned once they are most of the buffer.
    private func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > Self.blockSize {
            buffer.removeSubrange(..<start)
            start = 0
        }
    }

    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var bytes = bytes
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
