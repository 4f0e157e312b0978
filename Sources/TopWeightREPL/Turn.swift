import TopWeightCore
import TopWeightUseCases

/// Everything that belongs to the member at the terminal: it starts empty
/// with the flow's unit, and `Flow.reset` replaces it whole, so nothing
/// of one member (the unit chosen with `:unit`, the undo list, the numbers
/// the session remembers, the question showing) can reach the next one.
struct Turn {
    /// The prompt showing (with `question`, the flow's state).
    var step: Step = .user
    /// A question between two prompts, if one is showing.
    var question: Question?
    /// The prompts of an entry, or a mode a command opened (`:edit`, the pager…).
    var mode: Mode = .entry
    var user: User?
    /// Whether the member proved who they are by more than typing a name
    /// (their PIN or card): a kiosk then lets them change what reaches past
    /// their turn (their own older sets, `mayChange`; `mayPublish`) without the admin.
    var identified = false
    /// Whether the member identified is a coach: where members see only
    /// their own, a coach may look at any member's (`Flow.mayView`).
    var isCoach = false
    /// The coach at the keys when they log for the member (`:user NAME`).
    var coach: User?
    var exercise: Exercise?
    var draft: Draft
    /// The unit for new entries: `--unit` at the start of a turn, `:unit` within it.
    var unit: WeightUnit
    /// Whether the member chose `unit` with `:unit`: then every entry, a
    /// logged exercise's too, is in it (else each starts in its last unit).
    var unitChosen = false
    /// Sets this member saved in this turn, newest last: all `:undo` may remove.
    var saved: [WorkoutRecord] = []
    /// An entry whose save failed (the server went away): saving the same
    /// numbers again sends the same record, uid and time included, so it is
    /// stored once even if the first attempt reached the database after all.
    var pending: NewRecord?
    /// The numbers the member said yes to at `Question.unusual`: not asked
    /// about again (Enter after a failed save).
    var confirmed: SetValues?
    /// Whether someone is at the keys to be asked about a slip (a terminal,
    /// not a pipe): taken from the flow's context with every event. A
    /// script means its numbers, and no later line of it is an answer.
    var attended = true
    /// This member's numbers per exercise id, as loaded or just saved: the
    /// session knows what it saved, so the next prompt needs no query.
    var knownValues: [Int64: SetValues] = [:]
    /// Per exercise id, the member's sets the turn knows (the last one read,
    /// those saved in the turn): the range an entry is checked against (`UnusualEntry`).
    var reach: [Int64: [SetValues]] = [:]
    /// This member's recent exercises (names), newest first, loaded at the first Tab.
    var recentExercises: [String]?
    /// What this member's entries start from (their exercises, last numbers,
    /// the nudge's weeks), read in one step at their first entry or Tab.
    var memberFacts: SetEntry.Member?
    /// The member and exercise the last prompt offered: Enter takes exactly
    /// what was shown, even if another terminal saved in between.
    var shownUser: User?
    var shownExercise: Exercise?
    /// The day saves are dated to (`:date`), or `nil` for today.
    var day: LocalDay?
    /// A session being repeated or a routine being followed.
    var plan: Plan?
    /// The members sharing the rack, whose turns wait while this one lifts.
    var group = Group()
    /// The member's rest after their last set, counting down in the prompt.
    var rest: Rest?
    /// The member's own rests by exercise id (`:rest`), read with their first save at a terminal.
    var restTimes: [Int64: Int]?

    init(unit: WeightUnit) {
        self.unit = unit
        draft = Draft(unit: unit)
    }
}
