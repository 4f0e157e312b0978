import Foundation
import TopWeightCore

/// Strong's exports, every header seen: comma or semicolon; the weight's
/// unit in the column's name (`kg`, `Weight (kg)`), in a `Weight Unit`
/// column, or nowhere (then `--unit` must say it); `Set Order` a number
/// (0-based in the oldest files), `W`, `D`, `F`, or a `Rest Timer` or
/// `Note` row; per-set `Notes` and `Workout Notes`. And the body-weight
/// export: `Date;Weight (kg)`.
enum StrongReader {
    static func workouts(_ table: inout CSVTable, unit asked: WeightUnit?) throws(ImportError) -> SourceHistory {
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
        let distanceColumn = ExportReader.distanceColumn(table)
        let secondsColumn = table.column("seconds")
        let notesColumn = table.column("notes")
        let workoutNotesColumn = table.column("workout notes")

        var history = SourceHistory(format: .strong, variant: "\(delimiter), \(unitWords)")
        var names = SourceNames()
        var collector = WorkoutCollector()
        while let row = table.next() {
            history.rows += 1
            let fields = row.fields
            guard fields.count == table.header.count else {
                history.reject(row, "\(fields.count) fields where the header has \(table.header.count)")
                continue
            }
            guard let start = SourceTimes.parse(fields[dateColumn]), start.hasTime else {
                history.reject(row, "'\(SourceValues.shown(fields[dateColumn]))' is not a date and time")
                continue
            }
            let exercise: String
            // Our own Strong export guards a name a spreadsheet would run (`'=cmd`).
            switch names.exercise(OwnCSVReader.unguarded(fields[exerciseColumn])) {
            case .success(let name): exercise = name
            case .failure(let error):
                history.reject(row, error.reason)
                continue
            }
            let order = fields[orderColumn].trimmingCharacters(in: .whitespaces)
            let key = start.canonical
            var kind: SetKind?
            var isNote = false
            switch order.lowercased() {
            case "rest timer":
                history.skip(.restTimer)
                continue
            case "note": isNote = true
            case "w": kind = .warmup
            case "d": kind = .drop
            case "f": kind = .failure
            default:
                guard !order.isEmpty, order.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                    history.reject(row, "set order '\(SourceValues.shown(order))' is none of a number, W, D, F, Rest Timer or Note")
                    continue
                }
            }
            let outcome = try isNote ? nil : SetFields.read(reps: fields[repsColumn], weight: fields[weightColumn], unit: unit, fields: fields)
            if case .malformed(let reason) = outcome {
                history.reject(row, reason)
                continue
            }
            let cardio = [distanceColumn, secondsColumn].contains { column in column.map { SourceValues.isNonZero(fields[$0]) } ?? false }
            collector.with(key: key, start: start) { workout in
                if let column = workoutNotesColumn { workout.addNote(OwnCSVReader.unguarded(fields[column])) }
                if let column = notesColumn { workout.addNote(OwnCSVReader.unguarded(fields[column]), exercise: exercise) }
            }
            if isNote { continue }
            if cardio {
                history.skip(.cardioOrTimed)
                continue
            }
            switch outcome {
            case .set(let weight, let reps, let exact, let unitKnown):
                if !exact { history.rounded += 1 }
                collector.add((exercise, order, weight, reps, kind), unitKnown: unitKnown, key: key, start: start)
            case .skip(let reason): history.skip(reason)
            case .malformed, nil: break
            }
        }
        history.workouts = collector.workouts
        history.shortened = names.shortened
        history.settleUnits(of: collector.unknownUnits, fallback: asked)
        return history
    }

    /// `Date;Weight (kg)`: one measurement a row.
    static func bodyWeights(_ table: inout CSVTable, unit asked: WeightUnit?) throws(ImportError) -> SourceHistory {
        let fileUnit = ExportReader.unit(inColumnName: table.keys[1])
        if let fileUnit { try ExportReader.check(asked, against: fileUnit, where: "its \(table.header[1]) column") }
        guard let unit = fileUnit ?? asked else {
            throw ImportError("this Strong body-weight export doesn't say kg or lb: add --unit kg or --unit lb")
        }
        var history = SourceHistory(format: .strong, variant: "body weight in \(unit.rawValue)")
        var occurrences: [String: Int] = [:]
        while let row = table.next() {
            history.rows += 1
            guard row.fields.count == 2 else {
                history.reject(row, "\(row.fields.count) fields where the header has 2")
                continue
            }
            guard let time = SourceTimes.parse(row.fields[0]) else {
                history.reject(row, "'\(SourceValues.shown(row.fields[0]))' is not a date")
                continue
            }
            switch BodyWeightField.read(row.fields[1], unit: unit) {
            case .failure(let reason): history.reject(row, reason.reason)
            case .success(let (weight, exact)):
                if !exact { history.rounded += 1 }
                let occurrence = occurrences[time.canonical, default: 0]
                occurrences[time.canonical] = occurrence + 1
                history.bodyWeights.append(SourceBodyWeight(measuredAt: time, weight: weight,
                                                            identity: time.canonical + "\u{1F}" + String(occurrence)))
            }
        }
        return history
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
