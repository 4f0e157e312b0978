/// Who plays each role of one database for the use cases: one engine for
/// all of them (`init(_:)`), or, on a terminal whose database is a server,
/// what keeps recording sets and answering the prompts' names while the
/// server is away (`recording`, `names`) in front of the server for those
/// two. Built once, by the composition root.
public struct LogbookRoles: Sendable {
    public var recording: any SetRecording
    public var names: any NameLookup
    public var members: any MemberRoster
    public var exercises: any ExerciseRoster
    public var diary: any TrainingDiary
    public var totals: any TrainingTotals
    public var board: any BoardSource
    public var gym: any GymConfiguration
    public var programs: any ProgramShelf
    public var upkeep: any StoreUpkeep
    /// Members' PINs, cards and coaches.
    public var identity: any MemberIdentity
    public var search: any LogSearch
    /// Who is in which team.
    public var teams: any MemberTeams
    /// Coaches' notes to members.
    public var coachNotes: any CoachNotes
    /// The sets that wait on this terminal for the server: none, for one engine.
    public var waiting: any WaitingSets

    /// Every role played by `engine`.
    public init(_ engine: any Logbook) {
        recording = engine
        names = engine
        members = engine
        exercises = engine
        diary = engine
        totals = engine
        board = engine
        gym = engine
        programs = engine
        upkeep = engine
        identity = engine
        search = engine
        teams = engine
        coachNotes = engine
        waiting = NothingWaits()
    }
}
