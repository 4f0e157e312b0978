import Foundation
import GRDB
import Testing
import TopWeightCore
@testable import TopWeightStore
import TopWeightTestSupport

/// The statements the store runs on every Enter and every Tab must reach
/// records through an index, never by reading the whole table, and must come
/// out of the index already in order (no temporary sort of every record).
///
/// The SQL is the store's own (`WorkoutStore.historySQL`, `lastValuesSQL`, …),
/// explained on a file holding a few thousand records, after `ANALYZE`.
@Suite("Query plans")
struct QueryPlanTests {
    enum Statement: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case historyOfOneUser
        case historyOfOneUserBefore
        case historyOfOneUserSince
        case historyOfEverybody
        case historyOfEverybodyBefore
        case lastValues
        case lastExercise
        case lastUsedUser
        case userNameCompletion
        case exerciseNameCompletion

        var testDescription: String { rawValue }

        /// Which index must serve the statement, as the schema intends.
        var expectedAccess: String {
            switch self {
            case .historyOfOneUser, .historyOfOneUserSince, .historyOfOneUserBefore:
                "USING INDEX record_on_user_performedAt (userId=?"
            case .historyOfEverybody, .historyOfEverybodyBefore:
                "USING INDEX record_on_performedAt"
            case .lastValues:
                "USING INDEX record_on_user_exercise (userId=? AND exerciseId=?)"
            case .lastExercise:
                "(userId=?)"
            case .lastUsedUser:
                // Since v3: the newest live record, through the tombstone index.
                "SEARCH record USING INDEX record_on_deletedAt (deletedAt=?)"
            case .userNameCompletion, .exerciseNameCompletion:
                "(nameKey>? AND nameKey<?)"
            }
        }

