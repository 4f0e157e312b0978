import ArgumentParser
import Foundation
import TopWeightCatalog
import TopWeightCore
import TopWeightTransfer
import TopWeightUseCases

/// What `topweight export` writes.
enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
    case json
    case csv
    case strong
}

/// `topweight export`: the gym's or a member's history on standard output.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a member's (or everybody's) history: JSON that imports back, CSV, or Strong's CSV.",
        discussion: """
            Each format imports back ('topweight import FILE'): into the database it came from it adds \
            nothing, into an empty one it gives the same history, as far as the format can carry it.

            json (the default) carries everything: members and who is private, exercises with their \
            categories and kinds, records with their ids, kinds and tombstones, days' notes and \
            routines, body weight, and (without --user) the gym's routines.

            csv: a row per live record with its id, the exercise's category, whether the member is \
            private, and the day's note and routine on the member's first row of that day. It cannot \
            carry tombstones, body weight, the gym's routines, notes on days without sets, members \
            and exercises without sets, nor when a record was made or edited.

            strong: one member's sets as Strong's CSV, for members taking their history to Strong: a \
            workout a day named after the day's routine, the day's note on its rows, each record's \
            sets numbered from 1 (so two entries of one lift stay two). It cannot carry each set's \
            own time (every set is at its workout's start), tombstones, body weight, categories, \
            privacy, notes on days without sets, the day's routine (not read back), nor two units \
            (the file has one: sets in the other are converted). --user is needed unless the \
            database has one member.
            Examples: topweight export > gym.json
                      topweight export --user Ana --format strong > ana-strong.csv
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "Only this member's history.") var user: String?
    @Option(help: "json, csv or strong.") var format: ExportFormat = .json

    func run() throws {
        try reportingFailures {
            let store = try global.openStore()
            let workouts = Workouts(logbook: store, catalog: .bundled())
            let out = OutputBuffer()
            do {
                switch format {
                case .json:
                    let member = try user.map { try workouts.member(named: AddCommand.valid($0, kind: .user)) }
                    try HistoryExport.json(from: store, member: member, timeZone: .current, write: out.line)
                case .csv:
                    let member = try user.map { try workouts.member(named: AddCommand.valid($0, kind: .user)) }
                    try HistoryExport.csv(from: store, member: member, timeZone: .current, write: out.line)
                case .strong:
                    let member = try SessionsCommand.member(named: user, in: workouts)
                    var calendar = Calendar(identifier: .gregorian)
                    calendar.timeZone = .current
                    let report = try HistoryExport.strong(from: store, member: member, calendar: calendar, write: out.line)
                    out.flush()
                    if report.converted > 0 {
                        Self.tell("\(report.converted) of \(member.name)'s records in \(report.unit == .kg ? "lb" : "kg") written in \(report.unit.rawValue): Strong's file has one unit")
                    }
                    if report.notesLeftOut > 0 {
                        Self.tell("\(report.notesLeftOut) notes on days without sets left out: Strong's file has rows for sets only")
                    }
                }
            } catch let error as LogbookError {
                out.flush()
                throw Failure.database(error)
            }
            out.flush()
        }
    }

    private static func tell(_ line: String) {
        FileHandle.standardError.write(Data("topweight: \(TerminalText.safe(line))\n".utf8))
    }
}
