import Foundation
import Testing
import TopWeightCatalog
import TopWeightCore
import TopWeightREPL
import TopWeightStore
import TopWeightTestSupport

/// Progress inside the logger: the personal-record line after a save,
/// `:prs` and `:stats`, driven line by line.
@Suite("Progress in the logger")
struct ProgressFlowTests {
    /// The line said right after the `Saved` line of record `id`, if any.
    static func lineAfterSaved(_ id: Int64, in said: [String]) -> String? {
        guard let index = said.firstIndex(where: { $0.hasPrefix("Saved #\(id) ") }), index + 1 < said.count else { return nil }
        return said[index + 1]
    }

    @Test("a heavier set names its records on the line right under Saved, with the bests it beat")
    func heavierSet() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 5, 5))
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana", "bench 62.5x5x5"]))
        #expect(Self.lineAfterSaved(2, in: console.said)
            == "New PR on Bench Press: heaviest 62.5 kg (was 60 kg) · e1RM 72.9 kg (was 70 kg)")
    }

    @Test("more reps at a weight: e1RM and most reps; across units, each best in its own unit")
    func repsAndUnits() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 5, 5))
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana", "bench 60x8x3", "bench 135lbx5x3"]))
        #expect(Self.lineAfterSaved(2, in: console.said)
            == "New PR on Bench Press: e1RM 76 kg (was 70 kg) · 8 reps at 60 kg (was 5 at 60 kg)")
        #expect(Self.lineAfterSaved(3, in: console.said) == "New PR on Bench Press: heaviest 135 lb (was 60 kg)")
    }

    @Test("no record line for the same set again, a lighter set, or a member's first set of an exercise")
    func noRecord() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 5, 5))
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana", "bench 60x5x5", "bench 50x5x5", "Back Squat 100x5x5"]))
        #expect(console.said.filter { $0.hasPrefix("Saved") }.count == 3)
        #expect(!console.all.contains { $0.contains("PR") }, "\(console.all)")
    }

    @Test("an undone set is no longer the best to beat")
    func undoneSet() throws {
        let fixture = try Fixture()
        try fixture.seed(values: .kg(60, 5, 5))
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana", "bench 70x5x5", ":undo", "bench 65x5x5"]))
        #expect(Self.lineAfterSaved(3, in: console.said)
            == "New PR on Bench Press: heaviest 65 kg (was 60 kg) · e1RM 75.8 kg (was 70 kg)")
    }

    @Test(":prs and :chart take a start that only one logged exercise has, whatever catalog names share it")
    func startOfLoggedName() throws {
        let fixture = try Fixture()
        // Bench Press is stored and logged; the catalog also has Back Squat, never logged here.
        let (ana, bench) = try fixture.seed(values: .kg(60, 5, 5))
        _ = try fixture.store.save(NewRecord(user: ana, exercise: bench, values: .kg(62.5, 5, 5), performedAt: Fixture.now.addingTimeInterval(-3_600)))
        let source = ScriptedLineSource(lines: ["Ana", ":prs b", ":chart b"])
        source.screenColumns = 60
        let (console, _) = fixture.run(source)
        #expect(!console.warned.contains { $0.contains("could be") }, "\(console.warned)")
        #expect(console.said.contains { $0.hasPrefix("Bench Press  heaviest   62.5 kg") }, "\(console.said)")
        #expect(console.said.contains { $0.hasPrefix("Ana - Bench Press - best e1RM a day") || $0.hasPrefix("Ana · Bench Press · best e1RM a day") }, "\(console.said)")
    }

    @Test(":prs lists the member's records by exercise; a start of a name picks the member's most used; an unknown one is refused")
    func prs() throws {
        let fixture = try Fixture()
        let (ana, bench) = try fixture.seed(values: .kg(60, 5, 5))
        let squat = try fixture.store.createExercise(named: "Back Squat")
        _ = try fixture.store.save(NewRecord(user: ana, exercise: squat, values: .kg(100, 3, 5), performedAt: Fixture.now.addingTimeInterval(-3_600)))
        _ = try fixture.store.save(NewRecord(user: ana, exercise: bench, values: .kg(50, 12, 3), performedAt: Fixture.now.addingTimeInterval(-7_200)))
        let source = ScriptedLineSource(lines: ["Ana", ":prs", ":prs bench", ":prs Deadlift", ":prs b"])
        source.probes = [":pr", ":prs ba"]
        let (console, _) = fixture.run(source)
        #expect(source.offered(":pr", at: "exercise") == [":prs ", ":private "])
        #expect(source.offered(":prs ba", at: "exercise") == [":prs Back Squat"])
        let lines = console.said
        let start = try #require(lines.firstIndex(of: "Personal records of Ana (e1RM by Epley):"))
        // Bench Press: 60 × 5 and 50 × 12 tie on e1RM (70 kg); the first set holds it.
        #expect(Array(lines[(start + 1)...(start + 9)]) == [
            "Exercise     Record     Best     Set             Day",
            "Back Squat   heaviest   100 kg   100 kg × 3 × 5  Sat 21 Nov  #2",
            "             e1RM       110 kg   100 kg × 3 × 5  Sat 21 Nov  #2",
            "             most reps  3 reps   100 kg × 3 × 5  Sat 21 Nov  #2",
            "             volume     1500 kg  100 kg × 3 × 5  Sat 21 Nov  #2",
            "Bench Press  heaviest   60 kg    60 kg × 5 × 5   Fri 20 Nov  #1",
            "             e1RM       70 kg    60 kg × 5 × 5   Fri 20 Nov  #1",
            "             most reps  12 reps  50 kg × 12 × 3  Sat 21 Nov  #3",
            "             volume     1800 kg  50 kg × 12 × 3  Sat 21 Nov  #3",
        ])
        // The last block (`:prs b`, after `:prs bench`): Bench Press alone.
        let second = try #require(lines.lastIndex(of: "Personal records of Ana (e1RM by Epley):"))
        #expect(second > start)
        #expect(lines[second + 2] == "Bench Press  heaviest   60 kg    60 kg × 5 × 5   Fri 20 Nov  #1")
        #expect(!lines[second...].contains { $0.contains("Back Squat") })
        #expect(console.warned.contains { $0.hasPrefix("no exercise named Deadlift") })
        // `:prs b`: the one ranking, Ana's own first: Bench Press (two sets) before Back Squat (one).
        #expect(!console.warned.contains { $0.contains("could be") }, "\(console.warned)")
        #expect(lines.filter { $0 == "Personal records of Ana (e1RM by Epley):" }.count == 3, "\(lines)")
    }

    @Test(":stats shows the member's streak, tallies and most trained; before a member is chosen in a kiosk it asks for one")
    func stats() throws {
        let fixture = try Fixture()
        let (ana, bench) = try fixture.seed(values: .kg(60, 5, 5))
        _ = try fixture.store.save(NewRecord(user: ana, exercise: bench, values: .kg(60, 5, 5), performedAt: Fixture.now.addingTimeInterval(-8 * 86_400)))
        let (console, _) = fixture.run(ScriptedLineSource(lines: ["Ana", ":stats"]))
        let start = try #require(console.said.firstIndex { $0.hasPrefix("Ana: ") })
        #expect(Array(console.said[start...]) == [
            "Ana: 2 weeks in a row with a session (weeks from Monday) · last lift yesterday (Fri 20 Nov)",
            "            Sessions  Sets    Volume",
            "This week          1     5  1\u{202F}500 kg",
            "This month         2    10  3\u{202F}000 kg",
            "All time           2    10  3\u{202F}000 kg",
            "Volume counts loads only: weights and added loads, not body weight, holds or distances.",
            "Most trained: Bench Press 10 sets",
            "Volume by category: other 100 %",
        ])
        let (kiosk, _) = fixture.run(ScriptedLineSource(lines: [":stats", ":prs"]), kiosk: true)
        #expect(kiosk.warned.contains("Type your name first: :stats is about your own training."))
        #expect(kiosk.warned.contains("Type your name first: :prs is about your own training."))
    }
}

