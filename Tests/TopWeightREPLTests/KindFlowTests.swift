import Foundation
import Testing
import TopWeightCatalog
import TopWeightCore
@testable import TopWeightREPL
import TopWeightStore
import TopWeightTestSupport

/// Every kind of set through the logger's prompts: `added kg [0]:`,
/// `time [1:00]:`, `distance m [2000]:` then `time:`, the steppers of each,
/// an `@RPE` after the last answer, the one-line forms, `:edit`, `:repeat`
/// and `:undo` of sets that are not weights.
@Suite("Kinds of set in the flow")
struct KindFlowTests {
    /// A catalog where `row` could be a barbell row or the rowing machine.
    static let catalog = ExerciseCatalog(entries: [
        .init(name: "Bench Press", category: "barbell", rank: 1),
        .init(name: "Back Squat", category: "barbell", aliases: ["Squat"], rank: 2),
        .init(name: "Barbell Row", category: "barbell", rank: 3),
        .init(name: "Romanian Deadlift", category: "barbell", aliases: ["RDL"], rank: 4),
        .init(name: "Pull-Up", category: "bodyweight", aliases: ["Pull Up"], rank: 5),
        .init(name: "Dip", category: "bodyweight", rank: 6),
        .init(name: "Plank", category: "bodyweight", rank: 7, kind: .time),
        .init(name: "Rowing Machine", category: "cardio", aliases: ["Rower"], rank: 8),
        .init(name: "Running", category: "cardio", aliases: ["Run"], rank: 9),
    ])

    private static func run(_ lines: [String], seed: (WorkoutStore, User) throws -> Void = { _, _ in }) throws
        -> (fixture: Fixture, source: ScriptedLineSource, console: RecordingConsole) {
        let fixture = try Fixture()
        let ana = try fixture.store.createUser(named: "Ana")
        try seed(fixture.store, ana)
        let source = ScriptedLineSource(lines: ["Ana"] + lines)
        let (console, _) = fixture.run(source, catalog: catalog)
        return (fixture, source, console)
    }

    /// A set of Ana's a day before the fixture's now.
    private static func logged(_ store: WorkoutStore, _ ana: User, _ name: String, kind: ExerciseKind, _ values: SetValues) throws {
        let exercise = try store.exercise(named: name) ?? store.createExercise(named: name, kind: kind)
        _ = try store.save(NewRecord(user: ana, exercise: exercise, values: values, performedAt: Fixture.now.addingTimeInterval(-86_400)))
    }

    /// A stored exercise of `kind`, as the session would find it.
    private static func exercise(_ name: String, _ kind: ExerciseKind) -> Exercise {
        Exercise(id: 10, name: name, category: nil, kind: kind)
    }

    private static func distance(_ text: String) throws -> Distance {
        try #require(Distance.parse(text, unit: nil)).get()
    }

    // MARK: - The prompts of each kind

    @Test("a bodyweight exercise asks the load added, then reps and series; Enter at added keeps body weight alone")
    func bodyweightPrompts() {
        var script = FlowScript.atExercise()
        script.choose(Self.exercise("Pull-Up", .bodyweight), last: nil)
        var prompts = [script.prompt]
        for answer in ["", "8", "3"] {
            script.type(answer)
            prompts.append(script.prompt)
        }
        #expect(prompts.prefix(3) == ["[Ana] added kg [0]: ", "[Ana] reps: ", "[Ana] series: "], "\(prompts)")
        #expect(script.saves && script.turn.draft.values == .bodyweight(load: 0, unit: .kg, reps: 8, series: 3))
        script.answerSave()
        #expect(script.said.contains { $0.hasPrefix("Saved #100  Ana · Pull-Up · BW × 8 reps × 3 series") }, "\(script.said)")
    }

