import Foundation
import TopWeightCore

/// Hevy's export: one row a set, newest workout first, `start_time` like
/// `8 Apr 2026, 16:50`, a 0-based `set_index`, `set_type` normal, warmup,
/// dropset or failure, `weight_kg` or `weight_lbs`, cardio and holds with a
/// `distance_km` or `distance_miles` and a `duration_seconds`, an `rpe`, a
/// `superset_id` shared by the lifts of one superset, and notes whose line
/// breaks are real or a literal `\n`.
enum HevyReader {
    static func workouts(_ table: inout CSVTable, unit asked: WeightUnit?, latest: WallTime?) throws(ImportError) -> SourceHistory {
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
        let measureColumns = SetFields.MeasureColumns(table, time: "duration_seconds", distanceUnit: nil, rpe: "rpe")
        let descriptionColumn = table.column("description")
        let notesColumn = table.column("exercise_notes")
        let supersetColumn = table.column("superset_id")
        let titleColumn = table.column("title")
        let endColumn = table.column("end_time")

        // Newest first, as in the file: the plan puts workouts in order of their start.
        return try ExportRows.read(&table, format: .hevy, variant: "weights in \(fileUnit.rawValue)", unit: asked, latest: latest) { rows, fields throws(RowProblem) in
            let start = try rows.date(fields[startColumn], field: "start_time", needsTime: true)
            let exercise = try rows.exercise(fields[exerciseColumn])
            let label = fields[indexColumn].trimmingCharacters(in: .whitespaces)
            guard !label.isEmpty, label.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw .malformed("set_index '\(SourceValues.shown(label))' is not a number")
            }
            var kind: SetKind?
            if let typeColumn {
                switch fields[typeColumn].trimmingCharacters(in: .whitespaces).lowercased() {
                case "normal", "": kind = nil
                case "warmup", "warm_up", "warm-up": kind = .warmup
                case "dropset", "drop_set", "drop": kind = .drop
                case "failure": kind = .failure
                case let other: throw .malformed("set_type '\(SourceValues.shown(other))' is none of normal, warmup, dropset, failure")
                }
            }
            let outcome = try SetFields.read(reps: fields[repsColumn], weight: fields[weightColumn], unit: .fixed(fileUnit),
                                             fields: fields, measures: measureColumns.measures(fields))
            let key = start.canonical
            // An end that can't be read, or comes before the start, says no length.
            let end = endColumn.flatMap { SourceTimes.parse(fields[$0]) }.flatMap { $0.hasTime && !start.isAfter($0) ? $0 : nil }
            rows.workout(key: key, start: start) { workout in
                workout.describe(name: titleColumn.map { OwnCSVReader.unguarded(fields[$0]) }, seconds: nil, end: end)
                if let column = descriptionColumn { workout.addNote(Self.lineBreaks(fields[column])) }
                if let column = notesColumn { workout.addNote(Self.lineBreaks(fields[column]), exercise: exercise) }
            }
            let superset = supersetColumn.map { fields[$0].trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
            rows.add(outcome, exercise: exercise, label: label, kind: kind, key: key, start: start, superset: superset)
        }
    }

    /// Hevy writes some line breaks as the two characters `\n`.
    static func lineBreaks(_ text: String) -> String {
        text.replacingOccurrences(of: "\\n", with: "\n")
    }
}
