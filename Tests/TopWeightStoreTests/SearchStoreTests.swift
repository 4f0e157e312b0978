import Foundation
import GRDB
import Testing
import TopWeightCatalog
import TopWeightCore
@testable import TopWeightPostgres
@testable import TopWeightStore
import TopWeightTestSupport
import TopWeightUseCases

/// Search through a member's log (migration v14's full-text indexes) on
/// every engine: what a word finds, in what order, and that the indexes
/// stay right through whatever writes names, notes and sets.
@Suite("Search through a member's log, on a file, in memory and on PostgreSQL")
struct SearchStoreTests {
    static let utc = TimeZone(identifier: "UTC") ?? .current
    static let catalog = ExerciseCatalog.bundled()

    /// Day `n` after the tests' fixed instant (15:06:40 UTC), plus `seconds`.
    static func day(_ n: Int, _ seconds: Int = 0) -> Date {
        instant(n * 86_400 + seconds)
    }

    /// The days (`YYYY-MM-DD`) `words` finds in `member`'s log, newest first.
    static func days(_ store: any StorageEngine, _ words: String, of member: User, limit: Int? = nil) throws -> [String] {
        try find(store, words, of: member, limit: limit).days.map(\.day.description)
    }

    static func find(_ store: any StorageEngine, _ words: String, of member: User, limit: Int? = nil) throws -> SearchResult {
        try Search(LogbookRoles(store), catalog: catalog, zone: { utc }).find(words, of: member, limit: limit, now: day(400))
    }

