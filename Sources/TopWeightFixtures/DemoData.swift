import Foundation
import TopWeightCatalog
import TopWeightCore

/// Generates demo data: who trains, what, how heavy, and when; what
/// `topweight demo` fills a database with, and the benchmarks' big files.
///
/// Deterministic for a seed and a `now`. Records are handed to the store in
/// the order they were performed, as a real terminal would have saved them,
/// so ids and times grow together and the indexes look like a real file's.
public struct DemoData: Sendable {
    public struct Summary: Sendable {
        public var users: Int
        public var exercises: Int
        public var records: Int
        public var first: Date?
        public var last: Date?
        /// How long generating took, in seconds.
        public var seconds: Double
    }

    var records: Int
    var users: Int
    var seed: UInt64
    var now: Date
    var catalog: ExerciseCatalog
    /// Records per transaction.
    var batchSize = 10_000

    /// `records` records of `users` members into `store`, the same for the
    /// same `seed` and `now`, from the exercises of `catalog`.
    public static func generate(records: Int, users: Int, seed: UInt64, now: Date, catalog: ExerciseCatalog,
                                into store: any StorageEngine) throws(LogbookError) -> Summary {
        try DemoData(records: records, users: users, seed: seed, now: now, catalog: catalog).generate(into: store)
    }

    /// The live records `store` already holds: demo data goes into an empty
    /// database unless it is added on purpose.
    public static func recordsAlreadyIn(_ store: any StorageEngine) throws(LogbookError) -> Int {
        try store.recordCount()
    }

    /// Creates the members and the exercises they train, then the records.
    func generate(into store: any StorageEngine) throws(LogbookError) -> Summary {
        let clock = ContinuousClock()
        let started = clock.now
        var random = SplitMix64(seed: seed)
        let names = Self.memberNames(count: users, random: &random)
        var profiles = names.map { _ in Profile.make(catalog: catalog, random: &random) }

        // Only the catalog entries somebody trains become rows, as in the logger.
        var used = Set<Int>()
        for profile in profiles { for favourite in profile.favourites { used.insert(favourite.entry) } }
        let entries = used.sorted()
        // Names only (no counts): cheap on a big file with --force-append.
        let before = Set(try store.names(of: .exercise, after: 0).map { NameRules.key($0.name) })
        let exercises = try store.findOrCreateExercises(
            entries.map { (catalog.entries[$0].name, Optional(catalog.entries[$0].category), ExerciseKind.weight) }, now: now
        )
        var exerciseIDs: [Int: Int64] = [:]
        for (entry, exercise) in zip(entries, exercises) { exerciseIDs[entry] = exercise.id }
        let members = try store.findOrCreateUsers(named: names, now: now)
        for index in profiles.indices {
            for favourite in profiles[index].favourites.indices {
                profiles[index].favourites[favourite].exerciseID = exerciseIDs[profiles[index].favourites[favourite].entry] ?? 0
            }
        }

        var timeline = Timeline(records: records, users: members, profiles: profiles, now: now, random: random)
        var first: Date?
        var last: Date?
        var trained = Set<Int64>()
        let next = { () -> BulkRecord? in
            guard let record = timeline.next() else { return nil }
            trained.insert(record.exerciseID)
            if first == nil { first = record.performedAt }
            last = record.performedAt
            return record
        }
        let inserted = if let bulk = store as? any BulkAdoption {
            try adoptAll(next, expected: records, users: members, exercises: exercises, now: now, into: bulk)
        } else {
            try store.insertRecords(batchSize: batchSize, next)
        }
        try Self.write(timeline.days, into: store, now: now)
        // A few records for many members reach few of their favourites: the
        // exercises made here that no record uses go again (10 sets, not 301 exercises).
        var kept = 0
        for exercise in exercises {
            if !trained.contains(exercise.id), !before.contains(NameRules.key(exercise.name)) {
                try store.removeExercise(exercise)
            } else {
                kept += 1
            }
        }
        return Summary(users: members.count, exercises: kept, records: inserted, first: first, last: last,
                       seconds: (clock.now - started).inSeconds)
    }
}

extension Comparable {
    func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}