/// `:chart` and `:prs` over sets of other kinds.
@Suite("Progress of every kind in the logger")
struct KindProgressFlowTests {
    @Test(":chart draws an exercise by its kind's metric unless one is named; :prs lists each kind's bests")
    func chartByKind() throws {
        let fixture = try Fixture()
        let (ana, _) = try fixture.seed(values: .kg(60, 5, 5))
        let plank = try fixture.store.createExercise(named: "Plank", category: nil, kind: .time)
        for (hours, seconds) in [(50, 60), (26, 90)] {
            _ = try fixture.store.save(NewRecord(user: ana, exercise: plank, values: .timed(SetDuration(seconds: seconds), series: 3),
                                                 performedAt: Fixture.now.addingTimeInterval(Double(-hours) * 3_600)))
        }
        let source = ScriptedLineSource(lines: ["Ana", ":chart Plank", ":chart Plank reps", ":prs Plank"])
        source.screenColumns = 60
        let (console, _) = fixture.run(source)
        #expect(console.said.contains { $0.hasSuffix("Plank · longest hold a day (seconds)") || $0.hasSuffix("Plank - longest hold a day (seconds)") },
                "\(console.said)")
        #expect(console.said.contains { $0.hasPrefix("2 days") && $0.contains("best 90 s") }, "\(console.said)")
        #expect(console.said.contains("No reps in the sets of Plank by Ana yet: nothing to draw."), "\(console.said)")
        #expect(console.said.contains { $0.hasPrefix("Plank     longest hold  1:30  1:30 × 3") }, "\(console.said)")
    }
}
