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
        abstract: "Correct one record by its #id: exercise, weight, reps, series, unit, time, distance or RPE. Needs the admin PIN when one is set.",
        discussion: """
            Values are read like 'add' reads them; a weight without a unit keeps the record's \
            unit unless --unit says otherwise, and --unit alone changes the unit of the same number. \
            A new exercise name is created on first use, as 'add' does; a set moves only to an exercise of its kind. \
            A bodyweight set's --weight is the load added (bw, bw+10, bw-20 for assistance, or a number); \
            a timed set takes --time, a distance set --distance and --time; any set --rpe (none takes it off). \
            Example: topweight edit 42 --weight 62.5 --reps 8; topweight edit 43 --time 1:45 --rpe 8
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The record's id, as shown after Saved (#42 or 42).") var id: String

    @Option(parsing: .unconditional, help: "New weight, e.g. 62.5, 62,5 or 135lb.") var weight: String?
    @Option(parsing: .unconditional, help: "New repetitions, 1 to 1000.") var reps: String?
    @Option(parsing: .unconditional, help: "New series, 1 to 100.") var series: String?
    @Option(help: "New exercise, e.g. \"Incline Bench Press\".") var exercise: String?
    @Option(help: "Weight unit: kg or lb.") var unit: WeightUnit?
    @Option(parsing: .unconditional, help: "New time of a timed or distance set, e.g. 1:30, 90s, 25:00.") var time: String?
    @Option(parsing: .unconditional, help: "New distance of a distance set, e.g. 2000m, 5km, 3.1mi.") var distance: String?
    @Option(parsing: .unconditional, help: "New RPE, 6 to 10 by halves, or none.") var rpe: String?

    func run() throws {
        try reportingFailures {
            let number = try RecordNumber.parse(id)
            guard weight != nil || reps != nil || series != nil || exercise != nil || unit != nil
                    || time != nil || distance != nil || rpe != nil else {
                throw Failure.input("nothing to change: give --weight, --reps, --series, --exercise, --unit, --time, --distance or --rpe")
            }
            let newTime = try readTime()
            let newEffort = try readEffort()
            let newReps = try reps.map { try AddCommand.number($0, field: .reps) }
            let newSeries = try series.map { try AddCommand.number($0, field: .series) }
            let exerciseName = try exercise.map { try AddCommand.valid($0, kind: .exercise) }
            let now = Date()
            let opened = try global.open()
            let (workouts, log) = (opened.workouts, opened.log)
            let before = try log.liveRecord(id: number)
            let kind = before.values.measure
            let newLoad = try readLoad(of: before.values)
            let newDistance = try distance.map { text in try readDistance(text, of: before.values) }
            try check(kind, id: number, time: newTime, distance: newDistance, reps: newReps, series: newSeries)
            try AdminGate.require(opened.admin)
            // A short name means what it means in the logger, for the set's member, among exercises of the set's kind.
            let owner = try? workouts.member(named: before.user)
            let entry = SetEntry(workouts.roles, catalog: workouts.catalog)
            let own = try exerciseName == nil ? [] : entry.member(owner).own
            let target = try exerciseName.map { try workouts.stored(entry.choose($0, fitting: [kind], own: own), now: now) }
            if let target, target.kind != kind {
                throw Failure.input("\(target.name) is a \(target.kind.rawValue) exercise and #\(number) a \(kind.rawValue) set; move it to one of its kind")
            }
            let edited = try log.edit(id: number, exercise: target, now: now) { (values: inout SetValues) in
                if let newLoad {
                    values.weight = Weight(hundredths: abs(newLoad.hundredths), unit: newLoad.unit)
                    if kind == .bodyweight { values.assisted = newLoad.hundredths < 0 }
                }
                if let newReps { values.reps = newReps }
                if let newSeries { values.series = newSeries }
                if let newTime { values.duration = newTime }
                if let newDistance { values.distance = newDistance }
                if let newEffort { values.effort = newEffort }
            }
            print(Lines.edited(edited.before, edited.after))
        }
    }

    /// `--weight` in its own unit, else `--unit`, else the record's; or
    /// `--unit` alone: the same number in that unit. `nil` when neither is
    /// given. A bodyweight set's is the load added, signed (`bw-20`: assistance).
    private func readLoad(of values: SetValues) throws -> (hundredths: Int, unit: WeightUnit)? {
        let current = values.weight
        if let weight, values.measure == .bodyweight, let added = AddedLoad.parse(weight) {
            let (load, typedUnit) = try added.mapError { Failure.input($0) }.get()
            return (load, typedUnit ?? unit ?? current.unit)
        }
        if let weight {
            let read = try AddCommand.weight(weight, unit: unit ?? current.unit)
            return (read.hundredths, read.unit)
        }
        guard let unit else { return nil }
        let read = try AddCommand.weight(current.number, unit: unit)
        return (values.measure == .bodyweight ? values.signedLoadHundredths : read.hundredths, read.unit)
    }

    /// `--time`, read as the logger reads a time.
    private func readTime() throws -> SetDuration? {
        guard let time else { return nil }
        guard let parsed = SetDuration.parse(time) else {
            throw Failure.input(InputError("--time must be m:ss, seconds or minutes", example: "1:30, 90s, 2m"))
        }
        return try parsed.mapError { Failure.input($0) }.get()
    }

    /// `--rpe`: the new RPE, or `none` to take it off (an outer value with nothing in it).
    private func readEffort() throws -> Effort?? {
        guard let rpe else { return nil }
        if rpe.lowercased() == "none" { return .some(nil) }
        let effort = try Effort.parse(rpe.hasPrefix("@") ? String(rpe.dropFirst()) : rpe).mapError { Failure.input($0) }.get()
        return .some(effort)
    }

    /// `--distance` in the unit it names, else the set's own.
    private func readDistance(_ text: String, of values: SetValues) throws -> Distance {
        guard let parsed = Distance.parse(text, unit: values.distance?.unit ?? .m) else {
            throw Failure.input(InputError("--distance must be a number with m, km or mi", example: "2000m, 5km"))
        }
        return try parsed.mapError { Failure.input($0) }.get()
    }

    /// What a set of `kind` has to change: a hold has no reps, a run neither reps nor series nor weight.
    private func check(_ kind: ExerciseKind, id: Int64, time: SetDuration?, distance: Distance?, reps: Int?, series: Int?) throws {
        var foreign: [String] = []
        if time != nil, kind == .weight || kind == .bodyweight { foreign.append("--time") }
        if distance != nil, kind != .distance { foreign.append("--distance") }
        if reps != nil, kind == .time || kind == .distance { foreign.append("--reps") }
        if series != nil, kind == .distance { foreign.append("--series") }
        if weight != nil || unit != nil, kind == .time || kind == .distance { foreign.append(weight != nil ? "--weight" : "--unit") }
        guard foreign.isEmpty else {
            throw Failure.input("#\(id) is a \(kind.rawValue) set: \(foreign.joined(separator: ", ")) \(foreign.count == 1 ? "is" : "are") not one of its numbers")
        }
    }
}
