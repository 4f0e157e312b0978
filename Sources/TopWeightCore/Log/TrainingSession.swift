import Foundation

/// One member's sets on one local day, with what is kept beside them.
public struct TrainingSession: Sendable, Hashable {
    public var day: LocalDay
    public var user: String
    /// Oldest first: the order the sets were done.
    public var records: [WorkoutRecord]
    public var note: String?
    public var routine: String?

    public init(day: LocalDay, user: String, records: [WorkoutRecord], note: String? = nil, routine: String? = nil) {
        self.day = day
        self.user = user
        self.records = records
        self.note = note
        self.routine = routine
    }

    /// Sets done: each record counts its series.
    public var sets: Int { records.reduce(0) { $0 + $1.values.series } }

    /// The day's volume in kilograms, loads only (`SetValues.volumeKilograms`).
    public var volumeKilograms: Double {
        records.reduce(0) { total, record in
            total + record.values.volumeKilograms
        }
    }

    /// The exercises, each once, in the order first done.
    public var exercises: [String] {
        var seen: Set<String> = []
        return records.map(\.exercise).filter { seen.insert(NameRules.key($0)).inserted }
    }
}

/// A month of one member's training, for the calendar.
public struct TrainingMonth: Sendable, Hashable {
    public var month: LocalMonth
    /// Oldest first, one per day with sets.
    public var sessions: [TrainingSession]

    public init(month: LocalMonth, sessions: [TrainingSession]) {
        self.month = month
        self.sessions = sessions
    }
}

/// One step of `:repeat` or `:start`: an exercise and the numbers offered.
public struct PlannedSet: Sendable, Hashable {
    public var exercise: String
    public var values: SetValues?

    public init(exercise: String, values: SetValues?) {
        self.exercise = exercise
        self.values = values
    }
}