    @Test("added takes bw, bw+10, bw-20, a plain number and steppers", arguments: [
        ("bw", 0), ("bw+10", 1000), ("bw-20", -2000), ("12.5", 1250), ("+", 1250), ("-", 750), ("--", 500), ("+5", 1500), ("-30", -2000), ("", 1000),
    ])
    func addedForms(typed: String, hundredths: Int) {
        var script = FlowScript.atExercise()
        script.choose(Self.exercise("Pull-Up", .bodyweight), last: .bodyweight(load: 1000, unit: .kg, reps: 8, series: 3))
        #expect(script.prompt == "[Ana] added kg [10]: ")
        for answer in [typed, "", ""] { script.type(answer) }
        #expect(script.saves && script.turn.draft.values == .bodyweight(load: hundredths, unit: .kg, reps: 8, series: 3))
    }

    @Test("assistance last time is offered as a negative load and shown BW − 20 kg")
    func assisted() {
        var script = FlowScript.atExercise()
        script.choose(Self.exercise("Pull-Up", .bodyweight), last: .bodyweight(load: -2000, unit: .kg, reps: 6, series: 2))
        #expect(script.prompt == "[Ana] added kg [-20]: ")
        for _ in 0..<3 { script.type("") }
        #expect(script.turn.draft.values?.assisted == true)
        script.answerSave()
        #expect(script.said.contains { $0.contains("Pull-Up · BW \u{2212} 20 kg × 6 reps × 2 series") }, "\(script.said)")
    }

    @Test("a timed exercise asks time [1:00] then series; Enter takes a minute")
    func timePrompts() {
        var script = FlowScript.atExercise()
        script.choose(Self.exercise("Plank", .time), last: nil)
        var prompts = [script.prompt]
        for answer in ["", "3"] {
            script.type(answer)
            prompts.append(script.prompt)
        }
        #expect(prompts.first == "[Ana] time [1:00]: ", "\(prompts)")
        #expect(!prompts.contains { $0.hasPrefix("[Ana] weight") || $0.hasPrefix("[Ana] reps") })
        #expect(script.saves && script.turn.draft.values == .timed(SetDuration(seconds: 60), series: 3))
        script.answerSave()
        #expect(script.said.contains { $0.hasPrefix("Saved #100  Ana · Plank · 1:00 × 3 series") }, "\(script.said)")
    }

    @Test("the time prompt takes 90s, 1:30, 1m30s, 2m and steps of 5 s from last time's", arguments: [
        ("90s", 90), ("1:30", 90), ("1m30s", 90), ("2m", 120), ("+", 95), ("--", 80), ("+15s", 105), ("-0:30", 60), ("", 90),
    ])
    func timeForms(typed: String, seconds: Int) {
        var script = FlowScript.atExercise()
        script.choose(Self.exercise("Plank", .time), last: .timed(SetDuration(seconds: 90), series: 3))
        #expect(script.prompt == "[Ana] time [1:30]: ")
        script.type(typed)
        #expect(script.prompt == "[Ana] series [3]: ")
        script.type("")
        #expect(script.saves && script.turn.draft.values == .timed(SetDuration(seconds: seconds), series: 3))
    }

    @Test("a distance exercise asks distance m [2000] then the time, and stores the unit as typed")
    func distancePrompts() throws {
        var script = FlowScript.atExercise()
        script.choose(Self.exercise("Rowing Machine", .distance), last: nil)
        #expect(script.prompt == "[Ana] distance m [2000]: ")
        script.type("")
        #expect(script.prompt == "[Ana] time: ")
        script.type("7:45")
        let expected = SetValues.covered(try Self.distance("2000m"), in: SetDuration(seconds: 465))
        #expect(script.saves && script.turn.draft.values == expected)
        script.answerSave()
        #expect(script.said.contains { $0.hasPrefix("Saved #100  Ana · Rowing Machine · 2 000 m in 7:45") }, "\(script.said)")
    }

    @Test("the distance prompt offers last time's unit; a number is in it, a unit typed is kept, steppers move by the unit's step", arguments: [
        ("", "5km"), ("+", "5.5km"), ("--", "4km"), ("3.1mi", "3.1mi"), ("10", "10km"), ("+1km", "6km"), ("8000m", "8000m"),
    ])
    func distanceForms(typed: String, stored: String) throws {
        var script = FlowScript.atExercise()
        script.choose(Self.exercise("Running", .distance), last: .covered(try Self.distance("5km"), in: SetDuration(seconds: 1500)))
        #expect(script.prompt == "[Ana] distance km [5]: ")
        script.type(typed)
        #expect(script.prompt == "[Ana] time [25:00]: ")
        script.type("")
        let expected = SetValues.covered(try Self.distance(stored), in: SetDuration(seconds: 1500))
        #expect(script.saves && script.turn.draft.values == expected)
    }

