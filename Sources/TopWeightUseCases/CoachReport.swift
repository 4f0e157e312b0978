import Foundation
import TopWeightCore

/// The coach's report (`topweight report`), written once: who trained in a
/// week or a month and what they did, who went quiet, and the gym's totals.
/// Reads the period's sets and, for the weeks around it, each member's days
/// as sums (`TrainingTotals.dayVolumes`), then the sets that held the
/// trained members' bests when the period began (their PRs are judged from
/// them as from their whole history, by `RecordBook`), their body weights
/// and their program. Days are local
/// days in `calendar`'s zone. Not a kiosk command: a coach's, at a desk.
public struct CoachReport: Sendable {
    public let recording: any SetRecording
    public let members: any MemberRoster
    public let diary: any TrainingDiary
    public let gym: any GymConfiguration
    /// Who is on which program.
    public let shelf: any ProgramShelf
    /// The bests as they stood when a period began.
    public let totals: any TrainingTotals
    /// The programs members follow (the gym's own and the bundled ones).
    private let workouts: Workouts
    public let calendar: Calendar

    public init(_ workouts: Workouts, timeZone: TimeZone) {
        recording = workouts.roles.recording
        members = workouts.roles.members
        diary = workouts.roles.diary
        gym = workouts.roles.gym
        shelf = workouts.roles.programs
        totals = workouts.roles.totals
        self.workouts = workouts
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    // MARK: - The gym's setting

    /// Days without a set before a member counts as gone quiet: the gym's
    /// setting, else `GymReport.defaultInactiveDays`.
    public func inactiveAfterDays() throws(WorkoutsError) -> Int {
        let stored = try attempt { () throws(LogbookError) in try gym.gymSetting(.inactiveDays) }
        guard let stored, let days = Int(stored), (1...GymReport.maximumInactiveDays).contains(days) else {
            return GymReport.defaultInactiveDays
        }
        return days
    }

    /// Stores the gym's quiet days (`nil`: back to the default).
    public func setInactiveAfter(days: Int?) throws(WorkoutsError) {
        if let days, !(1...GymReport.maximumInactiveDays).contains(days) {
            throw .invalid("a member counts as gone quiet after 1 to \(GymReport.maximumInactiveDays) days without a set")
        }
        try attempt { () throws(LogbookError) in try gym.setGymSetting(.inactiveDays, to: days.map(String.init)) }
    }

    // MARK: - The report

    /// The period a report covers when none is asked for: the last whole week before `now`'s.
    public func defaultPeriod(now: Date) -> ReportPeriod {
        ReportPeriod.lastFullWeek(before: LocalDay(now, in: calendar))
    }

    /// The report of `period` for every member, for `member` alone, or for
    /// the members of `team` (its name and its members), as it stands at
    /// `now`: a period under way is counted up to today ("so far"); one
    /// that has not begun is refused.
    public func report(_ period: ReportPeriod, member: User? = nil, team: (name: String, members: [User])? = nil,
                       now: Date) throws(WorkoutsError) -> GymReport {
        let today = LocalDay(now, in: calendar)
        if let refusal = GymReport.refusal(of: period, today: today) { throw .invalid(refusal) }
        let quietDays = try inactiveAfterDays()
        let through = min(today, period.last)
        let end = through.adding(days: 1).start(in: calendar)
        let since = GymReport.firstDayRead(for: period, through: through, inactiveAfterDays: quietDays).start(in: calendar)
        let start = period.first.start(in: calendar)
        // The period's sets whole; the weeks around it (who went quiet, the
        // volumes compared and drawn) as each member's days, summed by the logbook.
        var query = HistoryQuery(userID: member?.id, since: start)
        query.until = end
        let recent = try attempt { () throws(LogbookError) in try recording.history(query) }
        let everybody = try attempt { () throws(LogbookError) in try members.users() }
        let zone = ZoneOffsets(calendar.timeZone, from: since.addingTimeInterval(-2 * 86_400), through: end.addingTimeInterval(2 * 86_400))
        let sums = try attempt { () throws(LogbookError) in
            try totals.dayVolumes(since: since, until: end, userID: member?.id, zone: zone)
        }
        let named = Dictionary(everybody.map { ($0.user.id, NameRules.key($0.user.name)) }, uniquingKeysWith: { first, _ in first })
        var days: [String: [DayVolume]] = [:]
        for sum in sums { if let key = named[sum.userID] { days[key, default: []].append(sum.volume) } }
        var keys = NameKeys()
        let trained = Set(recent.map { keys.key($0.user) })
        let before = Set(days.compactMap { key, days in days.contains { $0.day < period.first } ? key : nil })
        let assigned = try attempt { () throws(LogbookError) in try shelf.assignments() }
        let programs = trained.isEmpty || assigned.isEmpty ? [] : try workouts.programs()
        var sources = GymReport.Sources(members: everybody, recent: recent, days: days)
        // The PRs of the period from the bests as they stood when it began,
        // not from each member's whole history (the tests hold it to that).
        let standing = trained.isEmpty ? [] : try attempt { () throws(LogbookError) in
            try totals.standingBests(start: start, end: end, userID: member?.id)
        }
        for record in standing { sources.histories[keys.key(record.user), default: []].append(record) }
        let inTeam = team.map { Set($0.members.map(\.id)) }
        let reported = everybody.filter { trained.contains(NameRules.key($0.user.name)) && inTeam?.contains($0.user.id) ?? true }
        let measured = reported.isEmpty ? [:] : try attempt { () throws(LogbookError) in
            try diary.bodyWeights(userIDs: reported.map(\.user.id))
        }
        for summary in reported {
            let key = NameRules.key(summary.user.name)
            if before.contains(key) {
                sources.earlier.insert(key)
            } else {
                var earlier = HistoryQuery(userID: summary.user.id, limit: 1)
                earlier.until = start
                if try !attempt({ () throws(LogbookError) in try recording.history(earlier) }).isEmpty { sources.earlier.insert(key) }
            }
            sources.bodyWeights[key] = measured[summary.user.id] ?? []
        }
        for (user, assignment) in assigned where trained.contains(NameRules.key(user.name)) {
            let program = programs.first { NameRules.key($0.name) == NameRules.key(assignment.program) }
            sources.programs[NameRules.key(user.name)] = GymReport.FollowedProgram(assignment: assignment, program: program)
        }
        return GymReport.make(period, today: today, inactiveAfterDays: quietDays, from: sources, calendar: calendar,
                              member: member.map { NameRules.key($0.name) },
                              team: team.map { ($0.name, Set($0.members.map { NameRules.key($0.name) })) })
    }
}
