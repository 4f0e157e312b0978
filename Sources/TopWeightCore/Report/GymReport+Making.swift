import Foundation

// MARK: - Making a report from what the logbook holds

extension GymReport {
    /// What a report is made from, as the use case reads it.
    public struct Sources: Sendable {
        /// Every member, with whether they keep off the board.
        public var members: [UserSummary]
        /// Every member's live sets from `firstDayRead` through the period's last day.
        public var recent: [WorkoutRecord]
        /// By member (`NameRules.key`), for those with a set in the period:
        /// their live sets up to the period's end (what their PRs are judged from).
        public var histories: [String: [WorkoutRecord]]
        /// By member: their body weights, any order.
        public var bodyWeights: [String: [BodyWeight]]
        /// By member: the program they are on, and the program itself (`nil` when the gym removed it).
        public var programs: [String: FollowedProgram]

        public init(members: [UserSummary], recent: [WorkoutRecord], histories: [String: [WorkoutRecord]] = [:],
                    bodyWeights: [String: [BodyWeight]] = [:], programs: [String: FollowedProgram] = [:]) {
            self.members = members
            self.recent = recent
            self.histories = histories
            self.bodyWeights = bodyWeights
            self.programs = programs
        }
    }

    /// A member's program as assigned, and as the gym has it.
    public struct FollowedProgram: Sendable {
        public var assignment: ProgramAssignment
        public var program: Program?

        public init(assignment: ProgramAssignment, program: Program?) {
            self.assignment = assignment
            self.program = program
        }
    }

    /// The oldest day whose sets a report of `period` reads: the period
    /// before it, the weeks its charts draw, and the weeks a quiet member
    /// must have trained in.
    public static func firstDayRead(for period: ReportPeriod, inactiveAfterDays: Int) -> LocalDay {
        let charts = ReportPeriod.monday(of: period.last).adding(days: -7 * (volumeWeeks - 1))
        let quiet = period.last.adding(days: -(inactiveAfterDays + quietLookback - 1))
        return min(period.previous.first, charts, quiet)
    }

    /// The report of `period` from `sources`, days in `calendar`'s zone;
    /// with `member`, of that member alone (by name key).
    public static func make(_ period: ReportPeriod, inactiveAfterDays: Int, from sources: Sources, calendar: Calendar,
                            member: String? = nil) -> GymReport {
        var byMember: [String: [(day: LocalDay, record: WorkoutRecord)]] = [:]
        for record in sources.recent where record.deletedAt == nil {
            let day = LocalDay(record.performedAt, in: calendar)
            guard day <= period.last else { continue }
            byMember[NameRules.key(record.user), default: []].append((day, record))
        }
        let start = period.first.start(in: calendar)
        var members: [MemberReport] = []
        var quiet: [QuietMember] = []
        for summary in sources.members {
            let key = NameRules.key(summary.user.name)
            if let member, member != key { continue }
            guard let sets = byMember[key], let lastSeen = sets.map(\.day).max() else { continue }
            let daysQuiet = lastSeen.days(to: period.last)
            if daysQuiet >= inactiveAfterDays, daysQuiet < inactiveAfterDays + quietLookback {
                quiet.append(QuietMember(member: summary.user.name, isPrivate: summary.isPrivate, lastSeen: lastSeen, daysQuiet: daysQuiet))
            }
            let inPeriod = sets.filter { period.contains($0.day) }
            guard !inPeriod.isEmpty else { continue }
            let before = period.previous
            var compliance: ProgramCompliance?
            if let followed = sources.programs[key], followed.assignment.assignedAt < period.last.adding(days: 1).start(in: calendar) {
                compliance = ProgramCompliance(program: followed.assignment.program)
                if let program = followed.program {
                    let assigned = LocalDay(followed.assignment.assignedAt, in: calendar)
                    let days = Dictionary(grouping: inPeriod.filter { $0.day >= assigned }, by: \.day)
                    for day in days.keys.sorted() { compliance?.add(day: days[day, default: []].map(\.record), of: program) }
                }
            }
            members.append(MemberReport(
                member: summary.user.name, isPrivate: summary.isPrivate,
                days: Set(inPeriod.map(\.day)).count,
                sets: inPeriod.reduce(0) { $0 + $1.record.values.series },
                volumeKilograms: inPeriod.reduce(0) { $0 + $1.record.values.volumeKilograms },
                volumeBeforeKilograms: sets.filter { before.contains($0.day) }.reduce(0) { $0 + $1.record.values.volumeKilograms },
                records: records(in: sources.histories[key] ?? [], from: start),
                program: compliance,
                bodyWeight: bodyWeightChange(sources.bodyWeights[key] ?? [], period: period, calendar: calendar),
                lastSeen: lastSeen,
                weeklyVolume: weeklyVolume(sets, through: period.last)))
        }
        members.sort { NameRules.key($0.member) < NameRules.key($1.member) }
        quiet.sort { ($1.daysQuiet, NameRules.key($0.member)) < ($0.daysQuiet, NameRules.key($1.member)) }
        return GymReport(period: period, inactiveAfterDays: inactiveAfterDays, members: members, inactive: quiet)
    }