    @Test("< goes back through the prompts of the kind")
    func back() throws {
        var script = FlowScript.atExercise()
        script.choose(Self.exercise("Rowing Machine", .distance), last: nil)
        script.type("1000")
        script.type("<")
        #expect(script.prompt == "[Ana] distance m [1000]: ", "back at the distance, what was typed kept")
        script.type("")
        script.type("4:00")
        let expected = SetValues.covered(try Self.distance("1000m"), in: SetDuration(seconds: 240))
        #expect(script.saves && script.turn.draft.values == expected)
    }

    // MARK: - RPE

    @Test("an @RPE after the last answer rates the set, with or without the answer", arguments: [
        (["Bench Press", "100", "5", "3@8"], "100x5x3@8"),
        (["Bench Press", "100", "5", "@8.5"], "100x5x3@8.5"),
        (["Plank", "", "@9"], "1:30x3@9"),
        (["Rowing Machine", "", "7:40@7"], "2000m 7:40@7"),
    ])
    func effort(lines: [String], compact: String) throws {
        let last: [String: (ExerciseKind, SetValues)] = [
            "Bench Press": (.weight, .kg(90, 5, 3)),
            "Plank": (.time, .timed(SetDuration(seconds: 90), series: 3)),
            "Rowing Machine": (.distance, .covered(try Self.distance("2000m"), in: SetDuration(seconds: 470))),
        ]
        let (kind, values) = try #require(last[lines[0]])
        var script = FlowScript.atExercise()
        script.choose(Self.exercise(lines[0], kind), last: values)
        for answer in lines.dropFirst() { script.type(answer) }
        #expect(script.saves && script.turn.draft.values?.compact == compact)
        script.answerSave()
        let shown = try #require(compact.split(separator: "@").last)
        #expect(script.said.contains { $0.hasPrefix("Saved") && $0.hasSuffix("@\(shown)") }, "\(script.said)")
    }

    // MARK: - One line

    @Test("one line saves a set of each kind on the exercise its numbers fit", arguments: [
        ("pull-up bw+10x8x3", "Pull-Up", "bw+10x8x3", "BW + 10 kg × 8 reps × 3 series"),
        ("dip bwx12x3", "Dip", "bwx12x3", "BW × 12 reps × 3 series"),
        ("plank 1:30x3", "Plank", "1:30x3", "1:30 × 3 series"),
        ("row 2000m 7:45", "Rowing Machine", "2000m 7:45", "2 000 m in 7:45"),
        ("row 2000 m 7:45", "Rowing Machine", "2000m 7:45", "2 000 m in 7:45"),
        ("run 5km 25:00", "Running", "5km 25:00", "5 km in 25:00"),
        ("row 60x8x3", "Barbell Row", "60x8x3", "60 kg × 8 reps × 3 series"),
        ("squat 100x5x3@8", "Back Squat", "100x5x3@8", "100 kg × 5 reps × 3 series @8"),
        ("rdl 80x8x3@8", "Romanian Deadlift", "80x8x3@8", "80 kg × 8 reps × 3 series @8"),
        ("bench 100x5x3 @8.5", "Bench Press", "100x5x3@8.5", "100 kg × 5 reps × 3 series @8.5"),
    ])
    func oneLine(typed: String, exercise: String, compact: String, shown: String) throws {
        let (fixture, _, console) = try Self.run([typed])
        let record = try #require(try fixture.records().first)
        #expect(record.exercise == exercise)
        #expect(record.values.compact == compact)
        #expect(console.said.contains("Saved #1  Ana · \(exercise) · \(shown)"), "\(console.said)")
        #expect(!console.said.contains { $0.hasPrefix("New exercise") })
    }

