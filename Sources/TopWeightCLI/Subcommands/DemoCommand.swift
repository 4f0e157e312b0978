import ArgumentParser
import Foundation
import TopWeightCatalog
import TopWeightCore
import TopWeightFixtures

/// `topweight demo --records N --users M`: a realistic database, quickly,
/// to try the logger on or to measure it at scale.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Fill an empty database with realistic demo members and sets.",
        discussion: """
            Members with plausible names train exercises from the bundled catalog a few \
            times a week over the past years, a few sets per session, each with their own \
            weights, reps and series. The same --seed gives the same data. \
            Example: topweight demo --db /tmp/big.sqlite --records 1000000 --users 200
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "How many records (sets) to generate.")
    var records: Int

    @Option(help: "How many members train.")
    var users: Int = 20

    @Option(help: "Random seed: the same seed gives the same members and sets.")
    var seed: UInt64 = 1

    @Flag(name: .customLong("force-append"), help: "Add to a database that already holds records.")
    var forceAppend = false

    func validate() throws {
        guard (1...100_000_000).contains(records) else {
            throw ValidationError("--records must be from 1 to 100000000")
        }
        guard (1...1_000_000).contains(users) else {
            throw ValidationError("--users must be from 1 to 1000000")
        }
    }

    func run() throws {
        try reportingFailures {
            let catalog = ExerciseCatalog.bundled()
            guard !catalog.entries.isEmpty else {
                throw Failure.input("the bundled exercise catalog was not found; set TOPWEIGHT_CATALOG to Resources/exercises.yaml")
            }
            let store = try global.openStore(create: true)
            let existing = try DemoData.recordsAlreadyIn(store)
            if existing > 0, !forceAppend {
                throw Failure.input("database \(global.databaseShown) already holds \(existing) records; demo data goes into an empty one (or add --force-append)")
            }
            let summary = try DemoData.generate(records: records, users: users, seed: seed, now: Date(), catalog: catalog, into: store)
            let days = DateFormatter()
            days.locale = Locale(identifier: "en_US_POSIX")
            days.dateFormat = "yyyy-MM-dd"
            let span = summary.first.map { "\(days.string(from: $0)) to \(days.string(from: summary.last ?? $0))" } ?? "no dates"
            let rate = summary.seconds > 0 ? Int(Double(summary.records) / summary.seconds) : summary.records
            print("Generated \(summary.records) records for \(summary.users) members and \(summary.exercises) exercises (\(span)) in \(String(format: "%.2f", summary.seconds)) s, \(rate) records/s, into \(global.databaseShown)")
        }
    }
}
