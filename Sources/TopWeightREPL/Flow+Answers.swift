import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - What a command reads, and what the flow says of it

extension Flow {
    /// A read (or a one-row write) the session makes for the flow, by one
    /// use-case call (or the few one answer needs): answered with
    /// `Event.fetched` (or the event the flow goes on with), or its problem
    /// with `Event.failed`.
    enum Query: Sendable, Equatable {
        /// A member's name typed (checked): found (`Event.memberFound`), new
        /// (`Event.newMember`) or one that would pass for another (`Event.lookalike`).
        case member(named: String)
        /// The exercise a plan is at: stored, the catalog's, or a new name;
        /// chosen, not stored (`Event.plannedExercise`, `.plannedFailed`).
        case plannedExercise(String)
        /// A page of history for the pager: a member's (`nil`: everybody's)
        /// records older than `after` (`nil`: the newest), with the notes of
        /// their days (`Event.historyRead`).
        case historyPage(Int64?, after: WorkoutRecord?)
        /// `:users`, `:exercises`, `:start` alone.
        case members, exercises, routines
        /// `:plates`: the plates a side for the weight on the bar.
        case plates(Weight, bar: Weight?)
        /// `:prs [EXERCISE]` ("" for every exercise; a short name picks as Tab does).
        case records(User, exercise: String)
        /// `:stats`: the streak, sessions, sets, volume and most trained exercises.
        case stats(User)
        /// `:search WORDS`: the member's newest days that hold them.
        case search(User, String, limit: Int)
        /// `:today`: the member's next workout of their program.
        case today(User)
        /// The rack's line for a member on a program, as they take the terminal
        /// (`Answer.headline`), after what coaches left for them
        /// (`Answer.coachNotes`: marked shown when the member is at the keys
        /// themselves, not when a coach logs for them); a problem reading either is never said.
        case headline(User)
        /// `:go`: the member's next day to walk, the sets saved since `since` counted done (`Event.going`).
        case programDay(User, since: Date)
        /// `:chart`: an exercise's progress ("" for the one at hand), or (`nil`) the body weight's.
        case chart(User, exercise: String?, ChartMetric?)
        /// `:weigh W`: kept, taken now (on the `:date` day when one is set).
        case weigh(User, Weight)
        /// `:repeat`: the member's session of a day, or (`nil`) the last before `before` (`Event.repeating`).
        case session(User, on: LocalDay?, before: LocalDay)
        /// `:start NAME`: the routine with the member's last numbers (`Event.following`).
        case routine(String, for: User)
        /// `:history`: whose (a name, "" for the one at hand, or all) newest sets (`Event.historyOf`).
        case whoseHistory(String, limit: Int?)
        /// At a kiosk, `:history all`: the private members but the one at the
        /// terminal, whose sets it leaves out (`Event.historyOf`).
        case privateMembers(except: Int64?, limit: Int?)
        /// At a kiosk, `:history NAME` of another member: shown unless they
        /// keep their sets private (`Event.historyOf`, `.historyKeptPrivate`).
        case privateHistory(User, limit: Int?)
        /// `:edit`: the set with this number, else the one at hand (`Event.editTarget`, `.editFound`).
        case setToEdit(Int64?)
        /// `:history` without a screen: the newest `limit` records of a member
        /// or (`nil`) everybody, but those of the members (name keys) `hiding` names.
        case history(User?, limit: Int, hiding: Set<String> = [])
        /// A member's name typed under a policy that asks more: what they
        /// have to prove who they are (`Event.arrived`).
        case access(User)
        /// A coach's `:user NAME`: whether the member keeps their sets private (`Event.coached`).
        case coaching(User)
        /// A card scanned at the user prompt (`Event.arrived`, `.unknownCard`).
        case card(String)
        /// The member's PIN typed, checked (`Event.arrived`, `.pinRefused`),
        /// or their enrolment code (`Event.enrolling`).
        case memberPin(User, String)
        /// A PIN chosen by a member who had none (with the enrolment code
        /// that lets them, or `nil` for one created this turn), stored (`Event.arrived`).
        case newMemberPin(User, String, code: String?)
        /// A member created in this turn gave up choosing their PIN: taken
        /// back if they still have nothing, so their name stays free for them.
        case unmade(User)
        /// `:private on|off`: the member kept off the gym's board or put back (`nil`: only say which).
        case privacy(User, Bool?)
        /// `:rest` alone: the member's own rests (`Answer.restTimes`).
        case restTimes(User)
        /// `:rest 2:30`, `:rest off`, `:rest default` (`nil`): the member's rest after a lift kept (`Answer.restKept`).
        case keepRest(User, Exercise, Int?)
        /// `:private off` at a kiosk: a member on the board already is told
        /// so; a private one needs the admin (`Event.adminPinSet`).
        case publishing(User)
    }

