import Foundation
import TopWeightCore

// MARK: - The workouts an app's export writes, and the names an import kept

extension HistoryExport {
    /// One workout of an app's export: its start, its records in order, and
    /// the name and length (seconds) it is written with when its app gave them.
    struct AppWorkout {
        var start: Date
        var records: [WorkoutRecord]
        /// The app's name for it (an import kept it), else `nil`: the day's routine or the app's default.
        var name: String?
        var seconds: Int
    }

    /// The name `app` gave the lift of `record`, when the record was imported
    /// from that app and has not been edited since (an edit may have put it on
    /// another lift): an export back to the app gives back the app's own name.
    static func keptName(_ record: WorkoutRecord, app: ImportFormat, sources: [Int64: RecordSource]) -> String? {
        guard let source = sources[record.id], source.app == app.rawValue, !source.edited else { return nil }
        return source.exercise
    }

    /// The records (oldest first) by local day, each day's as its workouts,
    /// in order of their start:
    /// - a workout an import brought (`RecordSource.workoutStart`), each apart,
    ///   even two of one set each on one day, with its app's name and length;
    /// - runs of records that start within one second of the run's first (a
    ///   workout an import brought before imports kept their workouts), each a
    ///   workout, from its first set to its last;
    /// - the records between them, each in a second of its own (logged here),
    ///   one workout, from its first set to its last.
    static func appDays(_ records: [WorkoutRecord], sources: [Int64: RecordSource], calendar: Calendar)
        -> [(day: LocalDay, workouts: [AppWorkout])] {
        func second(_ date: Date) -> Double { date.timeIntervalSince1970.rounded(.down) }
        func length(_ records: [WorkoutRecord], from start: Date) -> Int {
            Int((records.last?.performedAt ?? start).timeIntervalSince(start).rounded())
        }
        var days: [(day: LocalDay, records: [WorkoutRecord])] = []
        for record in records {
            let day = LocalDay(record.performedAt, in: calendar)
            if days.last?.day == day { days[days.count - 1].records.append(record) } else { days.append((day, [record])) }
        }
        return days.map { day in
            var kept: [AppWorkout] = []
            var keys: [String: Int] = [:]
            var runs: [[WorkoutRecord]] = []
            for record in day.records {
                // A set moved since to another time is no longer in the workout it came in.
                if let source = sources[record.id], let start = source.workoutStart, abs(record.performedAt.timeIntervalSince(start)) < 1 {
                    let key = "\(source.app)\u{1F}\(start.timeIntervalSince1970)\u{1F}\(source.workout ?? "")"
                    if let index = keys[key] {
                        kept[index].records.append(record)
                    } else {
                        keys[key] = kept.count
                        kept.append(AppWorkout(start: start, records: [record], name: source.workout, seconds: source.workoutSeconds ?? -1))
                    }
                    continue
                }
                if let first = runs.last?.first, second(first.performedAt) == second(record.performedAt) {
                    runs[runs.count - 1].append(record)
                } else {
                    runs.append([record])
                }
            }
            for index in kept.indices where kept[index].seconds < 0 {
                kept[index].seconds = length(kept[index].records, from: kept[index].start)
            }
            var workouts: [AppWorkout] = []
            var loose = false
            for run in runs {
                let start = Date(timeIntervalSince1970: second(run[0].performedAt))
                if run.count == 1, loose, let last = workouts.last {
                    workouts[workouts.count - 1].records += run
                    workouts[workouts.count - 1].seconds = length(workouts[workouts.count - 1].records, from: last.start)
                } else {
                    workouts.append(AppWorkout(start: start, records: run, name: nil, seconds: length(run, from: start)))
                }
                loose = run.count == 1
            }
            let all = (kept + workouts).enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
            return (day.day, all)
        }
    }
}
