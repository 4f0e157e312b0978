import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightUseCases

extension AdminCommand {
    /// `topweight admin plates`: the gym's plate sets, shown, changed or reset.
    struct Plates: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "plates",
            abstract: "Show or change the gym's plate sets, which 'topweight plates' and :plates load from.",
            discussion: """
                Without a list, shows the kg and lb sets. With --unit and a list, replaces that unit's set \
                (asks for the admin PIN): plate weights separated by commas, each with xN for N pairs when \
                the gym has only so many (none: as many as needed). --standard goes back to the standard set.
                Examples: topweight admin plates --unit kg 25,20,15,10,5,2.5,1.25
                          topweight admin plates --unit lb 45x8,35x2,25x2,10x4,5x2,2.5x2
                """
        )

        @OptionGroup var global: GlobalOptions
        @Option(help: "Which set: kg or lb.") var unit: WeightUnit?
        @Argument(help: ArgumentHelp("The plates, e.g. 25,20,15,10,5,2.5,1.25 or 20x4,10x2,5,2.5.", valueName: "list")) var list: String?
        @Flag(help: "Go back to the standard set of --unit.") var standard = false

        /// Not an option of this command: taken only to say so, rather than
        /// read as its argument (`--format json` gave "json" to it).
        @Option(help: .hidden) var format: String?

        func validate() throws {
            if format != nil { throw ValidationError("admin plates has no --format option: it answers in text only") }
            if list != nil, standard { throw ValidationError("give a list or --standard, not both") }
            if list != nil || standard, unit == nil { throw ValidationError("--unit kg or --unit lb says which set to change") }
        }

        func run() throws {
            try reportingFailures {
                // Read before the PIN is asked: a typo costs nothing.
                let chosen = try list.map { text throws -> PlateSet in
                    switch PlateSet.parse(text, unit: unit ?? .kg) {
                    case .success(let set): return set
                    case .failure(let error): throw Failure.input(error)
                    }
                }
                let opened = try global.open()
                let workouts = opened.workouts
                guard let unit, chosen != nil || standard else {
                    for shown in unit.map({ [$0] }) ?? WeightUnit.allCases {
                        let set = try workouts.plateSet(shown)
                        print("\(shown.rawValue): \(set.description)\(set == .standard(shown) ? " (standard)" : "")")
                    }
                    return
                }
                try AdminGate.require(opened.admin)
                try workouts.setPlateSet(chosen, unit: unit)
                let set = try workouts.plateSet(unit)
                print("The gym's \(unit.rawValue) plates: \(set.description)\(chosen == nil ? " (standard)" : "")")
            }
        }
    }
}
