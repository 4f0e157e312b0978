import TopWeightCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard output and standard error, unbuffered per line.
public final class StandardConsole: Console {
    public init() {}

    public func say(_ line: String) {
        RawKeys.write(line + "\n", to: STDOUT_FILENO)
    }

    public func warn(_ line: String) {
        RawKeys.write(line + "\n", to: STDERR_FILENO)
    }
}
