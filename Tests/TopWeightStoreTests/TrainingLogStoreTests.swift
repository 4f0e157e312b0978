import Foundation
import Testing
import TopWeightCatalog
import TopWeightCore
import TopWeightPostgres
import TopWeightStore
import TopWeightUseCases
import TopWeightTestSupport

/// The training log's storage (edits, notes, session routines, the gym's
/// routines, `HistoryQuery.until`) on every engine.
@Suite("Training log storage, on a file, in memory and on PostgreSQL")
struct TrainingLogStoreTests {
    // MARK: - Editing a record

    @Test("Editing a record changes its exercise and numbers and stamps editedAt; the rest stays", arguments: TestEngine.allCases)
    func editChangesExerciseAndNumbers(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            let squat = try store.createExercise(named: "Back Squat")
            let id = try store.save(ana, bench, SetValues(60, .kg, 8, 3), at: instant(0))
            let before = try #require(try store.record(id: id))

            #expect(try store.editRecord(id: id, exercise: squat, values: SetValues(225, .lb, 5, 5), now: instant(600)))

            let after = try #require(try store.record(id: id))
            #expect(after.exercise == "Back Squat")
            #expect(after.values == SetValues(225, .lb, 5, 5))
            #expect(try store.stored(id: id)?.editedAt == instant(600))
            #expect(after.user == "Ana" && after.performedAt == instant(0) && after.uid == before.uid && after.deletedAt == nil)
            #expect(try store.lastValues(of: ana, for: squat) == SetValues(225, .lb, 5, 5))
            #expect(try store.lastValues(of: ana, for: bench) == nil)
            #expect(try store.history(HistoryQuery()).map(\.id) == [id])
        }
    }

    @Test("Editing a deleted or unknown record says false and changes nothing", arguments: TestEngine.allCases)
    func editRefusesDeletedAndUnknown(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            let squat = try store.createExercise(named: "Back Squat")
            let kept = try store.save(ana, bench, SetValues(60, .kg, 8, 3), at: instant(0))
            let deleted = try store.save(ana, bench, SetValues(62.5, .kg, 8, 3), at: instant(60))
            #expect(try store.deleteRecord(id: deleted, now: instant(120)))

            #expect(try store.editRecord(id: deleted, exercise: squat, values: SetValues(100, .kg, 5, 5), now: instant(180)) == false)
            #expect(try store.editRecord(id: 9_999, exercise: squat, values: SetValues(100, .kg, 5, 5), now: instant(180)) == false)

            let tombstone = try #require(try store.record(id: deleted))
            #expect(tombstone.exercise == "Bench Press" && tombstone.values == SetValues(62.5, .kg, 8, 3))
            #expect(tombstone.deletedAt == instant(120))
            #expect(try store.stored(id: deleted)?.editedAt == nil)
            #expect(try store.record(id: 9_999) == nil)
            #expect(try store.stored(id: kept)?.editedAt == nil)
            #expect(try store.restoreRecord(id: deleted))
            #expect(try store.lastValues(of: ana, for: bench) == SetValues(62.5, .kg, 8, 3))
            #expect(try store.lastValues(of: ana, for: squat) == nil)
        }
    }

    // MARK: - Notes and session routines

    static let day1 = LocalDay(checked: "2026-11-03")
    static let day2 = LocalDay(checked: "2026-11-04")

    @Test("A note is kept as written; a second note on the same day follows after a blank line", arguments: TestEngine.allCases)
    func notesAppend(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bo = try store.createUser(named: "Bo")
            let first = "Felt **strong**.\n- squat: new *best*\n- knee fine"

            try store.appendNote(userID: ana.id, day: Self.day1, text: first, now: instant(0))
            #expect(try store.sessionInfos(userID: ana.id, from: Self.day1, through: Self.day1)
                == [SessionInfo(day: Self.day1, note: first, routine: nil)])

            try store.appendNote(userID: ana.id, day: Self.day1, text: "Evening: stretched.", now: instant(60))
            try store.appendNote(userID: ana.id, day: Self.day2, text: "Rest day", now: instant(120))
            try store.appendNote(userID: bo.id, day: Self.day1, text: "Bo's own", now: instant(180))

            #expect(try store.sessionInfos(userID: ana.id, from: Self.day1, through: Self.day2) == [
                SessionInfo(day: Self.day1, note: first + "\n\nEvening: stretched.", routine: nil),
                SessionInfo(day: Self.day2, note: "Rest day", routine: nil),
            ])
            #expect(try store.sessionInfos(userID: bo.id, from: Self.day1, through: Self.day2)
                == [SessionInfo(day: Self.day1, note: "Bo's own", routine: nil)])
        }
    }

    @Test("An adopted note is added once: a day that holds it as whole paragraphs keeps its note, on a new day it is the note", arguments: TestEngine.allCases)
    func adoptNoteOnce(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            #expect(try store.adoptNote(userID: ana.id, day: Self.day1, text: "Day 1\n\nHang Snatch: BTK", now: instant(0)))
            #expect(try store.adoptNote(userID: ana.id, day: Self.day1, text: "Day 1\n\nHang Snatch: BTK", now: instant(60)) == false)
            #expect(try store.adoptNote(userID: ana.id, day: Self.day1, text: "Hang Snatch: BTK", now: instant(60)) == false)
            // Part of a paragraph is not the paragraph.
            #expect(try store.adoptNote(userID: ana.id, day: Self.day1, text: "Hang Snatch", now: instant(120)))
            try store.setRoutine("Oly", userID: ana.id, day: Self.day2, now: instant(180))
            #expect(try store.adoptNote(userID: ana.id, day: Self.day2, text: "Rest", now: instant(240)))

            #expect(try store.sessionInfos(userID: ana.id, from: Self.day1, through: Self.day2) == [
                SessionInfo(day: Self.day1, note: "Day 1\n\nHang Snatch: BTK\n\nHang Snatch", routine: nil),
                SessionInfo(day: Self.day2, note: "Rest", routine: "Oly"),
            ])
        }
    }

    @Test("A day kept without sets keeps its program's day for the export, as a trained day does", arguments: TestEngine.allCases)
    func programDayWithoutSets(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            try store.setRoutine("5/3/1", programDay: "week 2 day 1", userID: ana.id, day: Self.day1, now: instant(0))
            let log = TrainingLog(logbook: store, routineCatalog: RoutineCatalog(routines: []), timeZone: TimeZone(identifier: "UTC") ?? .current)
            let days = try log.loggedDays(of: ana, from: Self.day1, through: Self.day1)
            #expect(days.map(\.programDay) == ["week 2 day 1"], "\(days)")
        }
    }

    @Test("A session's routine is set, replaced and forgotten", arguments: TestEngine.allCases)
    func sessionRoutine(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bo = try store.createUser(named: "Bo")

            try store.setRoutine("Upper", userID: ana.id, day: Self.day1, now: instant(0))
            #expect(try store.sessionInfos(userID: ana.id, from: Self.day1, through: Self.day1).map(\.routine) == ["Upper"])

            try store.setRoutine("Lower", userID: ana.id, day: Self.day1, now: instant(60))
            try store.setRoutine("Push", userID: bo.id, day: Self.day1, now: instant(60))
            #expect(try store.sessionInfos(userID: ana.id, from: Self.day1, through: Self.day1).map(\.routine) == ["Lower"])

            try store.setRoutine(nil, userID: ana.id, day: Self.day1, now: instant(120))
            let forgotten = try store.sessionInfos(userID: ana.id, from: Self.day1, through: Self.day1)
            #expect(forgotten.allSatisfy { $0.routine == nil && $0.note == nil })
            #expect(try store.sessionInfos(userID: bo.id, from: Self.day1, through: Self.day1).map(\.routine) == ["Push"])
        }
    }

    @Test("A note and a routine on the same day are kept side by side", arguments: TestEngine.allCases)
    func noteAndRoutineCoexist(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")

            try store.appendNote(userID: ana.id, day: Self.day1, text: "Warm-up *long*", now: instant(0))
            try store.setRoutine("Upper", userID: ana.id, day: Self.day1, now: instant(60))
            try store.appendNote(userID: ana.id, day: Self.day1, text: "Done", now: instant(120))
            #expect(try store.sessionInfos(userID: ana.id, from: Self.day1, through: Self.day1)
                == [SessionInfo(day: Self.day1, note: "Warm-up *long*\n\nDone", routine: "Upper")])

            try store.setRoutine(nil, userID: ana.id, day: Self.day1, now: instant(180))
            #expect(try store.sessionInfos(userID: ana.id, from: Self.day1, through: Self.day1)
                == [SessionInfo(day: Self.day1, note: "Warm-up *long*\n\nDone", routine: nil)])
        }
    }

    @Test(
        "sessionInfos includes both ends of the range and nothing outside it, by day",
        arguments: TestEngine.allCases, [
            ("2026-10-31", "2026-11-30", ["2026-10-31", "2026-11-01", "2026-11-15", "2026-11-30"]),
            ("2026-11-01", "2026-11-30", ["2026-11-01", "2026-11-15", "2026-11-30"]),
            ("2026-11-02", "2026-11-29", ["2026-11-15"]),
            ("2026-11-15", "2026-11-15", ["2026-11-15"]),
            ("2026-11-16", "2026-11-29", []),
            ("2026-11-30", "2026-11-01", []),
        ]
    )
    func sessionInfoRange(engine: TestEngine, _ arguments: (first: String, last: String, expected: [String])) throws {
        let (first, last, expected) = arguments
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bo = try store.createUser(named: "Bo")
            // Saved out of order: the answer is by day whatever the insertion order.
            for day in ["2026-11-15", "2026-10-31", "2026-12-01", "2026-11-30", "2026-11-01"] {
                try store.appendNote(userID: ana.id, day: LocalDay(checked: day), text: "note \(day)", now: instant(0))
                try store.setRoutine("Bo's", userID: bo.id, day: LocalDay(checked: day), now: instant(0))
            }

            let infos = try store.sessionInfos(userID: ana.id, from: LocalDay(checked: first), through: LocalDay(checked: last))

            #expect(infos.map(\.day.description) == expected)
            #expect(infos.map(\.note) == expected.map { "note \($0)" })
            #expect(infos.allSatisfy { $0.routine == nil }, "only Ana's days")
        }
    }

    // MARK: - The gym's routines

    static let upper = Routine(name: "Upper", exercises: [
        RoutineStep(exercise: "Bench Press", values: SetValues(62.5, .kg, 8, 3)),
        RoutineStep(exercise: "Barbell Row", values: SetValues(135, .lb, 10, 4)),
        RoutineStep(exercise: "Pull-Up", values: SetValues(0, .kg, 6, 3)),
        RoutineStep(exercise: "Face Pull", values: nil),
    ])

    @Test("A routine reads back exactly: kg and lb numbers, and steps without numbers", arguments: TestEngine.allCases)
    func routineRoundTrips(engine: TestEngine) throws {
        try engine.withStore { store in
            let before = try store.routines()

            let replaced = try store.saveRoutine(Self.upper, now: instant(0))

            #expect(before.isEmpty)
            #expect(replaced == false, "new")
            #expect(try store.routines() == [Self.upper])
        }
    }

    @Test("Saving a routine under a name already stored, in any case, replaces it and says so", arguments: TestEngine.allCases)
    func routineReplaced(engine: TestEngine) throws {
        try engine.withStore { store in
            let lower = Routine(name: "Lower", exercises: [RoutineStep(exercise: "Back Squat", values: SetValues(100, .kg, 5, 5))])
            let newUpper = Routine(name: "UPPER", exercises: [RoutineStep(exercise: "Dip", values: nil)])
            #expect(try store.saveRoutine(Self.upper, now: instant(0)) == false)
            #expect(try store.saveRoutine(lower, now: instant(0)) == false)

            let replaced = try store.saveRoutine(newUpper, now: instant(60))

            #expect(replaced)
            #expect(try store.routines() == [lower, newUpper])
            #expect(try store.saveRoutine(Self.upper, now: instant(120)), "replaced back")
            #expect(try store.routines() == [lower, Self.upper])
        }
    }

    @Test("Removing a routine by name, in any case, says whether there was one", arguments: TestEngine.allCases)
    func routineRemoved(engine: TestEngine) throws {
        try engine.withStore { store in
            let added = try store.saveRoutine(Self.upper, now: instant(0))
            #expect(added == false)

            #expect(try store.removeRoutine(named: "Lower") == false)
            #expect(try store.removeRoutine(named: "uPPER"))
            #expect(try store.removeRoutine(named: "Upper") == false, "already gone")
            #expect(try store.routines().isEmpty)
        }
    }

    /// Names whose order differs between code points and a language's
    /// collation: accents, spaces.
    static let routineNames = ["Push", "Émile's Split", "Leg Day", "Legacy", "Full Body", "full-body B"]
    static let routineNamesInKeyOrder = ["Full Body", "full-body B", "Leg Day", "Legacy", "Push", "Émile's Split"]

    @Test("Routines are listed by name key, the same order on every engine", arguments: TestEngine.allCases)
    func routinesInKeyOrder(engine: TestEngine) throws {
        try engine.withStore { store in
            for name in Self.routineNames {
                _ = try store.saveRoutine(Routine(name: name, exercises: [RoutineStep(exercise: "Dip", values: nil)]), now: instant(0))
            }
            #expect(try store.routines().map(\.name) == Self.routineNamesInKeyOrder)
        }
    }

    @Test("On a PostgreSQL database with a language's collation, routines keep the same order as on a file")
    func routinesInKeyOrderWhateverTheCollation() throws {
        guard let server = PostgresTestServer.url else {
            Issue.record("TOPWEIGHT_TEST_PG is not set: run the suite through Scripts/test, which starts a throwaway PostgreSQL server")
            return
        }
        let name = "tw_test_icu_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try PostgresServer.execute(
            "CREATE DATABASE \(name) LOCALE_PROVIDER icu ICU_LOCALE 'und' LOCALE 'C.UTF-8' TEMPLATE template0", url: server)
        defer { try? PostgresServer.dropDatabase(name, serverURL: server) }
        let store = try PostgresLogbook(url: try PostgresServer.url(server, database: name))
        defer { store.close() }
        for name in Self.routineNames {
            _ = try store.saveRoutine(Routine(name: name, exercises: [RoutineStep(exercise: "Dip", values: nil)]), now: instant(0))
            _ = try store.createUser(named: name)
        }

        #expect(try store.routines().map(\.name) == Self.routineNamesInKeyOrder)
        #expect(try store.users().map(\.user.name) == Self.routineNamesInKeyOrder, "as members are listed")
    }

    // MARK: - HistoryQuery.until

    @Test(
        "until keeps only records performed strictly before it, with since and limit too",
        arguments: TestEngine.allCases, [
            (nil, 60, nil, [0]),
            (nil, 61, nil, [60, 0]),
            (nil, 0, nil, []),
            (0, 120, nil, [60, 0]),
            (60, 180, nil, [120, 60]),
            (nil, 1_000, 2, [180, 120]),
            (120, 120, nil, []),
        ] as [(Int?, Int, Int?, [Int])]
    )
    func historyUntil(engine: TestEngine, _ arguments: (since: Int?, until: Int, limit: Int?, expected: [Int])) throws {
        let (since, until, limit, expected) = arguments
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            for seconds in [0, 60, 120, 180] { try store.save(ana, bench, SetValues(60, .kg, 8, 3), at: instant(seconds)) }
            var query = HistoryQuery(userID: ana.id, since: since.map { instant($0) }, limit: limit)
            query.until = instant(until)

            #expect(try store.history(query).map(\.performedAt) == expected.map { instant($0) })
        }
    }
}

extension WholeCopy {
    /// Everything stored about one record (`editedAt` among it), live or deleted.
    func stored(id: Int64) throws(LogbookError) -> StoredRecord? {
        try storedRecords(after: id - 1, limit: 1).first { $0.id == id }
    }
}

