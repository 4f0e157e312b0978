import Foundation
import TopWeightCatalog
import TopWeightCore
import TopWeightText

// MARK: - Hevy, as Hevy writes it (`export --format hevy`)

extension HistoryExport {
    /// What an app's file holds of a member's history, and what it had to change.
    public struct AppReport: Sendable, Equatable {
        /// The unit of the file's weights (the one most of the member's sets have).
        public var unit: WeightUnit = .kg
        /// Set rows written.
        public var rows = 0
        /// Records in the other unit, converted.
        public var converted = 0
        /// Notes kept on days without a set (the file has rows for sets only).
        public var notesLeftOut = 0
    }

    /// Hevy's header with weights in `unit` and distances in miles or km.
    public static func hevyHeader(_ unit: WeightUnit, miles: Bool) -> String {
        ["title", "start_time", "end_time", "description", "exercise_title", "superset_id", "exercise_notes", "set_index", "set_type",
         unit == .kg ? "weight_kg" : "weight_lbs", "reps", miles ? "distance_miles" : "distance_km", "duration_seconds", "rpe"]
            .map(strongQuoted).joined(separator: ",")
    }

    /// `member`'s live records as Hevy's export: newest workout first, a row
    /// per set; the day's workouts as for Strong (`appDays`), titled as Hevy
    /// titled them, else after the day's routine; a set imported from Hevy on
    /// the name Hevy gave it, the others on Hevy's names for the catalog's lifts (a bodyweight
    /// set with a load on `… (Weighted)`, an assisted one on the assisted
    /// lift); `set_index` from 0 in each exercise; `set_type` normal, warmup,
    /// dropset, failure; a superset's lifts sharing a `superset_id` (0, 1 …
    /// in the workout); the day's note as every row's `description` (a
    /// paragraph `Lift: text` as that lift's `exercise_notes`).
    public static func hevy(from engine: any StorageEngine, member: User, calendar: Calendar, catalog: ExerciseCatalog,
                            write: (String) -> Void) throws(LogbookError) -> AppReport {
        let (records, infos, sources, report) = try appRecords(from: engine, member: member, calendar: calendar)
        var result = report
        // Distances in miles when most of the member's are (Hevy's setting is apart from the weights'), else as the weights go.
        let distances = records.compactMap(\.values.distance)
        let miles = distances.isEmpty ? result.unit == .lb : distances.filter { $0.unit == .mi }.count * 2 > distances.count
        write(hevyHeader(result.unit, miles: miles))
        for (day, workouts) in appDays(records, sources: sources, calendar: calendar).reversed() {
            let info = infos[day]
            let notes = strongNotes(info?.note, lifts: Set(workouts.flatMap { $0.records.map { NameRules.key($0.exercise) } }))
            for (position, workout) in workouts.enumerated().reversed() {
                let end = workout.start.addingTimeInterval(Double(workout.seconds))
                let title = workout.name ?? info?.routine ?? strongDefaultName(workout.start, calendar: calendar)
                let head = [strongQuoted(guarded(title)),
                            strongQuoted(hevyDate(workout.start, calendar: calendar)), strongQuoted(hevyDate(end, calendar: calendar)),
                            strongQuoted(guarded(position == 0 ? notes.workout : ""))]
                result.rows += hevyRows(workout.records, head: head, liftNotes: notes.lifts, unit: result.unit, miles: miles,
                                        conversions: &result.converted, catalog: catalog, sources: sources, write: write)
            }
        }
        return result
    }

    /// A member's live records oldest first, their days' notes and routines,
    /// where the imported ones came from, and the report's unit (the one
    /// most of the sets have) and notes left out.
    static func appRecords(from engine: any StorageEngine, member: User, calendar: Calendar) throws(LogbookError)
        -> (records: [WorkoutRecord], infos: [LocalDay: SessionInfo], sources: [Int64: RecordSource], report: AppReport) {
        var records = try engine.history(HistoryQuery(userID: member.id))
        records.reverse()
        var report = AppReport()
        var counts: [WeightUnit: Int] = [:]
        for record in records { counts[record.values.weight.unit, default: 0] += record.values.series }
        report.unit = (counts[.lb] ?? 0) > (counts[.kg] ?? 0) ? .lb : .kg
        let kept = try engine.sessionInfos(userID: member.id, from: LocalDay(year: 1, month: 1, day: 1) ?? LocalDay(Date(), in: calendar),
                                           through: LocalDay(year: 9999, month: 12, day: 31) ?? LocalDay(Date(), in: calendar))
        var infos: [LocalDay: SessionInfo] = [:]
        for info in kept { infos[info.day] = info }
        let trainingDays = Set(records.map { LocalDay($0.performedAt, in: calendar) })
        report.notesLeftOut = kept.filter { !trainingDays.contains($0.day) && !($0.note ?? "").isEmpty }.count
        return (records, infos, try engine.recordSources(userID: member.id), report)
    }

