import Foundation

/// What the board asks a logbook for: the instants its figures start at and
/// the lifts it ranks. Every figure leaves out private members and deleted sets.
public struct BoardWindow: Sendable, Hashable {
    /// Today, from its first instant up to tomorrow's.
    public var todayStart: Date
    public var tomorrowStart: Date
    /// Monday of this week, and the 1st of this month.
    public var weekStart: Date
    public var monthStart: Date
    /// Where relative strength looks for each member's best lifts.
    public var strengthSince: Date
    /// How far back streaks are counted.
    public var streaksSince: Date
    /// The local days of instants (the time zone's offsets).
    public var zone: ZoneOffsets
    /// The lifts ranked by e1RM this month, and the three totalled for DOTS.
    public var mainLifts: [String]
    public var totalLifts: [String]
    /// Whether today's sets come with their member's bests before today
    /// (`TodaySet.priorHeaviest`, `priorEstimate`): a live board that keeps
    /// them from its read of the past (`BoardSource.boardBests`) reads today without.
    public var todaysPriors = true

    public init(todayStart: Date, tomorrowStart: Date, weekStart: Date, monthStart: Date, strengthSince: Date,
                streaksSince: Date, zone: ZoneOffsets, mainLifts: [String], totalLifts: [String]) {
        self.todayStart = todayStart
        self.tomorrowStart = tomorrowStart
        self.weekStart = weekStart
        self.monthStart = monthStart
        self.strengthSince = strengthSince
        self.streaksSince = streaksSince
        self.zone = zone
        self.mainLifts = mainLifts
        self.totalLifts = totalLifts
    }

    /// Every name the engine matches by (`NameRules.key`), main and total lifts together.
    public var liftKeys: [String] {
        var seen = Set<String>()
        return (mainLifts + totalLifts).map(NameRules.key).filter { seen.insert($0).inserted }
    }
}

/// What a logbook answers the board with: totals and bests of public members,
/// summed in the engine; `BoardFigures` ranks them.
public struct BoardFacts: Sendable, Hashable {
    /// A member who saved sets today.
    public struct Lifter: Sendable, Hashable {
        public var name: String
        /// Entries, and sets (each entry counts its series).
        public var records: Int
        public var sets: Int
        public var lastAt: Date

        public init(name: String, records: Int, sets: Int, lastAt: Date) {
            self.name = name
            self.records = records
            self.sets = sets
            self.lastAt = lastAt
        }
    }

    /// A working set saved today, with the member's bests of that exercise
    /// before today (kilograms; `nil` when there is none).
    public struct TodaySet: Sendable, Hashable {
        public var id: Int64
        public var user: String
        public var exercise: String
        public var values: SetValues
        public var performedAt: Date
        public var priorHeaviest: Double?
        public var priorEstimate: Double?

        public init(id: Int64, user: String, exercise: String, values: SetValues, performedAt: Date,
                    priorHeaviest: Double?, priorEstimate: Double?) {
            self.id = id
            self.user = user
            self.exercise = exercise
            self.values = values
            self.performedAt = performedAt
            self.priorHeaviest = priorHeaviest
            self.priorEstimate = priorEstimate
        }
    }

    /// A member's bests of one exercise before an instant (kilograms; `nil` when there is none).
    public struct PriorBests: Sendable, Hashable {
        public var heaviest: Double?
        public var estimate: Double?

        public init(heaviest: Double?, estimate: Double?) {
            self.heaviest = heaviest
            self.estimate = estimate
        }
    }

    /// A member's best Epley e1RM of one lift since an instant, in kilograms.
    public struct LiftBest: Sendable, Hashable {
        public var user: String
        public var lift: String
        public var kilograms: Double

        public init(user: String, lift: String, kilograms: Double) {
            self.user = user
            self.lift = lift
            self.kilograms = kilograms
        }
    }

    /// A member's volume (weight × reps × series, kilograms) and sets this week.
    public struct Volume: Sendable, Hashable {
        public var user: String
        public var kilograms: Double
        public var sets: Int

        public init(user: String, kilograms: Double, sets: Int) {
            self.user = user
            self.kilograms = kilograms
            self.sets = sets
        }
    }

    /// A member's newest body weight.
    public struct Body: Sendable, Hashable {
        public var user: String
        public var weight: Weight

        public init(user: String, weight: Weight) {
            self.user = user
            self.weight = weight
        }
    }

    /// A day a member trained (a Monday-to-Sunday week is what streaks count).
    public struct ActiveDay: Sendable, Hashable {
        public var user: String
        public var day: LocalDay

        public init(user: String, day: LocalDay) {
            self.user = user
            self.day = day
        }
    }

    public var lifters: [Lifter]
    public var todaySets: [TodaySet]
    public var monthBests: [LiftBest]
    public var strengthBests: [LiftBest]
    public var bodies: [Body]
    public var weekVolume: [Volume]
    public var activeDays: [ActiveDay]

    public init(lifters: [Lifter] = [], todaySets: [TodaySet] = [], monthBests: [LiftBest] = [], strengthBests: [LiftBest] = [],
                bodies: [Body] = [], weekVolume: [Volume] = [], activeDays: [ActiveDay] = []) {
        self.lifters = lifters
        self.todaySets = todaySets
        self.monthBests = monthBests
        self.strengthBests = strengthBests
        self.bodies = bodies
        self.weekVolume = weekVolume
        self.activeDays = activeDays
    }
}

extension BoardFacts {
    /// The facts of the members whose name keys (`NameRules.key`) are in `members` alone: a team's board.
    public func only(_ members: Set<String>) -> BoardFacts {
        func kept(_ name: String) -> Bool { members.contains(NameRules.key(name)) }
        return BoardFacts(lifters: lifters.filter { kept($0.name) }, todaySets: todaySets.filter { kept($0.user) },
                          monthBests: monthBests.filter { kept($0.user) }, strengthBests: strengthBests.filter { kept($0.user) },
                          bodies: bodies.filter { kept($0.user) }, weekVolume: weekVolume.filter { kept($0.user) },
                          activeDays: activeDays.filter { kept($0.user) })
    }
}
