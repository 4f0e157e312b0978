import Foundation
import TopWeightCore
@testable import TopWeightREPL

/// The logger's flow with no logbook and no terminal: what is typed, and
/// what the session's requests came back with, go in as events; the turn
/// and the effects come out. Every test that uses it runs with no database.
struct FlowScript {
    /// 2026-11-21 18:00 UTC, a Saturday (the fixture's clock).
    static let now = Date(timeIntervalSince1970: 1_795_284_000)
    static let utc = TimeZone(identifier: "UTC") ?? .current
    static let ana = User(id: 1, name: "Ana")
    static let bo = User(id: 2, name: "Bo")
    static let bench = Exercise(id: 1, name: "Bench Press", category: "barbell")
    static let plank = Exercise(id: 2, name: "Plank", category: "bodyweight", kind: .time)

    var turn: Turn
    var context: Flow.Context
    /// Every effect so far, in order.
    private(set) var effects: [Flow.Effect] = []

    init(kiosk: Bool = false, interactive: Bool = true, rows: Int? = nil, unit: WeightUnit = .kg) {
        context = Flow.Context(kiosk: kiosk, interactive: interactive, now: Self.now, grouping: HistoryGrouping(timeZone: Self.utc),
                               rows: rows, unit: unit)
        turn = Turn(unit: unit)
    }

    /// Ana at the exercise prompt, Bench Press offered, her last set of it `last`.
    static func atExercise(_ last: SetValues = .kg(60, 8, 3), kiosk: Bool = false, interactive: Bool = true, rows: Int? = nil) -> FlowScript {
        var script = FlowScript(kiosk: kiosk, interactive: interactive, rows: rows)
        script.turn.user = ana
        script.turn.step = .exercise
        script.turn.shownExercise = bench
        script.turn.knownValues[bench.id] = last
        script.turn.reach[bench.id] = [last]
        return script
    }

    /// Ana at the weight prompt of Bench Press, its defaults her last set `last`.
    static func atWeight(_ last: SetValues = .kg(60, 8, 3), kiosk: Bool = false, interactive: Bool = true) -> FlowScript {
        var script = atExercise(last, kiosk: kiosk, interactive: interactive)
        script.type("")
        return script
    }

    /// Enter at the user prompt, then at the exercise prompt, each offering
    /// what the session offers: the last member (Ana), then her last
    /// exercise (Bench Press, last `last`). The prompts met are added to `met`.
    static func byEnter(_ last: SetValues, met: inout [String]) -> FlowScript {
        var script = FlowScript()
        script.turn.shownUser = ana
        met.append(script.prompt)
        script.type("")
        script.turn.shownExercise = bench
        met.append(script.prompt)
        script.type("")
        script.send(.lastValues(last, then: nil))
        return script
    }

    /// `exercise` typed at the exercise prompt, answered as the session
    /// would from a logbook where the member's last set of it is `last`.
    mutating func choose(_ exercise: Exercise, last: SetValues?) {
        type(exercise.name)
        guard send(.resolved(exercise, entry: nil, typed: exercise.name, last: last)).contains(.loadDefaults(then: nil)) else { return }
        send(.lastValues(last, then: nil))
    }

    /// A line typed at the exercise prompt that names `exercise` (a one-line
    /// entry, or the name alone), answered as the session would find it;
    /// the member's last set of it is what the turn knows. A save asked for
    /// is answered as stored (`answerSave`).
    mutating func enter(_ line: String, as exercise: Exercise, last: SetValues? = nil) {
        guard case .resolveExercise(_, let entry)? = type(line).last else { return }
        if send(.resolved(exercise, entry: entry, typed: nil, last: last)).last == .loadDefaults(then: entry) {
            send(.lastValues(last, then: entry))
        }
        answerSave()
    }

    /// The set the flow asked to save, stored: what the session answers (`Event.saved`).
    mutating func answerSave() {
        guard effects.last == .save, let member = turn.user, let exercise = turn.exercise, let values = turn.draft.values else { return }
        let record = WorkoutRecord(id: Int64(turn.saved.count + 100), user: member.name, exercise: exercise.name, values: values, performedAt: Self.now)
        stored.append(record)
        send(.saved(record, records: [], at: Self.now))
    }

    /// The sets stored by `answerSave`, oldest first.
    private(set) var stored: [WorkoutRecord] = []

    /// A line typed at whatever prompt or mode the turn is in.
    @discardableResult
    mutating func type(_ line: String) -> [Flow.Effect] {
        send(.input(.line(line)))
    }

    /// A key or signal: Ctrl-C, Ctrl-D, the idle timeout, SIGTERM.
    @discardableResult
    mutating func press(_ event: LineEvent) -> [Flow.Effect] {
        send(.input(event))
    }

    /// One event for the flow; its effects are kept and returned.
    @discardableResult
    mutating func send(_ event: Flow.Event) -> [Flow.Effect] {
        var taken = Turn(unit: context.unit)
        swap(&taken, &turn)
        let (next, out) = Flow.transition(taken, event, context)
        turn = next
        effects += out
        return out
    }

    /// What the flow said, warned and showed, in order.
    var said: [String] { effects.compactMap { if case .say(let line) = $0 { line } else { nil } } }
    var warned: [String] { effects.compactMap { if case .warn(let line) = $0 { line } else { nil } } }
    var shown: [String] {
        effects.flatMap { effect -> [String] in
            guard case .show(let lines) = effect else { return [] }
            return lines
        }
    }

    /// The prompt the member sees next (the entry's, or the mode's).
    var prompt: String {
        if let question = turn.question { return question.prompt }
        switch turn.read {
        case .entry: return turn.prompt(context)
        case .line(let prompt, _), .secret(let prompt), .pagerKey(let prompt): return prompt
        }
    }

    /// Whether the flow asked for the set to be saved.
    var saves: Bool { effects.contains(.save) }
}
