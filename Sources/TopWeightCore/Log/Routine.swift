import Foundation

/// A routine (a split): exercises in order, each with the numbers to start
/// from when the member has none of their own yet.
public struct Routine: Sendable, Hashable, Codable {
    public var name: String
    public var exercises: [RoutineStep]

    public init(name: String, exercises: [RoutineStep]) {
        self.name = name
        self.exercises = exercises
    }
}

/// One exercise of a routine, with optional starting numbers.
public struct RoutineStep: Sendable, Hashable, Codable {
    public var exercise: String
    public var values: SetValues?
    /// The rest after each of its sets, in seconds (`rest: 90`; 0: none).
    public var rest: Int?
    /// The superset it is in (`superset: A`): steps in a row with one letter alternate set by set.
    public var superset: String?

    public init(exercise: String, values: SetValues?, rest: Int? = nil, superset: String? = nil) {
        self.exercise = exercise
        self.values = values
        self.rest = rest
        self.superset = superset
    }
}

/// What is kept about one member's day beside its sets: the note (markdown)
/// and the routine it followed.
public struct SessionInfo: Sendable, Hashable {
    public var day: LocalDay
    public var note: String?
    public var routine: String?
    /// Which day of its program the routine was (`week 2 day 1`), when it was one (`:go`).
    public var programDay: String?

    public init(day: LocalDay, note: String?, routine: String?, programDay: String? = nil) {
        self.day = day
        self.note = note
        self.routine = routine
        self.programDay = programDay
    }
}

extension Routine {
    /// How a routine's exercises are kept in the database (the same text on
    /// every engine): `[{"exercise": "Back Squat", "weight": 60, "unit": "kg", "reps": 5, "series": 5}]`.
    public var storedExercises: String {
        let rows = exercises.map {
            StoredStep(exercise: $0.exercise, weight: $0.values?.weight.value, unit: $0.values?.weight.unit.rawValue,
                       reps: $0.values?.reps, series: $0.values?.series, rest: $0.rest, superset: $0.superset)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(rows)).flatMap { String(data: $0, encoding: .utf8) } ?? "[]"
    }

    /// A routine read back; `nil` when the text is not what `storedExercises` writes.
    public init?(name: String, storedExercises text: String) {
        guard let rows = try? JSONDecoder().decode([StoredStep].self, from: Data(text.utf8)) else { return nil }
        var steps: [RoutineStep] = []
        for row in rows {
            var values: SetValues?
            if let weight = row.weight, let unit = row.unit, let reps = row.reps, let series = row.series {
                guard let unit = WeightUnit(rawValue: unit), weight.isFinite, weight >= 0,
                      weight * 100 <= Double(unit.maximumHundredths),
                      Limits.reps.contains(reps), Limits.series.contains(series) else { return nil }
                values = SetValues(weight: Weight(value: weight, unit: unit), reps: reps, series: series)
            }
            // A rest or letter written by another tool out of range is left off, not trapped on.
            let rest = row.rest.flatMap { (0...Supersets.longestRest).contains($0) ? $0 : nil }
            let letter = row.superset.flatMap { $0.count == 1 && $0.allSatisfy { $0.isASCII && $0.isUppercase } ? $0 : nil }
            steps.append(RoutineStep(exercise: row.exercise, values: values, rest: rest, superset: letter))
        }
        self.init(name: name, exercises: steps)
    }

    private struct StoredStep: Codable {
        var exercise: String
        var weight: Double?
        var unit: String?
        var reps: Int?
        var series: Int?
        var rest: Int?
        var superset: String?
    }
}
