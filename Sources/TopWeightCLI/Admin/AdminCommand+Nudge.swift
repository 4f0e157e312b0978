import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightUseCases

extension AdminCommand {
    /// `topweight admin nudge [WEEKS]`: the weight nudge's weeks.
    struct Nudge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "nudge",
            abstract: "Show or change after how many weeks at the same top weight the logger suggests going heavier.",
            discussion: """
                For members without a program: when a member's first working set of an exercise in a day \
                is at the weight that was their heaviest every week of the last WEEKS, the line under \
                'Saved' says so and names the next load the gym's plates make. 0 turns it off; \
                --default goes back to \(WeightNudge.defaultWeeks). Changing it asks for the admin PIN when one is set.
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Weeks, 2 to 52, or 0 for off.") var weeks: Int?
        @Flag(help: "Go back to the default (\(WeightNudge.defaultWeeks) weeks).") var `default` = false

        /// Not an option of this command: taken only to say so, rather than
        /// read as its argument (`--format json` gave "json" to it).
        @Option(help: .hidden) var format: String?

        func validate() throws {
            if format != nil { throw ValidationError("admin nudge has no --format option: it answers in text only") }
            if weeks != nil, `default` { throw ValidationError("give WEEKS or --default, not both") }
            if let weeks, weeks == 1 || !(0...52).contains(weeks) { throw ValidationError("WEEKS is 2 to 52, or 0 for off") }
        }

        func run() throws {
            try reportingFailures {
                let opened = try global.open()
                if weeks != nil || `default` {
                    try AdminGate.require(opened.admin)
                    try opened.workouts.setNudgeWeeks(weeks)
                }
                let now = try opened.workouts.nudgeWeeks()
                print(now == 0 ? "The weight nudge is off." : "The weight nudge comes after \(now) weeks at the same top weight.")
            }
        }
    }
}
