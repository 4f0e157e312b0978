import ArgumentParser
import TopWeightCatalog
import TopWeightCore
import TopWeightText

/// `topweight programs`: the coach's programs that ship with Top Weight.
struct ProgramsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "programs",
        abstract: "List and show the bundled training programs (5x5, 5/3/1, Texas Method).",
        discussion: "Each program is weeks of days of exercises, every set a share of the lift's training max.",
        subcommands: [List.self, Show.self],
        defaultSubcommand: List.self
    )
}

extension ProgramsCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the programs: name, weeks × days, summary.")

        @Option(help: "Output: text or json.") var format: LogFormat = .text

        func run() throws {
            let programs = ProgramCatalog.bundled().programs
            let out = OutputBuffer()
            switch format {
            case .text: ProgramText.list(programs).forEach(out.line)
            case .json: out.line("[" + programs.map(ProgramText.json).joined(separator: ",\n ") + "]")
            }
            out.flush()
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one program's weeks, days, sets and rules.",
            discussion: "Example: topweight programs show 5/3/1 --format json"
        )

        @Argument(help: "The program's name.") var name: String
        @Option(help: "Output: text or json.") var format: LogFormat = .text

        func run() throws {
            try reportingFailures {
                let catalog = ProgramCatalog.bundled()
                guard let program = catalog.program(named: name) else {
                    throw Failure.input("no program named \(name.debugDescription); there are "
                                        + catalog.programs.map(\.name).joined(separator: ", "))
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
