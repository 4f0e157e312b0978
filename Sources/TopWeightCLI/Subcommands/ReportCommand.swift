import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

/// What `topweight report` writes.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
    case markdown
    case html
}

/// `topweight report`: the coach's page for a week or a month.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "The coach's report for a week, a month or any days: who trained and what they did, who went quiet, the gym's totals.",
        discussion: """
            The last whole week (Monday to Sunday, local time) unless --week, --month or --from and --to (any \
            days, both included; --from alone: up to today) say another. For each \
            member with a set in the period: training days, sets and volume as 'stats' counts them (every live \
            set, warm-ups in, each entry its series; volume loads only, in kg), the change of volume against \
            the week or month before, the PRs set in the period (each set the rack announced as a PR, one \
            each, whatever it beat: see USAGE's "What counts as a PR"; a member's first set of an exercise \
            is a first, not a PR), the program's compliance for a member on one (prescribed work \
            sets done out of those prescribed, each training day judged against the program's day it fits \
            best; a set counts done with at least its reps, loads not judged), the change of body weight \
            (the period's last weigh-in and its change against the last one before it), and the last day \
            seen. Apart: members with no set for 14 days or more (the gym's setting: 'topweight admin \
            inactive-after DAYS') who trained in the 8 weeks before. Then the gym's totals. Every figure is as \
            of the period's end: a past week's report reads the same whenever it is made. A period under way \
            is reported so far: counted up to today, quiet days counted to today, and 'vs before' against \
            the same days of the period before (said under the title); a period that hasn't begun is \
            refused. With --user, that member alone: no one else's totals, nobody gone quiet; with --team, \
            the team's members alone, those of them gone quiet too. A range's "before" is as many days just \
            before it. Private \
            members are in it: it is the coach's report, not the wall's.

            html: one page with nothing to fetch and no script, each member's last eight weeks of volume \
            drawn beside their figures; print it to PDF from a browser. markdown: GitHub's tables.
            JSON: {"period": {"label", "from", "to"}, "complete" (false while the period runs), "through" \
            (the last day counted), "before": {"from", "to"}, "member" (or null), "team" (or null), "inactiveAfterDays", \
            "members": [{"member", "private", "new", "days", "sets", "volume", "volumeBefore", "volumeChange" \
            (percent, null with nothing before), "prs": [{"exercise", "performedAt", "recordId", "beaten": \
            [{"kind", "value", "unit", "was", "wasUnit"}]}], "firsts": [{"exercise", "performedAt", \
            "recordId"}], "program": {"name", "days", "prescribed", "done"} or null, "bodyWeight", \
            "bodyWeightChange", "bodyWeightUnit", "lastSeen", "weeklyVolume" (8 weeks, oldest first)}], \
            "inactive": [{"member", "private", "lastSeen", "daysQuiet"}], "totals": {"members", "days", \
            "sets", "volume", "prs", "firsts"}}.
            Examples: topweight report
                      topweight report --week 2026-W47 --format html > week47.html
                      topweight report --month 2026-11 --user Ana --format json
                      topweight report --from 2026-11-03 --to 2026-11-20 --team Juniors
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("An ISO week (default: the last whole week).", valueName: "YYYY-Www")) var week: String?
    @Option(help: ArgumentHelp("A calendar month instead of a week.", valueName: "YYYY-MM")) var month: String?
    @Option(help: ArgumentHelp("The first day of any days instead of a week or a month.", valueName: "YYYY-MM-DD")) var from: String?
    @Option(help: ArgumentHelp("The last day of those days, included (default: today).", valueName: "YYYY-MM-DD")) var to: String?
    @Option(help: "Only this member.") var user: String?
    @Option(help: "Only the members of this team.") var team: String?
    @Option(help: "Output: text, json, markdown or html.") var format: ReportFormat = .text
    @Option(help: "The gym's name on the html page.") var title = "Top Weight"

    func run() throws {
        try reportingFailures {
            // Checked before the database is opened: a typo, or a period to come, costs nothing.
            let now = try LoggerClock.given(ProcessEnvironment.value(LoggerClock.variable))?() ?? Date()
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = .current
            let asked = try Self.period(week: week, month: month, from: from, to: to, today: LocalDay(now, in: calendar))
            if user != nil, team != nil {
                throw Failure.input("--user and --team can't be given together: a report is of a member, a team or the gym")
            }
            if let asked, let refusal = GymReport.refusal(of: asked, today: LocalDay(now, in: calendar)) {
                throw Failure.input(refusal)
            }
            let opened = try global.open()
            let report = CoachReport(opened.workouts, timeZone: .current)
            let member = try user.map { try opened.workouts.member(named: AddCommand.valid($0, kind: .user)) }
            let team = try self.team.map { try opened.workouts.team(named: UsersCommand.validTeam($0)) }
            let figures = try report.report(asked ?? report.defaultPeriod(now: now), member: member, team: team, now: now)
            let out = OutputBuffer()
            switch format {
            case .text: ReportText.lines(figures).forEach(out.line)
            case .json: out.line(ReportJSON.object(figures, timeZone: .current))
            case .markdown: ReportText.markdown(figures).forEach(out.line)
            case .html:
                out.line(ReportHTML.page(figures, gym: title, made: DataFormats.timestamp(now, timeZone: .current)))
            }
            out.flush()
        }
    }

    /// The period asked for, `nil` for the default; a typo is said with an example.
    static func period(week: String?, month: String?, from: String? = nil, to: String? = nil, today: LocalDay) throws -> ReportPeriod? {
        if from != nil || to != nil {
            guard week == nil, month == nil else {
                throw Failure.input("--from and --to can't be given with --week or --month: a report covers one period")
            }
            guard let from else {
                throw Failure.input("--to needs --from: the first day, e.g. --from 2026-11-02 --to 2026-11-15")
            }
            guard let first = LocalDay(parsing: from) else {
                throw Failure.input("--from takes a day YYYY-MM-DD, e.g. 2026-11-01 (not \(from))")
            }
            var last = max(first, today)
            if let to {
                guard let day = LocalDay(parsing: to) else {
                    throw Failure.input("--to takes a day YYYY-MM-DD, e.g. 2026-11-15 (not \(to))")
                }
                last = day
            }
            guard let period = ReportPeriod(from: first, to: last) else {
                throw Failure.input("--to (\(last)) is before --from (\(first)): no day is both")
            }
            return period
        }
        switch (week, month) {
        case (.some, .some):
            throw Failure.input("--week and --month can't be given together: a report covers one period")
        case (.some(let text), nil):
            guard let period = ReportPeriod(week: text) else {
                throw Failure.input("--week takes an ISO week YYYY-Www that the year has, e.g. 2026-W47 (not \(text))")
            }
            return period
        case (nil, .some(let text)):
            guard let period = ReportPeriod(month: text) else {
                throw Failure.input("--month takes YYYY-MM, a month from 0001-01 to 9999-12, e.g. 2026-11 (not \(text))")
            }
            return period
        case (nil, nil):
            return nil
        }
    }
}
