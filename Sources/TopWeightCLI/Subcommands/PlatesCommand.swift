import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

/// `topweight plates WEIGHT`: what to load on each end of the bar.
struct PlatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plates",
        abstract: "Show the plates to load on each side of the bar for a weight.",
        discussion: """
            From the gym's plate set for the unit ('topweight admin plates' shows and changes it; a standard \
            set of 25 to 1.25 kg, or 45 to 2.5 lb, by default): the fewest plates, heaviest first. When the \
            weight can't be made exactly, says so and gives the nearest loads below and above that can. \
            The bar is 20 kg or 45 lb unless --bar says otherwise. A unit after the weight (225lb) wins over --unit.
            JSON: {"target", "unit", "bar", "exact", "load", "below", "above"}, each load {"total", "perSide"}.
            Example: topweight plates 142.5
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The weight on the bar, plates and bar together, e.g. 100 or 225lb.") var weight: String
    @Option(help: ArgumentHelp("The bar's weight (default 20 kg or 45 lb).", valueName: "weight")) var bar: String?
    @Option(help: "The unit when the weight names none: kg or lb.") var unit: WeightUnit?
    @Option(help: "Output: text or json.") var format: LogFormat = .text

    func run() throws {
        try reportingFailures {
            let target = try Self.weight(weight, unit: unit ?? .kg)
            let barWeight = try bar.map { try Self.weight($0, unit: target.unit) }
            let workouts = try global.openWorkouts()
            let (answer, plates, usedBar) = try workouts.plates(for: target, bar: barWeight)
            if answer == .lighterThanBar {
                throw Failure.input("\(target.description) is lighter than the \(usedBar.description) bar")
            }
            switch format {
            case .text: PlatesText.render(answer, target: target, bar: usedBar, plates: plates).forEach { print($0) }
            case .json: print(PlatesText.json(answer, target: target, bar: usedBar))
            }
        }
    }

    static func weight(_ text: String, unit: WeightUnit) throws -> Weight {
        switch TypedWeight.parse(text, unit: unit) {
        case .success(let weight): return weight
        case .failure(let error): throw Failure.input(error)
        }
    }
}
