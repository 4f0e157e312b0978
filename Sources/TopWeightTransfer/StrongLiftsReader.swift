import Foundation
import TopWeightCore

/// StrongLifts' export: a byte-order mark, one row an exercise of a
/// workout, its sets as column pairs `Set N (Reps)`, `Set N (KG)` (or `LB`);
/// a set not done has 0 reps.
enum StrongLiftsReader {
    static func workouts(_ table: inout CSVTable, unit asked: WeightUnit?, latest: WallTime?) throws(ImportError) -> SourceHistory {
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

        let variant = "\(pairs.count) set columns, weights in \(fileUnit.rawValue)"
        return try ExportRows.read(&table, format: .stronglifts, variant: variant, unit: asked, latest: latest) { rows, fields throws(RowProblem) in
            let start = try rows.date(fields[dateColumn], at: startColumn.map { fields[$0] } ?? "", field: "start time")
            let exercise = try rows.exercise(fields[exerciseColumn])
            // A workout is its date and its number (two on one day are two workouts).
            let workoutNumber = workoutColumn.map { fields[$0].trimmingCharacters(in: .whitespaces) } ?? ""
            let key = String(start.canonical.prefix(10)) + " #" + workoutNumber
            var sets: [(label: String, outcome: SetFields.Outcome)] = []
            for pair in pairs {
                let repsText = fields[pair.reps].trimmingCharacters(in: .whitespaces)
                let weightText = fields[pair.weight].trimmingCharacters(in: .whitespaces)
                // An empty pair is a set the workout never had.
                if repsText.isEmpty && weightText.isEmpty { continue }
                do throws(RowProblem) {
                    sets.append((pair.label, try SetFields.read(reps: repsText, weight: weightText, unit: .fixed(pair.unit), fields: fields)))
                } catch {
                    throw error.placed("Set \(pair.label)")
                }
            }
            rows.workout(key: key, start: start) { workout in
                if let notesColumn { workout.addNote(fields[notesColumn], exercise: exercise) }
            }
            if sets.isEmpty, let timeColumn, SourceValues.isNonZero(fields[timeColumn]) {
                rows.skip(.cardioOrTimed)
                return
            }
            for set in sets {
                rows.add(set.outcome, exercise: exercise, label: set.label, kind: nil, key: key, start: start)
            }
        }
    }
}
