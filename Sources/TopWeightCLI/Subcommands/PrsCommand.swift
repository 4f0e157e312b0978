import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

/// `topweight prs`: a member's personal records on each exercise.
struct PrsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prs",
        abstract: "Show a member's personal records: heaviest, best e1RM, most reps, most volume, per exercise.",
        discussion: """
            --user can be left out when the database has only one member. Warm-ups and deleted sets never count; \
            weights compare in kg (lb converted), each record is shown in its own set's unit; of equal sets the \
            first one holds the record. e1RM by Epley (weight × (1 + reps/30)), or Brzycki (weight × 36/(37 − reps)), \
            which holds up to 12 reps only: a longer set has no Brzycki e1RM, and the text says so. Volume is the most \
            weight × reps × series in one entry. Each set counts for its own kind: bodyweight sets (unassisted) for \
            the most reps and the heaviest added load, timed sets for the longest hold, distance sets for the longest \
            distance (compared in metres) and the fastest pace (time per km, over any distance; on a save, against the \
            sets at least as long). JSON: an array of rows with exercise, kind (heaviest|e1rm|reps|volume|addedLoad|\
            longestHold|longestDistance|fastestPace), value, unit (kg, lb, reps, s, m or s/km), performedAt, recordId, \
            and the set's weight, weightUnit, reps, series (formula on e1rm rows; measure, assisted, seconds, distance \
            and distanceUnit on another kind's).
            """
    )

    /// The e1RM formulas `--formula` takes.
    enum Formula: String, ExpressibleByArgument, CaseIterable {
        case epley
        case brzycki

        var formula: OneRepMaxFormula { self == .epley ? .epley : .brzycki }
    }

    @OptionGroup var global: GlobalOptions

    @Option(help: "The member (needed unless the database has only one).") var user: String?
    @Option(help: "Only this exercise.") var exercise: String?
    @Option(help: "e1RM formula: epley or brzycki (up to 12 reps).") var formula: Formula = .epley
    @Option(help: "Output: text or json.") var format: LogFormat = .text

    func run() throws {
        try reportingFailures {
            let exerciseName = try exercise.map { try AddCommand.valid($0, kind: .exercise) }
            let opened = try global.open()
            let (workouts, log, progress) = (opened.workouts, opened.log, opened.progress)
            let member = try SessionsCommand.member(named: user, in: workouts)
            let chosen = try exerciseName.map { try workouts.loggedExercise(named: $0, member: member) }
            let records = try progress.personalRecords(of: member, exercise: chosen, formula: formula.formula)
            let out = OutputBuffer()
            switch format {
            case .text:
                if records.isEmpty {
                    out.line("No personal records yet for \(TerminalText.safe(member.name))\(chosen.map { " on \(TerminalText.safe($0.name))" } ?? "").")
                } else {
                    out.line("Personal records of \(TerminalText.safe(member.name)) (e1RM by \(formula.formula.name))")
                    ProgressText.records(records, grouping: HistoryGrouping(timeZone: log.calendar.timeZone), now: Date())
                        .forEach(out.line)
                }
            case .json:
                let rows = ProgressText.recordsJSON(records, timeZone: log.calendar.timeZone)
                out.line("[")
                for (index, row) in rows.enumerated() { out.line((index == 0 ? "  " : ", ") + row) }
                out.line("]")
            }
            out.flush()
        }
    }
}
