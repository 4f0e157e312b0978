import Foundation
import TopWeightCore

/// FitNotes' exports: the workout log with `Weight (lbs)` / `Weight (kgs)`
/// (old) or `Weight` and a per-row `Weight Unit` of `kgs`/`lbs` (new),
/// dates without a time, cardio rows with a distance (`Distance Unit`) or a
/// `Time` of h:mm:ss; and the
/// body tracker's `Date,Time,Measurement,Value,Unit`.
enum FitNotesReader {
    static func workouts(_ table: inout CSVTable, unit asked: WeightUnit?, latest: WallTime?) throws(ImportError) -> SourceHistory {
        guard let dateColumn = table.column("date"), let exerciseColumn = table.column("exercise"),
              let repsColumn = table.column("reps") else {
            throw ImportError("this FitNotes export lacks a column it needs (Date, Exercise, Reps)")
        }
        let weightColumn: Int
        let unit: UnitSource
        let unitWords: String
        if let column = table.column(where: { $0.hasPrefix("weight") && $0 != "weight unit" && ExportReader.unit(inColumnName: $0) != nil }),
           let fileUnit = ExportReader.unit(inColumnName: table.keys[column]) {
            try ExportReader.check(asked, against: fileUnit, where: "its \(table.header[column]) column")
            (weightColumn, unit, unitWords) = (column, .fixed(fileUnit), "weights in \(fileUnit.rawValue)")
        } else if let column = table.column("weight"), let unitColumn = table.column("weight unit") {
            (weightColumn, unit, unitWords) = (column, .perRow(column: unitColumn, fallback: asked), "a Weight Unit column")
        } else if let column = table.column("weight"), let asked {
            (weightColumn, unit, unitWords) = (column, .fixed(asked), "weights in \(asked.rawValue) by --unit")
        } else {
            throw ImportError("this FitNotes export doesn't say whether its weights are kg or lb: add --unit kg or --unit lb")
        }
        let measureColumns = SetFields.MeasureColumns(table, time: "time", distanceUnit: "distance unit", rpe: nil, unitInDistanceName: false)
        let commentColumn = table.column("comment")

        return try ExportRows.read(&table, format: .fitnotes, variant: unitWords, unit: asked, latest: latest) { rows, fields throws(RowProblem) in
            let day = try rows.date(fields[dateColumn])
            let exercise = try rows.exercise(fields[exerciseColumn])
            // `Time` is h:mm:ss; a distance with an empty Distance Unit is in km.
            let outcome = try SetFields.read(reps: fields[repsColumn], weight: fields[weightColumn], unit: unit,
                                             fields: fields, measures: measureColumns.measures(fields))
            // One workout a day: FitNotes keeps no time and no set number.
            let key = day.canonical
            if let column = commentColumn {
                rows.workout(key: key, start: day) { $0.addNote(fields[column], exercise: exercise) }
            }
            rows.add(outcome, exercise: exercise, label: "", kind: nil, key: key, start: day)
        }
    }

    /// `Date,Time,Measurement,Value,Unit`: body weight kept, other measurements counted.
    static func bodyTracker(_ table: inout CSVTable, unit asked: WeightUnit?, latest: WallTime?) throws(ImportError) -> SourceHistory {
        guard let dateColumn = table.column("date"), let timeColumn = table.column("time"),
              let measurementColumn = table.column("measurement"), let valueColumn = table.column("value"),
              let unitColumn = table.column("unit") else {
            throw ImportError("this FitNotes body-tracker export lacks a column it needs (Date, Time, Measurement, Value, Unit)")
        }
        let unitHeader = table.header[unitColumn]
        return try ExportRows.read(&table, format: .fitnotes, variant: "body tracker", unit: asked, latest: latest) { rows, fields throws(RowProblem) in
            let measurement = fields[measurementColumn].lowercased().filter(\.isLetter)
            guard measurement == "bodyweight" || measurement == "weight" else {
                rows.skip(.otherMeasurement)
                return
            }
            let time = try rows.date(fields[dateColumn], at: fields[timeColumn])
            let unitText = fields[unitColumn].trimmingCharacters(in: .whitespaces)
            guard let unit = unitText.isEmpty ? asked : WeightUnit(parsing: Substring(unitText)) else {
                throw .malformed(unitText.isEmpty ? "the body weight has no unit (--unit kg or --unit lb gives one)"
                                                  : "unit '\(SourceValues.shown(unitText))' is neither kg nor lb")
            }
            if !unitText.isEmpty {
                do throws(ImportError) { try ExportReader.check(asked, against: unit, where: "its \(unitHeader) column") } catch { throw .file(error) }
            }
            try rows.addBodyWeight(fields[valueColumn], unit: unit, at: time)
        }
    }
}
