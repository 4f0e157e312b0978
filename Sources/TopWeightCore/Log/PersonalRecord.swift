import Foundation

/// The personal records kept for each member and exercise.
public enum RecordKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// The heaviest weight lifted.
    case heaviest
    /// The best estimated one-rep max.
    case e1rm
    /// The most reps in one set (on a save: at that weight or more). Of a
    /// bodyweight exercise: among the unassisted sets, whatever the added load.
    case reps
    /// The most weight × reps × series in one entry.
    case volume
    /// Bodyweight: the heaviest load added to body weight (unassisted sets).
    case addedLoad
    /// Time: the longest hold.
    case longestHold
    /// Distance: the longest distance (compared in metres).
    case longestDistance
    /// Distance: the fastest pace (least time per kilometre); on a save,
    /// against the sets at least as long as the new one.
    case fastestPace
}

/// One set a personal record is measured from: which record, its weight and reps.
public struct BestSet: Sendable, Hashable {
    public var id: Int64
    public var weight: Weight
    public var reps: Int

    public init(id: Int64, weight: Weight, reps: Int) {
        self.id = id
        self.weight = weight
        self.reps = reps
    }
}

/// A set of another kind than weight that holds a best: which record and its numbers.
public struct KindBest: Sendable, Hashable {
    public var id: Int64
    public var values: SetValues

    public init(id: Int64, values: SetValues) {
        self.id = id
        self.values = values
    }
}

/// What a new set is measured against: the member's best other live working
/// sets of one exercise (warm-ups and deleted sets left out), as the logbook
/// finds them through its indexes.
public struct ExerciseBests: Sendable, Hashable {
    /// The heaviest set (compared in kilograms); `nil` when there is no other working set.
    public var heaviest: BestSet?
    /// The set with the best Epley estimate.
    public var strongest: BestSet?
    /// Among the sets at least as heavy as the new one, the one with the most reps.
    public var mostReps: BestSet?

    /// Bodyweight: the unassisted set with the most reps (of equal reps, the heaviest added load).
    public var mostRepsUnassisted: KindBest?
    /// Bodyweight: the unassisted set with the heaviest added load (body weight alone is 0).
    public var addedLoad: KindBest?
    /// Time: the longest hold.
    public var longestHold: KindBest?
    /// Distance: the longest distance, in metres.
    public var longestDistance: KindBest?
    /// Distance: the fastest pace among the sets at least as long as the new one.
    public var fastestPace: KindBest?

    public init(heaviest: BestSet? = nil, strongest: BestSet? = nil, mostReps: BestSet? = nil,
                mostRepsUnassisted: KindBest? = nil, addedLoad: KindBest? = nil, longestHold: KindBest? = nil,
                longestDistance: KindBest? = nil, fastestPace: KindBest? = nil) {
        self.heaviest = heaviest
        self.strongest = strongest
        self.mostReps = mostReps
        self.mostRepsUnassisted = mostRepsUnassisted
        self.addedLoad = addedLoad
        self.longestHold = longestHold
        self.longestDistance = longestDistance
        self.fastestPace = fastestPace
    }

    /// The formula the logbook's `strongest` is found with, and the save's e1RM record.
    public static let formula = OneRepMaxFormula.epley
}

/// A personal record a new set just set, with the best it beat.
public struct PersonalRecord: Sendable, Hashable {
    public var kind: RecordKind
    /// The new best: the weight (heaviest), the estimate (e1rm) or the set's weight (reps).
    public var weight: Weight
    /// The reps of the new set (reps).
    public var reps: Int
    /// The best before, the same way.
    public var previousWeight: Weight
    public var previousReps: Int
    /// The new set and the one it beat, for the records of the other kinds
    /// (bodyweight, time, distance); `nil` for a weight set's records.
    public var set: SetValues?
    public var previousSet: SetValues?

    /// The records `values` beats against `bests`, heaviest, e1RM, reps in that order.
    ///
    /// A warm-up beats nothing; neither does a member's first working set of
    /// an exercise (there is nothing to beat). A tie is not a record: weights
    /// are compared in kilograms to the hundredth, so 100 kg and 220.46 lb
    /// are the same. Most reps counts only when a set at least as heavy was
    /// done before (a heavier weight than ever is the heaviest record already).
    ///
    /// The other kinds compare with their own sets only: a bodyweight set
    /// (unassisted: assistance is no record) its reps and its added load, a
    /// timed set its hold, a distance set its distance (in metres) and its
    /// pace (against the fastest over any distance, the best `prs` names).
    public static func beaten(by values: SetValues, kind: SetKind?, bests: ExerciseBests) -> [PersonalRecord] {
        guard kind != .warmup else { return [] }
        switch values.measure {
        case .weight: return weightBeaten(by: values, bests: bests)
        case .bodyweight: return bodyweightBeaten(by: values, bests: bests)
        case .time:
            guard let hold = bests.longestHold, let new = values.duration, let old = hold.values.duration, new > old else { return [] }
            return [PersonalRecord(kind: .longestHold, set: values, previous: hold.values)]
        case .distance: return distanceBeaten(by: values, bests: bests)
        }
    }

