import Foundation

/// A member's sets on one local day, totalled by the logbook.
public struct DayTotals: Sendable, Hashable {
    public var day: LocalDay
    /// Entries saved that day.
    public var records: Int
    /// Sets done: each entry counts its series.
    public var sets: Int
    /// Volume in kilograms, loads only (`SetValues.volumeKilograms`).
    public var volumeKilograms: Double

    public init(day: LocalDay, records: Int, sets: Int, volumeKilograms: Double) {
        self.day = day
        self.records = records
        self.sets = sets
        self.volumeKilograms = volumeKilograms
    }
}

/// A member's sets of one exercise, totalled by the logbook.
public struct ExerciseTotals: Sendable, Hashable {
    public var exercise: String
    public var category: String?
    public var records: Int
    public var sets: Int
    public var volumeKilograms: Double

    public init(exercise: String, category: String?, records: Int, sets: Int, volumeKilograms: Double) {
        self.exercise = exercise
        self.category = category
        self.records = records
        self.sets = sets
        self.volumeKilograms = volumeKilograms
    }
}

/// The stats header of a member: how regularly and how much they train.
///
/// Every live set counts, warm-ups included (they were done; sessions and the
/// calendar count them too). Weeks run Monday to Sunday; days are local days.
public struct TrainingStats: Sendable, Hashable {
    /// Sessions (days with sets), sets and volume over a span.
    public struct Tally: Sendable, Hashable {
        public var sessions = 0
        public var sets = 0
        public var volumeKilograms = 0.0

        mutating func add(_ day: DayTotals) {
            sessions += 1
            sets += day.sets
            volumeKilograms += day.volumeKilograms
        }
    }

    /// Volume of one category of exercise (`nil`: exercises without one).
    public struct CategoryVolume: Sendable, Hashable {
        public var category: String?
        public var volumeKilograms: Double
        public var sets: Int
    }

    public var today: LocalDay
    /// Weeks in a row with at least one session, ending this week, or last
    /// week while this one has none yet; 0 when neither has one.
    public var weeksActiveStreak: Int
    /// Monday through today.
    public var thisWeek: Tally
    /// The 1st of the month through today.
    public var thisMonth: Tally
    public var allTime: Tally
    /// The newest day with sets (up to today).
    public var lastLift: LocalDay?
    public var daysSinceLastLift: Int?
    /// The first day with sets.
    public var firstLift: LocalDay?
    /// The exercises with the most sets, most first (at most `mostTrainedLimit`).
    public var mostTrained: [ExerciseTotals]
    /// Every category's volume, most first.
    public var volumeByCategory: [CategoryVolume]

    /// How many exercises `mostTrained` names.
    public static let mostTrainedLimit = 5

    /// The stats from the logbook's totals, seen on `today`. Days after today
    /// (a set dated ahead in another zone) count in all time only.
    public init(days: [DayTotals], exercises: [ExerciseTotals], today: LocalDay) {
        self.today = today
        var thisWeek = Tally()
        var thisMonth = Tally()
        var allTime = Tally()
        var weeks = Set<Int>()
        var last: LocalDay?
        var first: LocalDay?
        let week = today.mondayWeek
        for totals in days {
            allTime.add(totals)
            first = min(first ?? totals.day, totals.day)
            guard totals.day <= today else { continue }
            weeks.insert(totals.day.mondayWeek)
            last = max(last ?? totals.day, totals.day)
            if totals.day.mondayWeek == week { thisWeek.add(totals) }
            if totals.day.year == today.year, totals.day.month == today.month { thisMonth.add(totals) }
        }
        var streak = 0
        var counted = weeks.contains(week) ? week : week - 1
        while weeks.contains(counted) {
            streak += 1
            counted -= 1
        }
        weeksActiveStreak = streak
        self.thisWeek = thisWeek
        self.thisMonth = thisMonth
        self.allTime = allTime
        lastLift = last
        daysSinceLastLift = last.map { today.daysSince1970 - $0.daysSince1970 }
        firstLift = first
        mostTrained = Array(exercises.sorted {
            ($0.sets, $1.exercise) > ($1.sets, $0.exercise)
        }.prefix(Self.mostTrainedLimit))
        var byCategory: [String?: CategoryVolume] = [:]
        for totals in exercises {
            let key = totals.category.flatMap { $0.isEmpty ? nil : $0 }
            byCategory[key, default: CategoryVolume(category: key, volumeKilograms: 0, sets: 0)].volumeKilograms += totals.volumeKilograms
            byCategory[key]?.sets += totals.sets
        }
        volumeByCategory = byCategory.values.sorted {
            ($0.volumeKilograms, $1.category ?? "") > ($1.volumeKilograms, $0.category ?? "")
        }
    }

    /// Total volume of every live set, in kilograms.
    public var totalVolumeKilograms: Double { allTime.volumeKilograms }
}
