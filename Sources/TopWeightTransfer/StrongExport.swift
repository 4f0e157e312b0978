import Foundation
import TopWeightCatalog
import TopWeightCore
import TopWeightText

// MARK: - Strong, as Strong writes it (`export --format strong`)

extension HistoryExport {
    /// The header of Strong's comma export, as the app writes it today.
    public static let strongCommaHeader = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"

    /// One workout as Strong has it: its start, name, length and records in order.
    struct StrongWorkout {
        var start: Date
        var name: String
        var seconds: Int
        var records: [WorkoutRecord]
    }

    /// `member`'s live records as Strong's comma export: a row per set, the
    /// day's workouts as they were (`appDays`: an imported workout with the
    /// name, start and length its app gave it; the sets logged here on a day
    /// one workout, from its first set to its last, named after the day's
    /// routine, else Strong's `Morning Workout`, `Afternoon Workout`,
    /// `Evening Workout`), a set imported from Strong on the name Strong
    /// gave its lift, the others on Strong's names for the catalog's lifts
    /// (`ExerciseCatalog.strongName`), an entry's sets numbered from 1 and
    /// warm-ups, drops and failures as `W`, `D`, `F`, an assisted set's
    /// assistance as its weight on the assisted lift, the day's note on its
    /// first workout's first row (a paragraph `Lift: text` on that lift's
    /// first row, as Strong keeps an exercise's notes). Weights in the unit
    /// most of the sets have (the file says none: the reader must be told),
    /// distances in km, times in seconds.
    public static func strongComma(from engine: any StorageEngine, member: User, calendar: Calendar, catalog: ExerciseCatalog,
                                   write: (String) -> Void) throws(LogbookError) -> StrongReport {
        var records = try engine.history(HistoryQuery(userID: member.id))
        records.reverse()
        var report = StrongReport()
        var counts: [WeightUnit: Int] = [:]
        for record in records { counts[record.values.weight.unit, default: 0] += record.values.series }
        report.unit = (counts[.lb] ?? 0) > (counts[.kg] ?? 0) ? .lb : .kg
        write(strongCommaHeader)

        let kept = try engine.sessionInfos(userID: member.id, from: LocalDay(year: 1, month: 1, day: 1) ?? LocalDay(Date(), in: calendar),
                                           through: LocalDay(year: 9999, month: 12, day: 31) ?? LocalDay(Date(), in: calendar))
        var infos: [LocalDay: SessionInfo] = [:]
        for info in kept { infos[info.day] = info }
        let sources = try engine.recordSources(userID: member.id)
        let days = appDays(records, sources: sources, calendar: calendar)
        let trainingDays = Set(days.map(\.day))
        report.notesLeftOut = kept.filter { !trainingDays.contains($0.day) && !($0.note ?? "").isEmpty }.count

        for (day, workouts) in days {
            let info = infos[day]
            var notes = strongNotes(info?.note, lifts: Set(workouts.flatMap { $0.records.map { NameRules.key($0.exercise) } }))
            for (position, kept) in workouts.enumerated() {
                let workout = StrongWorkout(
                    start: kept.start, name: kept.name ?? info?.routine ?? strongDefaultName(kept.start, calendar: calendar),
                    seconds: kept.seconds, records: kept.records)
                report.rows += strongRows(workout, workoutNote: position == 0 ? notes.workout : nil, entryNotes: &notes.lifts,
                                          unit: report.unit, conversions: &report.converted, calendar: calendar, catalog: catalog,
                                          sources: sources, write: write)
            }
        }
        return report
    }

    /// Two records of the same set (their series aside): the second starts an
    /// entry of its own, as an import keeps a run of one set together.
    static func sameSet(_ one: WorkoutRecord, _ other: WorkoutRecord) -> Bool {
        var values = other.values
        values.series = one.values.series
        return one.values == values && one.kind == other.kind
    }

    /// Strong's name for a workout it was given no name for, by the time it began.
    static func strongDefaultName(_ start: Date, calendar: Calendar) -> String {
        let hour = calendar.component(.hour, from: start)
        return hour < 12 ? "Morning Workout" : hour < 17 ? "Afternoon Workout" : "Evening Workout"
    }