    /// One workout's rows; returns how many. An entry is a run of records
    /// of one lift (its assisted sets apart, and the sets Hevy gave another
    /// name); a record the same as the one before it starts another. An
    /// entry imported from Hevy is on the name Hevy gave it; else a
    /// bodyweight entry with a load on any set is on the lift's `(Weighted)`
    /// name, as Hevy keeps one name for an entry.
    static func hevyRows(_ records: [WorkoutRecord], head: [String], liftNotes: [String: String], unit: WeightUnit, miles: Bool,
                         conversions: inout Int, catalog: ExerciseCatalog, sources: [Int64: RecordSource], write: (String) -> Void) -> Int {
        func assisted(_ record: WorkoutRecord) -> Bool { record.values.measure == .bodyweight && record.values.assisted }
        var entries: [[WorkoutRecord]] = []
        for record in records {
            if let last = entries.last?.last, NameRules.key(last.exercise) == NameRules.key(record.exercise),
               assisted(last) == assisted(record), !sameSet(last, record),
               keptName(last, app: .hevy, sources: sources) == keptName(record, app: .hevy, sources: sources) {
                entries[entries.count - 1].append(record)
            } else {
                entries.append([record])
            }
        }
        var groups: [String] = []
        var rows = 0
        for entry in entries {
            guard let first = entry.first else { continue }
            let weighted = entry.contains { $0.values.measure == .bodyweight && !$0.values.assisted && $0.values.weight.hundredths > 0 }
            let name = keptName(first, app: .hevy, sources: sources)
                ?? catalog.appName(for: first.exercise, in: .hevy, assisted: assisted(first), weighted: weighted)
            var index = 0
            for record in entry {
                rows += hevyRecord(record, name: name, index: &index, groups: &groups, head: head, note: liftNotes[NameRules.key(record.exercise)] ?? "",
                                   unit: unit, miles: miles, conversions: &conversions, write: write)
            }
        }
        return rows
    }

    /// One record's rows (a row per set); returns how many.
    static func hevyRecord(_ record: WorkoutRecord, name: String, index: inout Int, groups: inout [String], head: [String], note: String,
                           unit: WeightUnit, miles: Bool, conversions: inout Int, write: (String) -> Void) -> Int {
        let values = record.values
        var superset = ""
        if let group = record.superset?.prefix(1), !group.isEmpty {
            if !groups.contains(String(group)) { groups.append(String(group)) }
            superset = String(groups.firstIndex(of: String(group)) ?? 0)
        }
        var weight = values.weight
        if weight.unit != unit {
            weight = converted(weight, to: unit)
            conversions += 1
        }
        let type = switch record.kind {
        case .warmup: "warmup"
        case .drop: "dropset"
        case .failure: "failure"
        case nil: "normal"
        }
        let lift = values.measure == .weight || values.measure == .bodyweight
        let load = weight.hundredths > 0 || values.measure == .weight ? weight.number.filter { $0 != " " } : ""
        let distance = values.distance.map { distance in
            SetFormat.distance(Distance(value: distance.metres / (miles ? 1609.344 : 1000), unit: miles ? .mi : .km))
        } ?? ""
        for _ in 0..<values.series {
            let fields = head + [
                strongQuoted(guarded(name)), superset, strongQuoted(guarded(note)), String(index), strongQuoted(type), load,
                lift ? String(values.reps) : "", distance, values.duration.map { String($0.seconds) } ?? "",
                values.effort.map(SetFormat.rpe) ?? "",
            ]
            write(fields.joined(separator: ","))
            index += 1
        }
        return values.series
    }

    /// `8 Apr 2026, 16:50`, local time, as Hevy writes a workout's start and end.
    static func hevyDate(_ date: Date, calendar: Calendar) -> String {
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = months[max(0, min(11, (c.month ?? 1) - 1))]
        return "\(c.day ?? 1) \(month) \(c.year ?? 0), " + String(format: "%02d:%02d", c.hour ?? 0, c.minute ?? 0)
    }
}
