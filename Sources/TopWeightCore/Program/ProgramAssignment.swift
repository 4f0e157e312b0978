import Foundation

/// A member's program, as the database keeps it (one truth for every
/// terminal): which program, where they are in it and their training maxes,
/// the workout they last finished, and an unfinished `:go` to come back to.
public struct ProgramAssignment: Sendable, Hashable {
    public var program: String
    public var progress: ProgramProgress
    public var assignedAt: Date
    /// When the member last finished a day of it.
    public var lastDoneAt: Date?
    /// Which day that was.
    public var lastDone: DayRef?

    /// A day of a program, 1-based as a person counts: week 2 day 1.
    public struct DayRef: Sendable, Hashable, Codable {
        public var week: Int
        public var day: Int
    }

    /// Days finished in a row with a set missed, the most of any exercise (a stall).
    public var stalled: Int { progress.misses.values.max() ?? 0 }

    public init(program: String, progress: ProgramProgress, assignedAt: Date, lastDoneAt: Date? = nil, lastDone: DayRef? = nil) {
        self.program = program
        self.progress = progress
        self.assignedAt = assignedAt
        self.lastDoneAt = lastDoneAt
        self.lastDone = lastDone
    }

    // MARK: - Stored form

    /// The progress as the database stores it: JSON, keys sorted (the same
    /// bytes for the same state on every engine).
    public var storedProgress: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(Stored(progress: progress, lastDone: lastDone)))
            .flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
    }

    /// An assignment read back; `nil` when the stored progress is not ours
    /// (another tool wrote it). A value out of range is let go, not the
    /// member: a training max of nothing or less (a rule of an older
    /// release could leave one) reads as no max for that lift, a place
    /// before the start as the start, so the member stays on their program
    /// and the coach sees what to give.
    public init?(program: String, storedProgress: String, assignedAt: Date, lastDoneAt: Date?) {
        guard var stored = try? JSONDecoder().decode(Stored.self, from: Data(storedProgress.utf8)) else { return nil }
        stored.progress.week = max(0, stored.progress.week)
        stored.progress.day = max(0, stored.progress.day)
        stored.progress.cycle = max(0, stored.progress.cycle)
        stored.progress.trainingMaxes = stored.progress.trainingMaxes.filter { $0.value.hundredths > 0 && $0.value.hundredths <= $0.value.unit.maximumHundredths }
        stored.progress.misses = stored.progress.misses.filter { $0.value > 0 }
        self.init(program: program, progress: stored.progress, assignedAt: assignedAt, lastDoneAt: lastDoneAt, lastDone: stored.lastDone)
    }

    private struct Stored: Codable {
        var progress: ProgramProgress
        var lastDone: DayRef?
    }
}

/// A gym's own program file, kept in the database as it was imported.
public struct StoredProgram: Sendable, Hashable {
    public var name: String
    /// The YAML of this one program (a `programs:` file with it alone).
    public var source: String

    public init(name: String, source: String) {
        self.name = name
        self.source = source
    }
}
