import Foundation
import TopWeightCore

/// Hevy's export: one row a set, newest workout first, `start_time` like
/// `8 Apr 2026, 16:50`, a 0-based `set_index`, `set_type` normal, warmup,
/// dropset or failure, `weight_kg` or `weight_lbs`, cardio with a distance
/// or a duration and no reps, and notes whose line breaks are real or a
/// literal `\n`.
enum HevyReader {
    static func workouts(_ table: inout CSVTable, unit asked: WeightUnit?) throws(ImportError) -> SourceHistory {
        guard let startColumn = table.column("start_time"), let exerciseColumn = table.column("exercise_title"),
              let indexColumn = table.column("set_index"), let repsColumn = table.column("reps") else {
            throw ImportError("this Hevy export lacks a column it needs (start_time, exercise_title, set_index, reps)")
        }
        guard let weightColumn = table.column(where: { $0.hasPrefix("weight_") && ExportReader.unit(inColumnName: $0) != nil }),
              let fileUnit = ExportReader.unit(inColumnName: table.keys[weightColumn]) else {
            throw ImportError("this Hevy export has no weight_kg or weight_lbs column")
        }
        try ExportReader.check(asked, against: fileUnit, where: "its \(table.header[weightColumn]) column")
        let typeColumn = table.column("set_type")
        let distanceColumn = ExportReader.distanceColumn(table)
        let durationColumn = table.column("duration_seconds")
        let descriptionColumn = table.column("description")
        let notesColumn = table.column("exercise_notes")

        var history = SourceHistory(format: .hevy, variant: "weights in \(fileUnit.rawValue)")
        var names = SourceNames()
        var collector = WorkoutCollector()
        while let row = table.next() {
            history.rows += 1
            let fields = row.fields
            guard fields.count == table.header.count else {
                history.reject(row, "\(fields.count) fields where the header has \(table.header.count)")
                continue
            }
            guard let start = SourceTimes.parse(fields[startColumn]), start.hasTime else {
                history.reject(row, "start_time '\(SourceValues.shown(fields[startColumn]))' is not a date and time")
                continue
            }
            let exercise: String
            switch names.exercise(fields[exerciseColumn]) {
            case .success(let name): exercise = name
            case .failure(let error):
                history.reject(row, error.reason)
                continue
            }
            let label = fields[indexColumn].trimmingCharacters(in: .whitespaces)
            guard !label.isEmpty, label.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                history.reject(row, "set_index '\(SourceValues.shown(label))' is not a number")
                continue
            }
            var kind: SetKind?
            if let typeColumn {
                switch fields[typeColumn].trimmingCharacters(in: .whitespaces).lowercased() {
                case "normal", "": kind = nil
                case "warmup", "warm_up", "warm-up": kind = .warmup
                case "dropset", "drop_set", "drop": kind = .drop
                case "failure": kind = .failure
                case let other:
                    history.reject(row, "set_type '\(SourceValues.shown(other))' is none of normal, warmup, dropset, failure")
                    continue
                }
            }
            let outcome = try SetFields.read(reps: fields[repsColumn], weight: fields[weightColumn], unit: .fixed(fileUnit), fields: fields)
            if case .malformed(let reason) = outcome {
                history.reject(row, reason)
                continue
            }
            let key = start.canonical
            collector.with(key: key, start: start) { workout in
                if let column = descriptionColumn { workout.addNote(Self.lineBreaks(fields[column])) }
                if let column = notesColumn { workout.addNote(Self.lineBreaks(fields[column]), exercise: exercise) }
            }
            if [distanceColumn, durationColumn].contains(where: { column in column.map { SourceValues.isNonZero(fields[$0]) } ?? false }) {
                history.skip(.cardioOrTimed)
                continue
            }
            switch outcome {
            case .set(let weight, let reps, let exact, _):
                if !exact { history.rounded += 1 }
                collector.add((exercise, label, weight, reps, kind), unitKnown: true, key: key, start: start)
            case .skip(let reason): history.skip(reason)
            case .malformed: break
            }
        }
        // Newest first, as in the file: the plan puts workouts in order of their start.
        history.workouts = collector.workouts
        history.shortened = names.shortened
        return history
    }

    /// Hevy writes some line breaks as the two characters `\n`.
    static func lineBreaks(_ text: String) -> String {
        text.replacingOccurrences(of: "\\n", with: "\n")
    }
}
