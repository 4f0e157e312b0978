import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - What goes in and out of the flow

extension Flow {
    /// What the flow needs to know about where it runs.
    struct Context: Sendable {
        var kiosk: Bool
        /// A person at a terminal (Ctrl-D ends a turn) rather than a pipe (it ends the session).
        var interactive: Bool
        /// The clock's reading and the days it is grouped into, for what is dated (`:date`).
        var now = Date()
        var grouping = HistoryGrouping(timeZone: .current)
        /// How charts and the calendar are drawn: the width, their glyphs, colour, the first weekday.
        var columns = 80
        var glyphs: ChartGlyphs = .ascii
        var style: TextStyle = .plain
        var firstWeekday = Deferred { 2 }
        /// The screen's lines at a terminal (history is paged there); without one, a page of history.
        var rows: Int?
        var pageSize = 20
        /// The unit a new member's turn starts in (`--unit`).
        var unit: WeightUnit = .kg
        /// How members prove who they are at a kiosk (the gym's `admin identity`).
        var identity: IdentityPolicy = .name
        /// What the gym asks of a card: its fewest digits, and whether its member's PIN follows it.
        var cards = CardRules()

        /// Whether a member here sees only what is theirs: a kiosk whose
        /// members identify by PIN or card (a typed name proves nothing).
        var guarded: Bool { kiosk && identity != .name }
        /// Whether a coach who identified sees private members too (the
        /// gym's `admin coaches-see-private`; off, they are hidden from coaches).
        var coachesSeePrivate = false

        /// Whether the rest after a set counts down in the prompt: a terminal
        /// that redraws its prompt in place (never a pipe or a script).
        var countsRest = false

        var today: LocalDay { LocalDay(now, in: grouping.calendar) }

        /// `Fri 20 Nov`, `Yesterday`, as history labels days.
        func label(of day: LocalDay) -> String {
            grouping.label(for: day.start(in: grouping.calendar), now: now)
        }
    }

    /// What the session carries out, in order.
    enum Effect: Sendable, Equatable {
        case say(String)
        case warn(String)
        /// A turn ended: the line editor's history and kill buffer go with it.
        case forget
        /// A kiosk's screen, cleared when a turn ends.
        case clearScreen
        case end(Session.Ending)
        /// A command's read, by one use-case call (`Event.fetched`).
        case fetch(Query)
        /// Whether an admin PIN is set, before asking for it (`Event.adminPinSet`).
        case checkAdminPinSet(PinUse)
        /// The member a command about one's own training is for (`Event.member`).
        case findMember(Command, String)
        /// `:undo`: the set removed (`Event.undone`).
        case undo(WorkoutRecord)
        /// The exercise typed at its prompt (a short name picks as Tab does),
        /// with the numbers of a one-line entry (`Event.resolved`).
        case resolveExercise(String, then: SetLine?)
        /// Reads the member's last set of the chosen exercise, then takes a
        /// one-line entry's numbers (`Event.lastValues`).
        case loadDefaults(then: SetLine?)
        /// The entry is complete: save it (`Event.saved`).
        case save
        /// `:go` walked to its end: the member's day (from `since`) finished, the program moved on and
        /// its rules applied, unless another terminal moved it from this assignment (`Answer.dayFinished`).
        case finishDay(User, since: Date, expected: ProgramAssignment)
        /// The routine the member's day follows, noted with its first save (`Event.routineNotNoted` if not).
        case noteRoutine(String, programDay: String?, for: User, on: LocalDay, at: Date)
        case createMember(String)
        case createExercise(String, then: SetLine?)
        /// Lines rendered terminal-safe already (the calendar, history): printed as they are.
        case show([String])
        /// Takes back lines on the screen (the month drawn before).
        case erase(Int)
        /// Takes back the line just typed (a card's number), in place: the
        /// session knows the prompt it was typed at and the screen's width (`Flow.rows`).
        case eraseTyped(String)
        /// Reads the member's month for the calendar (`Event.monthDrawn`).
        case drawMonth(User, LocalMonth)
        case addNote(String, for: User, on: LocalDay)
        /// The admin PIN typed for `:edit` of a set the turn did not save, or `:private off`.
        case admit(String, PinUse)
        /// Whether the exercise an edit names is known (`Event.editedExercise`).
        case checkEditedExercise(String)
        case commitEdit(WorkoutRecord, exercise: String, values: SetValues)
        /// The coach at the keys logged this set for its member: noted with it.
        case noteCoach(User, WorkoutRecord)

        /// The prompt as it is now, redrawn in place over the one showing (a rest's countdown), the line typed kept.
        case redraw(String)
        /// The terminal's bell: a rest is over.
        case bell
        /// A set a walk saved, marked as its place in a superset (`A1`); a problem is said (`Event.problem`).
        case markSuperset(WorkoutRecord, String)
    }

