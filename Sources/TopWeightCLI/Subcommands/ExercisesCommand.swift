import ArgumentParser
import Foundation
import TopWeightCatalog
import TopWeightCore
import TopWeightText
import TopWeightStore
import TopWeightUseCases

/// `topweight exercises`: list, add, rename, remove.
struct ExercisesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exercises",
        abstract: "List and manage exercises.",
        subcommands: [List.self, Add.self, Rename.self, Remove.self],
        defaultSubcommand: List.self
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List exercises in use (--catalog adds the bundled ones).")

        @OptionGroup var global: GlobalOptions
        @Flag(help: "Also list catalog exercises nobody has used yet.") var catalog = false
        @Option(help: "Output: text, json or csv.") var format: OutputFormat = .text

        func run() throws {
            try reportingFailures {
                let rows = try global.openWorkouts().exerciseRows(includeCatalog: catalog)
                let out = OutputBuffer()
                switch format {
                case .text:
                    Lines.exercises(rows).forEach(out.line)
                    if rows.isEmpty { out.line("No exercises used yet (--catalog shows the bundled ones).") }
                case .json:
                    let objects = rows.map { row in
                        DataFormats.jsonObject([
                            ("id", row.id.map { String($0) } ?? "null"),
                            ("name", DataFormats.json(row.name)),
                            ("category", row.category.map(DataFormats.json) ?? "null"),
                            ("records", String(row.records)),
                        ])
                    }
                    out.line("[" + objects.joined(separator: ",\n ") + "]")
                case .csv:
                    out.line("id,name,category,records")
                    for row in rows {
                        out.line("\(row.id.map { String($0) } ?? ""),\(DataFormats.csv(row.name)),\(DataFormats.csv(row.category ?? "")),\(row.records)")
                    }
                }
                out.flush()
            }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add an exercise.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Its name, e.g. \"Zercher Squat\".") var name: String
        @Option(help: "A category, e.g. barbell.") var category: String?

        func run() throws {
            try reportingFailures {
                let valid = try AddCommand.valid(name, kind: .exercise)
                let workouts = try global.openWorkouts()
                if let existing = try workouts.logbook.exercise(named: valid) {
                    throw Failure.input("\(existing.name) already exists")
                }
                let category = try category.map { try AddCommand.valid($0, kind: .exercise) }
                let created = try workouts.findOrCreateExercise(named: valid, category: category, now: Date())
                print("Added \(TerminalText.safe(created.name)) (#\(created.id))")
            }
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename an exercise; its records follow.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Current name.") var name: String
        @Argument(help: "New name.") var newName: String

        func run() throws {
            try reportingFailures {
                let old = try AddCommand.valid(name, kind: .exercise)
                let new = try AddCommand.valid(newName, kind: .exercise)
                let workouts = try global.openWorkouts()
                let store = workouts.logbook
                let existing = try workouts.exercise(named: old)
                try AdminGate.require(store)
                let renamed = try store.renameExercise(existing, to: new)
                print("Renamed \(TerminalText.safe(existing.name)) to \(TerminalText.safe(renamed.name))")
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove an exercise nobody has recorded.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Its name.") var name: String

        func run() throws {
            try reportingFailures {
                let valid = try AddCommand.valid(name, kind: .exercise)
                let workouts = try global.openWorkouts()
                let store = workouts.logbook
                let existing = try workouts.exercise(named: valid)
                try AdminGate.require(store)
                try store.removeExercise(existing)
                print("Removed \(TerminalText.safe(existing.name))")
            }
        }
    }
}