    private static func bodyweightBeaten(by values: SetValues, bests: ExerciseBests) -> [PersonalRecord] {
        guard !values.assisted else { return [] }
        var records: [PersonalRecord] = []
        if let most = bests.mostRepsUnassisted, values.reps > most.values.reps {
            records.append(PersonalRecord(kind: .reps, set: values, previous: most.values))
        }
        if let load = bests.addedLoad, !load.values.assisted,
           centikilograms(values.weight) > centikilograms(load.values.weight) {
            records.append(PersonalRecord(kind: .addedLoad, set: values, previous: load.values))
        }
        return records
    }

    private static func distanceBeaten(by values: SetValues, bests: ExerciseBests) -> [PersonalRecord] {
        guard let distance = values.distance, let duration = values.duration else { return [] }
        var records: [PersonalRecord] = []
        if let longest = bests.longestDistance, let old = longest.values.distance, millimetres(distance) > millimetres(old) {
            records.append(PersonalRecord(kind: .longestDistance, set: values, previous: longest.values))
        }
        if let fastest = bests.fastestPace, let oldDistance = fastest.values.distance, let oldDuration = fastest.values.duration,
           centiseconds(distance.pace(over: duration)) < centiseconds(oldDistance.pace(over: oldDuration)) {
            records.append(PersonalRecord(kind: .fastestPace, set: values, previous: fastest.values))
        }
        return records
    }

    /// A distance in whole millimetres: what distances are compared in (1 mi and 1 609.344 m tie).
    public static func millimetres(_ distance: Distance) -> Int {
        Int((distance.metres * 1000).rounded())
    }

    /// A pace (seconds per km) in hundredths of a second: what paces are compared in.
    public static func centiseconds(_ pace: Double) -> Int {
        Int((pace * 100).rounded())
    }

    private static func weightBeaten(by values: SetValues, bests: ExerciseBests) -> [PersonalRecord] {
        guard let heaviest = bests.heaviest else { return [] }
        var records: [PersonalRecord] = []
        if centikilograms(values.weight) > centikilograms(heaviest.weight) {
            records.append(PersonalRecord(kind: .heaviest, weight: values.weight, reps: values.reps,
                                          previousWeight: heaviest.weight, previousReps: heaviest.reps))
        }
        let formula = ExerciseBests.formula
        if let strongest = bests.strongest,
           let new = formula.centikilograms(of: values.weight, reps: values.reps),
           let old = formula.centikilograms(of: strongest.weight, reps: strongest.reps), new > old,
           let estimate = formula.estimate(of: values.weight, reps: values.reps),
           let previous = formula.estimate(of: strongest.weight, reps: strongest.reps) {
            records.append(PersonalRecord(kind: .e1rm, weight: estimate, reps: values.reps,
                                          previousWeight: previous, previousReps: strongest.reps))
        }
        if let most = bests.mostReps, values.reps > most.reps {
            records.append(PersonalRecord(kind: .reps, weight: values.weight, reps: values.reps,
                                          previousWeight: most.weight, previousReps: most.reps))
        }
        return records
    }

    /// A weight in hundredths of a kilogram: what records are compared in.
    public static func centikilograms(_ weight: Weight) -> Int {
        Int((weight.kilograms * 100).rounded())
    }
}

extension PersonalRecord {
    /// A record of a set of another kind than weight: `set` beat `previous`.
    /// (Records are made here only: the memberwise initialiser is the
    /// module's own, in an extension so that it stays.)
    init(kind: RecordKind, set: SetValues, previous: SetValues) {
        self.init(kind: kind, weight: set.weight, reps: set.reps, previousWeight: previous.weight, previousReps: previous.reps,
                  set: set, previousSet: previous)
    }
}

extension OneRepMaxFormula {
    /// The estimate as a weight in the set's unit (to the hundredth), or `nil`
    /// when the formula does not apply to that many reps.
    public func estimate(of weight: Weight, reps: Int) -> Weight? {
        estimate(weight: weight.value, reps: reps).map { Weight(value: $0, unit: weight.unit) }
    }

    /// The estimate in hundredths of a kilogram, from the weight in kilograms
    /// (not rounded in its own unit first): what estimates are compared in.
    public func centikilograms(of weight: Weight, reps: Int) -> Int? {
        estimate(weight: weight.kilograms, reps: reps).map { Int(($0 * 100).rounded()) }
    }

    /// Why there is no estimate for `reps`, or `nil` when there is one.
    public func refusal(reps: Int) -> String? {
        guard let maximumReps, reps > maximumReps else { return nil }
        return "\(name) holds up to \(maximumReps) reps; a set of \(reps) has no \(name) e1RM"
    }

    /// `Epley`, `Brzycki`.
    public var name: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
