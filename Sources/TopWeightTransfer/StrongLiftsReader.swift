import Foundation
import TopWeightCore

/// StrongLifts' export: a byte-order mark, one row an exercise of a
/// workout, its sets as column pairs `Set N (Reps)`, `Set N (KG)` (or `LB`);
/// a set not done has 0 reps.
enum StrongLiftsReader {
    static func workouts(_ table: inout CSVTable, unit asked: WeightUnit?) throws(ImportError) -> SourceHistory {
        guard let dateColumn = table.column(where: { $0.hasPrefix("date") }), let exerciseColumn = table.column("exercise") else {
            throw ImportError("this StrongLifts export lacks a column it needs (Date, Exercise)")
        }
        let workoutColumn = table.column("workout")
        let startColumn = table.column(where: { $0.hasPrefix("start time") })
        let notesColumn = table.column("notes")
        let timeColumn = table.column(where: { $0.hasPrefix("sets") && $0.hasSuffix("time") })
        // The set columns, in order: (number, reps column, weight column, unit).
        var pairs: [(label: String, reps: Int, weight: Int, unit: WeightUnit)] = []
        var number = 1
        while let repsColumn = table.column("set \(number) (reps)") {
            guard let weightColumn = table.column(where: { $0.hasPrefix("set \(number) (") && $0 != "set \(number) (reps)" }),
                  let unit = ExportReader.unit(inColumnName: table.keys[weightColumn]) else {
                throw ImportError("this StrongLifts export has Set \(number) (Reps) without its weight column (Set \(number) (KG) or (LB))")
            }
            try ExportReader.check(asked, against: unit, where: "its \(table.header[weightColumn]) column")
            pairs.append((String(number), repsColumn, weightColumn, unit))
            number += 1
        }
        guard let fileUnit = pairs.first?.unit else { throw ImportError("this StrongLifts export has no Set 1 (Reps) column") }

        var history = SourceHistory(format: .stronglifts, variant: "\(pairs.count) set columns, weights in \(fileUnit.rawValue)")
        var names = SourceNames()
        var collector = WorkoutCollector()
        rows: while let row = table.next() {
            history.rows += 1
            let fields = row.fields
            guard fields.count == table.header.count else {
                history.reject(row, "\(fields.count) fields where the header has \(table.header.count)")
                continue
            }
            guard var start = SourceTimes.parse(fields[dateColumn]) else {
                history.reject(row, "'\(SourceValues.shown(fields[dateColumn]))' is not a date")
                continue
            }
            if let startColumn, !fields[startColumn].trimmingCharacters(in: .whitespaces).isEmpty {
                guard let time = SourceTimes.timeOfDay(fields[startColumn].trimmingCharacters(in: .whitespaces)) else {
                    history.reject(row, "start time '\(SourceValues.shown(fields[startColumn]))' is not a time of day")
                    continue
                }
                (start.hour, start.minute, start.second, start.hasTime) = (time.hour, time.minute, time.second, true)
            }
            let exercise: String
            switch names.exercise(fields[exerciseColumn]) {
            case .success(let name): exercise = name
            case .failure(let error):
                history.reject(row, error.reason)
                continue
            }
            // A workout is its date and its number (two on one day are two workouts).
            let workoutNumber = workoutColumn.map { fields[$0].trimmingCharacters(in: .whitespaces) } ?? ""
            let key = String(start.canonical.prefix(10)) + " #" + workoutNumber
            var sets: [(label: String, weight: Weight, reps: Int)] = []
            var skipped: [SkipReason] = []
            for pair in pairs {
                let repsText = fields[pair.reps].trimmingCharacters(in: .whitespaces)
                let weightText = fields[pair.weight].trimmingCharacters(in: .whitespaces)
                // An empty pair is a set the workout never had.
                if repsText.isEmpty && weightText.isEmpty { continue }
                switch try SetFields.read(reps: repsText, weight: weightText, unit: .fixed(pair.unit), fields: fields) {
                case .set(let weight, let reps, let exact, _):
                    if !exact { history.rounded += 1 }
                    sets.append((pair.label, weight, reps))
                case .skip(let reason): skipped.append(reason)
                case .malformed(let reason):
                    history.reject(row, "Set \(pair.label): \(reason)")
                    continue rows
                }
            }
            collector.with(key: key, start: start) { workout in
                if let notesColumn { workout.addNote(fields[notesColumn], exercise: exercise) }
            }
            if sets.isEmpty, skipped.isEmpty, let timeColumn, SourceValues.isNonZero(fields[timeColumn]) {
                history.skip(.cardioOrTimed)
                continue
            }
            skipped.forEach { history.skip($0) }
            for set in sets {
                collector.add((exercise, set.label, set.weight, set.reps, nil), unitKnown: true, key: key, start: start)
            }
        }
        history.workouts = collector.workouts
        history.shortened = names.shortened
        return history
    }
}
