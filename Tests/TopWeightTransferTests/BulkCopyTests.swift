import Foundation
import Testing
import TopWeightCore
@testable import TopWeightPostgres
import TopWeightStore
import TopWeightTestSupport
import TopWeightText
@testable import TopWeightTransfer
import TopWeightUseCases

/// `copy` onto PostgreSQL through its bulk path (one
/// transaction, the record table's indexes and tally rebuilt at the end):
/// the same database as a copy page by page makes, held to the JSON export
/// of both sides, their counts and listings.
@Suite("Copying in bulk onto PostgreSQL")
struct BulkCopyTests {
    /// Enough records for the bulk path to rebuild the indexes (`PostgresLogbook.rebuildFrom`).
    static let count = 12_000
    static let zone = TimeZone(identifier: "Europe/Madrid") ?? .current
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// A history of every kind of set: kilograms, pounds, body weight with a
    /// load and assisted, timed, distance with and without a time, RPE,
    /// warm-ups, drops and failures, supersets, edited and deleted sets,
    /// sets a coach logged; notes and routines of days, the gym's routines,
    /// body weights; a private member and a coach.
    static func fill(_ store: any StorageEngine, records: Int) throws {
        _ = try store.adoptMembers([StoredMember(name: "Ana"), StoredMember(name: "Bo", isPrivate: true),
                                    StoredMember(name: "Cy", isCoach: true), StoredMember(name: "Dee Ñúñez")], now: start)
        let members = ["Ana", "Bo", "Cy", "Dee Ñúñez"]
        var generator = SystemRandomNumberGenerator()
        var page: [StoredRecord] = []
        for index in 0..<records {
            let performed = start.addingTimeInterval(Double(index) * 1_800 + Double(index % 7) * 0.125)
            let kilograms = Weight(hundredths: 2_000 + (index % 40) * 250, unit: .kg)
            let (exercise, values): (String, SetValues) = switch index % 9 {
            case 0: ("Back Squat", SetValues(weight: kilograms, reps: 1 + index % 12, series: 1 + index % 3))
            case 1: ("Deadlift", SetValues(weight: Weight(hundredths: 13_500 + (index % 30) * 500, unit: .lb), reps: 5, series: 1))
            case 2: ("Pull-up", .bodyweight(load: (index % 5) * 250, unit: .kg, reps: 8, series: 2))
            case 3: ("Dip", .bodyweight(load: -2_000, unit: .lb, reps: 6, series: 1))
            case 4: ("Plank", .timed(SetDuration(seconds: 30 + index % 90), series: 2))
            case 5: ("Run", .covered(Distance(thousandths: 5_000 + index % 700, unit: .km), in: SetDuration(seconds: 1_500 + index % 300)))
            case 6: ("Row", SetValues(weight: Weight(hundredths: 0, unit: .kg), reps: 1, series: 1, measure: .distance,
                                      distance: Distance(thousandths: 2_000_000, unit: .m)))
            case 7: ("Bench Press", SetValues(weight: kilograms, reps: 8, series: 3, effort: Effort(halves: 12 + index % 9)))
            default: ("Sled Push", SetValues(weight: Weight(hundredths: 500, unit: .kg), reps: 1, series: 1, measure: .distance,
                                             distance: Distance(thousandths: 1_500, unit: .mi), effort: Effort(halves: 20)))
            }
            page.append(StoredRecord(
                id: 0, uid: RecordUID.make(at: performed, using: &generator), user: members[index % members.count], exercise: exercise,
                category: index % 2 == 0 ? "Legs" : nil, values: values, performedAt: performed, createdAt: performed.addingTimeInterval(3),
                editedAt: index % 11 == 0 ? performed.addingTimeInterval(600) : nil,
                deletedAt: index % 13 == 0 ? performed.addingTimeInterval(900) : nil,
                kind: [nil, .warmup, .drop, .failure, nil][index % 5], superset: index % 6 == 0 ? "A\(1 + index % 2)" : nil,
                coach: index % 10 == 0 && index % 4 != 2 ? "Cy" : nil
            ))
            if page.count == 2_000 {
                _ = try store.adoptRecords(page, now: start)
                _ = try store.adoptCoachMarks(page.compactMap { record in record.coach.map { CoachMark(uid: record.uid, coach: $0) } })
                page = []
            }
        }
        _ = try store.adoptRecords(page, now: start)
        _ = try store.adoptCoachMarks(page.compactMap { record in record.coach.map { CoachMark(uid: record.uid, coach: $0) } })
        let ana = try #require(try store.user(named: "Ana"))
        try store.appendNote(userID: ana.id, day: LocalDay(start, in: .current), text: "Heavy day \"ok\"\n\n- knee fine", now: start)
        try store.setRoutine("Upper", userID: ana.id, day: LocalDay(start, in: .current), now: start)
        _ = try store.saveRoutine(Routine(name: "Upper", exercises: [RoutineStep(exercise: "Bench Press", values: nil)]), now: start)
        _ = try store.saveBodyWeight(userID: ana.id, weight: Weight(hundredths: 8_050, unit: .kg), at: start, uid: "bw-1", now: start)
    }

    /// Our JSON export of everybody.
    static func export(_ store: any StorageEngine) throws -> String {
        var lines: [String] = []
        try HistoryExport.json(from: store, member: nil, timeZone: zone) { lines.append($0) }
        return lines.joined(separator: "\n")
    }

