import Foundation
import TopWeightCatalog
import TopWeightCore
import TopWeightText

// MARK: - FitNotes, as FitNotes writes it (`export --format fitnotes`)

extension HistoryExport {
    /// The header of FitNotes' workout export (the newer one, a unit on each row).
    public static let fitNotesHeader = "Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time,Comment"

    /// `member`'s live records as FitNotes' export: oldest day first, a row
    /// per set, a set imported from FitNotes on the name FitNotes gave it, the
    /// others on FitNotes' names for the catalog's lifts; its categories
    /// (Chest, Back, Shoulders, Biceps, Triceps, Legs, Abs, Cardio), each
    /// set's weight with its unit (`kgs`, `lbs`), a timed set's Time as
    /// h:mm:ss, a distance with its unit; a paragraph `Lift: text` of the
    /// day's note as that lift's Comment on its first row. FitNotes keeps
    /// no time of day, workout, warm-up, RPE nor superset: those are not
    /// written, nor the day's own note (counted in `notesLeftOut`).
    public static func fitNotes(from engine: any StorageEngine, member: User, calendar: Calendar, catalog: ExerciseCatalog,
                                write: (String) -> Void) throws(LogbookError) -> AppReport {
        var (records, infos, sources, report) = try appRecords(from: engine, member: member, calendar: calendar)
        write(fitNotesHeader)
        var days: [(day: LocalDay, records: [WorkoutRecord])] = []
        for record in records {
            let day = LocalDay(record.performedAt, in: calendar)
            if days.last?.day == day { days[days.count - 1].records.append(record) } else { days.append((day, [record])) }
        }
        records = []
        for (day, dayRecords) in days {
            var notes = strongNotes(infos[day]?.note, lifts: Set(dayRecords.map { NameRules.key($0.exercise) }))
            if !notes.workout.isEmpty { report.notesLeftOut += 1 }
            for record in dayRecords {
                let values = record.values
                let name = keptName(record, app: .fitnotes, sources: sources)
                    ?? catalog.appName(for: record.exercise, in: .fitnotes, assisted: values.measure == .bodyweight && values.assisted)
                let comment = notes.lifts.removeValue(forKey: NameRules.key(record.exercise)) ?? ""
                let lift = values.measure == .weight || values.measure == .bodyweight
                let weight = values.weight
                let hasWeight = lift || weight.hundredths > 0
                let time = values.duration.map { fitNotesTime($0.seconds) } ?? ""
                let fields = [
                    day.description, DataFormats.csv(guarded(name)), fitNotesCategory(record.exercise, catalog: catalog),
                    hasWeight ? strongDecimal(weight.number) : "", hasWeight ? (weight.unit == .kg ? "kgs" : "lbs") : "",
                    lift ? String(values.reps) : "",
                    values.distance.map { strongDecimal(SetFormat.distance($0)) } ?? "", values.distance?.unit.rawValue ?? "", time,
                ]
                for index in 0..<values.series {
                    write((fields + [strongQuoted(index == 0 ? guarded(comment) : "")]).joined(separator: ","))
                    report.rows += 1
                }
            }
        }
        return report
    }

    /// `0:05:00`, `1:59:30`.
    static func fitNotesTime(_ seconds: Int) -> String {
        "\(seconds / 3_600):" + String(format: "%02d:%02d", seconds % 3_600 / 60, seconds % 60)
    }

    /// FitNotes' category for a lift, from the catalog's primary muscle
    /// (a lift the catalog doesn't know: `Other`).
    static func fitNotesCategory(_ exercise: String, catalog: ExerciseCatalog) -> String {
        guard let entry = catalog.entry(named: exercise) else { return "Other" }
        if entry.category == "cardio" { return "Cardio" }
        switch entry.muscle ?? "" {
        case "chest": return "Chest"
        case "back", "lower back", "traps": return "Back"
        case "shoulders": return "Shoulders"
        case "biceps", "forearms": return "Biceps"
        case "triceps": return "Triceps"
        case "core": return "Abs"
        case "quads", "hamstrings", "glutes", "adductors", "abductors", "calves": return "Legs"
        default: return "Other"
        }
    }
}
