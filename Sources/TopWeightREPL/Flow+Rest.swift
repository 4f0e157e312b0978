import Foundation
import TopWeightCore

// MARK: - The rest after a set, counted down in the prompt

extension Flow {
    /// After a save at a terminal that redraws its prompt: the rest the
    /// plan's step says (`rest: 90`), else the member's own for the lift
    /// (`:rest`), else the standard one for its kind (`Rest.standard`).
    static func startRest(after record: WorkoutRecord, of chosen: Exercise, planned: Int?, at now: Date, in turn: inout Turn, _ context: Context) {
        guard context.countsRest else { return }
        let seconds = planned ?? turn.restTimes?[chosen.id] ?? Rest.standard(for: chosen.kind, warmup: record.kind == .warmup)
        turn.rest = seconds > 0 ? Rest(until: now.addingTimeInterval(Double(seconds)), after: record.id) : nil
    }

    /// About once a second while the prompt is read: the countdown redrawn
    /// when its seconds changed; at zero, gone from the prompt with the
    /// bell (none under `NO_COLOR`, only the plain countdown).
    static func tick(in turn: inout Turn, _ context: Context) -> [Effect] {
        guard context.countsRest, turn.question == nil, case .entry = turn.mode, var rest = turn.rest else { return [] }
        let left = rest.left(at: context.now)
        guard left > 0 else {
            turn.rest = nil
            return [.redraw(turn.prompt(context))] + (context.style == .plain ? [] : [.bell])
        }
        guard left != rest.shown else { return [] }
        rest.shown = left
        turn.rest = rest
        return [.redraw(turn.prompt(context))]
    }

    /// `:rest` (what it is for the lift at hand), `:rest 2:30`, `:rest 90`,
    /// `:rest off`, `:rest default`: the member's own rest after that lift, kept.
    static func rest(_ argument: String, of member: User, in turn: inout Turn) -> [Effect] {
        guard let chosen = turn.exercise ?? turn.shownExercise else {
            return [.warn(InputError("choose the exercise first: a rest is kept for each lift", example: ":rest 2:30").description)]
        }
        let word = argument.lowercased()
        if word.isEmpty { return [.fetch(.restTimes(member))] }
        if word == "default" { return [.fetch(.keepRest(member, chosen, nil))] }
        guard let seconds = Supersets.restSeconds(word) else {
            return [.warn(InputError("a rest is seconds or minutes up to an hour, or off", example: ":rest 2:30 or :rest 90 or :rest off").description)]
        }
        return [.fetch(.keepRest(member, chosen, seconds))]
    }

    /// The member's own rests, read: kept for their turn, and `:rest` answered for the lift at hand.
    static func restTimes(_ times: [Int64: Int], of member: User, in turn: inout Turn) -> [Effect] {
        guard turn.user?.id == member.id, let chosen = turn.exercise ?? turn.shownExercise else { return [] }
        turn.restTimes = times
        return [.say(restLine(chosen, in: turn))]
    }

    /// A rest kept by `:rest`: the next set of the lift rests that long.
    static func restKept(_ seconds: Int?, of chosen: Exercise, for member: User, in turn: inout Turn) -> [Effect] {
        guard turn.user?.id == member.id else { return [] }
        if turn.restTimes != nil || seconds != nil { turn.restTimes?[chosen.id] = seconds }
        if turn.restTimes == nil, let seconds { turn.restTimes = [chosen.id: seconds] }
        return [.say(restLine(chosen, in: turn))]
    }

    /// `Rest after Bench Press: 2:30 (yours; :rest default goes back to 2:00).`
    static func restLine(_ chosen: Exercise, in turn: Turn) -> String {
        let standard = Rest.standard(for: chosen.kind, warmup: false)
        let time = { (seconds: Int) in seconds == 0 ? "none" : SetDuration(seconds: seconds).description }
        guard let own = turn.restTimes?[chosen.id] else {
            return "Rest after \(chosen.name): \(time(standard)) (the default for \(Rest.kindName(chosen.kind)); :rest 2:30 keeps your own, :rest off none)."
        }
        return "Rest after \(chosen.name): \(time(own)), your own (:rest default goes back to \(time(standard)))."
    }
}
