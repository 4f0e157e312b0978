#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's environment as it is now, read straight from `environ`:
/// Foundation's `ProcessInfo.environment` builds the same dictionary through
/// its own string bridging, at every call, a tenth of a millisecond each on
/// the logger's start, which asks several times.
enum ProcessEnvironment {
    /// One variable, as getenv(3) finds it.
    static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Only these variables (those that are set).
    static func values(_ names: [String]) -> [String: String] {
        var values: [String: String] = [:]
        for name in names { values[name] = value(name) }
        return values
    }

    static var current: [String: String] {
        var values: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                // The first of two equal names wins, as getenv(3) finds it.
                if values[name] == nil { values[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return values
    }
}
