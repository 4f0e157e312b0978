import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightText
import TopWeightTransfer
import TopWeightUseCases

/// `topweight routines`: the bundled starters and the gym's own routines.
struct RoutinesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routines",
        abstract: "List, show, import and remove routines (splits).",
        discussion: """
            Bundled starters come with Top Weight; a gym adds its own from a YAML file \
            of the same shape (a routine with a starter's name stands in for it).
            """,
        subcommands: [List.self, Show.self, Import.self, Remove.self],
        defaultSubcommand: List.self
    )
}

// MARK: - Reading

extension RoutinesCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List routines: name, exercises, bundled or the gym's own.")

        @OptionGroup var global: GlobalOptions
        @Option(help: "Output: text or json.") var format: LogFormat = .text

        func run() throws {
            try reportingFailures {
                let routines = try global.openLog().log.routines()
                let out = OutputBuffer()
                switch format {
                case .text:
                    RoutineLines.list(routines).forEach(out.line)
                    if routines.isEmpty { out.line("No routines (import some with 'topweight routines import FILE.yaml').") }
                case .json:
                    out.line("[" + routines.map { RoutineLines.json($0.routine, bundled: $0.bundled) }.joined(separator: ",\n ") + "]")
                }
                out.flush()
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one routine's exercises with their starting numbers.",
            discussion: "Example: topweight routines show Upper --format json"
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The routine's name.") var name: String
        @Option(help: "Output: text or json.") var format: LogFormat = .text

        func run() throws {
            try reportingFailures {
                let valid = try AddCommand.valid(name, kind: .exercise)
                let log = try global.openLog().log
                let routine = try log.routine(named: valid)
                let key = NameRules.key(routine.name)
                let bundled = try log.routines().contains { $0.bundled && NameRules.key($0.routine.name) == key }
                let out = OutputBuffer()
                switch format {
                case .text: RoutineLines.show(routine, bundled: bundled).forEach(out.line)
                case .json: out.line(RoutineLines.json(routine, bundled: bundled))
                }
                out.flush()
            }
        }
    }
}

// MARK: - Changing

