import ArgumentParser
import Foundation
import TopWeightCatalog
import TopWeightCore
import TopWeightText
import TopWeightUseCases

/// `topweight programs`: the coach's programs that ship with Top Weight.
struct ProgramsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "programs",
        abstract: "List, show, import and assign training programs (bundled: 5x5, 5/3/1, Texas Method).",
        discussion: """
            Each program is weeks of days of exercises, every set a share of the lift's training max. \
            A gym's own programs (YAML, as 'programs show NAME' describes) come in with 'programs import'; \
            one named like a bundled program takes its place. A coach puts a member on one with \
            'programs assign'; 'topweight today' and the logger's :today show the member's next workout.
            """,
        subcommands: [List.self, Show.self, Import.self, Remove.self, Assign.self, Unassign.self],
        defaultSubcommand: List.self
    )
}

extension ProgramsCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the programs: name, weeks × days, summary.")

        @OptionGroup var global: GlobalOptions
        @Option(help: "Output: text or json.") var format: LogFormat = .text

        func run() throws {
            try reportingFailures {
                let programs = try ProgramsCommand.available(global)
                let out = OutputBuffer()
            switch format {
            case .text: ProgramText.list(programs).forEach(out.line)
            case .json: out.line("[" + programs.map(ProgramText.json).joined(separator: ",\n ") + "]")
            }
            out.flush()
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one program's weeks, days, sets and rules.",
            discussion: "Example: topweight programs show 5/3/1 --format json"
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The program's name.") var name: String
        @Option(help: "Output: text or json.") var format: LogFormat = .text

        func run() throws {
            try reportingFailures {
                let programs = try ProgramsCommand.available(global)
                guard let program = programs.first(where: { NameRules.key($0.name) == NameRules.key(name) }) else {
                    throw Failure.input("no program named \(name.debugDescription); there are "
                                        + programs.map(\.name).joined(separator: ", "))
                }
                let out = OutputBuffer()
                switch format {
                case .text: ProgramText.show(program).forEach(out.line)
                case .json: out.line(ProgramText.json(program))
                }
                out.flush()
            }
        }
    }
}

extension ProgramsCommand {
    /// The gym's programs and the bundled ones; only the bundled ones when
    /// there is no database yet (listing never makes one).
    static func available(_ global: GlobalOptions) throws -> [Program] {
        if GlobalOptions.isMissing(global.databasePath) { return ProgramCatalog.bundled().programs }
        return try global.openWorkouts().programs()
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Add the gym's own programs from a YAML file (replacing ones of the same name). Needs the admin PIN when one is set.",
            discussion: """
                A mistake refuses the whole file, naming its line. The file's shape is the bundled \
                programs.yaml's: programs: [{name, summary, unit, training max, on success, deload after, \
                deload by, each cycle, weeks: [{deload, days: [{name, exercises: [{exercise, sets}]}]}]}], \
                sets like "65%x5, 75%x5, 85%x5+" or "5x5@100%" or "3x8@40kg"; beside a lift's sets, \
                superset: A (lifts in a row with one letter alternate set by set under :go) and rest: 90. \
                Lifts are named as the logger names them (an alias takes the catalog's spelling; a near \
                miss such as "Back Sqaut" is refused, naming the lift it may mean); a timed, bodyweight or \
                distance lift can't be prescribed. Ranges: sets 10–150 % of the training max or a fixed load \
                over 0; training max 50–100 %; deload by 1–50 %; steps over 0, at most 25 kg (55 lb), for the \
                program's own lifts. Bounds: 256 KB, 50 000 values and 200 aliases once aliases are expanded, \
                52 weeks of 7 days of 20 exercises of 50 sets.
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The YAML file.") var file: String

        func run() throws {
            try reportingFailures {
                let text: String
                do {
                    text = try String(contentsOfFile: file, encoding: .utf8)
                } catch {
                    throw Failure.input("\(file): can't read it (\(FileManager.default.fileExists(atPath: file) ? "not UTF-8 text" : "no such file"))")
                }
                let opened = try global.open(create: true)
                try AdminGate.require(opened.admin)
                let done = try opened.workouts.importPrograms(yaml: text, now: Date())
                for (name, replaced) in done {
                    print("\(replaced ? "Replaced" : "Added") \(TerminalText.safe(name))")
                }
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove one of the gym's own programs (not a bundled one, nor one members are on). Needs the admin PIN when one is set."
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The program's name.") var name: String

        func run() throws {
            try reportingFailures {
                let opened = try global.open()
                try AdminGate.require(opened.admin)
                print("Removed \(TerminalText.safe(try opened.workouts.removeProgram(named: name)))")
            }
        }
    }

    struct Assign: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "assign",
            abstract: "Put a member on a program, at its first day. Needs the admin PIN when one is set.",
            discussion: """
                Training maxes not given with --max come from the member's best e1RM of each lift \
                (Epley, working sets) times the program's training-max share (5/3/1: 90 %), to the \
                stepper's step. A lift with neither can't be started: assign refuses (exit 64, nothing \
                changed) and prints the command that gives the maxes; 'roster' lists first the members \
                on a program with a lift that has no max.
                Example: topweight programs assign 5/3/1 --user Ana --max "Back Squat=140,Bench Press=100"
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "The program's name.") var name: String
        @Option(help: "The member.") var user: String
        @Option(help: "Training maxes: \"Back Squat=140,Bench Press=100\" (a bare number in the program's unit; 135lb names its own).")
        var max: String?
        @Flag(help: "Start again at week 1 day 1 when the member is already on this program (else they keep their place).")
        var restart = false

