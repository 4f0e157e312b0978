import Foundation
import GRDB
import Testing
import TopWeightCore
import TopWeightStorage
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
        case bestsOfExercise
        case nextBestAtReps
        case timedBests
        case recordsOfExercise
        case tombstones
        case usersListing
        case exercisesListing
        case historyOfOneExercise

        var testDescription: String { rawValue }

        /// Which index must serve the statement, as the schema intends.
        var expectedAccess: String {
            switch self {
            case .historyOfOneUser, .historyOfOneUserSince, .historyOfOneUserBefore:
                "USING INDEX record_on_user_performedAt (userId=?"
            case .historyOfEverybody, .historyOfEverybodyBefore:
                "USING INDEX record_on_performedAt"
            case .lastValues:
                // The member's sets done since the newest save's (found down
                // record_on_user_exercise): a back-dated save can't hide a
                // later set, and a long history is not sorted on every Enter.
                "USING INDEX record_on_user_performedAt (userId=? AND performedAt>?)"
            case .lastExercise:
                // The set done last: one step down the member's sets by time, ties to the newest save.
                "USING INDEX record_on_user_performedAt (userId=?)"
            case .timedBests, .historyOfOneExercise:
                // Since v11: the member's exercises from the tally, the newest live set of each.
                "USING INDEX record_on_user_exercise (userId=? AND exerciseId=?)"
            case .nextBestAtReps:
                // Since v26 from the index alone: the set's numbers and its kind are in it.
                "USING COVERING INDEX record_on_user_exercise (userId=? AND exerciseId=?)"
            case .lastUsedUser:
                // Since v11: down the primary key from the newest row to the first live one.
                "SEARCH record USING INTEGER PRIMARY KEY (rowid<?)"
            case .userNameCompletion, .exerciseNameCompletion:
                "(nameKey>? AND nameKey<?)"
            case .bestsOfExercise:
                "SEARCH recordBest USING PRIMARY KEY (userId=? AND exerciseId=?)"
            case .recordsOfExercise:
                "USING COVERING INDEX record_on_user_exercise (userId=? AND exerciseId=?)"
            case .tombstones:
                "USING INDEX record_on_tombstone"
            case .usersListing:
                // Since v16: the tally, and the records after its mark down the primary key.
                "SEARCH record USING INTEGER PRIMARY KEY (rowid>?)"
            case .exercisesListing:
                "SCAN recordTally"
            }
        }

        var readsRecords: Bool {
            ![.userNameCompletion, .exerciseNameCompletion, .bestsOfExercise, .exercisesListing].contains(self)
        }

        /// Sorts what it read: the member's exercises in the tally by their
        /// newest set, every exercise's and every member's sum of the tally, a
        /// member's sets of one exercise (by weight at one rep count, by
        /// time), everybody's sets of one exercise by time (as through v10's
        /// exerciseId index).
        var sortsAfterReading: Bool {
            [.exercisesListing, .usersListing, .nextBestAtReps, .timedBests, .historyOfOneExercise].contains(self)
        }
    }

    /// A file with a realistic spread: a few regulars with most of the
    /// records, occasional members, a catalog of exercises. The planner's
    /// choice depends on how many members share the records, so tests run
    /// with a small gym and a larger one.
    static func makeFixture(
        in database: TemporaryDatabase, members: Int = 60, analyzed: Bool = true
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
        if analyzed {
            try queue.writeWithoutTransaction { db in try db.execute(sql: "ANALYZE") }
        }
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
        case .bestsOfExercise:
            return (WorkoutStore.frontierSQL, [user.id, exercise.id])
        case .nextBestAtReps:
            return (WorkoutStore.nextAtRepsSQL, [user.id, exercise.id, 8, 1])
        case .timedBests:
            let values = SetValues.timed(SetDuration(seconds: 60), series: 1)
            return (ProgressSQL.kindBestsSQL(for: values, userID: user.id, exerciseID: exercise.id, excluding: 1) ?? "", [])
        case .recordsOfExercise:
            return ("SELECT COUNT(*) FROM record WHERE \(WorkoutStore.recordsOfExerciseSQL)", [exercise.id])
        case .tombstones:
            query.deleted = true
        case .usersListing:
            return (WorkoutStore.usersSQL, [])
        case .exercisesListing:
            return (WorkoutStore.exercisesSQL, [])
        case .historyOfOneExercise:
            query.exerciseID = exercise.id
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

    static let usesIndex = ["USING INDEX", "USING COVERING INDEX", "USING INTEGER PRIMARY KEY", "USING PRIMARY KEY"]

    /// `SCAN record` / `SCAN r` reading the table itself rather than walking an index.
    static func isFullScanOfRecord(_ detail: String) -> Bool {
        readsRecordTable(detail) && detail.hasPrefix("SCAN") && !usesIndex.contains { detail.contains($0) }
    }

    /// A gym's size, and whether the planner has statistics: a file that was
    /// never analysed (a member's own, grown by saves and imports) must get
    /// the same plans.
    struct Gym: Sendable, CustomTestStringConvertible {
        var members: Int
        var analyzed: Bool
        var testDescription: String { "\(members) members\(analyzed ? "" : ", never analysed")" }
    }

    @Test(
        "Each hot statement reaches records through an index, in index order",
        arguments: Statement.allCases, [Gym(members: 4, analyzed: true), Gym(members: 60, analyzed: true), Gym(members: 60, analyzed: false)]
    )
    func hotStatementsUseIndexes(_ statement: Statement, gym: Gym) throws {
        try withTemporaryDatabase { database in
            let (_, users, exercises) = try Self.makeFixture(in: database, members: gym.members, analyzed: gym.analyzed)
            let (sql, arguments) = Self.sql(for: statement, user: users[0], exercise: exercises[7])

            let plan = try Self.plan(of: sql, arguments: arguments, path: database.path)
            let explained = plan.joined(separator: "\n")

            #expect(!plan.isEmpty)
            // No full table scan of records: a SCAN of record must at least walk an index.
            #expect(!plan.contains(where: Self.isFullScanOfRecord), "full scan of record:\n\(explained)")
            // No sort of the matching records after the fact.
            if !statement.sortsAfterReading {
                #expect(!explained.contains("TEMP B-TREE"), "records sorted in a temporary b-tree:\n\(explained)")
            }
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

    @Test("Every index on record serves one of the store's statements: none is written by each save for nothing")
    func everyIndexIsUsed() throws {
        try withTemporaryDatabase { database in
            let (_, users, exercises) = try Self.makeFixture(in: database)
            var used = Set<String>()
            for statement in Statement.allCases {
                let (sql, arguments) = Self.sql(for: statement, user: users[0], exercise: exercises[7])
                for step in try Self.plan(of: sql, arguments: arguments, path: database.path) {
                    guard let range = step.range(of: "INDEX ") else { continue }
                    used.insert(String(step[range.upperBound...].prefix { $0 != " " }))
                }
            }
            // The uid's unique index is what a save's ON CONFLICT (uid) and a copy's look-up by uid stand on.
            used.insert("record_on_uid")
            let queue = try DatabaseQueue(path: database.path)
            defer { try? queue.close() }
            let indexes = try queue.read { db in
                try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'record' AND sql IS NOT NULL")
            }
            #expect(Set(indexes).subtracting(used).isEmpty, "indexes no statement uses: \(Set(indexes).subtracting(used).sorted())")
            #expect(indexes.count == 5, "\(indexes.sorted())")
        }
    }

    @Test("The plan checks catch a full scan and a temporary sort")
    func checksCanFail() throws {
        try withTemporaryDatabase { database in
            _ = try Self.makeFixture(in: database)

            // Unindexed column: the whole table is read and sorted.
            let plan = try Self.plan(
                of: "SELECT id FROM record WHERE superset = ? ORDER BY createdAt LIMIT 1", arguments: ["A1"], path: database.path
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
