import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

/// `topweight stats`: the stats header of a member.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Show a member's stats: weeks-active streak, sessions, sets and volume, last lift, most trained.",
        discussion: """
            --user can be left out when the database has only one member. A session is a member's sets on one \
            local day; weeks run Monday to Sunday, and the streak counts weeks in a row with a session up to this \
            week, or last week while this one has none yet. Every live set of every kind counts, warm-ups included; \
            volume counts loads only: weight × reps × series in kg (lb converted) of weight sets and of the loads added \
            to body weight (not body weight itself, assistance, holds or distances). JSON: {user, date, weeksActiveStreak, totalVolume (kg), \
            daysSinceLastLift, lastLift, firstLift, sessions, sets and volume (each {thisWeek, thisMonth, allTime}), \
            mostTrained [{exercise, category, sets, volume}], volumeByCategory [{category, sets, volume}]}.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "The member (needed unless the database has only one).") var user: String?
    @Option(help: "Output: text or json.") var format: LogFormat = .text

    func run() throws {
        try reportingFailures {
            let now = Date()
            let opened = try global.open()
            let member = try SessionsCommand.member(named: user, in: opened.workouts)
            let stats = try opened.progress.stats(of: member, now: now)
            let out = OutputBuffer()
            switch format {
            case .text:
                ProgressText.stats(stats, member: member.name, grouping: HistoryGrouping(timeZone: opened.progress.calendar.timeZone), now: now)
                    .forEach(out.line)
            case .json:
                out.line(ProgressText.statsJSON(stats, member: member.name))
            }
            out.flush()
        }
    }
}
