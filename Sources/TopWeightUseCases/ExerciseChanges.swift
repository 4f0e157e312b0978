import Foundation
import TopWeightCatalog
import TopWeightCore

/// Adding, renaming, merging and removing exercises, each checked before
/// anything changes. What needs the admin PIN comes in two steps: the check
/// (a typo costs nothing, no PIN asked), then the change once the front end
/// has the PIN.
extension Workouts {
    /// Adds an exercise by name, with an optional category (both as typed).
    /// Another name of a catalog lift adds that lift under its catalog name
    /// and category: `catalogName` is then true. Refused when it is there already.
    /// `kind` `nil`: the catalog's for a catalog lift, else weight.
    public func addExercise(named name: String, category: String?, kind: ExerciseKind? = nil,
                            now: Date) throws(WorkoutsError) -> (exercise: Exercise, catalogName: Bool) {
        if let existing = try storedExercise(named: name) {
            throw .invalid("\(existing.name) already exists")
        }
        let entry = catalog.entry(named: name)
        let alias = entry.map { NameRules.key($0.name) != NameRules.key(name) } ?? false
        if let entry, alias, let existing = try storedExercise(named: entry.name) {
            throw .invalid("\(name) is the catalog's \(entry.name), and \(existing.name) already exists")
        }
        let category = try category.map { text throws(WorkoutsError) in try Self.validName(text, kind: .exercise) }
        let created = try findOrCreateExercise(named: name, category: category, kind: kind ?? .weight, now: now)
        guard let kind, created.kind != kind else { return (created, alias) }
        // A catalog lift is created with the catalog's kind: the one asked for wins.
        return (try setKind(of: created, to: kind), alias)
    }

    // MARK: - Kind

    /// The stored exercise `name` for a change of kind; the catalog's lifts
    /// not used yet are created first, so a gym can set one up ahead.
    public func exerciseForKindChange(_ name: String, now: Date) throws(WorkoutsError) -> Exercise {
        if let existing = try storedExercise(named: name) { return existing }
        if let known = try knownExercise(named: name, now: now) { return known }
        throw .notFound("no exercise named \(name); 'topweight exercises add \(ShellWord.quoted(name)) --kind K' adds one")
    }

    /// Sets what `exercise`'s new sets measure; its records keep what they measured.
    public func setKind(of exercise: Exercise, to kind: ExerciseKind) throws(WorkoutsError) -> Exercise {
        try attempt { () throws(LogbookError) in try roles.exercises.setExerciseKind(exercise, to: kind) }
    }

    // MARK: - Renaming

    /// A rename checked against the database: the exercise, its new name, and
    /// the catalog's category when the new name is the catalog's own.
    public struct ExerciseRename: Sendable {
        public let exercise: Exercise
        public let newName: String
        public let catalogCategory: String?
    }

    /// Checks that `name` is stored and `newName` is free (onto another
    /// exercise's name is a merge, and says so).
    public func exerciseRename(_ name: String, to newName: String) throws(WorkoutsError) -> ExerciseRename {
        let existing = try exercise(named: name)
        if let other = try storedExercise(named: newName), other.id != existing.id {
            throw .invalid("\(other.name) already exists; 'topweight exercises merge \(ShellWord.quoted(existing.name)) \(ShellWord.quoted(other.name))' "
                + "puts \(existing.name)'s records on it")
        }
        // The catalog's own name (not one of its aliases) brings its category.
        let entry = catalog.entry(named: newName).flatMap { NameRules.key($0.name) == NameRules.key(newName) ? $0 : nil }
        return ExerciseRename(exercise: existing, newName: newName, catalogCategory: entry?.category)
    }

    /// Renames as checked; the exercise's records follow.
    public func rename(_ rename: ExerciseRename) throws(WorkoutsError) -> Exercise {
        try attempt { () throws(LogbookError) in
            try roles.exercises.renameExercise(rename.exercise, to: rename.newName, category: rename.catalogCategory)
        }
    }

    // MARK: - Merging and removing

    /// Checks a merge of `from` into `into`: both stored, and not the same exercise.
    public func exerciseMerge(_ from: String, into: String) throws(WorkoutsError) -> (from: Exercise, into: Exercise) {
        let source = try exercise(named: from)
        guard let target = try storedExercise(named: into) else {
            throw .notFound("no exercise named \(into); 'topweight exercises rename \(ShellWord.quoted(source.name)) \(ShellWord.quoted(into))' renames it instead")
        }
        guard target.id != source.id else { throw .invalid("\(source.name) and \(target.name) are the same exercise") }
        return (source, target)
    }

    /// Puts every record, routine step and PR of `from` on `into` and removes `from`.
    public func merge(_ from: Exercise, into: Exercise, now: Date) throws(WorkoutsError) -> ExerciseMerge {
        try attempt { () throws(LogbookError) in try roles.exercises.mergeExercise(from, into: into, now: now) }
    }

    /// Removes an exercise nobody has recorded (the store refuses one with records).
    public func remove(_ exercise: Exercise) throws(WorkoutsError) {
        try attempt { () throws(LogbookError) in try roles.exercises.removeExercise(exercise) }
    }

    // MARK: -

    /// The stored exercise with exactly this name (case and inner spaces aside), if any.
    func storedExercise(named name: String) throws(WorkoutsError) -> Exercise? {
        try attempt { () throws(LogbookError) in try roles.names.exercise(named: name) }
    }

    /// `name` as a valid member or exercise name, or why not.
    static func validName(_ name: String, kind: NameRules.Kind) throws(WorkoutsError) -> String {
        switch NameRules.validate(name, kind: kind) {
        case .success(let valid): return valid
        case .failure(let error): throw .invalid(error.description)
        }
    }
}
