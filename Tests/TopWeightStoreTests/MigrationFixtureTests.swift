import Foundation
import Testing
@testable import TopWeightStore
import TopWeightCore
import TopWeightTestSupport

/// Databases written by shipped versions open with every record intact.
///
/// Each schema version that ships leaves a fixture in `Fixtures/`, written by
/// that version's `topweight add`; a new migration must upgrade all of them.
@Suite("Upgrading shipped databases")
struct MigrationFixtureTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// What every fixture holds (each was written by that version's `topweight add`): id, user, exercise, weight, unit, reps, series, performedAt (UTC).
    static let v1Records: [(Int64, String, String, Int, WeightUnit, Int, Int, String)] = [
        (8, "Robert'); DROP TABLE record;--", "Dip", 1000, .kg, 8, 3, "2026-11-08T18:00:00Z"),
        (7, "José", "Zercher Squat", 8225, .kg, 6, 2, "2026-11-07T18:00:00Z"),
        (6, "Ana 💪", "Pull-Up", 0, .kg, 12, 4, "2026-11-06T18:00:00Z"),
        (5, "李雷", "Overhead Press", 4000, .kg, 10, 3, "2026-11-05T07:30:00Z"),
        (4, "Zoë", "Deadlift", 13500, .lb, 5, 3, "2026-11-04T18:00:00Z"),
        (3, "Ana", "Back Squat", 10000, .kg, 5, 5, "2026-11-03T08:10:00Z"),
        (2, "Ana", "Bench Press", 6500, .kg, 8, 3, "2026-11-03T08:00:00Z"),
        (1, "Ana", "Bench Press", 6250, .kg, 8, 3, "2026-11-01T08:00:00Z"),
    ]

    /// What the v4 fixture keeps beside its records: a note and a routine on
    /// Ana's 3 November session, and one routine of the gym's own. Its records,
    /// tombstone and PIN were written by v4's `topweight add`, `delete` and
    /// `admin set-pin`; these three through `WorkoutStore` (`appendNote`,
    /// `setRoutine`, `saveRoutine`), before the commands for them shipped.
    static let v4Day = LocalDay(year: 2026, month: 11, day: 3)
    static let v4Note = "Squat day.\n\n- **Back Squat** 100 kg × 5 felt *easy*\n- Bench: pause reps\n\nNext time: 102.5"
    static let v4Routine = Routine(name: "Gym Upper", exercises: [
        RoutineStep(exercise: "Bench Press", values: SetValues(weight: Weight(hundredths: 6250, unit: .kg), reps: 8, series: 3)),
        RoutineStep(exercise: "Deadlift", values: SetValues(weight: Weight(hundredths: 13500, unit: .lb), reps: 5, series: 3)),
        RoutineStep(exercise: "Pull-Up", values: SetValues(weight: Weight(hundredths: 0, unit: .kg), reps: 12, series: 4)),
        RoutineStep(exercise: "Face Pull", values: nil),
    ])

    /// What the v5 fixture adds (its records, tombstone, PIN, note and body
    /// weights written by v5's `topweight add`, `delete`, `admin set-pin`,
    /// `note add` and `body add`; the session's routine, the gym's routine and
    /// the warm-up through `WorkoutStore`, as no command writes them): a
    /// warm-up before Ana's squat, and a body weight each for Ana and Zoë.
    // The v6 fixture holds the v4 fixture's data written by v6: the records,
    // the tombstone, the note and the PIN by `topweight add`, `delete`,
    // `note add` and `admin set-pin`; #9 saved as a warm-up, the session's
    // routine, the gym's routine and a body weight (70.5 kg) through `WorkoutStore`.
    static let v5WarmUp = (id: Int64(10), performedAt: "2026-11-03T08:05:00Z",
                           values: SetValues(weight: Weight(hundredths: 6000, unit: .kg), reps: 5, series: 1))
    static let v5BodyWeights = [("Ana", Weight(hundredths: 8250, unit: .kg), "2026-11-03T07:00:00Z"),
                                ("Zoë", Weight(hundredths: 18100, unit: .lb), "2026-11-04T07:00:00Z")]

    @Test("a database of every shipped schema upgrades to the current one and keeps every record",
          arguments: ["schema-v1.sqlite", "schema-v2.sqlite", "schema-v3.sqlite", "schema-v4.sqlite", "schema-v5.sqlite", "schema-v6.sqlite"])
    func upgrade(fixture: String) throws {
        let scratch = TemporaryDatabase()
        defer { scratch.remove() }
        try scratch.makeDirectory()
        let copy = scratch.url
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(fixture), to: copy)

        let store = try WorkoutStore(path: scratch.path)
        let health = try store.health()
        #expect(health.integrity == "ok")
        #expect(health.appliedMigrations == health.knownMigrations)
        #expect(health.schemaVersion == Schema.knownMigrations.last)

        let isV5 = fixture == "schema-v5.sqlite"
        let everything = try store.history(HistoryQuery())
        // v5: one warm-up beside the working sets; older files have none.
        let records = everything.filter { $0.kind == nil }
        #expect(records.count == Self.v1Records.count)
        let warmUps = everything.filter { $0.kind != nil }
        if isV5 {
            #expect(warmUps.map(\.id) == [Self.v5WarmUp.id])
            #expect(warmUps.map(\.kind) == [.warmup])
            #expect(warmUps.first?.values == Self.v5WarmUp.values)
            #expect(warmUps.first?.performedAt == ISO8601DateFormatter().date(from: Self.v5WarmUp.performedAt))
            #expect(warmUps.first?.exercise == "Back Squat" && warmUps.first?.user == "Ana")
        } else {
            #expect(warmUps.isEmpty)
        }
        // v3: every record has its own stable id, old ones included.
        #expect(records.allSatisfy { RecordUID.isValid($0.uid ?? "") })
        #expect(Set(records.compactMap(\.uid)).count == records.count)
        // From v3 on, the fixture also holds one deleted record (#9), kept as a tombstone.
        let hasTombstone = fixture != "schema-v1.sqlite" && fixture != "schema-v2.sqlite"
        let v6 = fixture == "schema-v6.sqlite"
        var deleted = HistoryQuery()
        deleted.deleted = true
        #expect(try store.history(deleted).map(\.id) == (hasTombstone ? [9] : []))
        let iso = ISO8601DateFormatter()
        for (record, expected) in zip(records, Self.v1Records) {
            #expect(record.id == expected.0)
            #expect(record.user == expected.1)
            #expect(record.exercise == expected.2)
            #expect(record.values.weight == Weight(hundredths: expected.3, unit: expected.4))
            #expect(record.values.reps == expected.5)
            #expect(record.values.series == expected.6)
            #expect(record.performedAt == iso.date(from: expected.7))
        }
        // v2 added the admin PIN; the v2 fixture's PIN is 2468, v1 had none.
        #expect(try store.adminPinIsSet() == (fixture != "schema-v1.sqlite"))
        #expect(try store.checkAdminPin("2468") == .accepted)
        // The upgraded file keeps working: defaults and a new save.
        let ana = try #require(try store.user(named: "ana"))
        #expect(try store.lastExercise(of: ana)?.name == "Back Squat")
        let bench = try #require(try store.exercise(named: "bench press"))
        #expect(try store.lastValues(of: ana, for: bench)?.weight.hundredths == 6500)
        _ = try store.save(NewRecord(user: ana, exercise: bench, values: SetValues(weight: Weight(hundredths: 6750, unit: .kg), reps: 8, series: 3), performedAt: Date()))
        let extra = warmUps.count
        #expect(try store.history(HistoryQuery()).count == Self.v1Records.count + extra + 1)
        if hasTombstone {
            #expect(try store.restoreRecord(id: 9))
            #expect(try store.history(HistoryQuery()).count == Self.v1Records.count + extra + 2)
        }

        // v4: the note and routine of Ana's session and the gym's routine; older files have none, and take them.
        let day = try #require(Self.v4Day)
        let kept = try store.sessionInfos(userID: ana.id, from: day, through: day)
        let hasLog = ["schema-v4.sqlite", "schema-v5.sqlite", "schema-v6.sqlite"].contains(fixture)
        if hasLog {
            #expect(kept == [SessionInfo(day: day, note: Self.v4Note, routine: "Lower")])
            #expect(try store.routines() == [Self.v4Routine])
        } else {
            #expect(kept.isEmpty)
            #expect(try store.routines().isEmpty)
        }
        try store.appendNote(userID: ana.id, day: day, text: "After the upgrade", now: Date())
        try store.setRoutine("Upper", userID: ana.id, day: day, now: Date())
        let after = try store.sessionInfos(userID: ana.id, from: day, through: day)
        #expect(after.map(\.note) == [hasLog ? Self.v4Note + "\n\nAfter the upgrade" : "After the upgrade"])
        #expect(after.map(\.routine) == ["Upper"])
        #expect(try store.saveRoutine(Self.v4Routine, now: Date()) == hasLog)

        // v5: body weights; older files have none, and take them.
        let iso8601 = ISO8601DateFormatter()
        for (name, weight, measured) in Self.v5BodyWeights where !v6 {
            let member = try #require(try store.user(named: name))
            let kept = try store.bodyWeights(userID: member.id, since: nil, limit: nil)
            #expect(kept.map(\.weight) == (isV5 ? [weight] : []))
            #expect(kept.map(\.measuredAt) == (isV5 ? [iso8601.date(from: measured)].compactMap { $0 } : []))
            #expect(kept.allSatisfy { RecordUID.isValid($0.uid) })
        }
        let now = Date()
        _ = try store.saveBodyWeight(userID: ana.id, weight: Weight(hundredths: 8300, unit: .kg), at: now, uid: RecordUID.make(at: now), now: now)
        #expect(try store.bodyWeights(userID: ana.id, since: nil, limit: nil).count == (isV5 || v6 ? 2 : 1))

        // v6: the fixture's deleted #9 was a warm-up (Ana's body weight was
        // 70.5 kg that morning); older files take both. A warm-up is no
        // personal record, on the old sets or the new one.
        #expect(try store.record(id: 9)?.kind == (v6 ? .warmup : nil))
        if v6 {
            #expect(try store.bodyWeights(userID: ana.id, since: nil, limit: nil).map(\.weight).last == Weight(hundredths: 7050, unit: .kg))
        }
        let bests = try store.bests(userID: ana.id, exerciseID: bench.id, excluding: nil, atLeast: Weight(hundredths: 6500, unit: .kg))
        #expect(bests.heaviest?.weight == Weight(hundredths: hasTombstone && !v6 ? 7000 : 6750, unit: .kg))

        // v8: every member of an older file is on the gym's board until they say otherwise.
        for summary in try store.users() { #expect(try !store.isPrivate(summary.user), "\(summary.user.name)") }
        try store.setPrivate(ana, true)
        #expect(try store.isPrivate(ana))
    }
}