    @Test("at the first prompt of the kind, the whole set of that kind saves at once", arguments: [
        (["Bench Press", "100x5x3@8"], "100x5x3@8"),
        (["Pull-Up", "bw+5x6x2"], "bw+5x6x2"),
        (["Plank", "45sx4"], "0:45x4"),
        (["Running", "10km 50:00@8"], "10km 50:00@8"),
    ])
    func wholeSetAtPrompt(lines: [String], compact: String) {
        var script = FlowScript.atExercise()
        let kinds: [String: ExerciseKind] = ["Pull-Up": .bodyweight, "Plank": .time, "Running": .distance]
        script.choose(Self.exercise(lines[0], kinds[lines[0]] ?? .weight), last: nil)
        #expect(script.type(lines[1]) == [.save])
        #expect(script.turn.draft.values?.compact == compact)
    }

    @Test("a new exercise named with a set's numbers is created in the kind they make")
    func newExerciseOfKind() throws {
        let (fixture, _, _) = try Self.run(["Wall Hold 1:30x3", "y"])
        #expect(try fixture.store.exercise(named: "Wall Hold")?.kind == .time)
        #expect(try fixture.records().first?.values.compact == "1:30x3")
    }

    // MARK: - Wrong input

    @Test("wrong answers say why with an example, ask the same prompt again and save nothing", arguments: [
        (["Pull-Up", "bw+"], "[Ana] added kg [0]: ", "after bw+ comes a load"),
        (["Plank", "1:75"], "[Ana] time [1:00]: ", "from 00 to 59"),
        (["Plank", "-5m"], "[Ana] time [1:00]: ", "from 0:01"),
        (["Rowing Machine", "-5km"], "[Ana] distance m [2000]: ", "more than 0"),
        (["Bench Press", "100", "5", "3@11"], "[Ana] series: ", "RPE goes from 6 to 10 by halves"),
        (["Bench Press", "100", "5", "@7.3"], "[Ana] series: ", "RPE goes from 6 to 10 by halves"),
        (["Bench Press", "100", "5@8"], "[Ana] reps: ", "an RPE goes after the last answer"),
        (["Plank", "1:30x3@11"], "[Ana] time [1:00]: ", "RPE goes from 6 to 10"),
    ])
    func wrong(lines: [String], prompt: String, reason: String) throws {
        var script = FlowScript.atExercise()
        let kinds: [String: ExerciseKind] = ["Pull-Up": .bodyweight, "Plank": .time, "Rowing Machine": .distance]
        script.choose(Self.exercise(lines[0], kinds[lines[0]] ?? .weight), last: nil)
        for answer in lines.dropFirst() { script.type(answer) }
        #expect(!script.saves)
        let warning = try #require(script.warned.first { $0.contains(reason) }, "\(script.warned)")
        #expect(warning.contains("(e.g. "))
        #expect(script.prompt == prompt, "the same prompt again")
    }

    /// A line typed at Ana's exercise prompt that the flow refuses there:
    /// no name looked up, no new exercise offered, nothing saved.
    private static func refused(_ typed: String) -> FlowScript {
        var script = FlowScript.atExercise()
        script.type(typed)
        #expect(!script.effects.contains { if case .resolveExercise = $0 { true } else { false } }, "\(script.effects)")
        #expect(!script.saves && script.turn.question == nil)
        return script
    }

    @Test("one-line numbers that make no set of any kind are refused at the exercise prompt", arguments: [
        ("plank 1:75x3", "from 00 to 59"),
        ("pull-up bw+x8x3", "after bw+ comes a load"),
        ("bench 100x5x3@11", "RPE goes from 6 to 10"),
        ("row 0m 7:45", "more than 0"),
    ])
    func wrongOneLine(typed: String, reason: String) {
        let script = Self.refused(typed)
        #expect(script.warned.contains { $0.contains(reason) }, "\(script.warned)")
        #expect(script.prompt.hasPrefix("[Ana] exercise"), "\(script.prompt)")
    }

    @Test("a rated number at the exercise prompt is a set, never offered as a new exercise", arguments: ["3@8.5", "@8", "Bench 80x8@8", "Hold 45@9"])
    func ratedNumbersAreNoName(typed: String) throws {
        let (fixture, source, console) = try Self.run([typed])
        #expect(try fixture.records().isEmpty)
        #expect(!source.prompts.contains { $0.hasPrefix("New exercise") }, "\(source.prompts)")
        #expect(console.warned.contains { $0.contains("(e.g. ") }, "\(console.warned)")
    }

