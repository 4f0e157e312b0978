import ArgumentParser
import Foundation
import TopWeightCatalog
import TopWeightCore
import TopWeightText
import TopWeightTransfer
import TopWeightUseCases

/// What `topweight export` writes.
enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
    case json
    case csv
    case strong
    case strongSemicolon = "strong-semicolon"
    case hevy
    case fitnotes
    case markdown
}

/// `topweight export`: the gym's or a member's history on standard output.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a member's (or everybody's) history: JSON that imports back, CSV, Strong's, Hevy's or FitNotes' own CSV, or Markdown to read.",
        discussion: """
            json, csv, strong, strong-semicolon, hevy and fitnotes import back ('topweight import FILE'): into the database it came from it adds \
            nothing, into an empty one it gives the same history, as far as the format can carry it.

            json (the default) carries everything: members and who is private, who coaches and their \
            PINs and cards as the hashes the database keeps (never a PIN or a card's number) with the \
            card key they were made with, exercises with their categories and kinds, records with \
            their ids, kinds, tombstones and the coach who logged them, days' notes and routines, body \
            weight, and (without --user) the gym's routines and kiosk policy. Whoever has the file can \
            try every PIN and card number against it: keep it as you keep the database.

            csv, strong, strong-semicolon, hevy, fitnotes and markdown carry no PIN, card, coach's flag nor kiosk policy: a database \
            imported from them identifies its members by name until the desk gives them PINs or cards.

            csv: a row per live record with its id, the exercise's category, whether the member is \
            private, the day's note and routine on the member's first row of that day, and the coach \
            who logged it. It cannot \
            carry tombstones, body weight, the gym's routines, notes on days without sets, members \
            and exercises without sets, nor when a record was made or edited.

            strong: one member's sets as Strong writes its CSV today (Date,Workout Name,Duration,Exercise \
            Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE), for Strong and the \
            programs that read its exports: a set imported from Strong on the name Strong gave it, the \
            others on Strong's names for the catalog's lifts (a lift the member made keeps its name), each \
            day's workouts (one an import brought stays one, with its name, start and length; the sets \
            logged here on a day are one workout, from its first set to its last, named after the day's \
            routine), an \
            entry's sets numbered from 1 and warm-ups, drops and failures as W, D, F, an assisted set as \
            its assistance on the assisted lift (Pull Up (Assisted)), distances in km, times in seconds, \
            the day's note on its first row (a paragraph 'Lift: text' as that lift's note). It cannot \
            carry each set's own time (every set is at its workout's start), supersets, tombstones, body weight, categories, privacy, notes on days without \
            sets, nor a unit: the file says none (import it back with --unit), and sets in the member's \
            other unit are converted. --user is needed unless the database has one member.

            strong-semicolon: the same sets in the semicolon layout of Strong's newer exports ("Workout \
            #";"Date";…;"Weight (kg)"…), one workout a day, each record's sets numbered from 1, the unit \
            in the Weight column's name. It cannot carry what strong cannot, nor more than one workout a \
            day nor Strong's names (it keeps ours).

            hevy: one member's sets as Hevy writes its CSV (title, start_time, end_time, description, \
            exercise_title, superset_id, exercise_notes, set_index, set_type, weight_kg or weight_lbs, reps, \
            distance_km or distance_miles, duration_seconds, rpe), newest workout first: a set imported \
            from Hevy on the name Hevy gave it, the others on Hevy's names for the catalog's lifts (a \
            bodyweight set with a load on the lift's (Weighted) entry, an assisted one on its (Assisted) \
            one), the workouts as strong writes them (an imported one titled as it was), warm-ups, drops and failures as set \
            types, a superset's lifts sharing a superset_id, RPE, times and distances, the day's note as \
            the description (a paragraph 'Lift: text' as that lift's exercise_notes). It cannot carry each \
            set's own time nor its seconds (start_time has minutes), tombstones, body weight, categories, privacy, notes on days without sets, nor two \
            units (sets in the other are converted).

            fitnotes: one member's sets as FitNotes writes its CSV (Date, Exercise, Category, Weight, Weight \
            Unit, Reps, Distance, Distance Unit, Time, Comment), oldest day first: a set imported from \
            FitNotes on the name FitNotes gave it, the others on FitNotes' names for the catalog's lifts, \
            its categories, each set's own unit, times as h:mm:ss, a paragraph 'Lift: \
            text' of the day's note as that lift's Comment. It cannot carry a set's time of day (the file \
            has days only: a day's workouts become one), warm-ups, drops and failures (they come back as \
            working sets), RPE, supersets, the day's own note and routine, tombstones, body weight and \
            privacy.

            markdown: the log to read, not to import: a heading per member and per day (with the day's \
            routine or program), the day's sets as a table in the member's own units and kinds (load, reps, \
            series, time, distance, RPE, warm-ups marked), and the day's note as written (its headings nested under \
            the day's, links other than http(s) and mailto as plain text). Renders on GitHub \
            and with the logger's own Markdown renderer. --from and --to (YYYY-MM-DD, local days, both \
            ends included) limit it to those days.
            Examples: topweight export > gym.json
                      topweight export --user Ana --format strong > ana-strong.csv   (then import it in Strong)
                      topweight export --user Ana --format hevy > ana-hevy.csv
                      topweight export --user Ana --format markdown --from 2026-11-01 > ana.md
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: "Only this member's history.") var user: String?
    @Option(help: "json, csv, strong, strong-semicolon, hevy, fitnotes or markdown.") var format: ExportFormat = .json
    @Option(help: ArgumentHelp("markdown: from this day on.", valueName: "YYYY-MM-DD")) var from: String?
    @Option(help: ArgumentHelp("markdown: up to this day.", valueName: "YYYY-MM-DD")) var to: String?

    func run() throws {
        try reportingFailures {
            // Checked before the database is opened: a typo costs nothing.
            let days = try Self.days(from: from, to: to, format: format)
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
                case .markdown:
                    let log = TrainingLog(logbook: store, routineCatalog: .bundled(), timeZone: .current)
                    let members = try user.map { [try workouts.member(named: AddCommand.valid($0, kind: .user))] }
                        ?? (try workouts.members().map(\.user).sorted { NameRules.key($0.name) < NameRules.key($1.name) })
                    var logged: [(member: String, days: [TrainingSession])] = []
                    for member in members {
                        let found = try log.loggedDays(of: member, from: days.from, through: days.to)
                        if !found.isEmpty || user != nil { logged.append((member.name, found)) }
                    }
                    MarkdownLog.document(logged, timeZone: .current, from: days.from, through: days.to).forEach(out.line)
                case .hevy, .fitnotes:
                    let member = try SessionsCommand.member(named: user, in: workouts)
                    var calendar = Calendar(identifier: .gregorian)
                    calendar.timeZone = .current
                    let report = format == .hevy
                        ? try HistoryExport.hevy(from: store, member: member, calendar: calendar, catalog: .bundled(), write: out.line)
                        : try HistoryExport.fitNotes(from: store, member: member, calendar: calendar, catalog: .bundled(), write: out.line)
                    out.flush()
                    let app = format == .hevy ? "Hevy" : "FitNotes"
                    if report.converted > 0 {
                        Self.tell("\(report.converted) of \(member.name)'s records in \(report.unit == .kg ? "lb" : "kg") written in \(report.unit.rawValue): \(app)'s file has one unit")
                    }
                    if report.notesLeftOut > 0 {
                        Self.tell(format == .hevy
                            ? "\(report.notesLeftOut) notes on days without sets left out: Hevy's file has rows for sets only"
                            : "\(report.notesLeftOut) days' notes left out: FitNotes' file has a comment on a lift's sets only")
                    }
                case .strong, .strongSemicolon:
                    let member = try SessionsCommand.member(named: user, in: workouts)
                    var calendar = Calendar(identifier: .gregorian)
                    calendar.timeZone = .current
                    let report = format == .strong
                        ? try HistoryExport.strongComma(from: store, member: member, calendar: calendar, catalog: .bundled(), write: out.line)
                        : try HistoryExport.strong(from: store, member: member, calendar: calendar, write: out.line)
                    out.flush()
                    if format == .strong {
                        Self.tell("\(member.name)'s weights are in \(report.unit.rawValue): Strong's file does not say (import it with --unit \(report.unit.rawValue))")
                    }
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

    /// The days `--from` and `--to` name, for the markdown export only.
    static func days(from: String?, to: String?, format: ExportFormat) throws -> (from: LocalDay?, to: LocalDay?) {
        guard from != nil || to != nil else { return (nil, nil) }
        guard format == .markdown else {
            throw Failure.input("--from and --to are for --format markdown; the other formats carry the whole history, to import back")
        }
        func day(_ text: String?, _ option: String) throws -> LocalDay? {
            guard let text else { return nil }
            guard let day = LocalDay(parsing: text) else {
                throw Failure.input("\(option) takes a day YYYY-MM-DD, e.g. 2026-11-01 (not \(text))")
            }
            return day
        }
        let first = try day(from, "--from")
        let last = try day(to, "--to")
        if let first, let last, last < first {
            throw Failure.input("--to (\(last)) is before --from (\(first)): no day is both")
        }
        return (first, last)
    }

    private static func tell(_ line: String) {
        FileHandle.standardError.write(Data("topweight: \(TerminalText.safe(line))\n".utf8))
    }
}
