import Foundation
import TopWeightCore

/// What one export brings one member, ready to store: records with ids
/// derived from their source rows, notes by day, body weights.
///
/// Consecutive identical sets of an exercise in a workout (same numbers,
/// RPE and kind) become one record with their number as `series`, at most
/// `Limits.series` to a record; nothing else is merged (a distance set never
/// is, nor, in a Strong file, a set whose number starts again: the lift's
/// next entry in the workout, as our own Strong export numbers each record),
/// so the sets and the volume of every day are the file's.
///
/// A weight × reps set on an exercise whose kind is bodyweight (the
/// catalog's Pull-Up, or a stored exercise of that kind) is a bodyweight set:
/// its weight is the load added to body weight (0: body weight alone).
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
    /// Sets by what they measure, and those with an RPE.
    var measured: [ExerciseKind: Int] = [:]
    var rated = 0
    var distanceWithoutTime = 0
    /// The id a record's first set had before imports read RPEs (its run of
    /// identical sets then had no RPEs to split it), where it differs: an
    /// import made then, deleted since or not, still answers for it.
    var formerUIDs: [String: String] = [:]

    /// Version of the recipe for ids: a change to it would make old imports look new.
    static let idScheme = "topweight-import-1"

    init(member: String) {
        self.member = member
    }

    init(_ source: SourceHistory, member: String, mapping: ExerciseMapping, calendar: Calendar, now: Date) {
        self.member = member
        let clock = LocalClock(calendar: calendar, now: now)
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
            var workoutSets = workout.sets
            for position in workoutSets.indices where workoutSets[position].values.measure == .weight
                && target(workoutSets[position].exercise).kind == .bodyweight {
                workoutSets[position].values.measure = .bodyweight
            }
            let former = Self.formerUIDs(of: workoutSets, format: source.format, memberKey: memberKey)
            let supersets = Self.supersetLabels(workoutSets)
            let seconds = workout.seconds ?? workout.end.map { Int(clock.date($0).timeIntervalSince(start).rounded()) }
            var index = 0
            while index < workoutSets.count {
                let first = workoutSets[index]
                var end = index + 1
                while end < workoutSets.count, end - index < Limits.series.upperBound, Self.same(workoutSets[end], as: first),
                      !Self.startsAgain(workoutSets[end], after: workoutSets[end - 1], format: source.format) { end += 1 }
                let run = workoutSets[index..<end]
                let uid = Self.uid(run, format: source.format, memberKey: memberKey)
                if let before = former[first.identity], before != uid { formerUIDs[uid] = before }
                let exercise = target(first.exercise)
                // A set's place in the workout, as milliseconds after its start: the day never changes.
                let performedAt = start.addingTimeInterval(Double(min(index, 999)) / 1000)
                var values = first.values
                values.series = run.count
                records.append(StoredRecord(
                    id: 0, uid: uid, user: member, exercise: exercise.name, category: exercise.category,
                    values: values, performedAt: performedAt, createdAt: now, editedAt: nil, deletedAt: nil, kind: first.kind,
                    exerciseKind: exercise.kind, superset: supersets[index],
                    source: RecordSource(app: source.format.rawValue, exercise: first.exercise, workout: workout.name,
                                         workoutStart: workout.start.hasTime ? start : nil, workoutSeconds: seconds).checked
                ))
                sets += run.count
                measured[values.measure, default: 0] += run.count
                if values.effort != nil { rated += run.count }
                if values.measure == .distance, values.duration == nil { distanceWithoutTime += run.count }
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
        // A new name measures what most of its sets do.
        var counts: [String: [ExerciseKind: Int]] = [:]
        for record in records where record.exerciseKind == nil {
            counts[NameRules.key(record.exercise), default: [:]][record.values.measure, default: 0] += record.values.series
        }
        let kinds = counts.mapValues { tally in
            tally.max { ($0.value, $1.key.rawValue) < ($1.value, $0.key.rawValue) }?.key ?? .weight
        }
        for index in records.indices where records[index].exerciseKind == nil {
            records[index].exerciseKind = kinds[NameRules.key(records[index].exercise)]
        }
        let setNames = Set(workouts.flatMap { $0.sets.map(\.exercise) })
        mapped = targets.filter { setNames.contains($0.key) && $0.value.mapped }.map { ($0.key, $0.value.name) }
            .sorted { NameRules.key($0.from) < NameRules.key($1.from) }
    }

    /// Each set of a workout in a superset, by its index: the app's ids
    /// lettered in the order they first come (`A`, `B` …), each lift by its
    /// first set in the group (`A1`, `A2`). A group of one lift is no superset.
    static func supersetLabels(_ sets: [SourceSet]) -> [Int: String] {
        var order: [String] = []
        var lifts: [String: [String]] = [:]
        for set in sets {
            guard let id = set.superset else { continue }
            if lifts[id] == nil { order.append(id) }
            let key = NameRules.key(set.exercise)
            if !(lifts[id]?.contains(key) ?? false) { lifts[id, default: []].append(key) }
        }
        let grouped = order.filter { (lifts[$0]?.count ?? 0) > 1 }
        var labels: [Int: String] = [:]
        for (index, set) in sets.enumerated() {
            guard let id = set.superset, let group = grouped.firstIndex(of: id), group < 26,
                  let position = lifts[id]?.firstIndex(of: NameRules.key(set.exercise)), position < 99,
                  let letter = Unicode.Scalar(65 + group) else { continue }
            labels[index] = "\(Character(letter))\(position + 1)"
        }
        return labels
    }

    /// Two sets one record can hold: a distance set is one record on its own.
    static func same(_ set: SourceSet, as other: SourceSet) -> Bool {
        set.exercise == other.exercise && set.values == other.values && set.kind == other.kind && set.values.measure != .distance
    }

    /// True when a Strong set's number is not above the one before it: a
    /// new entry of the lift (Strong numbers each entry's sets from 1).
    static func startsAgain(_ set: SourceSet, after previous: SourceSet, format: ImportFormat) -> Bool {
        guard format == .strong, let number = Int(set.label), let before = Int(previous.label) else { return false }
        return number <= before
    }

    /// The id of a run of sets: its rows' identities, for this format and member.
    static func uid(_ run: ArraySlice<SourceSet>, format: ImportFormat, memberKey: String) -> String {
        SourceUID.make([idScheme, format.rawValue, memberKey] + run.map(\.identity))
    }

    /// The id each weight × reps set's record had when imports read neither
    /// times, distances nor RPEs: runs made of those sets alone, told apart
    /// by weight, reps and kind only. By identity.
    static func formerUIDs(of sets: [SourceSet], format: ImportFormat, memberKey: String) -> [String: String] {
        let legacy = sets.filter(\.legacy)
        var former: [String: String] = [:]
        var index = 0
        while index < legacy.count {
            let first = legacy[index]
            var end = index + 1
            while end < legacy.count, end - index < Limits.series.upperBound, legacy[end].exercise == first.exercise,
                  legacy[end].values.weight == first.values.weight, legacy[end].values.reps == first.values.reps,
                  legacy[end].kind == first.kind { end += 1 }
            let uid = uid(legacy[index..<end], format: format, memberKey: memberKey)
            for set in legacy[index..<end] { former[set.identity] = uid }
            index = end
        }
        return former
    }

    /// The days the records fall on.
    func days(in calendar: Calendar) -> Set<LocalDay> {
        Set(records.map { LocalDay($0.performedAt, in: calendar) })
    }
}
