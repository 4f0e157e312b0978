#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The system's random words (its kernel's generator, as
/// `SystemRandomNumberGenerator` draws them), drawn 64 at a time: one
/// `getrandom` call for 32 new records' ids rather than two calls a save.
/// A word is handed out once and wiped from the pool as it is.
struct RandomWords: RandomNumberGenerator {
    private static let pool = Mutex(Pool())

    mutating func next() -> UInt64 {
        Self.pool.withLock { $0.next() }
    }

    private struct Pool: ~Copyable {
        private var words = [UInt64](repeating: 0, count: 64)
        private var used = 64

        mutating func next() -> UInt64 {
            if used == words.count {
                Self.fill(&words)
                used = 0
            }
            let word = words[used]
            words[used] = 0
            used += 1
            return word
        }

        private static func fill(_ words: inout [UInt64]) {
            #if canImport(Glibc) || canImport(Darwin)
            // glibc's `arc4random_buf` is one `getrandom` call for the whole block (Darwin's its own CSPRNG).
            words.withUnsafeMutableBytes { arc4random_buf($0.baseAddress!, $0.count) }
            #else
            var system = SystemRandomNumberGenerator()
            for index in words.indices { words[index] = system.next() }
            #endif
        }
    }
}
