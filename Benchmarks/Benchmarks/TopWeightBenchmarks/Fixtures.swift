import Foundation
import TopWeightCatalog
import TopWeightCore
import TopWeightFixtures
import TopWeightStore

/// The databases the benchmarks read, built once with the demo generator and
/// kept in `Benchmarks/.fixtures/` (ignored by git) for later runs; and the
/// scratch files the save benchmarks write, in the same directory so that
/// saves and the raw baseline hit the same file system.
enum Fixtures {
    /// `Benchmarks/.fixtures`, or `$TOPWEIGHT_BENCH_FIXTURES`.
    static let directory: String = {
        if let path = ProcessInfo.processInfo.environment["TOPWEIGHT_BENCH_FIXTURES"], !path.isEmpty {
            return path
        }
        // This file is Benchmarks/Benchmarks/TopWeightBenchmarks/Fixtures.swift.
        return packageDirectory.appendingPathComponent(".fixtures").path
    }()

    static let packageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The bundled catalog; from the source tree when the resource bundle is not beside the executable.
    static func catalog() -> ExerciseCatalog {
        let bundled = ExerciseCatalog.bundled()
        if !bundled.entries.isEmpty { return bundled }
        let file = packageDirectory.deletingLastPathComponent().appendingPathComponent("Resources/exercises.yaml")
        guard let text = try? String(contentsOf: file, encoding: .utf8), let catalog = try? ExerciseCatalog(yaml: text) else {
            return ExerciseCatalog(entries: [])
        }
        return catalog
    }

    /// 1 000 000 records of 200 members, for history, defaults and opening
    /// (v2: with the demo's notes and routines, for search).
    static func history() throws -> String {
        try build("history-1000000-records-200-members-v2.sqlite") { store in
            let catalog = catalog()
            _ = try DemoData.generate(records: 1_000_000, users: 200, seed: 1, now: Date(), catalog: catalog, into: store)
        }
    }

    /// 10 000 members and 10 000 exercises, for completion.
    static func names() throws -> String {
        try build("names-10000-members-10000-exercises-v1.sqlite") { store in
            let catalog = catalog()
            _ = try DemoData.generate(records: 20_000, users: 10_000, seed: 2, now: Date(), catalog: catalog, into: store)
            let existing = try store.exercises().count
            _ = try store.findOrCreateExercises(exerciseVariants(catalog: catalog, count: 10_000 - existing))
        }
    }

    /// Variations on the catalog's exercises ("Paused Bench Press", "Tempo Back Squat AMRAP", ...).
    static func exerciseVariants(catalog: ExerciseCatalog, count: Int) -> [ExerciseEntry] {
        let styles = [
            "Paused", "Tempo", "Deficit", "Banded", "Chained", "Pin", "Box", "Wide-Grip", "Close-Stance",
            "Single-Arm", "Single-Leg", "Seated", "Standing", "Incline", "Decline", "Reverse-Grip", "Kneeling",
            "Landmine", "Smith", "Safety-Bar", "Cambered", "Snatch-Grip", "Neutral-Grip", "Half", "Isometric",
            "Eccentric", "Alternating", "Supported", "Deep", "Partial",
        ]
        let schemes = ["", " AMRAP", " Drop Set", " Cluster", " Rest-Pause", " EMOM", " Superset", " Wave", " Ladder"]
        var result: [ExerciseEntry] = []
        result.reserveCapacity(max(count, 0))
        outer: for scheme in schemes {
            for style in styles {
                for entry in catalog.entries {
                    if result.count >= count { break outer }
                    result.append(("\(style) \(entry.name)\(scheme)", entry.category, entry.kind))
                }
            }
        }
        return result
    }

    /// A fresh scratch database path (with nothing at it) for a benchmark that writes.
    static func scratch(_ name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = "\(directory)/scratch-\(name)-\(ProcessInfo.processInfo.processIdentifier).sqlite"
        remove(path)
        return path
    }

    /// Removes a database file and its companions.
    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }

    /// The fixture at `name`, made by `fill` into a new store the first time.
    /// It is built under a temporary name and renamed when complete, so an
    /// interrupted build is never taken for a fixture.
    private static func build(_ name: String, _ fill: (WorkoutStore) throws -> Void) throws -> String {
        let path = "\(directory)/\(name)"
        if FileManager.default.fileExists(atPath: path) { return path }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let building = path + ".building"
        remove(building)
        let clock = ContinuousClock()
        let started = clock.now
        FileHandle.standardError.write(Data("Building fixture \(path) (once)...\n".utf8))
        do {
            let store = try WorkoutStore(path: building)
            try fill(store)
        }
        // The store is closed: its -wal was checkpointed and removed with the last connection.
        guard !FileManager.default.fileExists(atPath: building + "-wal") else {
            throw FixtureError(message: "fixture \(building) was not checkpointed on close")
        }
        try FileManager.default.moveItem(atPath: building, toPath: path)
        FileHandle.standardError.write(Data("Built \(path) in \(clock.now - started).\n".utf8))
        return path
    }

    struct FixtureError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
