import ArgumentParser
import Foundation
import TopWeightCatalog
import TopWeightCore
import TopWeightText
import TopWeightUseCases

/// `topweight add USER EXERCISE WEIGHT REPS SERIES`: one set, from a script.
struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Save one set. New users and exercises are created on first use.",
        discussion: "Example: topweight add Ana \"Bench Press\" 62.5 8 3"
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Who did the set.") var user: String
    @Argument(help: "The exercise, e.g. \"Bench Press\", or a short name as the logger takes it (bench, squat, ohp).") var exercise: String
    /// Weight, reps and series as text, whatever they look like: `-60` is a
    /// weight out of range (said as such), not an unknown option.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(
        "Weight (e.g. 62.5, 62,5 or 135lb), repetitions (1 to 1000) and series (1 to 100).", valueName: "weight reps series"))
    var numbers: [String] = []

    @Option(help: "Weight unit when the weight has none: kg or lb.") var unit: WeightUnit?
    @Option(help: ArgumentHelp("When the set was done (ISO 8601, e.g. 2026-11-20T18:30:00+01:00); default now.", valueName: "time"))
    var at: String?
    @Option(help: "Output: text, json or csv.") var format: OutputFormat = .text

    func run() throws {
        try reportingFailures {
            let now = Date()
            let performedAt = try at.map { text in
                let date = try DateArgument.time(text, option: "--at")
                guard date <= now.addingTimeInterval(86_400) else {
                    throw Failure.input("--at is in the future; sets are logged once done")
                }
                return date
            } ?? now
            let values = try parseValues()
            let userName = try Self.valid(user, kind: .user)
            let exerciseName = try Self.valid(exercise, kind: .exercise)
            let opened = try global.open(create: true)
            let member = try opened.workouts.findOrCreateMember(named: userName, now: now)
            // A short name means what it means in the logger: `bench` is Bench Press.
            let chosen = try opened.workouts.exerciseForSet(named: exerciseName, member: member, now: now)
            let entry = NewRecord(user: member, exercise: chosen, values: values, performedAt: performedAt)
            let (record, records) = try opened.progress.log(entry, now: now)
            let formatter = RecordFormatter(timeZone: .current)
            switch format {
            case .text:
                print(Lines.saved(record))
                // The personal records the set beat, on the line under it.
                if let line = ProgressText.recordLine(exercise: chosen.name, records) { print(line) }
            case .json:
                print(formatter.json(record))
            case .csv:
                print(RecordFormatter.csvHeader)
                print(formatter.csv(record))
            }
        }
    }

    private func parseValues() throws -> SetValues {
        // argument-parser hands the `--` that ends the options over with the values.
        var numbers = numbers
        if let terminator = numbers.firstIndex(of: "--") { numbers.remove(at: terminator) }
        guard numbers.count == 3 else {
            throw Failure.input(InputError("give the weight, the reps and the series (\(numbers.count) given)", example: "topweight add Ana \"Bench Press\" 62.5 8 3"))
        }
        let weightValue = try Self.weight(numbers[0], unit: unit ?? .kg)
        let repsValue = try Self.number(numbers[1], field: .reps)
        let seriesValue = try Self.number(numbers[2], field: .series)
        return SetValues(weight: weightValue, reps: repsValue, series: seriesValue)
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