    /// A day's note as Strong keeps notes: a paragraph `Lift: text` naming
    /// one of the day's lifts (as an import writes an exercise's note) that
    /// lift's note, the others the workout's.
    static func strongNotes(_ note: String?, lifts: Set<String>) -> (workout: String, lifts: [String: String]) {
        guard let note, !note.isEmpty else { return ("", [:]) }
        var workout: [String] = []
        var byLift: [String: [String]] = [:]
        for paragraph in note.components(separatedBy: "\n\n") {
            if let colon = paragraph.range(of: ": "), lifts.contains(NameRules.key(String(paragraph[..<colon.lowerBound]))) {
                byLift[NameRules.key(String(paragraph[..<colon.lowerBound])), default: []].append(String(paragraph[colon.upperBound...]))
            } else {
                workout.append(paragraph)
            }
        }
        return (workout.joined(separator: "\n\n"), byLift.mapValues { $0.joined(separator: "\n\n") })
    }

    /// A workout's rows; returns how many. An entry is a run of records of
    /// one lift (on one Strong name); a record the same as the one before it
    /// starts another (an import splits an entry only where its numbers change).
    static func strongRows(_ workout: StrongWorkout, workoutNote: String?, entryNotes: inout [String: String], unit: WeightUnit,
                           conversions: inout Int, calendar: Calendar, catalog: ExerciseCatalog, sources: [Int64: RecordSource],
                           write: (String) -> Void) -> Int {
        let date = strongDate(workout.start, calendar: calendar)
        let duration = strongDuration(workout.seconds)
        var rows = 0
        var previous: (name: String, record: WorkoutRecord)?
        var number = 0
        for record in workout.records {
            let name = keptName(record, app: .strong, sources: sources)
                ?? catalog.strongName(for: record.exercise, assisted: record.values.measure == .bodyweight && record.values.assisted)
            let newEntry = previous.map { $0.name != name || sameSet($0.record, record) } ?? true
            if newEntry { number = 0 }
            var note: String?
            if newEntry, let text = entryNotes.removeValue(forKey: NameRules.key(record.exercise)) { note = text }
            var weight = record.values.weight
            if weight.unit != unit {
                weight = converted(weight, to: unit)
                conversions += 1
            }
            for index in 0..<record.values.series {
                let order: String
                switch record.kind {
                case .warmup: order = "W"
                case .drop: order = "D"
                case .failure: order = "F"
                case nil:
                    number += 1
                    order = String(number)
                }
                let set = strongCommaFields(record.values, weight: weight)
                let first = rows == 0
                let notes = newEntry && index == 0 ? strongQuoted(guarded(note ?? "")) : ""
                let workoutNotes = first ? strongQuoted(guarded(workoutNote ?? "")) : ""
                write([date, strongQuoted(guarded(workout.name)), duration, strongQuoted(guarded(name)), order,
                       set.weight, set.reps, set.distance, set.seconds, notes, workoutNotes, set.rpe].joined(separator: ","))
                rows += 1
            }
            previous = (name, record)
        }
        return rows
    }

    /// A set's Weight, Reps, Distance (km), Seconds and RPE as Strong writes
    /// them: `100.0`, `5`, `0`, `0` for a lift; weight and reps `0` for a
    /// timed or distance set without load.
    static func strongCommaFields(_ values: SetValues, weight: Weight)
        -> (weight: String, reps: String, distance: String, seconds: String, rpe: String) {
        let lift = values.measure == .weight || values.measure == .bodyweight
        let distance = values.distance.map { strongDecimal(SetFormat.distance(Distance(value: $0.metres / 1000, unit: .km))) } ?? "0"
        return (strongDecimal(weight.number), lift ? String(values.reps) : "0", distance,
                values.duration.map { String($0.seconds) } ?? "0", values.effort.map(SetFormat.rpe) ?? "")
    }

    /// `100` → `100.0`, `62.5` as it is (grouping spaces dropped).
    static func strongDecimal(_ number: String) -> String {
        let plain = number.filter { $0 != " " }
        return plain.contains(".") ? plain : plain + ".0"
    }

    /// `1h 5m`, `38m`, `55s`, as Strong writes a workout's length.
    static func strongDuration(_ seconds: Int) -> String {
        if seconds >= 3_600 { return "\(seconds / 3_600)h \(seconds % 3_600 / 60)m" }
        if seconds >= 60 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }

    /// A text field as Strong writes one: quoted, quotes doubled.
    static func strongQuoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
