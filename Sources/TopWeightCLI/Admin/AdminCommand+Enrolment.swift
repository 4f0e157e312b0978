import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightUseCases

extension AdminCommand {
    /// `topweight admin enrolment-hours [HOURS]`: how long an enrolment code stays valid.
    struct EnrolmentHours: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "enrolment-hours",
            abstract: "Show or change how many hours an enrolment code (topweight users pin NAME --code) stays valid.",
            discussion: """
                A code printed from now on is valid for one use within HOURS (\(EnrolmentCode.hours.lowerBound) to \
                \(EnrolmentCode.hours.upperBound)); codes printed before keep their own end. --default goes back to \
                \(EnrolmentCode.defaultHours). Changing it asks for the admin PIN when one is set.
                """
        )

        @OptionGroup var global: GlobalOptions
        @Argument(help: "Hours, \(EnrolmentCode.hours.lowerBound) to \(EnrolmentCode.hours.upperBound).") var hours: Int?
        @Flag(help: "Go back to the default (\(EnrolmentCode.defaultHours) hours).") var `default` = false

        func validate() throws {
            if hours != nil, `default` { throw ValidationError("give HOURS or --default, not both") }
            if let hours, !EnrolmentCode.hours.contains(hours) {
                throw ValidationError("HOURS is \(EnrolmentCode.hours.lowerBound) to \(EnrolmentCode.hours.upperBound)")
            }
        }

        func run() throws {
            try reportingFailures {
                let opened = try global.open()
                if hours != nil || `default` {
                    try AdminGate.require(opened.admin)
                    try opened.identification.setEnrolmentHours(hours)
                }
                let now = try opened.identification.enrolmentHours()
                print("An enrolment code stays valid \(now) \(now == 1 ? "hour" : "hours") after it is printed, for one use.")
            }
        }
    }
}
