import Foundation

// MARK: - Making a report from what the logbook holds

extension GymReport {
    /// What a report is made from, as the use case reads it.
    public struct Sources: Sendable {
        /// Every member, with whether they keep off the board.
        public var members: [UserSummary]
        /// Every member's live sets of the period at least; with `days`
        /// `nil`, from `firstDayRead` through the period's last day.
        public var recent: [WorkoutRecord]
        /// By member (`NameRules.key`): their days from `firstDayRead`
        /// through the period's last day, oldest first (`TrainingTotals.dayVolumes`),
        /// which tell who has gone quiet, the volumes and the charts; `nil`:
        /// made from `recent` (`DayVolume.byMember`).
        public var days: [String: [DayVolume]]?
        /// By member (`NameRules.key`), for those with a set in the period:
        /// live sets done before it that their PRs in it are judged from,
        /// by `RecordBook` — their whole history before it, or only the sets
        /// that held their bests then (`TrainingTotals.standingBests`): the
        /// same verdicts. Sets from the period's first day on are left out.
        public var histories: [String: [WorkoutRecord]]
        /// The members (by key) with a live set done before the period: not new.
        public var earlier: Set<String>
        /// By member: their body weights, any order.
        public var bodyWeights: [String: [BodyWeight]]
        /// By member: the program they are on, and the program itself (`nil` when the gym removed it).
        public var programs: [String: FollowedProgram]