    /// The same history: exported alike, counted alike (`check`'s counts), listed alike (the tallies).
    static func expectSame(_ copy: any StorageEngine, as original: any StorageEngine) throws {
        #expect(try export(copy) == export(original))
        let (made, had) = (try copy.health(), try original.health())
        #expect((made.users, made.exercises, made.records, made.tombstones) == (had.users, had.exercises, had.records, had.tombstones))
        #expect(made.recordsOutOfRange.isEmpty)
        #expect(try copy.users().map { "\($0.user.name) \($0.records)" } == original.users().map { "\($0.user.name) \($0.records)" })
        #expect(try Set(copy.exercises().map { "\($0.exercise.name) \($0.records)" })
            == Set(original.exercises().map { "\($0.exercise.name) \($0.records)" }))
    }

    /// The record table's indexes and whether its tally trigger is on.
    static func recordTable(_ server: PostgresLogbook) throws -> [String] {
        var found: [String] = []
        for row in try server.link.query("SELECT indexdef FROM pg_indexes WHERE tablename = 'record' ORDER BY indexname") {
            found.append(try row.decode(String.self))
        }
        for row in try server.link.query("SELECT tgname || ' ' || tgenabled::text FROM pg_trigger WHERE tgrelid = 'record'::regclass AND NOT tgisinternal ORDER BY tgname") {
            found.append(try row.decode(String.self))
        }
        return found
    }

    @Test("A file copied to an empty server in bulk and back: the same export, counts and listings; again adds nothing; indexes and triggers as a new database's")
    func bothWays() throws {
        try withTemporaryDatabase { database in
            let file = try database.open()
            try Self.fill(file, records: Self.count)
            _ = try withPostgresDatabase { url in
                let server = try PostgresLogbook(url: url)
                defer { server.close() }
                let fresh = try Self.recordTable(server)
                #expect(fresh.count > 10)
                var heard: [Int] = []

                let summary = try LogbookCopy.run(from: file, to: server, now: Self.start, pageSize: 1_000) { done, _ in heard.append(done) }

                #expect(summary.records == Self.count && summary.recordsAlreadyThere == 0)
                #expect(summary.coachedSets == (0..<Self.count).filter { $0 % 10 == 0 && $0 % 4 != 2 }.count)
                #expect(heard.count == 12 && heard.last == Self.count, "the bar moves a page at a time")
                try Self.expectSame(server, as: file)
                #expect(try Self.recordTable(server) == fresh)

                // The tally's trigger counts again: a save shows in the listing.
                let ana = try #require(try server.user(named: "Ana"))
                let before = try #require(try server.users().first { $0.user.name == "Ana" }).records
                let squat = try #require(try server.findOrCreateExercises([("Back Squat", nil, .weight)]).first)
                _ = try server.save(NewRecord(user: ana, exercise: squat, values: SetValues(weight: Weight(hundredths: 10_000, unit: .kg), reps: 5, series: 1),
                                              performedAt: Self.start.addingTimeInterval(-86_400)))
                #expect(try server.users().first { $0.user.name == "Ana" }?.records == before + 1)

                let again = try LogbookCopy.run(from: file, to: server, now: Self.start)
                #expect(again.records == 0 && again.recordsAlreadyThere == Self.count && again.coachedSets == 0)

                try withTemporaryDatabase { other in
                    let back = try other.open()
                    _ = try LogbookCopy.run(from: server, to: back, now: Self.start)
                    try Self.expectSame(back, as: server)
                }
            }
        }
    }

    @Test("A bulk copy that fails half-way leaves nothing: no record, the indexes and the tally's trigger as they were")
    func allOrNothing() throws {
        try withTemporaryDatabase { database in
            let file = try database.open()
            try Self.fill(file, records: Self.count)
            _ = try withPostgresDatabase { url in
                let server = try PostgresLogbook(url: url)
                defer { server.close() }
                _ = try server.adoptMembers(try file.storedMembers(), now: Self.start)
                let fresh = try Self.recordTable(server)
                #expect(throws: LogbookError.self) {
                    try server.adoptAllRecords(expected: Self.count, now: Self.start, read: { handed, last throws(LogbookError) in
                        guard handed < 6_000 else { throw LogbookError(.unreachable, "the file went away") }
                        return try file.storedRecords(after: last?.id ?? 0, limit: 2_000)
                    }, afterPage: { _ in })
                }
                let health = try server.health()
                #expect(health.records == 0 && health.tombstones == 0 && health.exercises == 0)
                #expect(try Self.recordTable(server) == fresh)
            }
        }
    }
    @Test("A bulk copy waits for a server that takes longer than the link's timeout over a statement, as it does over a chain's indexes")
    func slowStatementsAreWaitedFor() throws {
        try withTemporaryDatabase { database in
            let file = try database.open()
            try Self.fill(file, records: 60)
            _ = try withPostgresDatabase { url in
                let server = try PostgresLogbook(url: url, options: .init(timeout: 1))
                defer { server.close() }
                // Each insert of a page keeps the server busy for 1.5 s, past the link's 1 s.
                try PostgresServer.execute("""
                    CREATE FUNCTION slow_page() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(1.5); RETURN NULL; END $$
                    """, url: url)
                try PostgresServer.execute("CREATE TRIGGER slow_page AFTER INSERT ON record FOR EACH STATEMENT EXECUTE FUNCTION slow_page()", url: url)
                let summary = try LogbookCopy.run(from: file, to: server, now: Self.start, pageSize: 40)
                #expect(summary.records == 60)
                let (copied, original) = (try server.health().records, try file.health().records)
                #expect(copied == original)
            }
        }
    }
}
