import Foundation
import TopWeightCatalog
import TopWeightCore

// MARK: - Programs at the rack (`programs`, `today`, `roster`, `:today`)

extension Workouts {
    /// The programs a coach can assign: the gym's own first (one named like
    /// a bundled program replaces it), then the bundled ones.
    public func programs() throws(WorkoutsError) -> [Program] {
        let own = try gymPrograms()
        let ownKeys = Set(own.map { NameRules.key($0.name) })
        return own + ProgramCatalog.bundled().programs.filter { !ownKeys.contains(NameRules.key($0.name)) }
    }

    /// The program named `name`, or why there is none.
    public func program(named name: String) throws(WorkoutsError) -> Program {
        let all = try programs()
        guard let found = all.first(where: { NameRules.key($0.name) == NameRules.key(name) }) else {
            // A program stored by an older release that these bounds refuse: said so, with the way out.
            let stored = try attempt { () throws(LogbookError) in try roles.programs.storedPrograms() }
            if let unreadable = stored.first(where: { NameRules.key($0.name) == NameRules.key(name) }),
               case .failure(let problem) = ParsedPrograms.shared.parsed(unreadable) {
                throw .invalid("the gym's program \(unreadable.name) can't be read (\(problem)); "
                               + "'topweight programs import FILE' with it fixed replaces it")
            }
            throw .notFound("no program named \(name); there are \(all.map(\.name).joined(separator: ", "))")
        }
        return found
    }

    /// The gym's own programs, each read from its stored form (parsed once
    /// per process for each text: see `ParsedPrograms`); one that no longer
    /// reads is left out (`program(named:)` says why).
    public func gymPrograms() throws(WorkoutsError) -> [Program] {
        try attempt { () throws(LogbookError) in try roles.programs.storedPrograms() }.compactMap { try? ParsedPrograms.shared.parsed($0).get() }
    }

    // MARK: - Assigning

