import Foundation
import TopWeightCore

/// Strong's exports, every header seen: comma or semicolon; the weight's
/// unit in the column's name (`kg`, `Weight (kg)`), in a `Weight Unit`
/// column, or nowhere (then `--unit` must say it); `Set Order` a number
/// (0-based in the oldest files), `W`, `D`, `F`, or a `Rest Timer` or
/// `Note` row; per-set `Notes` and `Workout Notes`. And the body-weight
/// export: `Date;Weight (kg)`.
enum StrongReader {
    static func workouts(_ table: inout CSVTable, unit asked: WeightUnit?, latest: WallTime?) throws(ImportError) -> SourceHistory {
        guard let dateColumn = table.column("date"), let exerciseColumn = table.column("exercise name"),
              let orderColumn = table.column("set order"), let repsColumn = table.column("reps") else {
            throw ImportError("this Strong export lacks a column it needs (Date, Exercise Name, Set Order, Reps)")
        }
        let delimiter = table.delimiter == ";" ? "semicolon" : table.delimiter == "\t" ? "tab" : "comma"
        let weightColumn: Int
        let unit: UnitSource
        let unitWords: String
        if let column = table.column(where: { $0.hasPrefix("weight") && $0 != "weight unit" && ExportReader.unit(inColumnName: $0) != nil })
            ?? table.column("kg", "kgs", "lb", "lbs"), let fileUnit = ExportReader.unit(inColumnName: table.keys[column]) {
            try ExportReader.check(asked, against: fileUnit, where: "its \(table.header[column]) column")
            (weightColumn, unit, unitWords) = (column, .fixed(fileUnit), "weights in \(fileUnit.rawValue)")
        } else if let column = table.column("weight"), let unitColumn = table.column("weight unit") {
            (weightColumn, unit, unitWords) = (column, .perRow(column: unitColumn, fallback: asked), "a Weight Unit column")
        } else if let column = table.column("weight") {
            guard let asked else {
                throw ImportError("this Strong export doesn't say whether its weights are kg or lb (its Weight column has no unit): add --unit kg or --unit lb")
            }
            (weightColumn, unit, unitWords) = (column, .fixed(asked), "weights in \(asked.rawValue) by --unit")
        } else {
            throw ImportError("this Strong export has no weight column (Weight, Weight (kg), kg…)")
        }
        // A distance with no unit named is in km.
        let measureColumns = SetFields.MeasureColumns(table, time: "seconds", distanceUnit: "distance unit", rpe: "rpe")
        let notesColumn = table.column("notes")
        let workoutNotesColumn = table.column("workout notes")
        let nameColumn = table.column("workout name")
        let durationColumn = table.column("duration", "workout duration", "duration (sec)")

        return try ExportRows.read(&table, format: .strong, variant: "\(delimiter), \(unitWords)", unit: asked, latest: latest) { rows, fields throws(RowProblem) in
            let start = try rows.date(fields[dateColumn], needsTime: true)
            // Our own Strong export guards a name a spreadsheet would run (`'=cmd`).
            let exercise = try rows.exercise(OwnCSVReader.unguarded(fields[exerciseColumn]))
            let order = fields[orderColumn].trimmingCharacters(in: .whitespaces)
            let key = start.canonical
            var kind: SetKind?
            var isNote = false
            switch order.lowercased() {
            case "rest timer":
                rows.skip(.restTimer)
                return
            case "note": isNote = true
            case "w": kind = .warmup
            case "d": kind = .drop
            case "f": kind = .failure
            default:
                guard !order.isEmpty, order.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                    throw .malformed("set order '\(SourceValues.shown(order))' is none of a number, W, D, F, Rest Timer or Note")
                }
            }
            // A time or a distance makes a timed or a distance set.
            let outcome = try isNote ? nil : SetFields.read(reps: fields[repsColumn], weight: fields[weightColumn], unit: unit,
                                                            fields: fields, measures: measureColumns.measures(fields))
            rows.workout(key: key, start: start) { workout in
                workout.describe(name: nameColumn.map { OwnCSVReader.unguarded(fields[$0]) },
                                 seconds: durationColumn.flatMap { SourceTimes.duration(fields[$0]) })
                if let column = workoutNotesColumn { workout.addNote(OwnCSVReader.unguarded(fields[column])) }
                if let column = notesColumn { workout.addNote(OwnCSVReader.unguarded(fields[column]), exercise: exercise) }
            }
            guard let outcome else {
                rows.countNoteRow()
                return
            }
            rows.add(outcome, exercise: exercise, label: order, kind: kind, key: key, start: start)
        }
    }

    /// `Date;Weight (kg)`: one measurement a row.
    static func bodyWeights(_ table: inout CSVTable, unit asked: WeightUnit?, latest: WallTime?) throws(ImportError) -> SourceHistory {
        let fileUnit = ExportReader.unit(inColumnName: table.keys[1])
        if let fileUnit { try ExportReader.check(asked, against: fileUnit, where: "its \(table.header[1]) column") }
        guard let unit = fileUnit ?? asked else {
            throw ImportError("this Strong body-weight export doesn't say kg or lb: add --unit kg or --unit lb")
        }
        return try ExportRows.read(&table, format: .strong, variant: "body weight in \(unit.rawValue)", unit: asked, latest: latest) { rows, fields throws(RowProblem) in
            let time = try rows.date(fields[0])
            try rows.addBodyWeight(fields[1], unit: unit, at: time)
        }
    }
}

/// A body weight as written: above zero, within the unit's range.
enum BodyWeightField {
    static func read(_ text: String, unit: WeightUnit) -> Result<(Weight, Bool), InputError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let value = SourceValues.decimal(trimmed) else { return .failure(InputError("body weight '\(SourceValues.shown(trimmed))' is not a number")) }
        let (hundredths, exact) = SourceValues.hundredths(value)
        guard hundredths > 0, hundredths <= unit.maximumHundredths else {
            return .failure(InputError("body weight \(SourceValues.shown(trimmed)) \(unit.rawValue) is not a body weight"))
        }
        return .success((Weight(hundredths: hundredths, unit: unit), exact))
    }
}