    static func label(_ n: Int) -> String {
        LocalDay(day(n), in: calendar).description
    }

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar
    }()

    /// Ana's log: squats on day 0, bench with a note naming Zoë on day 1, a
    /// deadlift day that followed "Pressé Day" on day 2; Bo's note names Zoë too.
    static func seed(_ store: any StorageEngine) throws -> (ana: User, bo: User) {
        let ana = try store.createUser(named: "Ana")
        let bo = try store.createUser(named: "Bo")
        let squat = try store.createExercise(named: "Back Squat")
        let bench = try store.createExercise(named: "Bench Press")
        let deadlift = try store.createExercise(named: "Deadlift")
        try store.save(ana, squat, SetValues(100, .kg, 5, 5), at: day(0, 600))
        try store.save(ana, bench, SetValues(60, .kg, 8, 3), at: day(1, 600))
        try store.appendNote(userID: ana.id, day: LocalDay(day(1), in: calendar), text: "Zoë spotted me\n\nheavy **triples**", now: day(1, 700))
        try store.save(ana, deadlift, SetValues(140, .kg, 3, 1), at: day(2, 600))
        try store.setRoutine("Pressé Day", userID: ana.id, day: LocalDay(day(2), in: calendar), now: day(2, 700))
        try store.save(bo, squat, SetValues(80, .kg, 5, 5), at: day(2, 600))
        try store.appendNote(userID: bo.id, day: LocalDay(day(2), in: calendar), text: "Zoë again", now: day(2, 700))
        return (ana, bo)
    }

    @Test("A word finds the days of the exercises, notes and routines it begins, accents folded, only the member's", arguments: TestEngine.allCases)
    func prefixesAndAccents(engine: TestEngine) throws {
        try engine.withStore { store in
            let (ana, bo) = try Self.seed(store)
            #expect(try Self.days(store, "squ", of: ana) == [Self.label(0)])
            #expect(try Self.days(store, "SQUAT", of: ana) == [Self.label(0)])
            #expect(try Self.days(store, "zoe", of: ana) == [Self.label(1)])
            #expect(try Self.days(store, "Zoë", of: ana) == [Self.label(1)])
            #expect(try Self.days(store, "presse", of: ana) == [Self.label(2)])
            #expect(try Self.days(store, "pressé", of: ana) == [Self.label(2)])
            #expect(try Self.days(store, "trip", of: ana) == [Self.label(1)])
            #expect(try Self.days(store, "quat", of: ana).isEmpty)
            // Bo's note and squats are Bo's alone.
            #expect(try Self.days(store, "zoe", of: bo) == [Self.label(2)])
            #expect(try Self.days(store, "again", of: ana).isEmpty)
        }
    }

    @Test("Every word must match the same day, in any order; days come newest first, at most the limit", arguments: TestEngine.allCases)
    func everyWordNewestFirst(engine: TestEngine) throws {
        try engine.withStore { store in
            let (ana, _) = try Self.seed(store)
            #expect(try Self.days(store, "spotted bench", of: ana) == [Self.label(1)])
            #expect(try Self.days(store, "bench spotted", of: ana) == [Self.label(1)])
            #expect(try Self.days(store, "zoe squat", of: ana).isEmpty)
            #expect(try Self.days(store, "d", of: ana) == [Self.label(2)])
            // Each of the three lifts has a catalog alias with "Barbell" in it.
            let limited = try Self.find(store, "barb", of: ana, limit: 2)
            #expect(limited.days.map(\.day.description) == [Self.label(2), Self.label(1)] && limited.more)
            let whole = try Self.find(store, "barb", of: ana)
            #expect(whole.days.map(\.day.description) == [Self.label(2), Self.label(1), Self.label(0)] && !whole.more)
            // A day shows the sets of the exercises matched, with its note and routine.
            let found = try Self.find(store, "bench zoe", of: ana)
            #expect(found.days.first?.records.map(\.exercise) == ["Bench Press"])
            #expect(found.days.first?.note == "Zoë spotted me\n\nheavy **triples**")
        }
    }

    @Test("A catalog alias finds its lift (ohp is Overhead Press)", arguments: TestEngine.allCases)
    func aliases(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let press = try store.createExercise(named: "Overhead Press")
            try store.save(ana, press, SetValues(40, .kg, 5, 5), at: Self.day(3, 600))
            let found = try Self.find(store, "ohp", of: ana)
            #expect(found.days.map(\.day.description) == [Self.label(3)])
            #expect(found.days.first?.records.map(\.exercise) == ["Overhead Press"])
        }
    }

    @Test("An edit onto another exercise, a delete and a restore move the day at once", arguments: TestEngine.allCases)
    func editsDeletesRestores(engine: TestEngine) throws {
        try engine.withStore { store in
            let (ana, _) = try Self.seed(store)
            let row = try store.createExercise(named: "Pendlay Row")
            let squatID = try #require(try store.history(HistoryQuery(userID: ana.id, limit: 10)).first { $0.exercise == "Back Squat" }?.id)
            #expect(try store.editRecord(id: squatID, exercise: row, values: SetValues(70, .kg, 8, 3), now: Self.day(5)))
            #expect(try Self.days(store, "squ", of: ana).isEmpty)
            #expect(try Self.days(store, "pendlay", of: ana) == [Self.label(0)])
            #expect(try store.deleteRecord(id: squatID, now: Self.day(6)))
            #expect(try Self.days(store, "pendlay", of: ana).isEmpty)
            #expect(try store.restoreRecord(id: squatID))
            #expect(try Self.days(store, "pendlay", of: ana) == [Self.label(0)])
        }
    }

    @Test("A renamed exercise is found by its new name only; a merged one's days by the one it joined", arguments: TestEngine.allCases)
    func renamesAndMerges(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let odd = try store.createExercise(named: "Qwertz Hold")
            let squat = try store.createExercise(named: "Back Squat")
            try store.save(ana, odd, SetValues(20, .kg, 10, 2), at: Self.day(4, 600))
            let renamed = try store.renameExercise(odd, to: "Yxcv Hold")
            #expect(try Self.days(store, "qwer", of: ana).isEmpty)
            #expect(try Self.days(store, "yxc", of: ana) == [Self.label(4)])
            _ = try store.mergeExercise(renamed, into: squat, now: Self.day(5))
            #expect(try Self.days(store, "yxc", of: ana).isEmpty)
            #expect(try Self.days(store, "squat", of: ana) == [Self.label(4)])
        }
    }

    @Test("Notes added and routines forgotten change what a day is found by", arguments: TestEngine.allCases)
    func notesAndRoutines(engine: TestEngine) throws {
        try engine.withStore { store in
            let (ana, _) = try Self.seed(store)
            let second = LocalDay(Self.day(2), in: Self.calendar)
            #expect(try Self.days(store, "knee", of: ana).isEmpty)
            try store.appendNote(userID: ana.id, day: second, text: "left knee sore", now: Self.day(2, 800))
            #expect(try Self.days(store, "knee pressé", of: ana) == [Self.label(2)])
            try store.setRoutine(nil, userID: ana.id, day: second, now: Self.day(2, 900))
            #expect(try Self.days(store, "presse", of: ana).isEmpty)
            #expect(try Self.days(store, "knee", of: ana) == [Self.label(2)])
            // A routine on a day with no sets is found too.
            try store.setRoutine("Leg Day", userID: ana.id, day: LocalDay(Self.day(9), in: Self.calendar), now: Self.day(9))
            #expect(try Self.days(store, "leg", of: ana) == [Self.label(9)])
        }
    }

    @Test("What an import brings (new exercises, sets, notes) is found", arguments: TestEngine.allCases)
    func imports(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let made = try store.findOrCreateExercises([("Landmine Rotation", nil, .weight)])
            let exercise = try #require(made.first)
            var sets = [BulkRecord(userID: ana.id, exerciseID: exercise.id, values: SetValues(25, .kg, 10, 3),
                                   performedAt: Self.day(7, 600), createdAt: Self.day(7, 601))].makeIterator()
            #expect(try store.insertRecords { sets.next() } == 1)
            #expect(try store.adoptNote(userID: ana.id, day: LocalDay(Self.day(7), in: Self.calendar), text: "Landmine Rotation: slow tempo", now: Self.day(8)))
            #expect(try Self.days(store, "landm", of: ana) == [Self.label(7)])
            #expect(try Self.days(store, "tempo", of: ana) == [Self.label(7)])
        }
    }

    @Test("A copy of a log into another database is found there as it was", arguments: TestEngine.allCases)
    func copies(engine: TestEngine) throws {
        try engine.withStores { store, fresh in
            let (ana, _) = try Self.seed(store)
            let other = try fresh()
            _ = try LogbookCopy.run(from: store, to: other, now: Self.day(10), pageSize: 2)
            let copied = try #require(try other.user(named: ana.name))
            #expect(try Self.days(other, "zoe", of: copied) == [Self.label(1)])
            #expect(try Self.days(other, "squ", of: copied) == [Self.label(0)])
            #expect(try Self.days(other, "presse", of: copied) == [Self.label(2)])
        }
    }

    @Test("An existing log is indexed by the migration: v14 run again over a file or database that lacks it", arguments: TestEngine.shared)
    func migrationFillsTheIndexes(engine: TestEngine) throws {
        try engine.withSharedStore { open in
            let store = try open()
            let (ana, _) = try Self.seed(store)
            try Self.undoV14(store)
            #expect(try Self.undone(store))
            let again = try open()
            #expect(try Self.days(again, "zoe", of: ana) == [Self.label(1)])
            #expect(try Self.days(again, "squ", of: ana) == [Self.label(0)])
            #expect(try Self.days(again, "presse", of: ana) == [Self.label(2)])
        }
    }

    /// Takes v14 off a store, as if written before it.
    static func undoV14(_ store: any StorageEngine) throws {
        if let file = store as? WorkoutStore {
            try file.writer.write { db in
                for trigger in ["exercise_search_insert", "exercise_search_rename", "exercise_search_delete",
                                "session_search_insert", "session_search_update", "session_search_delete"] {
                    try db.execute(sql: "DROP TRIGGER \(trigger)")
                }
                try db.execute(sql: "DROP TABLE exerciseSearch")
                try db.execute(sql: "DROP TABLE sessionSearch")
                try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v14'")
            }
            return
        }
        let url = try postgresURL(store)
        for statement in ["DROP INDEX exercise_search", "DROP INDEX session_search", "DROP FUNCTION topweight_fold(text)",
                          "DELETE FROM topweight_migrations WHERE identifier = 'v14'"] {
            try PostgresServer.execute(statement, url: url)
        }
    }

    static func undone(_ store: any StorageEngine) throws -> Bool {
        if let file = store as? WorkoutStore {
            return try file.writer.read { db in try !db.tableExists("sessionSearch") }
        }
        return try PostgresServer.count("SELECT COUNT(*) FROM topweight_migrations WHERE identifier = 'v14'", url: postgresURL(store)) == 0
    }

    static func postgresURL(_ store: any StorageEngine) throws -> String {
        let server = try #require(store as? PostgresLogbook)
        let test = try #require(PostgresTestServer.url)
        return try PostgresServer.url(test, database: server.link.location.database)
    }

    @Test("Only days with a note or a routine have a row in the days' index", arguments: TestEngine.sqlite)
    func onlyDaysWithText(engine: TestEngine) throws {
        try engine.withSQLiteStore { store in
            let (ana, _) = try Self.seed(store)
            try store.setRoutine(nil, userID: ana.id, day: LocalDay(Self.day(2), in: Self.calendar), now: Self.day(3))
            let (rows, sessions) = try store.writer.read { db in
                (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sessionSearch") ?? -1,
                 try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM session WHERE note IS NOT NULL OR routine IS NOT NULL") ?? -2)
            }
            #expect(rows == 2 && sessions == 2)
        }
    }
}