    /// Training maxes as a coach types them: `Back Squat=140,Bench Press=100kg`
    /// (a bare number is in `unit`); each name must be one of `program`'s lifts.
    public func parseMaxes(_ text: String, for program: Program, unit: WeightUnit) throws(WorkoutsError) -> [String: Weight] {
        var maxes: [String: Weight] = [:]
        for part in text.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { String($0).trimmingWhitespace() }
            guard pair.count == 2, !pair[0].isEmpty else {
                throw .invalid("a training max is written EXERCISE=WEIGHT, e.g. \"Back Squat=140\"")
            }
            guard let lift = program.exercises.first(where: { NameRules.key($0) == NameRules.key(pair[0]) }) else {
                throw .invalid("\(pair[0]) is not in \(program.name) (its lifts: \(program.exercises.joined(separator: ", ")))")
            }
            switch NumberInput.plain(pair[1], field: .weight, unit: unit) {
            case .failure(let error): throw .invalid("\(lift): \(error.description)")
            case .success(let (value, typedUnit)):
                guard value > 0 else { throw .invalid("\(lift): a training max is more than 0") }
                maxes[lift] = Weight(hundredths: value, unit: typedUnit)
            }
        }
        return maxes
    }

    /// Puts `member` on `program` at its first day. Training maxes not given
    /// come from the member's best e1RM of each lift (Epley) times the
    /// program's training-max share; lifts with neither are listed in
    /// `missing` (their sets are left out of `today` until a max is given).
    /// A member already on `program` keeps their place and their other
    /// maxes (a coach adding a missing max) unless `restart`; `kept` says so.
    public func assign(_ program: Program, to member: User, maxes given: [String: Weight], restart: Bool = false,
                       now: Date) throws(WorkoutsError) -> ProgramAssigned {
        let result = try plan(program, to: member, maxes: given, restart: restart, now: now)
        let assignment = result.assignment
        try attempt { () throws(LogbookError) in try roles.programs.setAssignment(assignment, userID: member.id) }
        return result
    }

    /// What `assign` would do, nothing saved: the maxes given, those from
    /// e1RMs, and the lifts with neither (`missing`: the member can't start them).
    public func plan(_ program: Program, to member: User, maxes given: [String: Weight], restart: Bool = false,
                     now: Date) throws(WorkoutsError) -> ProgramAssigned {
        var result = ProgramAssigned(assignment: ProgramAssignment(program: program.name, progress: .start(maxes: given), assignedAt: now))
        if !restart, let current = try assignment(of: member), NameRules.key(current.program) == NameRules.key(program.name) {
            result.assignment = current
            for (lift, max) in given { result.assignment.progress.trainingMaxes[NameRules.key(lift)] = max }
            result.kept = true
        }
        for lift in program.exercises where result.assignment.progress.trainingMax(for: lift) == nil {
            if let estimate = try bestEstimate(of: member, on: lift) {
                result.assignment.progress.trainingMaxes[NameRules.key(lift)] = ProgramProgress.trainingMax(fromEstimate: estimate, rules: program.rules)
                result.fromEstimates.append(lift)
            } else {
                result.missing.append(lift)
            }
        }
        return result
    }

    /// Takes the member off their program; false when they had none.
    public func unassign(_ member: User) throws(WorkoutsError) -> Bool {
        guard try assignment(of: member) != nil else { return false }
        try attempt { () throws(LogbookError) in try roles.programs.setAssignment(nil, userID: member.id) }
        return true
    }

    public func assignment(of member: User) throws(WorkoutsError) -> ProgramAssignment? {
        try attempt { () throws(LogbookError) in try roles.programs.assignment(userID: member.id) }
    }

    /// The member's best Epley e1RM on `lift` among their live working sets, in the set's unit.
    func bestEstimate(of member: User, on lift: String) throws(WorkoutsError) -> Weight? {
        guard let exercise = try attempt({ () throws(LogbookError) in try roles.names.exercise(named: lift) }) else { return nil }
        let bests = try attempt { () throws(LogbookError) in
            try roles.totals.bests(userID: member.id, exerciseID: exercise.id, excluding: nil, atLeast: Weight(hundredths: 0, unit: .kg))
        }
        guard let best = bests.strongest,
              let estimate = OneRepMaxFormula.epley.estimate(weight: best.weight.value, reps: best.reps) else { return nil }
        return Weight(value: estimate, unit: best.weight.unit)
    }

    // MARK: - Today

    /// The member's next workout with every load to the gym's plates, or
    /// `nil` when they are on no program. A program the gym removed since is
    /// said so.
    public func today(of member: User) throws(WorkoutsError) -> (assignment: ProgramAssignment, workout: TodayWorkout)? {
        guard let assignment = try assignment(of: member) else { return nil }
        let program = try program(named: assignment.program)
        return (assignment, try workout(of: program, at: assignment.progress))
    }

    /// The day `progress` is at, loads in the unit of the training maxes
    /// (else the program's) to the gym's plates of that unit.
    func workout(of program: Program, at progress: ProgramProgress, warmups: Bool = true) throws(WorkoutsError) -> TodayWorkout {
        let unit = progress.trainingMaxes.values.first?.unit ?? program.rules.unit
        return TodayWorkout.make(program, progress: progress, unit: unit, plates: try plateSet(unit), bar: PlateSet.standardBar(unit),
                                 warmups: warmups)
    }

    /// Every member on a program with their next workout, for `roster`.
    public func roster() throws(WorkoutsError) -> [RosterRow] {
        let all = try attempt { () throws(LogbookError) in try roles.programs.assignments() }
        // The programs read once, not once per member (each gym program is parsed from its YAML).
        let byKey = Dictionary(try programs().map { (NameRules.key($0.name), $0) }, uniquingKeysWith: { first, _ in first })
        var rows: [RosterRow] = []
        for (user, assignment) in all {
            let program = byKey[NameRules.key(assignment.program)]
            let next = try program.map { program throws(WorkoutsError) in try workout(of: program, at: assignment.progress) }
            rows.append(RosterRow(member: user.name, assignment: assignment, next: next, lifts: program?.exercises ?? []))
        }
        // Who can't start comes first: the coach sees it before the member is at the rack.
        return rows.enumerated().sorted { ($0.element.missingMaxes.isEmpty ? 1 : 0, $0.offset) < ($1.element.missingMaxes.isEmpty ? 1 : 0, $1.offset) }
            .map(\.element)
    }
}

