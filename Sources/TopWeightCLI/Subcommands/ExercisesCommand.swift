import ArgumentParser
import Foundation
import TopWeightCatalog
import TopWeightCore
import TopWeightText
import TopWeightUseCases

/// `topweight exercises`: list, add, rename, merge, remove, kind.
struct ExercisesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exercises",
        abstract: "List and manage exercises.",
        subcommands: [List.self, Add.self, Rename.self, Merge.self, Remove.self, Kind.self],
        defaultSubcommand: List.self
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List exercises in use (--catalog adds the bundled ones).",
            discussion: "--category, --equipment and --muscle keep the exercises that have that value; an unknown value lists the known ones."
        )

        @OptionGroup var global: GlobalOptions
        @Flag(help: "Also list catalog exercises nobody has used yet.") var catalog = false
        @Option(help: "Only this category, e.g. barbell or machine.") var category: String?
        @Option(help: "Only exercises needing this equipment, e.g. dumbbell or \"smith machine\".") var equipment: String?
        @Option(help: "Only exercises for this primary muscle group, e.g. chest or quads.") var muscle: String?
        @Option(help: "Output: text, json or csv.") var format: OutputFormat = .text

        func run() throws {
            try reportingFailures {
                let filter = ExerciseFilter(category: category, equipment: equipment, muscle: muscle)
                let rows = try global.openWorkouts().exerciseRows(includeCatalog: catalog, filter: filter)
                let out = OutputBuffer()
                switch format {
                case .text:
                    Lines.exercises(rows).forEach(out.line)
                    if rows.isEmpty { out.line(emptyListing(filtered: filter != ExerciseFilter())) }
                case .json:
                    let objects = rows.map { row in
                        DataFormats.jsonObject([
                            ("id", row.id.map { String($0) } ?? "null"),
                            ("name", DataFormats.json(row.name)),
                            ("category", row.category.map(DataFormats.json) ?? "null"),
                            ("equipment", row.equipment.map(DataFormats.json) ?? "null"),
                            ("muscle", row.muscle.map(DataFormats.json) ?? "null"),
                            ("records", String(row.records)),
                            ("kind", DataFormats.json(row.kind.rawValue)),
                        ])
                    }
                    out.line("[" + objects.joined(separator: ",\n ") + "]")
                case .csv:
                    // New columns go last: scripts reading the first four keep working.
                    out.line("id,name,category,records,equipment,muscle,kind")
                    for row in rows {
                        let fields = [row.id.map { String($0) } ?? "", DataFormats.csv(row.name), DataFormats.csv(row.category ?? ""),
                                      String(row.records), DataFormats.csv(row.equipment ?? ""), DataFormats.csv(row.muscle ?? ""),
                                      row.kind.rawValue]
                        out.line(fields.joined(separator: ","))
                    }
                }
                out.flush()
            }
        }

        private func emptyListing(filtered: Bool) -> String {
            switch (filtered, catalog) {
            case (false, _): "No exercises used yet (--catalog shows the bundled ones)."
            case (true, false): "No exercise in use matches (--catalog adds the bundled ones)."
            case (true, true): "No exercise matches."
            }
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add an exercise.")

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Its name, e.g. \"Zercher Squat\".") var name: String
        @Option(help: "A category, e.g. barbell.") var category: String?
        @Option(help: "What its sets measure: weight (the default), bodyweight, time or distance.") var kind: ExerciseKind?

        func run() throws {
            try reportingFailures {
                let valid = try AddCommand.valid(name, kind: .exercise)
                // Another name of a catalog lift adds that lift, under its catalog name.
                let (created, alias) = try global.openWorkouts(create: true).addExercise(named: valid, category: category, kind: kind, now: Date())
                let because = alias ? ", the catalog's name for \(TerminalText.safe(valid))" : ""
                let measured = created.kind == .weight ? "" : ", \(created.kind.rawValue)"
                print("Added \(TerminalText.safe(created.name)) (#\(created.id)\(measured))\(because)")
            }
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename",
            abstract: "Rename an exercise; its records follow. Needs the admin PIN when one is set.",
            discussion: """
                A catalog name brings the catalog's category. Onto a name another exercise has, \
                use 'topweight exercises merge'.
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Current name.") var name: String
        @Argument(help: "New name.") var newName: String

        func run() throws {
            try reportingFailures {
                let old = try AddCommand.valid(name, kind: .exercise)
                let new = try AddCommand.valid(newName, kind: .exercise)
                let opened = try global.open()
                let rename = try opened.workouts.exerciseRename(old, to: new)
                try AdminGate.require(opened.admin)
                let renamed = try opened.workouts.rename(rename)
                let category = rename.catalogCategory.map { " (\($0), the catalog's)" } ?? ""
                print("Renamed \(TerminalText.safe(rename.exercise.name)) to \(TerminalText.safe(renamed.name))\(TerminalText.safe(category))")
            }
        }
    }

    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Merge one exercise into another: every record, routine step and PR moves. Needs the admin PIN when one is set.",
            discussion: """
                For duplicates after imports (Rear flye beside Rear Delt Fly): FROM's records, deleted \
                ones too, go to INTO, each stamped as edited; the gym's routines name INTO where they \
                named FROM; FROM is removed. PRs follow the records. Nothing is lost.
                Example: topweight exercises merge "Rear flye" "Rear Delt Fly"
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The exercise that goes.") var from: String
        @Argument(help: "The exercise that stays.") var into: String
        @Option(help: "Output: text or json.") var format: LogFormat = .text

        func run() throws {
            try reportingFailures {
                let fromName = try AddCommand.valid(from, kind: .exercise)
                let intoName = try AddCommand.valid(into, kind: .exercise)
                let opened = try global.open()
                let (source, target) = try opened.workouts.exerciseMerge(fromName, into: intoName)
                try AdminGate.require(opened.admin)
                let merge = try opened.workouts.merge(source, into: target, now: Date())
                switch format {
                case .text: print(TerminalText.safe(Self.summary(merge)))
                case .json: print(Self.json(merge))
                }
            }
        }

        /// `Merged Rear flye into Rear Delt Fly: 12 records (2 deleted) of Ana and Bo; 1 step of Pull Day.`
        static func summary(_ merge: ExerciseMerge) -> String {
            var line = "Merged \(merge.from) into \(merge.into): \(merge.records) record\(merge.records == 1 ? "" : "s")"
            if merge.deletedRecords > 0 { line += " and \(merge.deletedRecords) deleted" }
            if !merge.members.isEmpty { line += " of \(merge.members.joined(separator: ", "))" }
            if merge.routineSteps > 0 {
                line += "; \(merge.routineSteps) routine step\(merge.routineSteps == 1 ? "" : "s") in \(merge.routines.joined(separator: ", "))"
            }
            return line + "."
        }

        /// `{"from", "into", "records", "deletedRecords", "members", "routines", "routineSteps"}`.
        static func json(_ merge: ExerciseMerge) -> String {
            DataFormats.jsonObject([
                ("from", DataFormats.json(merge.from)), ("into", DataFormats.json(merge.into)),
                ("records", String(merge.records)), ("deletedRecords", String(merge.deletedRecords)),
                ("members", "[" + merge.members.map(DataFormats.json).joined(separator: ",") + "]"),
                ("routines", "[" + merge.routines.map(DataFormats.json).joined(separator: ",") + "]"),
                ("routineSteps", String(merge.routineSteps)),
            ])
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove an exercise nobody has recorded ('merge' moves records first). Needs the admin PIN when one is set."
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Its name.") var name: String

        func run() throws {
            try reportingFailures {
                let valid = try AddCommand.valid(name, kind: .exercise)
                let opened = try global.open()
                let existing = try opened.workouts.exercise(named: valid)
                try AdminGate.require(opened.admin)
                try opened.workouts.remove(existing)
                print("Removed \(TerminalText.safe(existing.name))")
            }
        }
    }

    struct Kind: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "kind",
            abstract: "Show or change what an exercise's sets measure. Changing needs the admin PIN when one is set.",
            discussion: """
                Kinds: weight (weight × reps × series), bodyweight (reps with an added load or assistance: \
                bw, bw+10, bw-20), time (a hold × series: 1:30x3) and distance (a distance in a time: \
                2000m 7:45). The logger asks for the new kind's numbers from the next set on; sets \
                already saved keep what they measured.
                Example: topweight exercises kind "Dead Hang" time
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The exercise.") var name: String
        @Argument(help: "weight, bodyweight, time or distance; leave out to show the kind.") var kind: ExerciseKind?

        func run() throws {
            try reportingFailures {
                let valid = try AddCommand.valid(name, kind: .exercise)
                let opened = try global.open()
                guard let kind else {
                    // A catalog lift nobody has used yet has the catalog's kind.
                    guard let exercise = try opened.workouts.chosenExercise(named: valid) else {
                        throw WorkoutsError.notFound("no exercise named \(valid); 'topweight exercises --catalog' lists them")
                    }
                    print("\(TerminalText.safe(exercise.name)): \(exercise.kind.rawValue)")
                    return
                }
                try AdminGate.require(opened.admin)
                let exercise = try opened.workouts.exerciseForKindChange(valid, now: Date())
                guard exercise.kind != kind else {
                    print("\(TerminalText.safe(exercise.name)) is already \(kind.rawValue)")
                    return
                }
                let changed = try opened.workouts.setKind(of: exercise, to: kind)
                print("\(TerminalText.safe(changed.name)): \(exercise.kind.rawValue) → \(changed.kind.rawValue) (sets saved before keep theirs)")
            }
        }
    }
}

extension ExerciseKind: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