    /// What the flow is told: what was read, or what a request came back with.
    enum Event {
        case input(LineEvent)
        /// About a second passed while the prompt is read: a countdown in it may change.
        case tick
        /// The calendar's month, read (`Effect.drawMonth`).
        case monthDrawn(TrainingMonth)
        /// What a command's read found (`Effect.fetch`).
        case fetched(Answer)
        /// A page of the pager's history (`Query.historyPage`): its records, whether older
        /// ones exist, the notes of its days, and whether only the sets kept on this terminal show.
        case historyRead([WorkoutRecord], more: Bool, notes: [LocalDay: String], keptOnly: Bool, coaches: [Int64: String] = [:])
        /// Whose history `:history` shows (`nil`: everybody's), how many sets
        /// at most, and the members (name keys) whose sets it leaves out: at
        /// a kiosk, the private ones but the member at the terminal (`nil`:
        /// not looked at yet).
        case historyOf(User?, limit: Int?, hiding: Set<String>? = nil)
        /// The known exercise an edit names (`nil`: none is called `typed`).
        case editedExercise(Exercise?, typed: String)
        /// A mode's request failed: its one-line problem, and the mode ends.
        case failed(String)
        /// A problem met on the way to an answer (said; what the flow is at stays as it is).
        case problem(String)
        /// At a kiosk, the member whose history was asked for keeps their sets private.
        case historyKeptPrivate(User)
        /// The exercise typed (found, or created at the question), the
        /// member's last numbers of it (read with it: the defaults need no
        /// second trip), and the one-line entry's numbers to take on them;
        /// the full name is said when it is not what was `typed`.
        case resolved(Exercise, entry: SetLine?, typed: String?, last: SetValues?)
        /// A new name that would pass for an existing one (`Аna` with a Cyrillic А next to `Ana`): refused.
        case lookalike(String, kind: NameRules.Kind, of: String)
        /// The member's last set of the chosen exercise (`nil`: none), and the
        /// one-line entry's numbers to take on it.
        case lastValues(SetValues?, then: SetLine?)
        /// The set stored, with the personal records it beat, at `now`, and
        /// the weight nudge when it is due.
        case saved(WorkoutRecord, records: [PersonalRecord], at: Date, nudge: WeightNudge.Suggestion? = nil)
        /// The save failed (said why; `nil`: the server is away): the same
        /// record is sent again at the next Enter.
        case saveFailed(NewRecord, String?)
        /// The new exercise of the set could not be given its row (said why;
        /// `away`: no new lift can be made until the server is back).
        case exerciseNotMade(String, away: Bool)
        /// A lift the database has no row for, named while its server is
        /// away (the server's one-line problem): refused before its numbers are typed.
        case newExerciseWhileAway(String)
        /// A past session to repeat (`:repeat`), for the member.
        case repeating(TrainingSession, steps: [PlannedSet], for: User)
        /// A routine to follow (`:start`), for the member.
        case following(Routine, steps: [PlannedSet], for: User)
        /// A program's day to walk (`:go`), for the member.
        case going(ProgramDay, for: User)
        /// The exercise the plan is at, found (not stored: a skipped step leaves none behind).
        case plannedExercise(Exercise)
        /// The exercise the plan is at can't be had: why.
        case plannedFailed(String)
        /// Noting the day's routine failed, and why: the next save tries again.
        case routineNotNoted(String)
        /// No exercise has the name typed: the names like it, before the question.
        case newExercise(String, similar: [String], entry: SetLine?)
        /// The member with the name typed.
        case memberFound(User)
        /// No member has the name typed: the names like it, before the question.
        case newMember(String, similar: [String])
        /// The admin PIN checked: what it was asked for goes on, or the reason it was refused.
        case admitted(PinUse, refusal: String?)
        /// Whether an admin PIN is set: without one there is no admin to ask.
        case adminPinSet(Bool, for: PinUse)
        /// The set `:edit` means, found.
        case editTarget(WorkoutRecord)
        /// What `:edit` found: set `#id`, or (no number) the newest set of the member at hand (`nil`: no member).
        case editFound(WorkoutRecord?, id: Int64?, member: User?)
        /// The set changed by `:edit`: as it was and as it is.
        case edited(WorkoutRecord, WorkoutRecord)
        /// The member a command is for: the one at the terminal, or outside a kiosk the one shown (`nil`: none).
        case member(User?, for: Command, String)
        /// A new member, created at the question.
        case memberCreated(User)
        /// A member who gave their name (with what they have to prove it,
        /// once read), scanned their card or gave their PIN: their turn
        /// starts, or they are asked for more (`Flow.arrive`).
        case arrived(User, by: Proof, MemberAccess?)
        /// The member a coach named (`:user NAME`), and whether they keep their sets private.
        case coached(User, isPrivate: Bool)
        /// A card scanned that no member holds, and the seconds this
        /// terminal now waits before it reads another (0: none).
        case unknownCard(wait: Int)
        /// A card scanned while this terminal waits (`ScanWait`): the seconds left.
        case cardWait(Int)
        /// The member's PIN refused (why, in one line): nothing starts.
        case pinRefused(String)
        /// The member's enrolment code accepted: they choose their PIN.
        case enrolling(User, code: String)
        /// `:undo`'s set removed, or found removed already.
        case undone(WorkoutRecord, removed: Bool)
    }

    /// What the admin PIN is asked for at a kiosk.
    enum PinUse: Sendable, Equatable {
        /// `:quit`: only the admin closes the terminal.
        case quit
        /// `:edit` of a set the turn did not save (another member's, or one from before the turn).
        case edit(WorkoutRecord)
        /// `:edit #ID` of a number no set has (or a deleted set's), where members see only their own.
        case editMissing(Int64)
        /// `:private off` of a private member: back on the gym's board.
        case publish(User)
    }

    /// How a member showed who they are at the user prompt.
    enum Proof: Sendable, Equatable {
        /// A typed name: enough only where the gym says so.
        case name
        /// A name created in this very turn: under `pin`, its member chooses their PIN.
        case created
        /// Their card, scanned.
        case card
        /// Their name and PIN (or a PIN just chosen).
        case pin
    }

    /// What a member typed, once a signal and the idle timeout are out of the way.
    enum Input: Equatable {
        case line(String)
        /// Ctrl-C.
        case interrupted
        /// Ctrl-D.
        case endOfInput
    }
}
