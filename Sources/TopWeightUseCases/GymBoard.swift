import Foundation
import TopWeightCore

/// The gym's board, written once for `topweight board` and `topweight
/// serve`: the figures of members who are not private, as seen at an
/// instant in the gym's time zone. Reading is one logbook call; a live
/// board reads again when the database's watch wakes (`changes`).
public struct GymBoard: Sendable {
    public let logbook: any BoardSource
    /// What watches the database for other terminals' changes.
    let upkeep: any StoreUpkeep
    public let calendar: Calendar
    /// The team whose board it is (its members alone, as they are at each
    /// read), and who is in which; `nil`: the gym's.
    public var team: String?
    let teams: (any MemberTeams)?

    /// The lifts ranked by this month's best e1RM, in the board's order.
    public static let mainLifts = ["Back Squat", "Bench Press", "Deadlift", "Overhead Press"]
    /// The lifts totalled for DOTS.
    public static let totalLifts = ["Back Squat", "Bench Press", "Deadlift"]
    /// How far back a member's best lifts count toward DOTS.
    public static let strengthDays = 90
    /// How many weeks back streaks are counted (a longer one shows as "at least").
    public static let streakWeeks = 104

    /// The board over the database's roles: its facts, and the watch on it.
    public init(_ roles: LogbookRoles, timeZone: TimeZone, team: String? = nil) {
        self.init(board: roles.board, upkeep: roles.upkeep, timeZone: timeZone, teams: roles.teams)
        self.team = team
    }

    /// The board over one engine that plays both roles.
    public init(logbook: any BoardSource & StoreUpkeep, timeZone: TimeZone) {
        self.init(board: logbook, upkeep: logbook, timeZone: timeZone)
    }

    private init(board: any BoardSource, upkeep: any StoreUpkeep, timeZone: TimeZone, teams: (any MemberTeams)? = nil) {
        self.logbook = board
        self.upkeep = upkeep
        self.teams = teams
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// The board's title: `title`, and the team's name on a team's board.
    public func title(_ title: String) -> String {
        team.map { "\(title) · \($0)" } ?? title
    }

    /// The board as it stands at `now`.
    public func figures(at now: Date) throws(WorkoutsError) -> BoardFigures {
        let today = LocalDay(now, in: calendar)
        let window = window(on: today)
        return try figures(try attempt { () throws(LogbookError) in try logbook.boardFacts(window) }, window: window, today: today)
    }

    /// The board of `facts` read over `window` on `today`: the team's members alone on a team's board.
    func figures(_ facts: BoardFacts, window: BoardWindow, today: LocalDay) throws(WorkoutsError) -> BoardFigures {
        var facts = facts
        if let team, let teams {
            let members = try attempt { () throws(LogbookError) in try teams.team(team)?.members ?? [] }
            facts = facts.only(Set(members.map { NameRules.key($0.name) }))
        }
        return BoardFigures(facts: facts, window: window, today: today, streaksFrom: Self.streaksStart(today))
    }

    /// A watch that wakes when any terminal, in any process, commits a
    /// change: a live board reads its figures again then, not on a timer.
    public func changes() throws(WorkoutsError) -> any LogbookChanges {
        try attempt { () throws(LogbookError) in try upkeep.changes() }
    }

    /// What the board asks the logbook for on `today`.
    public func window(on today: LocalDay) -> BoardWindow {
        let monday = Self.monday(of: today)
        let first = Self.streaksStart(today)
        let tomorrow = today.adding(days: 1).start(in: calendar)
        return BoardWindow(
            todayStart: today.start(in: calendar), tomorrowStart: tomorrow,
            weekStart: monday.start(in: calendar), monthStart: LocalMonth(today).first.start(in: calendar),
            strengthSince: today.adding(days: 1 - Self.strengthDays).start(in: calendar),
            streaksSince: first.start(in: calendar),
            zone: ZoneOffsets(calendar.timeZone, from: first.adding(days: -2).start(in: calendar), through: tomorrow.addingTimeInterval(2 * 86_400)),
            mainLifts: Self.mainLifts, totalLifts: Self.totalLifts)
    }

    static func monday(of day: LocalDay) -> LocalDay {
        day.adding(days: -(((day.daysSince1970 + 3) % 7 + 7) % 7))
    }

    /// The Monday of the oldest week streaks count.
    static func streaksStart(_ today: LocalDay) -> LocalDay {
        monday(of: today).adding(days: -7 * (streakWeeks - 1))
    }
}

// MARK: - Keeping off the board

extension Workouts {
    /// Keeps the member off the board, or puts them back on it.
    public func setPrivate(_ member: User, _ isPrivate: Bool) throws(WorkoutsError) {
        try attempt { () throws(LogbookError) in try roles.board.setPrivate(member, isPrivate) }
    }

    /// Whether the member keeps off the board.
    public func isPrivate(_ member: User) throws(WorkoutsError) -> Bool {
        try attempt { () throws(LogbookError) in try roles.board.isPrivate(member) }
    }
}