    /// The personal records set from `start` on among `history` (a member's
    /// live sets up to the period's end): per exercise, each best as `prs`
    /// finds it (Epley) whose set was done from `start` on and beat an
    /// earlier set of its kind. By exercise, in `prs`' order of kinds.
    static func records(in history: [WorkoutRecord], from start: Date) -> [PersonalBest] {
        let ordered = history.sorted { ($0.performedAt, $0.id) < ($1.performedAt, $1.id) }
        let byExercise = Dictionary(grouping: ordered, by: { NameRules.key($0.exercise) })
        var found: [PersonalBest] = []
        for key in byExercise.keys.sorted() {
            let sets = byExercise[key, default: []]
            // Sets run oldest first: an exercise not trained in the period has no newest set in it.
            guard let newest = sets.last, newest.performedAt >= start else { continue }
            var through = ExerciseRecords(exercise: newest.exercise, formula: .epley)
            sets.forEach { through.add($0) }
            for best in through.bests where best.record.performedAt >= start {
                var prior = ExerciseRecords(exercise: newest.exercise, formula: .epley)
                for set in sets where (set.performedAt, set.id) < (best.record.performedAt, best.record.id) { prior.add(set) }
                if prior.bests.contains(where: { $0.kind == best.kind }) { found.append(best) }
            }
        }
        return found
    }

    /// The last weigh-in of the period against the last one before it (else
    /// the period's first); `nil` without a weigh-in in the period or one to compare it with.
    static func bodyWeightChange(_ weights: [BodyWeight], period: ReportPeriod, calendar: Calendar) -> BodyWeightChange? {
        let start = period.first.start(in: calendar)
        let end = period.last.adding(days: 1).start(in: calendar)
        let ordered = weights.filter { $0.measuredAt < end }.sorted { ($0.measuredAt, $0.id) < ($1.measuredAt, $1.id) }
        let inPeriod = ordered.filter { $0.measuredAt >= start }
        guard let last = inPeriod.last, let first = ordered.last(where: { $0.measuredAt < start }) ?? inPeriod.first,
              first.id != last.id else { return nil }
        return BodyWeightChange(from: first.weight, to: last.weight)
    }

    /// Volume of each of the `volumeWeeks` weeks up to the one holding `last`, oldest first.
    static func weeklyVolume(_ sets: [(day: LocalDay, record: WorkoutRecord)], through last: LocalDay) -> [Double] {
        let lastWeek = last.mondayWeek
        var weeks = Array(repeating: 0.0, count: volumeWeeks)
        for (day, record) in sets where day <= last {
            let back = lastWeek - day.mondayWeek
            if back >= 0, back < volumeWeeks { weeks[volumeWeeks - 1 - back] += record.values.volumeKilograms }
        }
        return weeks
    }
}