/// What `assign` did: the assignment, the maxes it took from e1RMs, the
/// lifts with none, and whether the member kept their place.
public struct ProgramAssigned: Sendable {
    public var assignment: ProgramAssignment
    public var fromEstimates: [String] = []
    public var missing: [String] = []
    public var kept = false
}

/// One member on `roster`: their program, next workout, last one done and stall.
public struct RosterRow: Sendable {
    public var member: String
    public var assignment: ProgramAssignment
    /// `nil` when the program is gone (the gym removed it).
    public var next: TodayWorkout?
    /// The program's lifts as it spells them (the stored maxes are keyed by name key).
    public var lifts: [String]

    /// The program's spelling of a stored key.
    public func liftName(_ key: String) -> String {
        lifts.first { NameRules.key($0) == key } ?? key
    }

    /// The program's lifts the member has no training max for: left out of
    /// `today` until the coach gives one. Empty when the program is gone.
    public var missingMaxes: [String] {
        guard next != nil else { return [] }
        return lifts.filter { assignment.progress.trainingMax(for: $0) == nil }
    }
}

// MARK: - Walking a day and finishing it

extension Workouts {
    /// The member's next day to walk (`:go`), with the sets of it already
    /// saved marked done, so a member who walked away (the idle reset,
    /// another member, a new terminal) finds it where they left it: a set
    /// counts when one saved from `since` on (today, or the `:date` day) and
    /// after the day last finished covers it as `today --done` judges.
    /// `nil` for a member on no program.
    public func dayToWalk(of member: User, since: Date, now: Date) throws(WorkoutsError) -> ProgramDay? {
        guard let (assignment, today) = try today(of: member) else { return nil }
        let saved = try savedSets(of: member, on: today, after: assignment, since: since, now: now)
        let done = today.setsDone(work: saved.mapValues { $0.filter { $0.kind != .warmup }.map(\.values) },
                                  warmups: saved.mapValues { $0.filter { $0.kind == .warmup }.map(\.values) })
        return ProgramDay(assignment: assignment, workout: today, done: done)
    }

    /// The member's sets of each of the day's exercises from `since` (and
    /// after the day last finished: a second day done on the same date is
    /// judged by its own sets; and from the assignment on: what a member
    /// did before the coach put them on the program is not its first day)
    /// up to `now`, warm-ups included.
    func savedSets(of member: User, on today: TodayWorkout, after assignment: ProgramAssignment, since: Date,
                   now: Date) throws(WorkoutsError) -> [String: [WorkoutRecord]] {
        // A second on: the finish's instant may share the last set's stored second.
        let from = max(since, assignment.assignedAt, assignment.lastDoneAt.map { $0.addingTimeInterval(1) } ?? since)
        // Times are stored to the millisecond, rounded: a set saved a moment
        // before `now` may read back a fraction of a millisecond after it.
        let until = Date(timeIntervalSince1970: (now.timeIntervalSince1970 * 1000).rounded(.up) / 1000)
        var saved: [String: [WorkoutRecord]] = [:]
        for exercise in today.exercises {
            guard let stored = try attempt({ () throws(LogbookError) in try roles.names.exercise(named: exercise.exercise) }) else { continue }
            let records = try attempt { () throws(LogbookError) in
                try roles.recording.history(HistoryQuery(userID: member.id, exerciseID: stored.id, since: from))
            }
            saved[exercise.exercise] = records.filter { $0.performedAt <= until }
        }
        return saved
    }

