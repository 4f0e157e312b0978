import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

/// `topweight history`: records newest first, grouped by day, or as JSON/CSV.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show records, newest first: grouped Today / Yesterday / dates, or as JSON or CSV.",
        discussion: "With --user, the text shows each day's session note under the day. A set a coach logged for its member at a kiosk says who (text: 'by Bo'; json: \"coach\")."
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "Only this member (default: everybody).") var user: String?
    @Option(help: "Only this exercise.") var exercise: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Only the last N days (1 = today).", valueName: "days")) var days: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("At most N records (0 = all). Default: 50 for text, all for json and csv.", valueName: "limit"))
    var limit: String?
    @Option(help: "Output: text, json or csv.") var format: OutputFormat = .text
    @Flag(help: "List deleted records (tombstones) instead; 'topweight restore ID' brings one back.") var deleted = false

    func run() throws {
        try reportingFailures {
            let days = try Failure.count(self.days, "--days", in: 1...100_000, example: "--days 7")
            let limit = try Failure.count(self.limit, "--limit", in: 0...10_000_000, example: "--limit 50, or 0 for all")
            let opened = try global.open()
            let (workouts, log) = (opened.workouts, opened.log)
            let now = Date()
            let grouping = HistoryGrouping(timeZone: .current)
            var query = HistoryQuery()
            query.deleted = deleted
            let member = try user.map { try workouts.member(named: AddCommand.valid($0, kind: .user)) }
            query.userID = member?.id
            if let exercise {
                query.exerciseID = try workouts.loggedExercise(named: AddCommand.valid(exercise, kind: .exercise), member: member).id
            }
            query.since = days.map { grouping.start(ofLast: $0, now: now) }
            let requested = limit ?? (format == .text ? 50 : 0)
            if format != .text { query.limit = requested == 0 ? nil : requested + 1 }
            let out = OutputBuffer()
            let formatter = RecordFormatter(timeZone: .current)
            switch format {
            case .text:
                let (records, more) = requested > 0 ? try workouts.historyPage(query, limit: requested) : (try workouts.history(query), false)
                if records.isEmpty {
                    out.line(deleted ? "No deleted records." : "No records.")
                } else {
                    // One member's history shows each day's session note under the day.
                    var notes: [LocalDay: String] = [:]
                    if let member, !deleted, let newest = records.first, let oldest = records.last {
                        notes = try log.notes(of: member, from: LocalDay(oldest.performedAt, in: grouping.calendar),
                                              through: LocalDay(newest.performedAt, in: grouping.calendar))
                    }
                    HistoryText.render(
                        records, grouping: grouping, now: now, showUser: query.userID == nil,
                        notes: notes, noteStyle: .standardOutput, coaches: try opened.identification.coaches(of: records)
                    ).forEach(out.line)
                }
                if more { out.line("… more records: --limit \(requested * 2) or --limit 0 for all") }
            case .json:
                var first = true
                out.line("[")
                var count = 0
                // A page at a time, each with the coaches who logged its sets.
                var page: [WorkoutRecord] = []
                var failure: WorkoutsError?
                func write() {
                    guard failure == nil, !page.isEmpty else { return }
                    do {
                        let coaches = try opened.identification.coaches(of: page)
                        for record in page {
                            out.line((first ? "  " : ", ") + formatter.json(record, coach: coaches[record.id]))
                            first = false
                        }
                    } catch {
                        failure = error
                    }
                    page.removeAll(keepingCapacity: true)
                }
                try workouts.forEachRecord(query) { record in
                    count += 1
                    if requested > 0, count > requested { return }
                    page.append(record)
                    if page.count >= 1_000 { write() }
                }
                write()
                if let failure { throw failure }
                out.line("]")
            case .csv:
                // Tombstones say when each was deleted, in a last column of their own.
                out.line(RecordFormatter.csvHeader + (deleted ? ",deletedAt" : ""))
                var count = 0
                try workouts.forEachRecord(query) { record in
                    count += 1
                    if requested > 0, count > requested { return }
                    let deletedAt = record.deletedAt.map { DataFormats.timestamp($0, timeZone: .current) } ?? ""
                    out.line(formatter.csv(record) + (deleted ? "," + deletedAt : ""))
                }
            }
            out.flush()
        }
    }
}
