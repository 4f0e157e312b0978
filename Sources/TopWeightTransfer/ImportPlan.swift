import Foundation
import TopWeightCore

/// What one export brings one member, ready to store: records with ids
/// derived from their source rows, notes by day, body weights.
///
/// Consecutive identical sets of an exercise in a workout (same weight,
/// reps and kind) become one record with their number as `series`, at most
/// `Limits.series` to a record; nothing else is merged, so the sets and the
/// volume of every day are the file's.
struct ImportPlan {
    var member: String
    var records: [StoredRecord] = []
    /// Sets in all (the records' series added up).
    var sets = 0
    /// Days with a note to add: paragraphs in order, each once.
    var notes: [(day: LocalDay, paragraphs: [String])] = []
    var bodyWeights: [(uid: String, weight: Weight, measuredAt: Date)] = []
    /// App names put on a catalog exercise spelt otherwise, by app name.
    var mapped: [(from: String, to: String)] = []

    /// Version of the recipe for ids: a change to it would make old imports look new.
    static let idScheme = "topweight-import-1"

    init(member: String) {
        self.member = member
    }

    init(_ source: SourceHistory, member: String, mapping: ExerciseMapping, calendar: Calendar, now: Date) {
        self.member = member
        let clock = LocalClock(calendar: calendar)
        let memberKey = NameRules.key(member)
        var targets: [String: ExerciseMapping.Target] = [:]
        func target(_ name: String) -> ExerciseMapping.Target {
            if let known = targets[name] { return known }
            let found = mapping.target(for: name)
            targets[name] = found
            return found
        }
        // Oldest workout first (Hevy writes newest first), the file's order among equals.
        let workouts = source.workouts.enumerated().sorted {
            ($0.element.start.canonical, $0.offset) < ($1.element.start.canonical, $1.offset)
        }.map(\.element)
        var notesByDay: [LocalDay: [String]] = [:]
        var noteDays: [LocalDay] = []
        for workout in workouts {
            let start = clock.date(workout.start)
            var index = 0
            while index < workout.sets.count {
                let first = workout.sets[index]
                var end = index + 1
                while end < workout.sets.count, end - index < Limits.series.upperBound, Self.same(workout.sets[end], as: first) { end += 1 }
                let run = workout.sets[index..<end]
                let uid = SourceUID.make([Self.idScheme, source.format.rawValue, memberKey] + run.map(\.identity))
                let exercise = target(first.exercise)
                // A set's place in the workout, as milliseconds after its start: the day never changes.
                let performedAt = start.addingTimeInterval(Double(min(index, 999)) / 1000)
                records.append(StoredRecord(
                    id: 0, uid: uid, user: member, exercise: exercise.name, category: exercise.category,
                    values: SetValues(weight: first.weight, reps: first.reps, series: run.count),
                    performedAt: performedAt, createdAt: now, editedAt: nil, deletedAt: nil, kind: first.kind
                ))
                sets += run.count
                index = end
            }
            let paragraphs = workout.notes + workout.exerciseNotes.map { "\(target($0.exercise).name): \($0.note)" }
            guard !paragraphs.isEmpty else { continue }
            let day = LocalDay(start, in: calendar)
            if notesByDay[day] == nil { noteDays.append(day) }
            for paragraph in paragraphs where !(notesByDay[day]?.contains(paragraph) ?? false) {
                notesByDay[day, default: []].append(paragraph)
            }
        }
        notes = noteDays.sorted().map { ($0, notesByDay[$0] ?? []) }
        for measurement in source.bodyWeights {
            let uid = SourceUID.make([Self.idScheme, "body", source.format.rawValue, memberKey, measurement.identity])
            bodyWeights.append((uid, measurement.weight, clock.date(measurement.measuredAt)))
        }
        let setNames = Set(workouts.flatMap { $0.sets.map(\.exercise) })
        mapped = targets.filter { setNames.contains($0.key) && $0.value.mapped }.map { ($0.key, $0.value.name) }
            .sorted { NameRules.key($0.from) < NameRules.key($1.from) }
    }

    /// Two sets one record can hold.
    static func same(_ set: SourceSet, as other: SourceSet) -> Bool {
        set.exercise == other.exercise && set.weight == other.weight && set.reps == other.reps && set.kind == other.kind
    }

    /// The days the records fall on.
    func days(in calendar: Calendar) -> Set<LocalDay> {
        Set(records.map { LocalDay($0.performedAt, in: calendar) })
    }
}
