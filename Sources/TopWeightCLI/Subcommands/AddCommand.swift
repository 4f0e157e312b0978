import ArgumentParser
import Foundation
import TopWeightCatalog
import TopWeightCore
import TopWeightText
import TopWeightUseCases

/// `topweight add USER EXERCISE SET`: one set of any kind, from a script.
struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Save one set. New users and exercises are created on first use.",
        discussion: """
            The numbers are those of the exercise's kind, as separate words or as the logger's one line: \
            weight: WEIGHT REPS SERIES (62.5 8 3 or 62.5x8x3); bodyweight: the load added (bw, bw+10, bw-20 \
            for assistance, or a number) REPS SERIES (bw+10 8 3 or bw+10x8x3); time: TIME SERIES (1:30 3 or \
            1:30x3); distance: DISTANCE TIME (2000m 7:45, 5km 25:00). An RPE from 6 to 10 by halves ends \
            them (62.5x8x3@8) or comes with --rpe. A short name picks an exercise of the kind the numbers \
            make (row 2000m 7:45 is Rowing Machine). \
            Examples: topweight add Ana "Bench Press" 62.5 8 3; topweight add Ana pull-up bw+10x8x3; \
            topweight add Ana plank 1:30x3 --rpe 8; topweight add Ana run 5km 25:00
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Who did the set.") var user: String
    @Argument(help: "The exercise, e.g. \"Bench Press\", or a short name as the logger takes it (bench, squat, ohp, row).") var exercise: String
    /// The set's numbers as text, whatever they look like: `-60` is a
    /// weight out of range (said as such), not an unknown option.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(
        "The set in the exercise's kind: weight (62.5, 62,5 or 135lb), reps (1 to 1000) and series (1 to 100); bw+10 8 3; 1:30 3; 2000m 7:45; or one word, 62.5x8x3@8.",
        valueName: "set"))
    var numbers: [String] = []

    @Option(help: "Weight unit when the weight has none: kg or lb.") var unit: WeightUnit?
    @Option(help: ArgumentHelp("How hard the set was: an RPE from 6 to 10 by halves (8, 8.5).", valueName: "rpe")) var rpe: String?
    @Option(help: ArgumentHelp("When the set was done (ISO 8601, e.g. 2026-11-20T18:30:00+01:00); default now.", valueName: "time"))
    var at: String?
    @Option(help: "Output: text, json or csv.") var format: OutputFormat = .text

    func run() throws {
        try reportingFailures {
            let now = Date()
            let performedAt = try at.map { try DateArgument.time($0, option: "--at", now: now) } ?? now
            let set = try TypedNumbers(numbers, rpe: rpe, unit: unit)
            // Numbers that make no set of any kind cost nothing: refused before the database opens.
            let fits = set.fits
            if fits.isEmpty { _ = try set.values(as: set.likelyKind) }
            let userName = try Self.valid(user, kind: .user)
            let exerciseName = try Self.valid(exercise, kind: .exercise)
            let opened = try global.open(create: true, offline: true)
            // What the calls below hear of the server's names outlives this short run.
            defer { opened.keepNames() }
            // A short name means what it means in the logger (`bench` is Bench Press, `row` with a distance the
            // rower): the same rule, over one read of the names, the member's exercises and the nudge's weeks.
            let entry = SetEntry(opened.workouts.roles, catalog: opened.workouts.catalog)
            let known = try? opened.workouts.member(named: userName)
            let facts = try entry.member(known)
            let picked = entry.choose(exerciseName, fitting: fits, own: facts.own)
            // Read in its kind before any row is made: refused numbers leave nothing behind.
            let values = try set.values(as: picked.kind, exercise: picked.name)
            let member = try opened.workouts.findOrCreateMember(named: userName, now: now)
            let saved: SetEntry.Saved
            do {
                saved = try entry.save(values, of: member, picked, at: performedAt, now: now)
            } catch let failure as SetEntry.SaveFailure {
                throw failure.problem
            }
            let (record, records, chosen) = (saved.record, saved.records, saved.entry.exercise)
            let formatter = RecordFormatter(timeZone: .current)
            switch format {
            case .text:
                print(Lines.saved(record))
                // The personal records the set beat, on the line under it.
                if let line = ProgressText.recordLine(exercise: chosen.name, records) { print(line) }
                // Once a day, for a member on no program: time to go heavier.
                if let nudge = Self.nudge(after: saved.entry, id: record.id, entry: entry, weeks: facts.nudgeWeeks) {
                    print(ProgramText.nudge(exercise: chosen.name, stuckAt: nudge.stuckAt, weeks: nudge.weeks, next: nudge.next))
                }
            case .json:
                print(formatter.json(record))
            case .csv:
                print(RecordFormatter.csvHeader)
                print(formatter.csv(record))
            }
        }
    }

    /// The weight nudge for the set just added (`Workouts.nudge`), in the
    /// local time zone; a problem reading it never fails the add.
    static func nudge(after saved: NewRecord, id: Int64, entry: SetEntry, weeks: Int?) -> WeightNudge.Suggestion? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        return entry.nudge(after: saved, id: id, calendar: calendar, weeks: weeks)
    }

    /// A weight typed as an argument: a plain number, in its own unit when it
    /// names one (`135lb`), else in `unit`. `edit` reads `--weight` the same way.
    static func weight(_ text: String, unit: WeightUnit) throws -> Weight {
        let (hundredths, unit) = try NumberInput.plain(text, field: .weight, unit: unit).mapError { Failure.input($0) }.get()
        return Weight(hundredths: hundredths, unit: unit)
    }

    /// Reps or series typed as an argument: a plain whole number in range.
    static func number(_ text: String, field: NumericField) throws -> Int {
        try NumberInput.plain(text, field: field, unit: .kg).mapError { Failure.input($0) }.get().value
    }

    static func valid(_ name: String, kind: NameRules.Kind) throws -> String {
        switch NameRules.validate(name, kind: kind) {
        case .success(let valid): return valid
        case .failure(let error): throw Failure.input(error)
        }
    }
}
