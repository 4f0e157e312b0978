import Foundation

/// One member's sets on one local day, with what is kept beside them.
public struct TrainingSession: Sendable, Hashable {
    public var day: LocalDay
    public var user: String
    /// Oldest first: the order the sets were done.
    public var records: [WorkoutRecord]
    public var note: String?
    public var routine: String?
    /// The day of its program that the routine was (`week 2 day 1`), for a day walked with `:go`.
    public var programDay: String?

    public init(day: LocalDay, user: String, records: [WorkoutRecord], note: String? = nil, routine: String? = nil,
                programDay: String? = nil) {
        self.day = day
        self.user = user
        self.records = records
        self.note = note
        self.routine = routine
        self.programDay = programDay
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

/// One step of `:repeat`, `:start` or `:go`: an exercise and the numbers offered.
public struct PlannedSet: Sendable, Hashable {
    public var exercise: String
    public var values: SetValues?
    /// How the set is saved when it is not a working set: a program's warm-up.
    public var mark: SetKind?
    /// A "+" set (as many reps as possible): its reps are the member's to
    /// say, so none is offered; `values` holds the least.
    public var amrap: Bool
    /// The rest after it, in seconds, as the routine's or program's step says (`rest: 90`; 0: none).
    public var rest: Int?
    /// Its place in a superset (`A1`: group A, its first lift), when it is in one.
    public var superset: String?

    public init(exercise: String, values: SetValues?, mark: SetKind? = nil, amrap: Bool = false, rest: Int? = nil, superset: String? = nil) {
        self.exercise = exercise
        self.values = values
        self.mark = mark
        self.amrap = amrap
        self.rest = rest
        self.superset = superset
    }
}