        var readsRecords: Bool {
            self != .userNameCompletion && self != .exerciseNameCompletion
        }
    }

    /// A file with a realistic spread: a few regulars with most of the
    /// records, occasional members, a catalog of exercises. The planner's
    /// choice depends on how many members share the records, so tests run
    /// with a small gym and a larger one.
    static func makeFixture(
        in database: TemporaryDatabase, members: Int = 60
    ) throws -> (store: WorkoutStore, users: [User], exercises: [Exercise]) {
        let store = try database.open()
        var users: [User] = []
        for index in 0..<members { users.append(try store.createUser(named: "Member \(index)")) }
        var exercises: [Exercise] = []
        for index in 0..<40 { exercises.append(try store.createExercise(named: "Exercise \(index)")) }
        let queue = try DatabaseQueue(path: database.path)
        defer { try? queue.close() }
        try queue.write { db in
            let statement = try db.makeStatement(sql: WorkoutStore.insertSQL)
            for index in 0..<4_000 {
                // Half the records belong to the first three members.
                let user = index % 2 == 0 ? users[index % 3] : users[index % users.count]
                let exercise = exercises[(index * 7) % exercises.count]
                // Two sets share every timestamp.
                let at = WorkoutStore.milliseconds(instant(index / 2 * 60))
                try statement.execute(arguments: [RecordUID.make(at: instant(index)), user.id, exercise.id, 60.0, "kg", 8, 3, at, at])
            }
        }
        try queue.writeWithoutTransaction { db in try db.execute(sql: "ANALYZE") }
        return (store, users, exercises)
    }

    /// The statement and its arguments exactly as the store runs them.
    static func sql(for statement: Statement, user: User, exercise: Exercise) -> (String, StatementArguments) {
        var query = HistoryQuery(limit: 50)
        let cursor = (performedAt: instant(30_000), id: Int64(1_000))
        switch statement {
        case .historyOfOneUser:
            query.userID = user.id
        case .historyOfOneUserBefore:
            query.userID = user.id
            query.before = cursor
        case .historyOfOneUserSince:
            query.userID = user.id
            query.since = instant(10_000)
        case .historyOfEverybody:
            break
        case .historyOfEverybodyBefore:
            query.before = cursor
        case .lastValues:
            return (WorkoutStore.lastValuesSQL, [user.id, exercise.id])
        case .lastExercise:
            return (WorkoutStore.lastExerciseSQL, [user.id])
        case .lastUsedUser:
            return (WorkoutStore.lastUsedUserSQL, [])
        case .userNameCompletion:
            return (WorkoutStore.namesSQL(table: "user"), ["mem", WorkoutStore.upperBound(ofPrefix: "mem"), 200])
        case .exerciseNameCompletion:
            return (WorkoutStore.namesSQL(table: "exercise"), ["ex", WorkoutStore.upperBound(ofPrefix: "ex"), 200])
        }
        let (sql, arguments) = WorkoutStore.historySQL(query)
        return (sql, arguments)
    }

    /// The `detail` column of `EXPLAIN QUERY PLAN`, one line per step.
    static func plan(of sql: String, arguments: StatementArguments, path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
        }
    }

    /// True for a step that reads the record table (named `record` or aliased `r`).
    static func readsRecordTable(_ detail: String) -> Bool {
        ["SCAN record", "SCAN r", "SEARCH record", "SEARCH r"].contains { detail == $0 || detail.hasPrefix($0 + " ") }
    }

    static let usesIndex = ["USING INDEX", "USING COVERING INDEX", "USING INTEGER PRIMARY KEY"]

    /// `SCAN record` / `SCAN r` reading the table itself rather than walking an index.
    static func isFullScanOfRecord(_ detail: String) -> Bool {
        readsRecordTable(detail) && detail.hasPrefix("SCAN") && !usesIndex.contains { detail.contains($0) }
    }

    @Test(
        "Each hot statement reaches records through an index, in index order",
        arguments: Statement.allCases, [4, 60]
    )
    func hotStatementsUseIndexes(_ statement: Statement, members: Int) throws {
        try withTemporaryDatabase { database in
            let (_, users, exercises) = try Self.makeFixture(in: database, members: members)
            let (sql, arguments) = Self.sql(for: statement, user: users[0], exercise: exercises[7])

            let plan = try Self.plan(of: sql, arguments: arguments, path: database.path)
            let explained = plan.joined(separator: "\n")

            #expect(!plan.isEmpty)
            // No full table scan of records: a SCAN of record must at least walk an index.
            #expect(!plan.contains(where: Self.isFullScanOfRecord), "full scan of record:\n\(explained)")
            // No sort of the matching records after the fact.
            #expect(!explained.contains("TEMP B-TREE"), "records sorted in a temporary b-tree:\n\(explained)")
            // An index is used, and the one the schema meant.
            #expect(Self.usesIndex.contains { explained.contains($0) }, "no index used:\n\(explained)")
            #expect(explained.contains(statement.expectedAccess), "expected \(statement.expectedAccess):\n\(explained)")
            if statement.readsRecords {
                #expect(plan.contains { Self.readsRecordTable($0) }, "record not read at all?\n\(explained)")
            }
        }
    }

    @Test("Completion with an empty prefix walks the name index in order without sorting")
    func emptyPrefixCompletion() throws {
        try withTemporaryDatabase { database in
            _ = try Self.makeFixture(in: database)

            for table in ["user", "exercise"] {
                let plan = try Self.plan(of: WorkoutStore.allNamesSQL(table: table), arguments: [200], path: database.path)
                let explained = plan.joined(separator: "\n")

                #expect(explained.contains("SCAN \(table) USING INDEX sqlite_autoindex_\(table)_"), "\(explained)")
                #expect(!explained.contains("TEMP B-TREE"), "\(explained)")
            }
        }
    }

    @Test("The plan checks catch a full scan and a temporary sort")
    func checksCanFail() throws {
        try withTemporaryDatabase { database in
            _ = try Self.makeFixture(in: database)

            // Unindexed column: the whole table is read and sorted.
            let plan = try Self.plan(
                of: "SELECT id FROM record WHERE reps = ? ORDER BY weight LIMIT 1", arguments: [8], path: database.path
            )

            #expect(plan.contains(where: Self.isFullScanOfRecord))
            #expect(plan.contains { $0.contains("TEMP B-TREE") })
        }
    }

    @Test("The explained history SQL is the one history() runs: same rows as the statement run directly")
    func explainedSQLIsTheRealOne() throws {
        try withTemporaryDatabase { database in
            let (store, users, exercises) = try Self.makeFixture(in: database)
            let (sql, arguments) = Self.sql(for: .historyOfOneUserBefore, user: users[1], exercise: exercises[0])
            var query = HistoryQuery(userID: users[1].id, limit: 50)
            query.before = (instant(30_000), 1_000)

            let queue = try DatabaseQueue(path: database.path)
            defer { try? queue.close() }
            let direct = try queue.read { db in try Int64.fetchAll(db, sql: sql, arguments: arguments) }

            #expect(direct.count == 50)
            #expect(try store.history(query).map(\.id) == direct)
        }
    }
}
