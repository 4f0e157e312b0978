import Foundation

/// The gym's board, ranked from a logbook's `BoardFacts`: what `topweight
/// board` draws and `topweight serve` shows, so both say the same thing.
/// Pure: the facts and the day in, the figures out.
public struct BoardFigures: Sendable, Hashable {
    /// A member who trained today, with their sets.
    public struct Lifter: Sendable, Hashable {
        public var name: String
        public var sets: Int
        public var records: Int
    }

    /// A set that beat the member's best before it: the heaviest weight, the
    /// best Epley e1RM, or both.
    public struct Record: Sendable, Hashable {
        public var user: String
        public var exercise: String
        public var values: SetValues
        public var kinds: [RecordKind]
        /// The set's e1RM, in kilograms.
        public var estimate: Double
        public var performedAt: Date
    }

    /// The best e1RM of a main lift this month, with who did it (best first).
    public struct LiftLeaders: Sendable, Hashable {
        public var lift: String
        public var leaders: [Ranked]
    }

    /// A member and a number in kilograms (or points, for DOTS).
    public struct Ranked: Sendable, Hashable {
        public var user: String
        public var value: Double
    }

    /// A member's DOTS from the total of their best e1RMs in the three lifts.
    public struct Strength: Sendable, Hashable {
        public var user: String
        public var dots: Double
        public var totalKilograms: Double
        public var bodyWeightKilograms: Double
    }

    /// A member's weeks in a row with a session, ending this week or last.
    public struct Streak: Sendable, Hashable {
        public var user: String
        public var weeks: Int
        /// The streak reaches back past the window counted: at least `weeks`.
        public var atLeast: Bool
    }

    public var today: LocalDay
    public var lifters: [Lifter]
    public var records: [Record]
    public var lifts: [LiftLeaders]
    public var strength: [Strength]
    public var volume: [Ranked]
    public var streaks: [Streak]
    /// The lifts the DOTS total adds.
    public var totalLifts: [String]

    /// How many rows each ranked list keeps.
    public static let rows = 10
    /// How many leaders each main lift shows.
    public static let leadersPerLift = 3

    /// Ranks `facts` as seen on `today`; `window` says which lifts and how far back streaks go.
    public init(facts: BoardFacts, window: BoardWindow, today: LocalDay, streaksFrom firstDay: LocalDay) {
        self.today = today
        totalLifts = window.totalLifts
        lifters = facts.lifters
            .sorted { ($0.sets, $1.name) > ($1.sets, $0.name) }
            .map { Lifter(name: $0.name, sets: $0.sets, records: $0.records) }
        records = Self.records(facts.todaySets)
        lifts = Self.leaders(facts.monthBests, lifts: window.mainLifts)
        strength = Self.strength(facts.strengthBests, bodies: facts.bodies, lifts: window.totalLifts)
        volume = facts.weekVolume
            .filter { $0.kilograms > 0 }
            .sorted { ($0.kilograms, $1.user) > ($1.kilograms, $0.user) }
            .prefix(Self.rows)
            .map { Ranked(user: $0.user, value: $0.kilograms) }
        streaks = Self.streaks(facts.activeDays, today: today, firstWeek: firstDay.mondayWeek)
    }

    // MARK: - Ranking

    /// Today's records, newest first: each working set judged by the one
    /// rule (`RecordBook`) against the member's bests before it (before
    /// today, then today's earlier sets), as the rack announced it. The board
    /// names the heaviest and e1RM records (what it knows of the days before
    /// today); a member's first set of an exercise beats nothing.
    static func records(_ sets: [BoardFacts.TodaySet]) -> [Record] {
        var book = RecordBook()
        var found: [Record] = []
        let formula = ExerciseBests.formula
        let ordered = sets.sorted { ($0.performedAt, $0.id) < ($1.performedAt, $1.id) }
        var known = Set<[String]>()
        for set in ordered where known.insert([NameRules.key(set.user), NameRules.key(set.exercise)]).inserted {
            book.know(user: set.user, exercise: set.exercise, heaviest: set.priorHeaviest, estimate: set.priorEstimate)
        }
        for set in ordered {
            let record = WorkoutRecord(id: set.id, user: set.user, exercise: set.exercise, values: set.values, performedAt: set.performedAt)
            let kinds = book.judge(record).records.map(\.kind).filter { $0 == .heaviest || $0 == .e1rm }
            guard !kinds.isEmpty else { continue }
            let weight = PersonalRecord.centikilograms(set.values.weight)
            let estimate = formula.centikilograms(of: set.values.weight, reps: set.values.reps) ?? weight
            found.append(Record(user: set.user, exercise: set.exercise, values: set.values, kinds: kinds,
                                estimate: Double(estimate) / 100, performedAt: set.performedAt))
        }
        return Array(found.reversed().prefix(rows))
    }

    /// The month's leaders of each main lift, in the window's order; a lift
    /// nobody did this month is left out.
    static func leaders(_ bests: [BoardFacts.LiftBest], lifts: [String]) -> [LiftLeaders] {
        lifts.compactMap { lift in
            let key = NameRules.key(lift)
            let ranked = bests.filter { NameRules.key($0.lift) == key }
                .sorted { ($0.kilograms, $1.user) > ($1.kilograms, $0.user) }
                .prefix(leadersPerLift)
                .map { Ranked(user: $0.user, value: $0.kilograms) }
            return ranked.isEmpty ? nil : LiftLeaders(lift: lift, leaders: Array(ranked))
        }
    }

    /// DOTS of the members with a body weight and a best in every one of `lifts`.
    static func strength(_ bests: [BoardFacts.LiftBest], bodies: [BoardFacts.Body], lifts: [String]) -> [Strength] {
        let keys = Set(lifts.map(NameRules.key))
        var totals: [String: (kilograms: Double, lifts: Set<String>)] = [:]
        for best in bests where keys.contains(NameRules.key(best.lift)) {
            let key = NameRules.key(best.lift)
            var total = totals[best.user] ?? (0, [])
            guard !total.lifts.contains(key) else { continue }
            total.kilograms += best.kilograms
            total.lifts.insert(key)
            totals[best.user] = total
        }
        return bodies.compactMap { body -> Strength? in
            guard let total = totals[body.user], total.lifts == keys,
                  let dots = Dots.score(totalKilograms: total.kilograms, bodyWeightKilograms: body.weight.kilograms) else { return nil }
            return Strength(user: body.user, dots: dots, totalKilograms: total.kilograms, bodyWeightKilograms: body.weight.kilograms)
        }
        .sorted { ($0.dots, $1.user) > ($1.dots, $0.user) }
        .prefix(rows)
        .map { $0 }
    }

    /// Weeks in a row with a session, ending this week, or last week while
    /// this one has none yet; members with fewer than two are left out.
    static func streaks(_ days: [BoardFacts.ActiveDay], today: LocalDay, firstWeek: Int) -> [Streak] {
        var weeks: [String: Set<Int>] = [:]
        for active in days where active.day <= today {
            weeks[active.user, default: []].insert(active.day.mondayWeek)
        }
        let thisWeek = today.mondayWeek
        return weeks.compactMap { user, trained -> Streak? in
            var week = trained.contains(thisWeek) ? thisWeek : thisWeek - 1
            var count = 0
            while trained.contains(week) {
                count += 1
                week -= 1
            }
            guard count >= 2 else { return nil }
            return Streak(user: user, weeks: count, atLeast: week < firstWeek)
        }
        .sorted { ($0.weeks, $1.user) > ($1.weeks, $0.user) }
        .prefix(rows)
        .map { $0 }
    }
}
