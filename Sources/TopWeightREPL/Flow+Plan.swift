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
        let said = "\(routine.name): \(steps.map(\.exercise).joined(separator: ", ")). Enter keeps each number, skip skips, Ctrl-C cancels one entry."
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
                         program: day.assignment, workDone: day.workDone)
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
        guard let planned = plan.current else { return finish(in: &turn, context) }
        return [.fetch(.plannedExercise(planned.exercise))]
    }

    /// The plan's exercise found: at the weight prompt, with the plan's numbers.
    static func planned(_ chosen: Exercise, in turn: inout Turn) -> [Effect] {
        guard let plan = turn.plan, let planned = plan.current else { return [] }
        turn.exercise = chosen
        turn.step = Step.first(of: chosen.kind)
        var numbers = planned.values.map { " \($0.description)" } ?? " (type the numbers)"
        // A program's set as `:today` shows it: `warm-up 40 kg × 5`, `100 kg × 5 × 5 sets`, `125 kg × 3+`.
        if plan.program != nil, let values = planned.values {
            numbers = (planned.mark == .warmup ? " warm-up " : " ") + "\(values.weight.description) × \(values.reps)"
                + (planned.amrap ? "+: as many reps as you can, then type them" : values.series > 1 ? " × \(values.series) sets" : "")
        }
        return defaults(then: nil, in: &turn) + [.say("\(plan.progress): \(chosen.name)\(numbers)")]
    }

    /// The plan's exercise can't be had (said why): skipped, on to the next.
    static func plannedFailed(_ problem: String, in turn: inout Turn, _ context: Context) -> [Effect] {
        guard var plan = turn.plan, let planned = plan.current else { return [] }
        plan.skipped.append(planned.exercise)
        plan.index += 1
        turn.plan = plan
        return [.warn("\(planned.exercise): \(problem); skipped.")] + walk(in: &turn, context)
    }

    /// `skip` at one of the plan's entries: on to the next, nothing saved
    /// for this one; at a warm-up, past the rest of that exercise's warm-ups.
    /// Ctrl-C (`only`) cancels this one entry, a warm-up too, as the walk's
    /// first line says.
    static func skip(in turn: inout Turn, only: Bool = false, _ context: Context) -> [Effect] {
        guard var plan = turn.plan, let current = plan.current else { return [] }
        plan.index += 1
        if only {
            plan.skipped.append(current.mark == .warmup ? "\(current.exercise) warm-up" : current.exercise)
        } else if current.mark == .warmup {
            while let next = plan.current, next.mark == .warmup, next.exercise == current.exercise { plan.index += 1 }
            plan.skipped.append("\(current.exercise) warm-ups")
        } else {
            plan.skipped.append(current.exercise)
        }
        turn.plan = plan
        return walk(in: &turn, context)
    }

    /// After a save: the day's routine noted once, and the plan moves on
    /// when it was its exercise; a program's sets alike saved fewer than
    /// offered (2 of `series [5]`) leave the rest to walk.
    static func planSaved(_ chosen: Exercise, series: Int, at now: Date, in turn: inout Turn, _ context: Context) -> [Effect] {
        guard var plan = turn.plan else { return [] }
        var effects: [Effect] = []
        if let routine = plan.routine, !plan.routineNoted {
            // Noted unless the session says it failed (`Event.routineNotNoted`): the next save tries again.
            plan.routineNoted = true
            if let member = turn.user { effects.append(.noteRoutine(routine, for: member, on: turn.day ?? context.today, at: now)) }
        }
        if let current = plan.current, plan.isCurrent(chosen.name) {
            plan.saved += 1
            if current.mark == nil { plan.workDone += 1 }
            if plan.program != nil, let offered = current.values?.series, series < offered {
                plan.steps[plan.index].values?.series = offered - series
            } else {
                plan.index += 1
            }
        }
        turn.plan = plan
        return effects + walk(in: &turn, context)
    }

    /// The summary, once every exercise was saved or skipped.
    private static func finish(in turn: inout Turn, _ context: Context) -> [Effect] {
        guard let plan = turn.plan else { return [] }
        turn.plan = nil
        turn.exercise = nil
        turn.step = .exercise
        var line = "Done: \(plan.summary), \(plan.saved) saved"
        if !plan.skipped.isEmpty { line += ", \(plan.skipped.count) skipped (\(plan.skipped.joined(separator: ", ")))" }
        guard let program = plan.program else { return [.say(line + ".")] }
        // Nothing of the day's work done (every set skipped): it stays for next time.
        guard plan.workDone > 0 else { return [.say(line + "; no work set done, so \(plan.summary) stays for next time.")] }
        guard let member = turn.user else { return [.say(line + ".")] }
        return [.say(line + "."), .finishDay(member, since: (turn.day ?? context.today).start(in: context.grouping.calendar), expected: program)]
    }
}