    @Test("a name with an @ that is no rating stays a name", arguments: ["@home Press", "Press @home"])
    func atInName(typed: String) {
        var script = FlowScript.atExercise()
        #expect(script.type(typed) == [.resolveExercise(typed, then: nil)], "looked up as a name")
        script.send(.newExercise(typed, similar: [], entry: nil))
        #expect(script.prompt == "New exercise \"\(typed)\". Create? [y/n] ")
    }

    @Test("a distance typed with a space before its unit is one distance at the prompt")
    func spacedUnit() throws {
        let (fixture, _, _) = try Self.run(["Running", "5 mi", "40:00"])
        #expect(try fixture.records().first?.values.compact == "5mi 40:00")
    }

    @Test("numbers of another kind on a named exercise say its kind and save nothing")
    func numbersOfAnotherKind() {
        var script = FlowScript.atExercise()
        script.enter("Bench Press 1:30x3", as: FlowScript.bench)
        #expect(!script.saves)
        #expect(script.warned.contains { $0.hasPrefix("Bench Press is a weight exercise: a weight set is written") }, "\(script.warned)")
    }

    @Test("Ctrl-C at a time or distance prompt cancels the entry, nothing saved")
    func interrupted() {
        var script = FlowScript.atExercise()
        script.choose(Self.exercise("Plank", .time), last: nil)
        script.press(.interrupted)
        script.choose(Self.exercise("Rowing Machine", .distance), last: nil)
        script.type("500")
        script.press(.interrupted)
        #expect(!script.saves)
        #expect(script.warned.filter { $0 == "Cancelled; nothing saved." }.count == 2)
    }

    // MARK: - Everywhere a set goes

    /// `line` saved on `exercise` from Ana's exercise prompt, then `:edit`
    /// of it answered with `answers`: the script, the set, and the prompts met.
    private static func editing(_ line: String, as exercise: Exercise, _ answers: [String]) throws -> (FlowScript, WorkoutRecord, [String]) {
        var script = FlowScript.atExercise()
        script.enter(line, as: exercise)
        let saved = try #require(script.stored.first)
        #expect(script.type(":edit") == [.fetch(.setToEdit(nil))])
        script.send(.editTarget(saved))
        var prompts = [script.prompt]
        for answer in answers {
            script.type(answer)
            prompts.append(script.prompt)
        }
        return (script, saved, prompts)
    }

    /// The values the flow asked `:edit` to commit, last.
    private static func committed(_ script: FlowScript) -> SetValues? {
        if case .commitEdit(_, _, let values)? = script.effects.last { values } else { nil }
    }

    @Test(":edit asks the prompts of the set's kind, and keeps its RPE unless another is typed")
    func edit() throws {
        let (edited, saved, prompts) = try Self.editing("plank 1:30x3@8", as: Self.exercise("Plank", .time), ["", "+", "4"])
        var script = edited
        #expect(prompts.contains("[Ana · Edit #\(saved.id)] time [1:30]: "), "\(prompts)")
        #expect(prompts.contains("[Ana · Edit #\(saved.id)] series [3 @8]: "), "\(prompts)")
        let values = try #require(Self.committed(script), "\(script.effects)")
        #expect(values.compact == "1:35x4@8")
        var after = saved
        after.values = values
        script.send(.edited(saved, after))
        #expect(script.said.contains { $0.hasPrefix("Edited #\(saved.id): Ana · Plank · 1:30 × 3 series @8 → Plank · 1:35 × 4 series @8") }, "\(script.said)")
    }

    @Test(":edit of a distance set: the distance in its unit, then the time with an RPE")
    func editDistance() throws {
        let (script, saved, prompts) = try Self.editing("run 5km 25:00", as: Self.exercise("Running", .distance), ["", "6", "30:00@7"])
        #expect(prompts.contains("[Ana · Edit #\(saved.id)] distance km [5]: "), "\(prompts)")
        #expect(Self.committed(script)?.compact == "6km 30:00@7", "\(script.effects)")
    }