    /// How a query's problem is told to the flow: a name typed stays where
    /// it was typed, a plan's exercise is skipped, anything else ends the mode.
    static func failure(of query: Query) -> (String) -> Event {
        switch query {
        case .member, .card: Event.problem
        case .plannedExercise: Event.plannedFailed
        default: Event.failed
        }
    }

    /// What a query found, for the flow to say.
    enum Answer {
        case members([UserSummary])
        case exercises([ExerciseRow], more: Int)
        case routines([String])
        case plates(PlateAnswer, target: Weight, plates: PlateSet, bar: Weight)
        case records([ExerciseRecords], of: User, exercise: String?)
        case stats(TrainingStats, of: User)
        case search(SearchResult)
        /// `:today`'s workout, or (`nil`) the member is on no program.
        case today(TodayWorkout?, of: User)
        /// What today is for a member on a program, as they take the terminal.
        case headline(TodayWorkout, of: User)
        /// The coaches' notes waiting for a member as they take the
        /// terminal, whether the member (not a coach logging for them) is
        /// the one shown them, and the rack's line that follows (`headline`).
        case coachNotes([CoachNote], of: User, toMember: Bool, then: TodayWorkout?)
        /// The day `:go` walked, finished: what `today --done` says.
        case dayFinished(DayFinished)
        case chart(ProgressSeries, of: User, exercise: String?, ChartMetric)
        /// `:chart` with no exercise named, and none at hand.
        case noExerciseToChart
        case weighed(BodyWeight)
        /// `:repeat` found no session: on that day, or (`nil`) before `before`.
        case noSession(User, on: LocalDay?, before: LocalDay)
        /// `:note`'s text, added to the member's day.
        case noteAdded(User, LocalDay)
        /// History (a member's days with their notes), whether older records
        /// exist, and whether only the sets kept on this terminal show.
        case history([WorkoutRecord], notes: [LocalDay: String], keptOnly: Bool, more: Bool, of: User?, limit: Int, coaches: [Int64: String] = [:])
        /// Whether the member keeps off the gym's board.
        case privacy(User, Bool)
        /// The member's own rests, by exercise id.
        case restTimes(User, [Int64: Int])
        /// The member's rest after a lift, kept (`nil`: the default again).
        case restKept(User, Exercise, Int?)
    }

    /// The rack's line of today's workout and what starts it (with no lift
    /// of the day walkable, no training max, :today says what it needs).
    static func headline(_ today: TodayWorkout) -> String {
        ProgramText.headline(today) + (today.exercises.isEmpty ? " — :today says what it needs" : " — :go starts it")
    }

