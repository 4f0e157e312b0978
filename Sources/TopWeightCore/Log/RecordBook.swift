import Foundation

/// The one rule of a personal record, for every part that names one: the
/// rack's line after a save, the board's records of today, the coach's
/// report, and what `prs` lists as standing.
///
/// A set is a PR when `PersonalRecord.beaten` finds it beat the member's
/// bests of that exercise among the live working sets done before it
/// (heaviest, e1RM by Epley, most reps at that weight or heavier; for the
/// other kinds their own): what the rack announces on a save is that and no
/// more. A tie is not a PR; volume is a best `prs` lists, never a PR. A
/// member's first working set of an exercise beats nothing: it is a
/// *first*, one, whatever it weighs. Warm-ups and deleted sets count for
/// nothing.
///
/// A book replays sets in the order they were done (`performedAt`, then
/// id), as the rack judged them when they were logged in that order.
public struct RecordBook: Sendable {
    /// What the rule says of one set.
    public enum Verdict: Sendable, Hashable {
        /// A warm-up, a deleted set, or a set that beat nothing.
        case none
        /// The member's first working set of the exercise.
        case first
        /// The records it beat, as the rack's line names them (never empty).
        case records([PersonalRecord])

        public var records: [PersonalRecord] {
            if case .records(let records) = self { return records }
            return []
        }
    }

    private struct Key: Hashable {
        var user: String
        var exercise: String
    }

    /// What a member's earlier working sets of one exercise leave to beat.
    private struct Seen: Sendable {
        /// Weight sets: the heaviest at each rep count (the first of equals), in hundredths of a kilogram.
        var atReps: [Int: (centikilograms: Int, best: BestSet)] = [:]
        /// Bests known without their sets (the board's, from before today).
        var floor = ExerciseBests()
        /// The other kinds' bests, as the engines find them.
        var kinds = ExerciseBests()

        /// The bests a set of `values` is measured against.
        func bests(for values: SetValues) -> ExerciseBests {
            guard values.measure == .weight else { return kinds }
            var bests = kinds
            let frontier = atReps.values.map(\.best)
            bests.heaviest = ([floor.heaviest].compactMap { $0 } + frontier)
                .max { ($0.weight.kilograms, $0.reps) < ($1.weight.kilograms, $1.reps) }
            func estimate(_ set: BestSet) -> Double {
                set.reps == 1 ? set.weight.kilograms : set.weight.kilograms * Double(30 + set.reps) / 30
            }
            bests.strongest = ([floor.strongest].compactMap { $0 } + frontier)
                .max { (estimate($0), $0.weight.kilograms) < (estimate($1), $1.weight.kilograms) }
            let lightest = values.weight.kilograms - 0.005
            bests.mostReps = frontier.filter { $0.weight.kilograms >= lightest }.max { $0.reps < $1.reps }
            return bests
        }

        mutating func add(_ record: WorkoutRecord) {
            let values = record.values
            let kept = KindBest(id: record.id, values: values)
            switch values.measure {
            case .weight:
                let centikilograms = PersonalRecord.centikilograms(values.weight)
                if let held = atReps[values.reps], held.centikilograms >= centikilograms { return }
                atReps[values.reps] = (centikilograms, BestSet(id: record.id, weight: values.weight, reps: values.reps))
            case .bodyweight:
                guard !values.assisted else { return }
                let kilograms = values.weight.kilograms
                if kinds.mostRepsUnassisted.map({ (values.reps, kilograms) > ($0.values.reps, $0.values.weight.kilograms) }) ?? true {
                    kinds.mostRepsUnassisted = kept
                }
                if kinds.addedLoad.map({ (kilograms, values.reps) > ($0.values.weight.kilograms, $0.values.reps) }) ?? true {
                    kinds.addedLoad = kept
                }
            case .time:
                guard let seconds = values.duration?.seconds else { return }
                if kinds.longestHold.map({ seconds > ($0.values.duration?.seconds ?? 0) }) ?? true { kinds.longestHold = kept }
            case .distance:
                guard let distance = values.distance, let duration = values.duration else { return }
                if kinds.longestDistance.map({ distance.metres > ($0.values.distance?.metres ?? 0) }) ?? true { kinds.longestDistance = kept }
                let pace = distance.pace(over: duration)
                if kinds.fastestPace.map({ held in
                    guard let was = held.values.distance, let time = held.values.duration else { return true }
                    return pace < was.pace(over: time)
                }) ?? true { kinds.fastestPace = kept }
            }
        }
    }

