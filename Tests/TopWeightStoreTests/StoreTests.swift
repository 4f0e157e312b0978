import Foundation
import Testing
import TopWeightCore
@testable import TopWeightStore
import TopWeightTestSupport

@Suite("The SQLite store, on a file and in memory")
struct StoreTests {
    // MARK: - Opening and migrating

    @Test("Opening creates the database file and every missing parent directory")
    func openingCreatesFileAndDirectories() throws {
        try withTemporaryDatabase(nested: ["gym", "front desk", "data"]) { database in
            #expect(!FileManager.default.fileExists(atPath: database.directory.path))

            _ = try database.open()

            var isDirectory: ObjCBool = false
            let parent = database.url.deletingLastPathComponent().path
            #expect(FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory))
            #expect(isDirectory.boolValue)
            #expect(FileManager.default.fileExists(atPath: database.path))
        }
    }

    @Test(
        "Migrating a missing or zero-byte file gives schema v1, integrity ok, WAL and no rows",
        arguments: [false, true]
    )
    func migratesFromEmpty(startsWithZeroByteFile: Bool) throws {
        try withTemporaryDatabase { database in
            if startsWithZeroByteFile {
                try database.makeDirectory()
                #expect(FileManager.default.createFile(atPath: database.path, contents: Data()))
            }

            let health = try database.open().health()

            #expect(health.schemaVersion == Schema.knownMigrations.last)
            #expect(health.integrity == "ok")
            #expect(health.journalMode == "wal")
            #expect(health.knownMigrations == Schema.knownMigrations.count)
            #expect(health.appliedMigrations == health.knownMigrations)
            #expect(health.users == 0)
            #expect(health.exercises == 0)
            #expect(health.records == 0)
        }
    }

    @Test("Reopening an up-to-date file keeps its rows and applies nothing twice")
    func reopeningKeepsRows() throws {
        try withTemporaryDatabase { database in
            do {
                let store = try database.open()
                let ana = try store.createUser(named: "Ana")
                let bench = try store.createExercise(named: "Bench Press")
                try store.save(ana, bench, SetValues(60, .kg, 8, 3), at: instant(0))
            }

            let health = try database.open().health()

            #expect(health.schemaVersion == Schema.knownMigrations.last)
            #expect(health.appliedMigrations == Schema.knownMigrations.count)
            #expect(health.users == 1)
            #expect(health.exercises == 1)
            #expect(health.records == 1)
        }
    }

    // MARK: - Users and exercises

    /// Pairs of spellings that must name the same member or exercise: case, and
    /// `é` precomposed (U+00E9) versus `e` + combining acute (U+0301).
    static let sameNames: [(stored: String, typed: String)] = [
        ("Ana", "ANA"),
        ("Ana", "ana"),
        ("ANA", "Ana"),
        ("Zo\u{EB}", "ZO\u{CB}"),
        ("ZO\u{CB}", "zo\u{EB}"),
        ("Jos\u{E9}", "Jose\u{301}"),
        ("Jose\u{301}", "JOS\u{C9}"),
        ("E\u{301}mile", "\u{E9}MILE"),
    ]

    @Test("Users are found and created case- and composition-insensitively", arguments: TestEngine.allCases, sameNames)
    func usersAreOneWhateverTheSpelling(engine: TestEngine, _ arguments: (stored: String, typed: String)) throws {
        let (stored, typed) = arguments
        try engine.withStore { store in
            let created = try store.createUser(named: stored)

            let found = try #require(try store.user(named: typed))
            let again = try store.createUser(named: typed)

            #expect(found.id == created.id)
            #expect(again.id == created.id)
            // The first spelling is kept, scalar for scalar.
            #expect(Array(found.name.unicodeScalars) == Array(stored.unicodeScalars))
            #expect(Array(again.name.unicodeScalars) == Array(stored.unicodeScalars))
            #expect(try store.users().count == 1)
        }
    }

    @Test("Exercises are found and created case- and composition-insensitively", arguments: TestEngine.allCases, sameNames)
    func exercisesAreOneWhateverTheSpelling(engine: TestEngine, _ arguments: (stored: String, typed: String)) throws {
        let (stored, typed) = arguments
        try engine.withStore { store in
            let created = try store.createExercise(named: stored, category: "chest")

            let found = try #require(try store.exercise(named: typed))
            let again = try store.createExercise(named: typed, category: "legs")

            #expect(found == created)
            #expect(again == created)
            #expect(Array(found.name.unicodeScalars) == Array(stored.unicodeScalars))
            #expect(try store.exercises().count == 1)
        }
    }

