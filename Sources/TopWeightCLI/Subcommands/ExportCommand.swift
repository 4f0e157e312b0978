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
            json (the default) carries everything: members, exercises with categories, records with \
            their ids, kinds and tombstones, days' notes and routines, body weight, and (without \
            --user) the gym's routines; 'topweight import FILE' into an empty database gives the \
            same history. csv: live records, one a row. strong: one member's sets as Strong's CSV \
            (a workout a day, the day's note on its rows), for members taking their history to \
            Strong; --user is needed unless the database has one member.
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
