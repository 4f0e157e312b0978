import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

/// `topweight calendar`: a month grid with a marker on every training day.
struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Show a month of a member's training as a calendar: a marker on every training day, today in brackets.",
        discussion: """
            --user can be left out when the database has only one member. Weeks start \
            on the first day of the week of the locale in LC_ALL, LC_TIME or LANG. A routine's days get its own glyph \
            (and colour on a terminal; NO_COLOR turns colour off). JSON: {"month": "YYYY-MM", \
            "days": [{"date", "sessions", "sets", "volume", "routine", "note"}]}, volume in kg.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "The member (needed unless the database has only one).") var user: String?
    @Option(help: ArgumentHelp("The month (default: this month, local time).", valueName: "YYYY-MM")) var month: String?
    @Option(help: "Output: text or json.") var format: LogFormat = .text

    func run() throws {
        try reportingFailures {
            // Checked before the database is opened: a typo costs nothing.
            let chosen = try month.map { text throws -> LocalMonth in
                guard let parsed = LocalMonth(parsing: text) else {
                    throw Failure.input("--month takes YYYY-MM, a month from 0001-01 to 9999-12, e.g. 2026-11 (not \(text))")
                }
                return parsed
            }
            let (workouts, log) = try global.openLog()
            let member = try SessionsCommand.member(named: user, in: workouts)
            let today = log.day(of: Date())
            let training = try log.month(chosen ?? LocalMonth(today), of: member)
            let out = OutputBuffer()
            switch format {
            case .text:
                let locale = CalendarGrid.locale(environment: ProcessEnvironment.current) ?? .current
                CalendarText.render(
                    training, today: today, firstWeekday: CalendarGrid.firstWeekday(for: locale), style: .standardOutput
                ).forEach(out.line)
            case .json:
                out.line(LogFormats.calendarJSON(training))
            }
            out.flush()
        }
    }
}