    @Test(":edit won't move a set to an exercise of another kind")
    func editAcrossKinds() throws {
        var script = try Self.editing("plank 1:30x3", as: Self.exercise("Plank", .time), []).0
        #expect(script.type("Bench Press") == [.checkEditedExercise("Bench Press")])
        script.send(.editedExercise(FlowScript.bench, typed: "Bench Press"))
        #expect(script.warned.contains { $0.contains("Bench Press is a weight exercise and #100 a time set") }, "\(script.warned)")
        #expect(!script.effects.contains { if case .commitEdit = $0 { true } else { false } }, "the set stays on Plank")
    }

    @Test(":undo removes a set of any kind")
    func undo() throws {
        var script = FlowScript.atExercise()
        script.enter("row 2000m 7:45", as: Self.exercise("Rowing Machine", .distance))
        let saved = try #require(script.stored.first)
        #expect(script.type(":undo") == [.undo(saved)])
        script.send(.undone(saved, removed: true))
        #expect(script.said.contains { $0.hasPrefix("Removed #100  Ana · Rowing Machine · 2 000 m in 7:45") }, "\(script.said)")
    }

    @Test("after a save the next entry of the exercise offers the numbers just saved (no RPE carried)")
    func enterRepeats() throws {
        let plank = Self.exercise("Plank", .time)
        var script = FlowScript.atExercise()
        script.enter("plank 1:30x3@8", as: plank)
        // The logbook's last set of it is the one just saved, its RPE with it.
        script.enter("Plank", as: plank, last: try #require(script.stored.first).values)
        var prompts = [script.prompt]
        for _ in 0..<2 {
            script.type("")
            prompts.append(script.prompt)
        }
        script.answerSave()
        #expect(prompts.last { $0.hasPrefix("[Ana] series") } == "[Ana] series [3]: ", "\(prompts)")
        #expect(script.stored.map(\.values.compact) == ["1:30x3@8", "1:30x3"])
    }

    @Test(":start offers a routine's numbers for a bodyweight lift at the added prompt")
    func routineBodyweight() throws {
        let fixture = try Fixture()
        _ = try fixture.store.createUser(named: "Ana")
        let routines = RoutineCatalog(routines: [Routine(name: "Dips", exercises: [RoutineStep(exercise: "Dip", values: .kg(0, 8, 3))])])
        let source = ScriptedLineSource(lines: ["Ana", ":start dips", "", "", ""])
        fixture.run(source, routines: routines, catalog: Self.catalog)
        #expect(source.prompts.contains("[Ana · Dips 1/1] added kg [0]: "), "\(source.prompts)")
        #expect(source.prompts.contains("[Ana · Dips 1/1] reps [8]: "), "\(source.prompts)")
        #expect(try fixture.records().first?.values == .bodyweight(load: 0, unit: .kg, reps: 8, series: 3))
    }

    @Test(":repeat walks a session of mixed kinds with each set's own prompts and numbers")
    func repeatMixed() throws {
        let (fixture, source, _) = try Self.run([":repeat last", "", "", "", "", "", "", ""]) { store, ana in
            try Self.logged(store, ana, "Pull-Up", kind: .bodyweight, .bodyweight(load: 500, unit: .kg, reps: 8, series: 3))
            try Self.logged(store, ana, "Plank", kind: .time, .timed(SetDuration(seconds: 75), series: 2))
            try Self.logged(store, ana, "Running", kind: .distance, .covered(try Self.distance("3km"), in: SetDuration(seconds: 900)))
        }
        #expect(source.prompts.contains { $0.hasSuffix("added kg [5]: ") }, "\(source.prompts)")
        #expect(source.prompts.contains { $0.hasSuffix("time [1:15]: ") }, "\(source.prompts)")
        #expect(source.prompts.contains { $0.hasSuffix("distance km [3]: ") }, "\(source.prompts)")
        let today = try fixture.records().filter { $0.performedAt == Fixture.now }.map(\.values.compact)
        #expect(Set(today) == ["bw+5x8x3", "1:15x2", "3km 15:00"], "\(today)")
    }
}
