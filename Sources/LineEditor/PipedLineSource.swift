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

    public init(fd: Int32 = STDIN_FILENO) {
        reader = ByteReader(fd: fd)
    }

    public var isInteractive: Bool { false }

    public func setIdleTimeout(_ seconds: Double?) {
        reader.timeoutMilliseconds = seconds.map { Int32(min($0 * 1000, Double(Int32.max))) } ?? -1
    }

    public func forget() {}

    public func readLine(prompt: String, complete: ((String) -> [String])?) -> LineEvent {
        var bytes: [UInt8] = []
        while true {
            switch reader.next() {
            case .byte(UInt8(ascii: "\n")):
                return .line(Self.decode(bytes))
            case .byte(let byte):
                if bytes.count < maximumBytes { bytes.append(byte) }
            case .endOfInput:
                return bytes.isEmpty ? .endOfInput : .line(Self.decode(bytes))
            case .interrupted:
                return .interrupted
            case .timedOut:
                return .timedOut
            case .terminated:
                return .terminated
            }
        }
    }

    public func readKey(prompt: String) -> LineEvent {
        readLine(prompt: prompt, complete: nil)
    }

    static func decode(_ bytes: [UInt8]) -> String {
        var bytes = bytes[...]
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
