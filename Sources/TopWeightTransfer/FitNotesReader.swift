import Foundation
import TopWeightCore

/// FitNotes' exports: the workout log with `Weight (lbs)` / `Weight (kgs)`
/// (old) or `Weight` and a per-row `Weight Unit` of `kgs`/`lbs` (new),
/// dates without a time, cardio rows with a distance or a time; and the
/// body tracker's `Date,Time,Measurement,Value,Unit`.
enum FitNotesReader {
    static func workouts(_ table: inout CSVTable, unit asked: WeightUnit?) throws(ImportError) -> SourceHistory {
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
        let distanceColumn = ExportReader.distanceColumn(table)
        let timeColumn = table.column("time")
        let commentColumn = table.column("comment")

        var history = SourceHistory(format: .fitnotes, variant: unitWords)
        var names = SourceNames()
        var collector = WorkoutCollector()
        while let row = table.next() {
            history.rows += 1
            let fields = row.fields
            guard fields.count == table.header.count else {
                history.reject(row, "\(fields.count) fields where the header has \(table.header.count)")
                continue
            }
            guard let day = SourceTimes.parse(fields[dateColumn]) else {
                history.reject(row, "'\(SourceValues.shown(fields[dateColumn]))' is not a date")
                continue
            }
            let exercise: String
            switch names.exercise(fields[exerciseColumn]) {
            case .success(let name): exercise = name
            case .failure(let error):
                history.reject(row, error.reason)
                continue
            }
            let outcome = try SetFields.read(reps: fields[repsColumn], weight: fields[weightColumn], unit: unit, fields: fields)
            if case .malformed(let reason) = outcome {
                history.reject(row, reason)
                continue
            }
            // One workout a day: FitNotes keeps no time and no set number.
            let key = day.canonical
            if let column = commentColumn {
                collector.with(key: key, start: day) { $0.addNote(fields[column], exercise: exercise) }
            }
            if [distanceColumn, timeColumn].contains(where: { column in column.map { SourceValues.isNonZero(fields[$0]) } ?? false }) {
                history.skip(.cardioOrTimed)
                continue
            }
            switch outcome {
            case .set(let weight, let reps, let exact, let unitKnown):
                if !exact { history.rounded += 1 }
                collector.add((exercise, "", weight, reps, nil), unitKnown: unitKnown, key: key, start: day)
            case .skip(let reason): history.skip(reason)
            case .malformed: break
            }
        }
        history.workouts = collector.workouts
        history.shortened = names.shortened
        history.settleUnits(of: collector.unknownUnits, fallback: asked)
        return history
    }

    /// `Date,Time,Measurement,Value,Unit`: body weight kept, other measurements counted.
    static func bodyTracker(_ table: inout CSVTable, unit asked: WeightUnit?) throws(ImportError) -> SourceHistory {
        guard let dateColumn = table.column("date"), let timeColumn = table.column("time"),
              let measurementColumn = table.column("measurement"), let valueColumn = table.column("value"),
              let unitColumn = table.column("unit") else {
            throw ImportError("this FitNotes body-tracker export lacks a column it needs (Date, Time, Measurement, Value, Unit)")
        }
        var history = SourceHistory(format: .fitnotes, variant: "body tracker")
        var occurrences: [String: Int] = [:]
        while let row = table.next() {
            history.rows += 1
            let fields = row.fields
            guard fields.count == table.header.count else {
                history.reject(row, "\(fields.count) fields where the header has \(table.header.count)")
                continue
            }
            let measurement = fields[measurementColumn].lowercased().filter(\.isLetter)
            guard measurement == "bodyweight" || measurement == "weight" else {
                history.skip(.otherMeasurement)
                continue
            }
            guard var time = SourceTimes.parse(fields[dateColumn]) else {
                history.reject(row, "'\(SourceValues.shown(fields[dateColumn]))' is not a date")
                continue
            }
            let clock = fields[timeColumn].trimmingCharacters(in: .whitespaces)
            if !clock.isEmpty {
                guard let parsed = SourceTimes.timeOfDay(clock) else {
                    history.reject(row, "'\(SourceValues.shown(clock))' is not a time of day")
                    continue
                }
                (time.hour, time.minute, time.second, time.hasTime) = (parsed.hour, parsed.minute, parsed.second, true)
            }
            let unitText = fields[unitColumn].trimmingCharacters(in: .whitespaces)
            guard let unit = unitText.isEmpty ? asked : WeightUnit(parsing: Substring(unitText)) else {
                history.reject(row, unitText.isEmpty ? "the body weight has no unit (--unit kg or --unit lb gives one)"
                                                     : "unit '\(SourceValues.shown(unitText))' is neither kg nor lb")
                continue
            }
            if !unitText.isEmpty { try ExportReader.check(asked, against: unit, where: "its \(table.header[unitColumn]) column") }
            switch BodyWeightField.read(fields[valueColumn], unit: unit) {
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
