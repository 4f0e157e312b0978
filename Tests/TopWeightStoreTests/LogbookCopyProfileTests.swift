import Foundation
import Testing
import TopWeightCore
import TopWeightPostgres
import TopWeightStore
import TopWeightUseCases
import TopWeightTestSupport

/// `topweight copy` carries everything known about a member or an exercise,
/// not only their names: privacy, an exercise's kind and category.
@Suite("What a copy carries of members and exercises")
struct LogbookCopyProfileTests {
    /// Where from and where to: every pair of engines a gym moves between.
    enum Pair: String, CaseIterable, CustomTestStringConvertible {
        case sqliteToSQLite, sqliteToPostgres, postgresToSQLite

        var testDescription: String { rawValue }

        /// Runs `body` with a fresh source and destination of this pair's engines.
        func run(_ body: (_ source: any StorageEngine, _ destination: any StorageEngine) throws -> Void) throws {
            switch self {
            case .sqliteToSQLite:
                try body(try WorkoutStore.inMemory(), try WorkoutStore.inMemory())
            case .sqliteToPostgres:
                _ = try withPostgresDatabase { url in
                    let server = try PostgresLogbook(url: url)
                    defer { server.close() }
                    try body(try WorkoutStore.inMemory(), server)
                }
            case .postgresToSQLite:
                _ = try withPostgresDatabase { url in
                    let server = try PostgresLogbook(url: url)
                    defer { server.close() }
                    try body(server, try WorkoutStore.inMemory())
                }
            }
        }
    }

    /// Ana private with a bench set; Bo public with a plank; a timed lift of
    /// the gym's own category, and a distance one nobody logged yet.
    static func seed(_ store: any StorageEngine) throws {
        let ana = try store.createUser(named: "Ana")
        let bo = try store.createUser(named: "Bo")
        try store.setPrivate(ana, true)
        let bench = try store.createExercise(named: "Bench Press", category: "barbell", kind: .weight)
        let plank = try store.createExercise(named: "Plank Hold", category: "core work", kind: .time)
        _ = try store.createExercise(named: "Sled Push", category: "conditioning", kind: .distance)
        try store.save(ana, bench, SetValues(60, .kg, 5, 3), at: instant(0))
        try store.save(bo, plank, .timed(SetDuration(seconds: 60), series: 3), at: instant(10))
    }

    @Test("A private member stays private and each exercise keeps its kind and category, on every pair of engines",
          arguments: Pair.allCases)
    func carried(pair: Pair) throws {
        try pair.run { source, destination in
            try Self.seed(source)

            _ = try LogbookCopy.run(from: source, to: destination, now: instant(100))

            let ana = try #require(try destination.user(named: "Ana"))
            let bo = try #require(try destination.user(named: "Bo"))
            #expect(try destination.isPrivate(ana), "Ana is private at the source")
            #expect(try !destination.isPrivate(bo))
            let plank = try #require(try destination.exercise(named: "Plank Hold"))
            #expect((plank.kind, plank.category) == (.time, "core work"))
            let sled = try #require(try destination.exercise(named: "Sled Push"), "an exercise with no sets travels too")
            #expect((sled.kind, sled.category) == (.distance, "conditioning"))
        }
    }

    @Test("A member already in the destination becomes private when private at the source, and is never made public by a copy",
          arguments: Pair.allCases)
    func privacyOnlyAdded(pair: Pair) throws {
        try pair.run { source, destination in
            try Self.seed(source)
            _ = try destination.createUser(named: "ANA")
            try destination.setPrivate(try destination.createUser(named: "Bo"), true)

            let summary = try LogbookCopy.run(from: source, to: destination, now: instant(100))

            #expect(summary.members == 0)
            #expect(try destination.isPrivate(#require(try destination.user(named: "Ana"))))
            #expect(try destination.isPrivate(#require(try destination.user(named: "Bo"))), "Bo chose privacy here")
        }
    }
}