        public init(members: [UserSummary], recent: [WorkoutRecord], days: [String: [DayVolume]]? = nil,
                    histories: [String: [WorkoutRecord]] = [:], bodyWeights: [String: [BodyWeight]] = [:],
                    programs: [String: FollowedProgram] = [:], earlier: Set<String> = []) {
            self.members = members
            self.earlier = earlier
            self.recent = recent
            self.days = days
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

    /// The oldest day whose sets a report of `period` counted through
    /// `through` reads: the days it is compared with, the weeks its charts
    /// draw, and the weeks a quiet member must have trained in.
    public static func firstDayRead(for period: ReportPeriod, through: LocalDay? = nil, inactiveAfterDays: Int) -> LocalDay {
        let last = min(through ?? period.last, period.last)
        let charts = ReportPeriod.monday(of: last).adding(days: -7 * (volumeWeeks - 1))
        let quiet = last.adding(days: -(inactiveAfterDays + quietLookback - 1))
        return min(period.previous.first, charts, quiet)
    }

    /// Why a report of `period` can't be made on `today`, in one line: it
    /// has not begun. `nil` for a period over or under way.
    public static func refusal(of period: ReportPeriod, today: LocalDay) -> String? {
        guard period.first > today else { return nil }
        return "\(period) hasn't begun: it starts on \(period.first) and today is \(today); a report counts what was done"
    }

    /// The report of `period` from `sources` seen on `today` (`nil`: once
    /// it is over), days in `calendar`'s zone; with `member`, of that member
    /// alone (by name key); with `team`, of the members of that team alone
    /// (its name, and its members by name key), quiet ones too.
    public static func make(_ period: ReportPeriod, today: LocalDay? = nil, inactiveAfterDays: Int, from sources: Sources,
                            calendar: Calendar, member: String? = nil,
                            team: (name: String, members: Set<String>)? = nil) -> GymReport {
        var report = GymReport(period: period, today: today, inactiveAfterDays: inactiveAfterDays, members: [], inactive: [])
        report.team = team?.name
        let through = report.through
        var byMember: [String: [(day: LocalDay, record: WorkoutRecord)]] = [:]
        var days = DayReckoner(calendar)
        var keys = NameKeys()
        for record in sources.recent where record.deletedAt == nil {
            let day = days.day(of: record.performedAt)
            guard period.first <= day, day <= through else { continue }
            byMember[keys.key(record.user), default: []].append((day, record))
        }
        let volumes = sources.days ?? DayVolume.byMember(sources.recent, through: through, calendar: calendar)
        let start = period.first.start(in: calendar)
        let end = through.adding(days: 1).start(in: calendar)
        for summary in sources.members {
            let key = NameRules.key(summary.user.name)
            if let member, member != key { continue }
            if let team, !team.members.contains(key) { continue }
            guard let trainingDays = volumes[key]?.filter({ $0.day <= through }),
                  let lastSeen = trainingDays.map(\.day).max() else { continue }
            let daysQuiet = lastSeen.days(to: through)
            if member == nil, daysQuiet >= inactiveAfterDays, daysQuiet < inactiveAfterDays + quietLookback {
                report.inactive.append(QuietMember(member: summary.user.name, isPrivate: summary.isPrivate, lastSeen: lastSeen, daysQuiet: daysQuiet))
            }
            let inPeriod = byMember[key] ?? []
            guard !inPeriod.isEmpty else { continue }
            var compliance: ProgramCompliance?
            if let followed = sources.programs[key], followed.assignment.assignedAt < end {
                compliance = ProgramCompliance(program: followed.assignment.program)
                if let program = followed.program {
                    let assigned = LocalDay(followed.assignment.assignedAt, in: calendar)
                    let days = Dictionary(grouping: inPeriod.filter { $0.day >= assigned }, by: \.day)
                    for day in days.keys.sorted() { compliance?.add(day: days[day, default: []].map(\.record), of: program) }
                }
            }
            let before = (sources.histories[key] ?? []).filter { $0.performedAt < start }
            let judged = RecordBook.replay(before + inPeriod.map(\.record)).filter { $0.record.performedAt >= start }
            report.members.append(MemberReport(
                member: summary.user.name, isPrivate: summary.isPrivate,
                days: Set(inPeriod.map(\.day)).count,
                sets: inPeriod.reduce(0) { $0 + $1.record.values.series },
                volumeKilograms: DayVolume.kilograms(of: trainingDays, from: period.first, through: through),
                volumeBeforeKilograms: DayVolume.kilograms(of: trainingDays, from: report.beforeFirst, through: report.beforeLast),
                records: judged.compactMap { set in
                    set.verdict.records.isEmpty ? nil : AnnouncedRecord(record: set.record, beaten: set.verdict.records)
                },
                firsts: judged.filter { $0.verdict == .first }.map(\.record),
                isNew: !sources.earlier.contains(key),
                program: compliance,
                bodyWeight: bodyWeightChange(sources.bodyWeights[key] ?? [], period: period, through: through, calendar: calendar),
                lastSeen: lastSeen,
                weeklyVolume: weeklyVolume(trainingDays, through: through)))
        }
        for index in report.members.indices {
            let key = NameRules.key(report.members[index].member)
            let loaded = (byMember[key] ?? []).filter { $0.record.values.weight.hundredths > 0 }
            let pounds = loaded.filter { $0.record.values.weight.unit == .lb }.count
            report.members[index].unit = pounds * 2 > loaded.count ? .lb : .kg
        }
        report.members.sort { NameRules.key($0.member) < NameRules.key($1.member) }
        report.inactive.sort { ($1.daysQuiet, NameRules.key($0.member)) < ($0.daysQuiet, NameRules.key($1.member)) }
        report.member = member.flatMap { key in sources.members.first { NameRules.key($0.user.name) == key }?.user.name }
        return report
    }

    /// The last weigh-in of the period against the last one before it (else
    /// the period's first); `nil` without a weigh-in in the period or one to compare it with.
    static func bodyWeightChange(_ weights: [BodyWeight], period: ReportPeriod, through: LocalDay,
                                 calendar: Calendar) -> BodyWeightChange? {
        let start = period.first.start(in: calendar)
        let end = through.adding(days: 1).start(in: calendar)
        let ordered = weights.filter { $0.measuredAt < end }.sorted { ($0.measuredAt, $0.id) < ($1.measuredAt, $1.id) }
        let inPeriod = ordered.filter { $0.measuredAt >= start }
        guard let last = inPeriod.last, let first = ordered.last(where: { $0.measuredAt < start }) ?? inPeriod.first,
              first.id != last.id else { return nil }
        return BodyWeightChange(from: first.weight, to: last.weight)
    }

    /// Volume of each of the `volumeWeeks` weeks up to the one holding `last`, oldest first.
    static func weeklyVolume(_ days: [DayVolume], through last: LocalDay) -> [Double] {
        let lastWeek = last.mondayWeek
        var weeks = Array(repeating: 0.0, count: volumeWeeks)
        for day in days where day.day <= last {
            let back = lastWeek - day.day.mondayWeek
            if back >= 0, back < volumeWeeks { weeks[volumeWeeks - 1 - back] += day.kilograms }
        }
        return weeks
    }
}
