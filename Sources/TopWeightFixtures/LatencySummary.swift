import Foundation

/// The figures of a run of timed saves: what `topweight bench` prints and gates on.
public struct LatencySummary: Sendable {
    public var p50: Duration
    public var p99: Duration
    public var max: Duration
    public var mean: Duration

    public init(_ samples: [Duration]) {
        let sorted = samples.sorted()
        p50 = Self.percentile(50, of: sorted)
        p99 = Self.percentile(99, of: sorted)
        max = sorted.last ?? .zero
        mean = sorted.isEmpty ? .zero : sorted.reduce(.zero, +) / sorted.count
    }

    /// The p99 in milliseconds, for a gate such as `--max-p99-ms`.
    public var p99Milliseconds: Double {
        p99.inSeconds * 1_000
    }

    /// Nearest rank: the smallest sample with at least `percent`% of samples at or below it.
    static func percentile(_ percent: Double, of sorted: [Duration]) -> Duration {
        guard !sorted.isEmpty else { return .zero }
        let rank = Int((percent / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank - 1))]
    }
}

/// Why a benchmark could not run or does not count, in one line: bad
/// input to the command (exit 64), where a `LogbookError` is the database's.
public struct BenchFailure: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

// MARK: - Text

extension Duration {
    /// The duration in seconds, as a `Double`.
    package var inSeconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

/// The columns the benchmark's tables print in.
package enum Columns {
    /// `    0.061 ms`, right-aligned in 13 columns.
    package static func ms(_ duration: Duration) -> String {
        right(String(format: "%.3f ms", duration.inSeconds * 1_000))
    }

    package static func right(_ text: String, _ width: Int = 13) -> String {
        String(repeating: " ", count: Swift.max(0, width - text.count)) + text
    }

    package static func left(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: Swift.max(0, width - text.count))
    }
}

/// Milliseconds since 1970, as the schema stores times.
package func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1_000).rounded())
}