    /// What the flow says of an answer; lines rendered terminal-safe already are shown as they are.
    static func answered(_ answer: Answer, _ context: Context) -> [Effect] {
        switch answer {
        case .members(let summaries):
            guard !summaries.isEmpty else { return [.say("No members yet. Type a name at the user prompt to add one.")] }
            // Where members see only their own, the names alone (the board shows them too).
            if context.guarded { return [.say("Members: " + summaries.map(\.user.name).joined(separator: ", "))] }
            return [.show(Lines.members(summaries, grouping: context.grouping, now: context.now))]
        case .exercises(let rows, let more):
            return [.show(Lines.exercises(rows)),
                    .say("\(rows.isEmpty ? "No exercises used yet; " : "")\(more) more in the catalog: Tab at the exercise prompt shows them.")]
        case .routines(let names):
            return [.say(names.isEmpty ? "No routines yet: 'topweight routines import FILE.yaml' adds some." : "Routines: \(names.joined(separator: ", ")). :start NAME follows one.")]
        case .plates(let answer, let target, let plates, let bar):
            if answer == .lighterThanBar { return [.warn("\(target.description) is lighter than the \(bar.description) bar.")] }
            return PlatesText.render(answer, target: target, bar: bar, plates: plates).map(Effect.say)
        case .records(let records, let member, let exercise):
            guard !records.isEmpty else {
                return [.say("No personal records yet for \(member.name)\(exercise.map { " on \($0)" } ?? ""): they come with the second set of an exercise.")]
            }
            return [.say("Personal records of \(member.name) (e1RM by Epley):"), .show(ProgressText.records(records, grouping: context.grouping, now: context.now))]
        case .today(let today?, let member):
            let walkable = !today.exercises.isEmpty
            return [.show(ProgramText.lines(today, member: member.name).map(TerminalText.safe))] + (walkable ? [.say(":go walks it: Enter takes each load.")] : [])
        case .headline(let today, _):
            return [.say(headline(today))]
        case .coachNotes(let notes, let member, let toMember, let today):
            // A coach logging for the member sees what waits for them, said as theirs.
            let lead = toMember ? "" : "For \(member.name), not shown to them yet — "
            return notes.map { .say(TerminalText.safe(lead + $0.line)) } + (today.map { [.say(headline($0))] } ?? [])
        case .dayFinished(let day):
            let lines = ProgramText.finished(day.finished, completion: day.completion, before: day.before.progress,
                                             after: day.after.progress, next: day.next, lifts: day.lifts)
            return [.show(lines.map(TerminalText.safe))]
        case .today(nil, let member):
            return [.say("\(member.name) is on no program; a coach puts you on one with 'topweight programs assign NAME --user \(member.name)'.")]
        case .stats(let stats, let member):
            return [.show(ProgressText.stats(stats, member: member.name, grouping: context.grouping, now: context.now))]
        case .search(let result):
            return [.show(SearchText.render(result, grouping: context.grouping, now: context.now, style: context.style,
                                            older: "… older days match too: another word narrows it, 'topweight search' shows them all"))]
        case .chart(let series, let member, let exercise, let metric):
            guard !series.points.isEmpty else {
                guard let exercise else { return [.say("No body weight for \(member.name) yet: :weigh 82.5 keeps one.")] }
                // A metric of another kind than the sets' (reps of a plank): say which.
                let what = metric == .e1rm ? "working sets" : "\(metric.rawValue) in the sets"
                return [.say("No \(what) of \(exercise) by \(member.name) yet: nothing to draw.")]
            }
            // Names are made terminal-safe in the title; the rest is our own characters.
            let title = ChartText.title(member: member.name, exercise: exercise, metric: metric, formula: .epley, glyphs: context.glyphs)
            return [.show(ChartText.render(series, title: title, width: context.columns, glyphs: context.glyphs))]
        case .noExerciseToChart:
            return [.warn(InputError("name the exercise to chart", example: ":chart Back Squat").description)]
        case .weighed(let kept):
            return [.say(BodyText.saved(kept, grouping: context.grouping, now: context.now))]
        case .noSession(let member, let day?, _):
            return [.warn("\(member.name) logged nothing on \(day); :calendar shows the training days.")]
        case .noSession(let member, nil, let before):
            return [.warn("Nothing to repeat: \(member.name) has no session before \(context.label(of: before).lowercased() == "today" ? "today" : before.description).")]
        case .history(let records, let notes, let keptOnly, let more, let member, let limit, let coaches):
            let whose = member?.name ?? "everybody"
            guard !records.isEmpty else { return [.say("No records yet for \(whose).")] }
            let lines = historyLines(records, of: member?.id, notes: notes, keptOnly: keptOnly, coaches: coaches, context)
            return [.show(lines)] + (more ? [.say("… older records exist: :history \(member == nil ? "all" : whose) \(min(limit * 2, 10_000))")] : [])
        case .privacy(let member, true):
            return [.say("\(member.name) is private: nowhere on the gym's board. :private off puts you back.")]
        case .privacy(let member, false):
            return [.say("\(member.name) shows on the gym's board. :private on keeps you off it.")]
        case .restTimes, .restKept:
            // The turn's own: `Flow.restTimes`, `Flow.restKept`.
            return []
        case .noteAdded(let member, let day):
            return [.say("Note added to \(member.name)'s \(context.label(of: day).lowercased() == "today" ? "session today" : "session of \(day)").")]
        }
    }

    /// History's lines; one member's days carry their notes under the heading.
    /// While the server is away, a last line says only kept sets show, so
    /// none of the server's look lost.
    static func historyLines(_ records: [WorkoutRecord], of member: Int64?, notes: [LocalDay: String], keptOnly: Bool,
                             coaches: [Int64: String] = [:], _ context: Context) -> [String] {
        let lines = HistoryText.render(records, grouping: context.grouping, now: context.now, showUser: member == nil,
                                       notes: notes, noteStyle: context.style, coaches: coaches)
        return keptOnly ? lines + ["Only the sets kept on this terminal show while the server is away."] : lines
    }
}