extension RoutinesCommand {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Add or replace the gym's routines from a YAML file.",
            discussion: """
                The file lists routines: [{name, unit (kg or lb, default kg), exercises: \
                [{exercise, weight, reps, series, superset, rest}]}]; the numbers are optional, all three or none. \
                Steps in a row with one superset letter (superset: A) alternate set by set under :start; \
                rest is seconds, a time (1:30) or off, counted down after the step's sets. \
                A routine already there by that name is replaced. Anything wrong in the file \
                refuses all of it. Exercise names are put on the catalog's as 'import' puts them \
                (Squat (Barbell) → Back Squat), and the summary says which.
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: ArgumentHelp("The routines file.", valueName: "file.yaml")) var file: String

        /// Bytes read at most: far above any gym's routines.
        static let sizeLimit = 1 << 20

        func run() throws {
            try reportingFailures {
                let yaml = try TextInput.file(file, limit: Self.sizeLimit)
                let (workouts, log) = try global.openLog(create: true)
                let stored = try workouts.storedExercises().map(\.exercise)
                let names = ExerciseNameResolver(catalog: workouts.catalog, stored: stored)
                let result: (added: [String], replaced: [String], mapped: [(from: String, to: String)])
                do {
                    result = try log.importRoutines(yaml: yaml, now: Date(), resolve: names.name(for:))
                } catch WorkoutsError.invalid(let problem) {
                    throw Failure.input("\(file): \(problem); nothing was imported")
                }
                let starters = Set(log.routineCatalog.routines.map { NameRules.key($0.name) })
                func named(_ names: [String]) -> String {
                    names.map { name in
                        TerminalText.safe(name) + (starters.contains(NameRules.key(name)) ? " (in place of the bundled starter)" : "")
                    }.joined(separator: ", ")
                }
                if !result.added.isEmpty { print("Added \(Lines.count(result.added.count, "routine")): \(named(result.added))") }
                if !result.replaced.isEmpty { print("Replaced \(Lines.count(result.replaced.count, "routine")): \(named(result.replaced))") }
                if !result.mapped.isEmpty {
                    print(TerminalText.safe("Put on the catalog's exercises: " + result.mapped.map { "\($0.from) → \($0.to)" }.joined(separator: "; ") + "."))
                }
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove one of the gym's own routines (not a bundled starter). Needs the admin PIN when one is set."
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The routine's name.") var name: String

        func run() throws {
            try reportingFailures {
                let valid = try AddCommand.valid(name, kind: .exercise)
                let opened = try global.open()
                let log = opened.log
                let routine = try log.ownRoutine(named: valid)
                try AdminGate.require(opened.admin)
                try log.removeRoutine(named: routine.name)
                let stands = log.routineCatalog.routine(named: routine.name) != nil ? " (the bundled starter of that name is back)" : ""
                print("Removed routine \(TerminalText.safe(routine.name))\(stands)")
            }
        }
    }
}

// MARK: - Text and JSON

/// How routines print: aligned text lines, and the contract's JSON.
enum RoutineLines {
    /// `Upper      5 exercises  bundled`
    static func list(_ routines: [(routine: Routine, bundled: Bool)]) -> [String] {
        let names = routines.map { TerminalText.safe($0.routine.name) }
        let counts = routines.map { Lines.count($0.routine.exercises.count, "exercise") }
        let nameWidth = names.map(TerminalText.width).max() ?? 0
        let countWidth = counts.map(TerminalText.width).max() ?? 0
        return zip(routines, zip(names, counts)).map { item, text in
            "\(TerminalText.pad(text.0, to: nameWidth))  \(TerminalText.pad(text.1, to: countWidth))  \(item.bundled ? "bundled" : "gym's own")"
        }
    }

    /// The name, then the exercises numbered in order with their starting
    /// numbers, a superset's letter and the rest after them where they have one.
    static func show(_ routine: Routine, bundled: Bool) -> [String] {
        let names = routine.exercises.map { TerminalText.safe($0.exercise) }
        let width = names.map(TerminalText.width).max() ?? 0
        let digits = String(routine.exercises.count).count
        var lines = ["\(TerminalText.safe(routine.name)) (\(bundled ? "bundled" : "gym's own"))"]
        for (index, (step, name)) in zip(routine.exercises, names).enumerated() {
            let number = String(index + 1)
            var numbers = step.values.map { "\($0.weight.description) × \($0.reps) reps × \($0.series) series" }
                ?? "no starting numbers"
            if let superset = step.superset { numbers += "  superset \(superset)" }
            if let rest = step.rest { numbers += "  rest " + (rest == 0 ? "off" : SetDuration(seconds: rest).description) }
            lines.append("\(String(repeating: " ", count: digits - number.count))\(number). \(TerminalText.pad(name, to: width))  \(numbers)")
        }
        return lines
    }

    /// `{"name": …, "bundled": …, "exercises": [{"exercise", "weight", "unit", "reps", "series"}]}`;
    /// a step without starting numbers has them `null`; `superset` (its
    /// letter) and `rest` (seconds) where the step has them.
    static func json(_ routine: Routine, bundled: Bool) -> String {
        let steps = routine.exercises.map { step in
            DataFormats.jsonObject([
                ("exercise", DataFormats.json(step.exercise)),
                ("weight", step.values.map(\.weight.number) ?? "null"),
                ("unit", step.values.map { DataFormats.json($0.weight.unit.rawValue) } ?? "null"),
                ("reps", step.values.map { String($0.reps) } ?? "null"),
                ("series", step.values.map { String($0.series) } ?? "null"),
            ] + (step.superset.map { [("superset", DataFormats.json($0))] } ?? []) + (step.rest.map { [("rest", String($0))] } ?? []))
        }
        return DataFormats.jsonObject([
            ("name", DataFormats.json(routine.name)),
            ("bundled", bundled ? "true" : "false"),
            ("exercises", "[" + steps.joined(separator: ",") + "]"),
        ])
    }
}