        func run() throws {
            try reportingFailures {
                let memberName = try AddCommand.valid(user, kind: .user)
                let opened = try global.open()
                let workouts = opened.workouts
                let member = try workouts.member(named: memberName)
                let program = try workouts.program(named: name)
                let maxes = try max.map { try workouts.parseMaxes($0, for: program, unit: program.rules.unit) } ?? [:]
                try AdminGate.require(opened.admin)
                let plan = try workouts.plan(program, to: member, maxes: maxes, restart: restart, now: Date())
                if !plan.missing.isEmpty {
                    throw Failure.input("\(member.name) has no training max for \(plan.missing.joined(separator: ", ")) (no sets to "
                        + "estimate one from), so can't start \(program.name); nothing changed. Give them: "
                        + ProgramText.maxCommand(program: program.name, member: member.name, lifts: plan.missing))
                }
                let done = try workouts.assign(program, to: member, maxes: maxes, restart: restart, now: Date())
                let (assignment, estimated, missing) = (done.assignment, done.fromEstimates, done.missing)
                let place = "week \(assignment.progress.week + 1) day \(assignment.progress.day + 1)"
                print(done.kept ? "\(TerminalText.safe(member.name)) stays on \(TerminalText.safe(program.name)) at \(place) (--restart starts again)."
                      : "\(TerminalText.safe(member.name)) is on \(TerminalText.safe(program.name)) from week 1 day 1.")
                for lift in program.exercises {
                    guard let trainingMax = assignment.progress.trainingMax(for: lift) else { continue }
                    let from = estimated.contains(lift) ? " (from the best e1RM)" : ""
                    print("  \(TerminalText.safe(lift)): training max \(trainingMax.description)\(from)")
                }
                _ = missing
            }
        }
    }

    struct Unassign: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unassign",
            abstract: "Take a member off their program (their sets stay). Needs the admin PIN when one is set."
        )

        @OptionGroup var global: GlobalOptions
        @Option(help: "The member.") var user: String

        func run() throws {
            try reportingFailures {
                let memberName = try AddCommand.valid(user, kind: .user)
                let opened = try global.open()
                let member = try opened.workouts.member(named: memberName)
                try AdminGate.require(opened.admin)
                if try opened.workouts.unassign(member) {
                    print("\(TerminalText.safe(member.name)) is on no program now.")
                } else {
                    print("\(TerminalText.safe(member.name)) was on no program.")
                }
            }
        }
    }
}