    @Test("A member's recent exercises: the most used of their newest sets first, then the most recent", arguments: TestEngine.allCases)
    func recentExercisesMostUsedFirst(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let ben = try store.createUser(named: "Ben")
            let front = try store.createExercise(named: "Front Squat")
            let back = try store.createExercise(named: "Back Squat")
            let bench = try store.createExercise(named: "Bench Press")
            let start = Date(timeIntervalSince1970: 1_795_000_000)
            // Oldest first: Front Squat twice, then Back Squat and Bench Press once each.
            for (offset, exercise) in [front, front, back, bench].enumerated() {
                _ = try store.save(NewRecord(user: ana, exercise: exercise, values: SetValues(weight: Weight(hundredths: 6000, unit: .kg), reps: 5, series: 5),
                                             performedAt: start.addingTimeInterval(Double(offset) * 86_400)))
            }
            // Another member's sets are not Ana's.
            _ = try store.save(NewRecord(user: ben, exercise: back, values: SetValues(weight: Weight(hundredths: 6000, unit: .kg), reps: 5, series: 5),
                                         performedAt: start.addingTimeInterval(10 * 86_400)))
            #expect(try store.recentExercises(of: ana, limit: 20).map(\.name) == ["Front Squat", "Bench Press", "Back Squat"])
            #expect(try store.recentExercises(of: ana, limit: 1).map(\.name) == ["Front Squat"])
            #expect(try store.recentExercises(of: ben, limit: 20).map(\.name) == ["Back Squat"])
        }
    }

    @Test(
        "Names that differ by more than case or composition stay distinct",
        arguments: TestEngine.allCases, [("Zoe", "Zo\u{EB}"), ("Ana", "Anna"), ("Jose", "Jos\u{E9}")]
    )
    func distinctNamesStayDistinct(engine: TestEngine, _ arguments: (first: String, second: String)) throws {
        let (first, second) = arguments
        try engine.withStore { store in
            let a = try store.createUser(named: first)
            let b = try store.createUser(named: second)
            let x = try store.createExercise(named: first)
            let y = try store.createExercise(named: second)

            #expect(a.id != b.id)
            #expect(x.id != y.id)
            #expect(try store.user(named: second)?.id == b.id)
            #expect(try store.users().count == 2)
            #expect(try store.exercises().count == 2)
        }
    }

    @Test("createUser and createExercise are idempotent", arguments: TestEngine.allCases)
    func createIsIdempotent(engine: TestEngine) throws {
        try engine.withStore { store in
            let first = try store.createUser(named: "Ana", now: instant(0))
            let second = try store.createUser(named: "Ana", now: instant(60))
            let bench = try store.createExercise(named: "Bench Press", category: "chest")
            let benchAgain = try store.createExercise(named: "Bench Press")

            #expect(first == second)
            #expect(bench == benchAgain)
            #expect(benchAgain.category == "chest")
            let health = try store.health()
            #expect(health.users == 1)
            #expect(health.exercises == 1)
        }
    }

    @Test("Looking up unknown names gives nil and creates nothing", arguments: TestEngine.allCases)
    func unknownNamesAreNil(engine: TestEngine) throws {
        try engine.withStore { store in
            _ = try store.createUser(named: "Ana")

            #expect(try store.user(named: "Bo") == nil)
            #expect(try store.user(named: "An") == nil)
            #expect(try store.exercise(named: "Ana") == nil)
            #expect(try store.health().users == 1)
        }
    }

    // MARK: - Name completion

    static let memberNames = [
        "Zo\u{EB}lle", "Bo", "Anabel", "\u{D8}rjan", "Zoe", "Andr\u{E9}s", "E\u{301}va",
        "Ana", "Zo\u{EB}", "\u{C9}mile", "東京",
    ]

    /// (typed prefix, expected names in key order).
    static let completions: [(prefix: String, expected: [String])] = [
        ("an", ["Ana", "Anabel", "Andr\u{E9}s"]),
        ("AN", ["Ana", "Anabel", "Andr\u{E9}s"]),
        ("ana", ["Ana", "Anabel"]),
        ("anab", ["Anabel"]),
        ("andre\u{301}", ["Andr\u{E9}s"]),
        ("zo", ["Zoe", "Zo\u{EB}", "Zo\u{EB}lle"]),
        ("zo\u{EB}", ["Zo\u{EB}", "Zo\u{EB}lle"]),
        ("ZO\u{CB}", ["Zo\u{EB}", "Zo\u{EB}lle"]),
        ("zoe", ["Zoe"]),
        ("\u{E9}", ["\u{C9}mile", "E\u{301}va"]),
        ("E\u{301}", ["\u{C9}mile", "E\u{301}va"]),
        ("\u{C9}V", ["E\u{301}va"]),
        ("\u{F8}", ["\u{D8}rjan"]),
        ("東", ["東京"]),
        ("x", []),
        ("anabelle", []),
        ("", ["Ana", "Anabel", "Andr\u{E9}s", "Bo", "Zoe", "Zo\u{EB}", "Zo\u{EB}lle", "\u{C9}mile", "E\u{301}va", "\u{D8}rjan", "東京"]),
    ]

    @Test("userNames(withPrefix:) completes case-insensitively in key order", arguments: TestEngine.sqlite, completions)
    func userNameCompletion(engine: TestEngine, _ arguments: (prefix: String, expected: [String])) throws {
        let (prefix, expected) = arguments
        try engine.withSQLiteStore { store in
            for name in Self.memberNames { _ = try store.createUser(named: name) }

            let names = try store.userNames(withPrefix: prefix)

            #expect(names.map { Array($0.unicodeScalars) } == expected.map { Array($0.unicodeScalars) })
        }
    }

    @Test("exerciseNames(withPrefix:) completes case-insensitively in key order", arguments: TestEngine.sqlite, completions)
    func exerciseNameCompletion(engine: TestEngine, _ arguments: (prefix: String, expected: [String])) throws {
        let (prefix, expected) = arguments
        try engine.withSQLiteStore { store in
            for name in Self.memberNames { _ = try store.createExercise(named: name) }
            _ = try store.createUser(named: "Anton")

            let names = try store.exerciseNames(withPrefix: prefix)

            #expect(names.map { Array($0.unicodeScalars) } == expected.map { Array($0.unicodeScalars) })
        }
    }

    @Test("Completion returns at most `limit` names, the first ones in key order", arguments: TestEngine.sqlite, [0, 1, 2, 3, 50])
    func completionIsLimited(engine: TestEngine, limit: Int) throws {
        try engine.withSQLiteStore { store in
            for name in ["Anabel", "Bo", "Andrés", "Ana", "Anton"] {
                _ = try store.createUser(named: name)
                _ = try store.createExercise(named: name)
            }
            let matching = ["Ana", "Anabel", "Andrés", "Anton"]
            let everybody = ["Ana", "Anabel", "Andrés", "Anton", "Bo"]

            #expect(try store.userNames(withPrefix: "an", limit: limit) == Array(matching.prefix(limit)))
            #expect(try store.exerciseNames(withPrefix: "AN", limit: limit) == Array(matching.prefix(limit)))
            #expect(try store.userNames(withPrefix: "", limit: limit) == Array(everybody.prefix(limit)))
            #expect(try store.exerciseNames(withPrefix: "", limit: limit) == Array(everybody.prefix(limit)))
        }
    }

    @Test("The prefix upper bound skips the surrogate gap and carries past U+10FFFF")
    func upperBoundOfPrefix() {
        #expect(WorkoutStore.upperBound(ofPrefix: "ana") == "anb")
        #expect(WorkoutStore.upperBound(ofPrefix: "zo\u{EB}") == "zo\u{EC}")
        #expect(WorkoutStore.upperBound(ofPrefix: "a\u{D7FF}") == "a\u{E000}")
        #expect(WorkoutStore.upperBound(ofPrefix: "a\u{10FFFF}") == "b")
        #expect(WorkoutStore.upperBound(ofPrefix: "\u{10FFFF}") == "\u{10FFFF}")
    }

    // MARK: - Saving and the defaults it leads to

    @Test("An empty database has no last user, exercise or values", arguments: TestEngine.allCases)
    func emptyDefaults(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")

            #expect(try store.lastUsedUser() == nil)
            #expect(try store.lastExercise(of: ana) == nil)
            #expect(try store.lastValues(of: ana, for: bench) == nil)
            #expect(try store.history(HistoryQuery()).isEmpty)
        }
    }

    @Test("After saves, the last member is the newest save's; the last exercise and its numbers are of the set done last, not a back-dated one", arguments: TestEngine.allCases)
    func defaultsFollowTheNewestSave(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bo = try store.createUser(named: "Bo")
            let bench = try store.createExercise(named: "Bench Press")
            let squat = try store.createExercise(named: "Back Squat")

            try store.save(ana, bench, SetValues(60, .kg, 8, 3), at: instant(0))
            try store.save(bo, squat, SetValues(135, .lb, 5, 5), at: instant(10))
            try store.save(ana, squat, SetValues(100, .kg, 5, 5), at: instant(20))
            try store.save(ana, bench, SetValues(62.5, .kg, 8, 3), at: instant(30))
            // Ana's bench of days before, logged now: not what she benches now.
            try store.save(ana, bench, SetValues(40, .kg, 5, 5), at: instant(1))
            // A set logged late, backdated: the newest save, not what Bo does now.
            try store.save(bo, bench, SetValues(95, .lb, 10, 2), at: instant(5))

            #expect(try store.lastUsedUser() == bo)
            #expect(try store.lastExercise(of: ana) == bench)
            #expect(try store.lastExercise(of: bo) == squat)
            #expect(try store.lastValues(of: ana, for: bench) == SetValues(62.5, .kg, 8, 3))
            #expect(try store.lastValues(of: ana, for: squat) == SetValues(100, .kg, 5, 5))
            #expect(try store.lastValues(of: bo, for: squat) == SetValues(135, .lb, 5, 5))
            #expect(try store.lastValues(of: bo, for: bench) == SetValues(95, .lb, 10, 2))
        }
    }

    @Test(
        "Weights read back exactly, in the unit they were saved in",
        arguments: TestEngine.allCases, [
            (13_500, WeightUnit.lb), (6_250, .kg), (0, .kg), (25, .kg), (10_255, .kg),
            (1_000_00, .kg), (2_200_00, .lb), (4_499, .lb), (1, .lb),
        ]
    )
    func weightsRoundTrip(engine: TestEngine, _ arguments: (hundredths: Int, unit: WeightUnit)) throws {
        let (hundredths, unit) = arguments
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            let values = SetValues(weight: Weight(hundredths: hundredths, unit: unit), reps: 8, series: 3)

            let id = try store.save(ana, bench, values, at: instant(0, milliseconds: 123))

            let last = try #require(try store.lastValues(of: ana, for: bench))
            #expect(last.weight.hundredths == hundredths)
            #expect(last.weight.unit == unit)
            #expect(last == values)
            let record = try #require(try store.history(HistoryQuery()).first)
            #expect(RecordUID.isValid(record.uid ?? ""))
            #expect(record == WorkoutRecord(
                id: id, user: "Ana", exercise: "Bench Press", values: values,
                performedAt: instant(0, milliseconds: 123), uid: record.uid
            ))
        }
    }

    @Test("Deleting the newest record makes the defaults fall back to the previous one", arguments: TestEngine.allCases)
    func deletingFallsBack(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bo = try store.createUser(named: "Bo")
            let bench = try store.createExercise(named: "Bench Press")
            let squat = try store.createExercise(named: "Back Squat")
            let first = try store.save(ana, squat, SetValues(100, .kg, 5, 5), at: instant(0))
            let second = try store.save(ana, bench, SetValues(60, .kg, 8, 3), at: instant(10))
            let third = try store.save(ana, bench, SetValues(62.5, .kg, 8, 3), at: instant(20))
            let fourth = try store.save(bo, squat, SetValues(135, .lb, 5, 5), at: instant(30))

            #expect(try store.deleteRecord(id: fourth))
            #expect(try store.lastUsedUser() == ana)
            #expect(try store.lastExercise(of: bo) == nil)
            #expect(try store.lastValues(of: bo, for: squat) == nil)

            #expect(try store.deleteRecord(id: third))
            #expect(try store.lastValues(of: ana, for: bench) == SetValues(60, .kg, 8, 3))
            #expect(try store.lastExercise(of: ana) == bench)

            #expect(try store.deleteRecord(id: second))
            #expect(try store.lastExercise(of: ana) == squat)
            #expect(try store.lastValues(of: ana, for: bench) == nil)

            #expect(try store.deleteRecord(id: third) == false)
            #expect(try store.history(HistoryQuery()).map(\.id) == [first])

            #expect(try store.deleteRecord(id: first))
            #expect(try store.lastUsedUser() == nil)
        }
    }

    // MARK: - History

    /// Who, what and when of the history fixture; several share a performedAt.
    static let fixture: [(user: String, exercise: String, seconds: Int)] = [
        ("Ana", "Bench Press", 100),
        ("Bo", "Back Squat", 300),
        ("Ana", "Back Squat", 200),
        ("Ana", "Bench Press", 300),
        ("Cy", "Deadlift", 300),
        ("Bo", "Bench Press", 50),
        ("Ana", "Deadlift", 400),
        ("Ana", "Bench Press", 200),
        ("Bo", "Back Squat", 400),
        ("Cy", "Bench Press", 100),
        ("Ana", "Back Squat", 300),
        ("Bo", "Deadlift", 200),
    ]

    struct Saved {
        var id: Int64
        var user: String
        var exercise: String
        var performedAt: Date
    }

    /// Saves `fixture` in order and returns what was saved.
    static func saveFixture(in store: any Logbook) throws -> [Saved] {
        var saved: [Saved] = []
        for (index, entry) in fixture.enumerated() {
            let user = try store.createUser(named: entry.user)
            let exercise = try store.createExercise(named: entry.exercise)
            let at = instant(entry.seconds)
            let id = try store.save(user, exercise, SetValues(Double(20 + index), .kg, 8, 3), at: at)
            saved.append(Saved(id: id, user: entry.user, exercise: entry.exercise, performedAt: at))
        }
        return saved
    }

    /// Newest first: performedAt descending, then id descending.
    static func newestFirst(_ records: [Saved]) -> [Int64] {
        records.sorted { ($0.performedAt, $0.id) > ($1.performedAt, $1.id) }.map(\.id)
    }

    @Test("History is newest first by performedAt, then by id among equal times", arguments: TestEngine.allCases)
    func historyOrder(engine: TestEngine) throws {
        try engine.withStore { store in
            let saved = try Self.saveFixture(in: store)

            let history = try store.history(HistoryQuery())

            #expect(history.map(\.id) == Self.newestFirst(saved))
            #expect(history.map(\.id) != Array(saved.map(\.id).reversed()), "the fixture must not be in id order")
            for record in history {
                let source = try #require(saved.first { $0.id == record.id })
                #expect(record.user == source.user)
                #expect(record.exercise == source.exercise)
                #expect(record.performedAt == source.performedAt)
            }
        }
    }

    struct HistoryCase: Sendable, CustomTestStringConvertible {
        var user: String?
        var exercise: String?
        var sinceSeconds: Int?
        var limit: Int?

        var testDescription: String {
            "user \(user ?? "any"), exercise \(exercise ?? "any"), since \(sinceSeconds.map(String.init) ?? "ever"), limit \(limit.map(String.init) ?? "none")"
        }
    }

    @Test(
        "History filters by user, exercise and since (inclusive), and honours limit",
        arguments: TestEngine.allCases, [
            HistoryCase(),
            HistoryCase(user: "Ana"),
            HistoryCase(user: "Bo"),
            HistoryCase(exercise: "Bench Press"),
            HistoryCase(user: "Ana", exercise: "Bench Press"),
            HistoryCase(sinceSeconds: 300),
            HistoryCase(sinceSeconds: 301),
            HistoryCase(user: "Ana", sinceSeconds: 200),
            HistoryCase(user: "Bo", exercise: "Back Squat", sinceSeconds: 300),
            HistoryCase(limit: 5),
            HistoryCase(limit: 0),
            HistoryCase(user: "Ana", limit: 3),
            HistoryCase(user: "Cy", exercise: "Deadlift", sinceSeconds: 0, limit: 10),
            HistoryCase(sinceSeconds: 10_000),
        ]
    )
    func historyFilters(engine: TestEngine, _ filter: HistoryCase) throws {
        try engine.withStore { store in
            let saved = try Self.saveFixture(in: store)
            var query = HistoryQuery(limit: filter.limit)
            if let name = filter.user { query.userID = try #require(try store.user(named: name)).id }
            if let name = filter.exercise { query.exerciseID = try #require(try store.exercise(named: name)).id }
            if let seconds = filter.sinceSeconds { query.since = instant(seconds) }

            let expected = Self.newestFirst(saved.filter { record in
                (filter.user.map { $0 == record.user } ?? true)
                    && (filter.exercise.map { $0 == record.exercise } ?? true)
                    && (filter.sinceSeconds.map { record.performedAt >= instant($0) } ?? true)
            }).prefix(filter.limit ?? .max)

            #expect(try store.history(query).map(\.id) == Array(expected))
        }
    }

    @Test(
        "Keyset paging with `before` continues exactly where the previous page stopped",
        arguments: TestEngine.allCases, ([nil, "Ana"] as [String?]).flatMap { user in [1, 2, 3, 4, 7, 100].map { (user: user, pageSize: $0) } }
    )
    func keysetPaging(engine: TestEngine, _ arguments: (user: String?, pageSize: Int)) throws {
        let (user, pageSize) = arguments
        try engine.withStore { store in
            var saved = try Self.saveFixture(in: store)
            // More ties: a second batch at times the fixture already uses.
            saved += try Self.saveFixture(in: store)
            var query = HistoryQuery(limit: pageSize)
            if let user { query.userID = try #require(try store.user(named: user)).id }
            let expected = Self.newestFirst(saved.filter { user == nil || $0.user == user })

            var pages: [[Int64]] = []
            while pages.count <= saved.count {
                let page = try store.history(query)
                if page.isEmpty { break }
                #expect(page.count <= pageSize)
                pages.append(page.map(\.id))
                let last = try #require(page.last)
                query.before = (last.performedAt, last.id)
            }

            #expect(pages.flatMap { $0 } == expected)
            #expect(pages.dropLast().allSatisfy { $0.count == pageSize })
        }
    }

    @Test("forEachRecord streams the same records as history", arguments: TestEngine.allCases)
    func streamingMatchesHistory(engine: TestEngine) throws {
        try engine.withStore { store in
            _ = try Self.saveFixture(in: store)
            var streamed: [WorkoutRecord] = []

            try store.forEachRecord(HistoryQuery(limit: 7)) { streamed.append($0) }

            #expect(streamed == (try store.history(HistoryQuery(limit: 7))))
            #expect(streamed.count == 7)
        }
    }

    // MARK: - Summaries

    @Test("users() lists every member in name order with record counts and last training", arguments: TestEngine.allCases)
    func userSummaries(engine: TestEngine) throws {
        try engine.withStore { store in
            let saved = try Self.saveFixture(in: store)
            let dee = try store.createUser(named: "dee")

            let summaries = try store.users()

            #expect(summaries.map(\.user.name) == ["Ana", "Bo", "Cy", "dee"])
            for summary in summaries {
                let mine = saved.filter { $0.user == summary.user.name }
                #expect(summary.records == mine.count, "\(summary.user.name)")
                #expect(summary.lastPerformedAt == mine.map(\.performedAt).max(), "\(summary.user.name)")
            }
            let last = try #require(summaries.last)
            #expect(last.user == dee)
            #expect(last.records == 0)
            #expect(last.lastPerformedAt == nil)
        }
    }

    @Test("exercises() lists every exercise in name order with how many records use it", arguments: TestEngine.allCases)
    func exerciseSummaries(engine: TestEngine) throws {
        try engine.withStore { store in
            let saved = try Self.saveFixture(in: store)
            let curl = try store.createExercise(named: "Curl", category: "arms")

            let summaries = try store.exercises()

            #expect(summaries.map(\.exercise.name) == ["Back Squat", "Bench Press", "Curl", "Deadlift"])
            for summary in summaries {
                #expect(summary.records == saved.filter { $0.exercise == summary.exercise.name }.count)
            }
            #expect(summaries.first { $0.exercise.id == curl.id }?.exercise.category == "arms")
        }
    }

    // MARK: - Renaming and removing exercises

    @Test("Renaming an exercise keeps its records, defaults and id", arguments: TestEngine.allCases)
    func renameKeepsRecords(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench", category: "chest")
            let id = try store.save(ana, bench, SetValues(60, .kg, 8, 3), at: instant(0))

            let renamed = try store.renameExercise(bench, to: "Bench Press")

            #expect(renamed == Exercise(id: bench.id, name: "Bench Press", category: "chest"))
            #expect(try store.exercise(named: "bench") == nil)
            #expect(try store.exercise(named: "BENCH PRESS") == renamed)
            #expect(try store.lastExercise(of: ana) == renamed)
            #expect(try store.lastValues(of: ana, for: renamed) == SetValues(60, .kg, 8, 3))
            #expect(try store.history(HistoryQuery()).map(\.exercise) == ["Bench Press"])
            #expect(try store.history(HistoryQuery()).map(\.id) == [id])
            #expect(try store.names(of: .exercise, after: 0).map(\.name) == ["Bench Press"])
        }
    }

    @Test("Renaming to a different spelling of its own name is allowed", arguments: TestEngine.allCases)
    func renameToOwnName(engine: TestEngine) throws {
        try engine.withStore { store in
            let bench = try store.createExercise(named: "bench press")

            let renamed = try store.renameExercise(bench, to: "Bench Press")

            #expect(renamed.id == bench.id)
            #expect(try store.exercise(named: "BENCH PRESS")?.name == "Bench Press")
            #expect(try store.exercises().count == 1)
        }
    }

    @Test(
        "Renaming refuses a name another exercise already has, in any case or composition",
        arguments: TestEngine.allCases, ["Back Squat", "BACK SQUAT", "back squat"]
    )
    func renameRefusesTakenName(engine: TestEngine, newName: String) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            let squat = try store.createExercise(named: "Back Squat")
            try store.save(ana, bench, SetValues(60, .kg, 8, 3), at: instant(0))

            let error = #expect(throws: LogbookError.self) {
                try store.renameExercise(bench, to: newName)
            }

            #expect(error?.kind == .conflict)
            #expect(error?.message.contains("already exists") == true)
            #expect(try store.exercise(named: "Bench Press") == bench)
            #expect(try store.exercise(named: "Back Squat") == squat)
            #expect(try store.history(HistoryQuery()).map(\.exercise) == ["Bench Press"])
        }
    }

    @Test("Renaming refuses a name taken by another exercise spelled with decomposed accents", arguments: TestEngine.allCases)
    func renameRefusesTakenAccentedName(engine: TestEngine) throws {
        try engine.withStore { store in
            let press = try store.createExercise(named: "D\u{E9}velopp\u{E9}")
            let bench = try store.createExercise(named: "Bench Press")

            let error = #expect(throws: LogbookError.self) {
                try store.renameExercise(bench, to: "DE\u{301}VELOPPE\u{301}")
            }

            #expect(error?.kind == .conflict)
            #expect(try store.exercise(named: "Bench Press") == bench)
            #expect(try store.exercise(named: "d\u{E9}velopp\u{E9}") == press)
        }
    }

    @Test("Removing an exercise that records use is refused; an unused one goes", arguments: TestEngine.allCases)
    func removeExercise(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            let curl = try store.createExercise(named: "Curl")
            let first = try store.save(ana, bench, SetValues(60, .kg, 8, 3), at: instant(0))
            let second = try store.save(ana, bench, SetValues(62.5, .kg, 8, 3), at: instant(1))

            let error = #expect(throws: LogbookError.self) {
                try store.removeExercise(bench)
            }
            #expect(error?.kind == .conflict)
            #expect(error?.message.contains("2 records") == true)
            #expect(try store.exercise(named: "Bench Press") == bench)
            #expect(try store.history(HistoryQuery()).map(\.id) == [second, first])

            try store.removeExercise(curl)
            #expect(try store.exercise(named: "Curl") == nil)

            // Deleting leaves tombstones, which still name the exercise: it stays.
            try store.deleteRecord(id: first)
            try store.deleteRecord(id: second)
            let kept = #expect(throws: LogbookError.self) {
                try store.removeExercise(bench)
            }
            #expect(kept?.message.contains("2 deleted records kept for restoring") == true)
            #expect(try store.exercises().map(\.records) == [0])
            #expect(try store.restoreRecord(id: first))
            #expect(try store.history(HistoryQuery()).map(\.id) == [first])
        }
    }

    @Test("A member whose sets are all deleted goes, when asked, with their tombstones, notes and body weights; never one with a live set", arguments: TestEngine.allCases)
    func removeMemberWithTombstones(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bo = try store.createUser(named: "Bo")
            let bench = try store.createExercise(named: "Bench Press")
            let first = try store.save(ana, bench, SetValues(60, .kg, 8, 3), at: instant(0))
            let second = try store.save(ana, bench, SetValues(62.5, .kg, 8, 3), at: instant(1))
            let bos = try store.save(bo, bench, SetValues(40, .kg, 8, 3), at: instant(2))
            try store.appendNote(userID: ana.id, day: LocalDay(checked: "2026-11-03"), text: "Felt slow", now: instant(3))
            _ = try store.saveBodyWeight(userID: ana.id, weight: Weight(value: 61.2, unit: .kg), at: instant(4),
                                         uid: RecordUID.make(at: instant(4)), now: instant(4))

            let live = #expect(throws: LogbookError.self) { try store.removeUser(ana, withDeleted: true) }
            #expect(live?.kind == .conflict && live?.message.contains("2 records") == true, "\(String(describing: live))")
            try store.deleteRecord(id: first)
            try store.deleteRecord(id: second)
            let kept = #expect(throws: LogbookError.self) { try store.removeUser(ana) }
            #expect(kept?.message.contains("2 deleted records") == true, "\(String(describing: kept))")
            #expect(try store.user(named: "Ana") == ana)

            try store.removeUser(ana, withDeleted: true)

            #expect(try store.user(named: "Ana") == nil)
            #expect(try store.users().map(\.user.name) == ["Bo"])
            var deleted = HistoryQuery()
            deleted.deleted = true
            #expect(try store.history(deleted).isEmpty)
            #expect(try store.history(HistoryQuery()).map(\.id) == [bos])
            #expect(try store.restoreRecord(id: first) == false)
            // The name is free again, with nothing of the old member's.
            let again = try store.createUser(named: "Ana")
            #expect(try store.bodyWeights(userID: again.id, since: nil, limit: nil).isEmpty)
            #expect(try store.sessionInfos(userID: again.id, from: LocalDay(checked: "2026-11-03"), through: LocalDay(checked: "2026-11-03")).isEmpty)
        }
    }

    @Test("Merging an exercise moves every record (deleted ones too) and routine step onto the other, stamps them edited, and removes it", arguments: TestEngine.allCases)
    func mergeExercise(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bo = try store.createUser(named: "Bo")
            let flye = try store.createExercise(named: "Rear flye")
            let fly = try store.createExercise(named: "Rear Delt Fly", category: "dumbbell")
            let squat = try store.createExercise(named: "Back Squat")
            let first = try store.save(ana, flye, SetValues(12, .kg, 12, 3), at: instant(0))
            let gone = try store.save(bo, flye, SetValues(10, .kg, 12, 3), at: instant(1))
            let kept = try store.save(ana, fly, SetValues(14, .kg, 10, 3), at: instant(2))
            let other = try store.save(ana, squat, SetValues(100, .kg, 5, 5), at: instant(3))
            try store.deleteRecord(id: gone)
            _ = try store.saveRoutine(Routine(name: "Pull Day", exercises: [
                RoutineStep(exercise: "rear FLYE", values: SetValues(12, .kg, 12, 3)),
                RoutineStep(exercise: "Back Squat", values: nil),
            ]), now: instant(4))
            _ = try store.saveRoutine(Routine(name: "Legs", exercises: [RoutineStep(exercise: "Back Squat", values: nil)]), now: instant(4))

            let merge = try store.mergeExercise(flye, into: fly, now: instant(60))

            #expect(merge == ExerciseMerge(from: "Rear flye", into: "Rear Delt Fly", records: 1, deletedRecords: 1,
                                           members: ["Ana", "Bo"], routines: ["Pull Day"], routineSteps: 1))
            #expect(try store.exercise(named: "Rear flye") == nil)
            #expect(try store.history(HistoryQuery(userID: ana.id)).map { "\($0.id) \($0.exercise)" }
                == ["\(other) Back Squat", "\(kept) Rear Delt Fly", "\(first) Rear Delt Fly"])
            #expect(try store.stored(id: first)?.editedAt == instant(60))
            #expect(try store.stored(id: kept)?.editedAt == nil)
            #expect(try store.restoreRecord(id: gone))
            #expect(try store.record(id: gone)?.exercise == "Rear Delt Fly")
            #expect(try store.exercises().first { $0.exercise.name == "Rear Delt Fly" }?.records == 3)
            #expect(try store.routines().map(\.exercises) == [
                [RoutineStep(exercise: "Back Squat", values: nil)],
                [RoutineStep(exercise: "Rear Delt Fly", values: SetValues(12, .kg, 12, 3)), RoutineStep(exercise: "Back Squat", values: nil)],
            ])
            let same = #expect(throws: LogbookError.self) { try store.mergeExercise(fly, into: fly, now: instant(90)) }
            #expect(same?.kind == .conflict)
        }
    }

    @Test("Renaming can set the category (a catalog name brings the catalog's); without one the category stays", arguments: TestEngine.allCases)
    func renameWithCategory(engine: TestEngine) throws {
        try engine.withStore { store in
            let bench = try store.createExercise(named: "bench thing", category: "machine")
            let renamed = try store.renameExercise(bench, to: "Bench Press", category: "barbell")
            #expect(renamed == Exercise(id: bench.id, name: "Bench Press", category: "barbell"))
            #expect(try store.exercise(named: "Bench Press") == renamed)
            #expect(try store.renameExercise(renamed, to: "Bench") == Exercise(id: bench.id, name: "Bench", category: "barbell"))
            #expect(try store.exercise(named: "Bench")?.category == "barbell")
        }
    }

    @Test("Deleting leaves a tombstone that every read skips and restore brings back", arguments: TestEngine.allCases)
    func tombstones(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            let squat = try store.createExercise(named: "Back Squat")
            let first = try store.save(ana, bench, SetValues(60, .kg, 8, 3), at: instant(0))
            let second = try store.save(ana, squat, SetValues(100, .kg, 5, 5), at: instant(60))

            #expect(try store.deleteRecord(id: second, now: instant(120)))
            #expect(try store.deleteRecord(id: second, now: instant(121)) == false, "already deleted")
            #expect(try store.history(HistoryQuery()).map(\.id) == [first])
            #expect(try store.lastExercise(of: ana) == bench)
            #expect(try store.lastValues(of: ana, for: squat) == nil)
            #expect(try store.lastUsedUser() == ana)
            #expect(try store.users().first?.records == 1)
            #expect(try store.exercises().map(\.records) == [0, 1])
            #expect(try store.health().tombstones == 1 && store.health().records == 1)
            var deleted = HistoryQuery()
            deleted.deleted = true
            let tombstone = try #require(try store.history(deleted).first)
            #expect(tombstone.id == second && tombstone.deletedAt == instant(120))
            #expect(try store.record(id: second)?.deletedAt == instant(120), "one record by id, deleted or not")

            #expect(try store.restoreRecord(id: second))
            #expect(try store.restoreRecord(id: second) == false, "nothing left to restore")
            #expect(try store.history(HistoryQuery()).map(\.id) == [second, first])
            #expect(try store.lastValues(of: ana, for: squat) == SetValues(100, .kg, 5, 5))
            #expect(try store.history(deleted).isEmpty)
        }
    }

    @Test("Every saved record gets its own UUIDv7, in creation order", arguments: TestEngine.allCases)
    func recordUIDs(engine: TestEngine) throws {
        try engine.withStore { store in
            let ana = try store.createUser(named: "Ana")
            let bench = try store.createExercise(named: "Bench Press")
            for second in 0..<50 { try store.save(ana, bench, SetValues(60, .kg, 8, 3), at: instant(second)) }
            let uids = try store.history(HistoryQuery()).compactMap(\.uid)
            #expect(uids.count == 50 && Set(uids).count == 50)
            #expect(uids.allSatisfy { RecordUID.isValid($0) && Array($0)[14] == "7" })
            #expect(Array(uids.reversed()) == uids.sorted(), "time-ordered: newest first in history is the largest id")
        }
    }
}