    private var seen: [Key: Seen] = [:]
    /// Each name's key, made once (a report judges thousands of sets of a few hundred names).
    private var keys: [String: String] = [:]

    public init() {}

    private mutating func key(_ user: String, _ exercise: String) -> Key {
        func made(_ name: String, _ keys: inout [String: String]) -> String {
            if let known = keys[name] { return known }
            let key = NameRules.key(name)
            keys[name] = key
            return key
        }
        return Key(user: made(user, &keys), exercise: made(exercise, &keys))
    }

    /// Bests a member had on an exercise before the sets this book will be
    /// shown (the board's: before today), in kilograms: the heaviest weight
    /// and the best e1RM. With these the exercise's next set is no first.
    public mutating func know(user: String, exercise: String, heaviest: Double?, estimate: Double?) {
        guard heaviest != nil || estimate != nil else { return }
        let key = key(user, exercise)
        var prior = seen[key] ?? Seen()
        if let heaviest { prior.floor.heaviest = BestSet(id: 0, weight: Weight(value: heaviest, unit: .kg), reps: 1) }
        if let estimate { prior.floor.strongest = BestSet(id: 0, weight: Weight(value: estimate, unit: .kg), reps: 1) }
        seen[key] = prior
    }

    /// Judges `record`, the next set done, and keeps it as one to beat.
    public mutating func judge(_ record: WorkoutRecord) -> Verdict {
        guard record.kind != .warmup, record.deletedAt == nil else { return .none }
        let key = key(record.user, record.exercise)
        guard let bests = seen[key]?.bests(for: record.values) else {
            var first = Seen()
            first.add(record)
            seen[key] = first
            return .first
        }
        let records = PersonalRecord.beaten(by: record.values, kind: record.kind, bests: bests)
        // In place: a copy kept aside would make the add copy the member's rep counts.
        seen[key]?.add(record)
        return records.isEmpty ? .none : .records(records)
    }

    /// Every set of `records` (any order, any members) with the rule's
    /// verdict, in the order they were done.
    public static func replay(_ records: [WorkoutRecord]) -> [(record: WorkoutRecord, verdict: Verdict)] {
        var book = RecordBook()
        return records.sorted { ($0.performedAt, $0.id) < ($1.performedAt, $1.id) }.map { ($0, book.judge($0)) }
    }
}

extension PersonalRecord {
    /// The record's numbers as a report writes them: the new best and the
    /// one it beat, each in its unit (`kg`/`lb`, `reps`, `s`, `m`, `s/km`).
    public var figures: (value: Double, unit: String, was: Double, wasUnit: String) {
        switch kind {
        case .heaviest, .e1rm, .volume:
            return (weight.value, weight.unit.rawValue, previousWeight.value, previousWeight.unit.rawValue)
        case .reps:
            return (Double(reps), "reps", Double(previousReps), "reps")
        case .addedLoad:
            return (weight.value, weight.unit.rawValue, previousWeight.value, previousWeight.unit.rawValue)
        case .longestHold:
            return (Double(set?.duration?.seconds ?? 0), "s", Double(previousSet?.duration?.seconds ?? 0), "s")
        case .longestDistance:
            return (set?.distance?.metres ?? 0, "m", previousSet?.distance?.metres ?? 0, "m")
        case .fastestPace:
            func pace(_ values: SetValues?) -> Double {
                guard let distance = values?.distance, let duration = values?.duration else { return 0 }
                return distance.pace(over: duration)
            }
            return (pace(set), "s/km", pace(previousSet), "s/km")
        }
    }
}
