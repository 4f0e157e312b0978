import Foundation

/// What `exercises merge FROM INTO` moved, for its summary and JSON.
public struct ExerciseMerge: Sendable, Equatable {
    public var from: String
    public var into: String
    /// Live records moved.
    public var records: Int
    /// Deleted records (tombstones) moved, so a restore lands on `into`.
    public var deletedRecords: Int
    /// Members whose records moved, by name.
    public var members: [String]
    /// The gym's routines with a step that named `from`, by name.
    public var routines: [String]
    /// Routine steps renamed.
    public var routineSteps: Int

    public init(from: String, into: String, records: Int = 0, deletedRecords: Int = 0, members: [String] = [],
                routines: [String] = [], routineSteps: Int = 0) {
        self.from = from
        self.into = into
        self.records = records
        self.deletedRecords = deletedRecords
        self.members = members
        self.routines = routines
        self.routineSteps = routineSteps
    }
}

extension Routine {
    /// The routine with every step naming `from` (by name key) naming `into`
    /// instead, and how many steps changed: the same on every engine.
    public func merging(_ from: String, into: String) -> (routine: Routine, steps: Int) {
        let key = NameRules.key(from)
        var changed = 0
        let steps = exercises.map { step -> RoutineStep in
            guard NameRules.key(step.exercise) == key else { return step }
            changed += 1
            return RoutineStep(exercise: into, values: step.values, rest: step.rest, superset: step.superset)
        }
        return (Routine(name: name, exercises: steps), changed)
    }
}
