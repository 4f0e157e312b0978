import ArgumentParser
import Foundation
import TopWeightCore
import TopWeightText
import TopWeightUseCases

/// `topweight edit ID`: corrects a live record's exercise or numbers, with
/// the admin PIN when one is set (it is anybody's set, as for `delete`).
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Correct one record by its #id: exercise, weight, reps, series or unit. Needs the admin PIN when one is set.",
        discussion: """
            Values are read like 'add' reads them; a weight without a unit keeps the record's \
            unit unless --unit says otherwise, and --unit alone changes the unit of the same number. \
            A new exercise name is created on first use, as 'add' does. \
            Example: topweight edit 42 --weight 62.5 --reps 8
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The record's id, as shown after Saved (#42 or 42).") var id: String

    @Option(parsing: .unconditional, help: "New weight, e.g. 62.5, 62,5 or 135lb.") var weight: String?
    @Option(parsing: .unconditional, help: "New repetitions, 1 to 1000.") var reps: String?
    @Option(parsing: .unconditional, help: "New series, 1 to 100.") var series: String?
    @Option(help: "New exercise, e.g. \"Incline Bench Press\".") var exercise: String?
    @Option(help: "Weight unit: kg or lb.") var unit: WeightUnit?

    func run() throws {
        try reportingFailures {
            let number = try RecordNumber.parse(id)
            guard weight != nil || reps != nil || series != nil || exercise != nil || unit != nil else {
                throw Failure.input("nothing to change: give --weight, --reps, --series, --exercise or --unit")
            }
            let newReps = try reps.map { try AddCommand.number($0, field: .reps) }
            let newSeries = try series.map { try AddCommand.number($0, field: .series) }
            let exerciseName = try exercise.map { try AddCommand.valid($0, kind: .exercise) }
            let now = Date()
            let opened = try global.open()
            let (workouts, log) = (opened.workouts, opened.log)
            let before = try log.liveRecord(id: number)
            let newWeight = try newWeight(from: before.values.weight)
            try AdminGate.require(opened.admin)
            // A short name means what it means in the logger, for the set's member.
            let owner = try? workouts.member(named: before.user)
            let target = try exerciseName.map { try workouts.exerciseForSet(named: $0, member: owner, now: now) }
            let edited = try log.edit(id: number, exercise: target, weight: newWeight, reps: newReps, series: newSeries, now: now)
            print(Lines.edited(edited.before, edited.after))
        }
    }

    /// `--weight` in its own unit, else `--unit`, else the record's; or
    /// `--unit` alone: the same number in that unit. `nil` when neither is given.
    private func newWeight(from current: Weight) throws -> Weight? {
        if let weight { return try AddCommand.weight(weight, unit: unit ?? current.unit) }
        guard let unit else { return nil }
        return try AddCommand.weight(current.number, unit: unit)
    }
}
