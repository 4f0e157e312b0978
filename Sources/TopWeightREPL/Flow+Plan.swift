import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

// MARK: - A walk through a plan (`:repeat`, `:start`, `:go`)

extension Flow {
    /// A past session to repeat, found (`:repeat`): its sets, in order, as the plan.
    static func repeating(_ session: TrainingSession, steps: [PlannedSet], for member: User, in turn: inout Turn, _ context: Context) -> [Effect] {
        take(member, in: &turn)
        let grouping = context.grouping
        let day = grouping.label(for: session.day.start(in: grouping.calendar), now: context.now, relative: false)
        turn.plan = Plan(title: "Repeat", summary: "repeat of \(day)", routine: session.routine, steps: steps)
        let exercises = session.exercises.count
        let said = "Repeating \(day): \(steps.count) \(steps.count == 1 ? "entry" : "entries"), \(exercises) \(exercises == 1 ? "exercise" : "exercises"). Enter keeps each number, skip skips, Ctrl-C cancels one entry."
        return [.say(said)] + walk(in: &turn, context)
    }

    /// A routine to follow, found (`:start NAME`), with the member's last numbers.
    static func following(_ routine: Routine, steps: [PlannedSet], for member: User, in turn: inout Turn, _ context: Context) -> [Effect] {
        take(member, in: &turn)
        turn.plan = Plan(title: routine.name, summary: routine.name, routine: routine.name, steps: steps)
        // A superset's lifts once each, with their places: they alternate set by set.
        var seen: Set<String> = []
        let lifts = steps.map { step in step.superset.map { "\(step.exercise) \($0)" } ?? step.exercise }.filter { seen.insert($0).inserted }
        let said = "\(routine.name): \(lifts.joined(separator: ", ")). Enter keeps each number, skip skips, Ctrl-C cancels one entry."
        return [.say(said)] + walk(in: &turn, context)
    }

    /// A program's day to walk (`:go`): what is left of it, warm-ups first,
    /// the sets saved already counted done; a day done already finishes.
    /// Counted in entries, as its prompts count them (`1/5`: sets alike are
    /// one entry). A lift without a training max is named with the command
    /// that gives it; with none of the day's lifts walkable, nothing starts.
    static func going(_ day: ProgramDay, for member: User, in turn: inout Turn, _ context: Context) -> [Effect] {
        let steps = day.steps
        let missing = ProgramText.missingMaxes(day.workout, member: member.name, nothingElse: day.workout.exercises.isEmpty)
        if day.workout.exercises.isEmpty, let missing { return [.warn(missing)] }
        take(member, in: &turn)
        let title = ProgramText.title(day.workout)
        turn.plan = Plan(title: day.workout.program, summary: title, routine: day.workout.program, steps: steps,
                         program: day.assignment, workDone: day.workDone, programDay: ProgramText.place(day.workout))
        var said = "\(title): \(steps.count) \(steps.count == 1 ? "entry" : "entries") to go"
        if day.done.joined().contains(true) { said += " (the sets saved today count)" }
        said += ". Enter takes each load, skip skips (at a warm-up: the rest of them), Ctrl-C cancels one entry."
        return [.say(said)] + (missing.map { [Effect.warn($0)] } ?? []) + walk(in: &turn, context)
    }

    /// The member shown (outside a kiosk, nobody chosen yet) takes the terminal for the plan.
    private static func take(_ member: User, in turn: inout Turn) {
        guard turn.user == nil else { return }
        turn.user = member
        turn.step = .exercise
    }

    /// Takes up the plan's current exercise (the session finds it:
    /// `Event.plannedExercise`), or ends the plan with its summary.
    static func walk(in turn: inout Turn, _ context: Context) -> [Effect] {
        guard let plan = turn.plan else { return [] }
        return follow(plan.next(), of: plan, in: &turn, context)
    }

    /// The plan's exercise found: at the weight prompt, with the plan's numbers.
    static func planned(_ chosen: Exercise, in turn: inout Turn) -> [Effect] {
        guard let offer = turn.plan?.offer(chosen) else { return [] }
        turn.exercise = chosen
        turn.step = Step.first(of: chosen.kind)
        return defaults(then: nil, in: &turn) + [.say(offer)]
    }

    /// The plan's exercise can't be had (said why): skipped, on to the next.
    static func plannedFailed(_ problem: String, in turn: inout Turn, _ context: Context) -> [Effect] {
        guard var plan = turn.plan, let (said, action) = plan.failed(problem) else { return [] }
        return [.warn(said)] + follow(action, of: plan, in: &turn, context)
    }

    /// `skip` (or Ctrl-C: `only`) at one of the plan's entries (`Plan.skip`).
    static func skip(in turn: inout Turn, only: Bool = false, _ context: Context) -> [Effect] {
        guard var plan = turn.plan, let action = plan.skip(only: only) else { return [] }
        return follow(action, of: plan, in: &turn, context)
    }

    /// After a save: the day's routine noted once (`Effect.noteRoutine`), and the walk on (`Plan.saved`).
    /// In a group (`walkOn` false) the next exercise is found when the member's turn comes back.
    static func planSaved(_ chosen: Exercise, series: Int, values: SetValues? = nil, at now: Date, walkOn: Bool = true,
                          in turn: inout Turn, _ context: Context) -> [Effect] {
        guard var plan = turn.plan else { return [] }
        let (noting, action) = plan.saved(chosen.name, series: series, values: values)
        var effects: [Effect] = []
        if let routine = noting, let member = turn.user {
            effects.append(.noteRoutine(routine, programDay: plan.programDay, for: member, on: turn.day ?? context.today, at: now))
        }
        if case .find = action, !walkOn {
            turn.plan = plan
            return effects
        }
        return effects + follow(action, of: plan, in: &turn, context)
    }

    /// What the walk's action comes to: its next exercise looked for, or
    /// its end, said, with the program's day finished.
    private static func follow(_ action: Plan.Action, of plan: Plan, in turn: inout Turn, _ context: Context) -> [Effect] {
        turn.plan = plan
        switch action {
        case .find(let exercise): return [.fetch(.plannedExercise(exercise))]
        case .finish(let line, let program):
            turn.plan = nil
            turn.exercise = nil
            turn.step = .exercise
            guard let program, let member = turn.user else { return [.say(line)] }
            return [.say(line), .finishDay(member, since: (turn.day ?? context.today).start(in: context.grouping.calendar), expected: program)]
        }
    }
}