    /// Ends the member's day of their program, judged from the working sets
    /// they saved from `since` on (the walk's day for `:go`; `nil`, for the
    /// command line: since the program last moved; see `savedSets`): each
    /// lift done or missed, the program's rules applied, and the program
    /// moved to the next day. Refused with no working set of the day saved
    /// (a day is judged once, from its own sets), and when another terminal
    /// moved it meanwhile: since `expected` was read (a walk's start), or
    /// between this read and the write.
    public func finishDay(of member: User, since: Date?, now: Date, expected: ProgramAssignment? = nil) throws(WorkoutsError) -> DayFinished {
        guard let (assignment, today) = try today(of: member) else {
            throw .invalid("\(member.name) is on no program; 'topweight programs assign NAME --user \(ShellWord.quoted(member.name))' puts them on one")
        }
        let movedElsewhere = WorkoutsError.invalid("\(member.name)'s program was moved on at another terminal; 'topweight today' shows where it is now")
        if let expected, expected != assignment { throw movedElsewhere }
        let program = try program(named: assignment.program)
        let saved = try savedSets(of: member, on: today, after: assignment, since: since ?? .distantPast, now: now)
        // A day is judged once, from its own sets: with none saved since the program last moved, there is nothing to judge.
        let title = "\(today.program) week \(today.week) day \(today.day)"
        guard !today.exercises.isEmpty else {
            throw .invalid("\(member.name) has no training max for \(today.missingMaxes.joined(separator: ", ")), so \(title) has nothing to judge; "
                           + "'topweight today --user \(member.name)' says how to give them")
        }
        guard saved.values.contains(where: { $0.contains { $0.kind != .warmup } }) else {
            let from = assignment.lastDone == nil ? "they were put on \(program.name)" : "\(program.name) last moved on"
            throw .invalid("\(member.name) has no set of \(title) saved since \(from); "
                           + "a day is judged once, from its own sets: save them, then finish it")
        }
        let completion = today.completion(from: saved.mapValues { $0.filter { $0.kind != .warmup }.map(\.values) })
        var next = assignment
        next.progress = assignment.progress.advanced(after: completion, in: program)
        next.lastDone = today.dayRef
        next.lastDoneAt = now
        let moved = try attempt { () throws(LogbookError) in try roles.programs.advanceAssignment(userID: member.id, from: assignment, to: next) }
        guard moved else { throw movedElsewhere }
        let after = try workout(of: program, at: next.progress, warmups: false)
        return DayFinished(finished: today, completion: today.exercises.map { ($0.exercise, completion[$0.exercise] ?? false) },
                           before: assignment, after: next, next: after, lifts: program.exercises)
    }
}

/// A day of a member's program to walk (`:go`): the assignment it was read
/// from, the day with its loads, and which of its sets are done already
/// (per exercise, per set).
public struct ProgramDay: Sendable, Hashable {
    public var assignment: ProgramAssignment
    public var workout: TodayWorkout
    public var done: [[Bool]]

    /// The sets still to do, as the logger walks them.
    public var steps: [PlannedSet] { workout.walk(done: done) }

    /// Work sets done already.
    public var workDone: Int {
        zip(workout.exercises, done).reduce(0) { total, pair in
            total + pair.0.sets.indices.filter { !pair.0.sets[$0].warmup && pair.1.indices.contains($0) && pair.1[$0] }.count
        }
    }
}

/// A day of a program ended: what it was, each lift done or missed, the
/// training maxes before and after, and the next day.
public struct DayFinished: Sendable {
    public var finished: TodayWorkout
    public var completion: [(exercise: String, done: Bool)]
    public var before: ProgramAssignment
    public var after: ProgramAssignment
    public var next: TodayWorkout
    /// The program's lifts as it spells them.
    public var lifts: [String]
}

/// The gym's programs as parsed, kept per process and keyed by the stored
/// name and YAML text themselves: the text is read on every `today` (the
/// rack's line at each member change) but parsed only when it is new, so a
/// program another terminal imports or replaces is seen at once, with no
/// version to keep in step. A text that doesn't read is kept with why.
final class ParsedPrograms: @unchecked Sendable {
    static let shared = ParsedPrograms()

    private let lock = NSLock()
    private var parsed: [StoredProgram: Result<Program, ProgramCatalog.Problem>] = [:]

    func parsed(_ stored: StoredProgram) -> Result<Program, ProgramCatalog.Problem> {
        lock.lock()
        defer { lock.unlock() }
        if let known = parsed[stored] { return known }
        // A gym has a handful of programs; texts replaced many times over are let go at once.
        if parsed.count >= 64 { parsed.removeAll() }
        let program: Result<Program, ProgramCatalog.Problem>
        do {
            let catalog = try ProgramCatalog(yaml: stored.source)
            program = catalog.program(named: stored.name).map { .success($0) }
                ?? .failure(ProgramCatalog.Problem(line: nil, reason: "the stored file has no program named \(stored.name)"))
        } catch {
            program = .failure(error)
        }
        parsed[stored] = program
        return program
    }
}
