import Foundation

/// The gym's exercises as a whole: listing them and changing one (its kind,
/// its name, merging a duplicate, removing an unused one).
public protocol ExerciseRoster: AnyObject, Sendable {
    func exercises() throws(LogbookError) -> [ExerciseSummary]
    /// Changes what an exercise's new sets measure; its records keep what they measured.
    func setExerciseKind(_ exercise: Exercise, to kind: ExerciseKind) throws(LogbookError) -> Exercise
    /// Renames an exercise; a non-nil `category` replaces its category (a
    /// catalog name brings the catalog's).
    func renameExercise(_ exercise: Exercise, to newName: String, category: String?) throws(LogbookError) -> Exercise
    /// Puts every record of `from` (deleted ones too) and every routine step
    /// naming it on `into`, then removes `from`, in one transaction: how a
    /// gym's duplicates (`Rear flye` beside `Rear Delt Fly`) become one.
    func mergeExercise(_ from: Exercise, into: Exercise, now: Date) throws(LogbookError) -> ExerciseMerge
    /// Removes an exercise no record uses.
    func removeExercise(_ exercise: Exercise) throws(LogbookError)
}

extension ExerciseRoster {
    public func renameExercise(_ exercise: Exercise, to newName: String) throws(LogbookError) -> Exercise {
        try renameExercise(exercise, to: newName, category: nil)
    }
}
