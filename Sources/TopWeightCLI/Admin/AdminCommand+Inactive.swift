import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightUseCases

extension AdminCommand {
    /// `topweight admin inactive-after [DAYS]`: when the coach's report names a member as gone quiet.
    struct InactiveAfter: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "inactive-after",
            abstract: "Show or change after how many days without a set the coach's report names a member as gone quiet.",
            discussion: """
                'topweight report' lists apart the members with no set for DAYS or more at the end of its \
                period who trained in the 8 weeks before. --default goes back to \(GymReport.defaultInactiveDays). \
                Changing it asks for the admin PIN when one is set.
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Days, 1 to \(GymReport.maximumInactiveDays).") var days: Int?
        @Flag(help: "Go back to the default (\(GymReport.defaultInactiveDays) days).") var `default` = false

        func validate() throws {
            if days != nil, `default` { throw ValidationError("give DAYS or --default, not both") }
            if let days, !(1...GymReport.maximumInactiveDays).contains(days) {
                throw ValidationError("DAYS is 1 to \(GymReport.maximumInactiveDays)")
            }
        }

        func run() throws {
            try reportingFailures {
                let opened = try global.open()
                let report = CoachReport(opened.workouts, timeZone: .current)
                if days != nil || `default` {
                    try AdminGate.require(opened.admin)
                    try report.setInactiveAfter(days: days)
                }
                let now = try report.inactiveAfterDays()
                print("The report names a member as gone quiet after \(now) \(now == 1 ? "day" : "days") without a set.")
            }
        }
    }
}
