import Foundation

/// The members' and exercises' names as the prompts need them: finding one
/// by name, making a new one, what other terminals added, and the look-alike
/// a new name must not be.
public protocol NameLookup: AnyObject, Sendable {
    /// The member with this name, compared by `NameRules.key`.
    func user(named name: String) throws(LogbookError) -> User?
    /// Finds or creates the member; refuses a look-alike of another's name.
    func createUser(named name: String, now: Date) throws(LogbookError) -> User
    /// Creates the member, only if nobody has the name by then (another
    /// terminal or the desk may have just added them: `.conflict`, and
    /// nothing changes); refuses a look-alike of another's name.
    func addUser(named name: String, now: Date) throws(LogbookError) -> User
    func exercise(named name: String) throws(LogbookError) -> Exercise?
    func createExercise(named name: String, category: String?, kind: ExerciseKind, now: Date) throws(LogbookError) -> Exercise
    /// Member or exercise names with an id above `id`, oldest first: how the
    /// logger's completion index learns what other terminals added.
    func names(of kind: NameRules.Kind, after id: Int64) throws(LogbookError) -> [(id: Int64, name: String)]
    /// The stored member or exercise name that `name` would pass for on a screen.
    func existingLookalike(of name: String, kind: NameRules.Kind) throws(LogbookError) -> String?
}

extension NameLookup {
    public func createUser(named name: String) throws(LogbookError) -> User {
        try createUser(named: name, now: Date())
    }

    public func createExercise(named name: String, category: String? = nil, kind: ExerciseKind = .weight) throws(LogbookError) -> Exercise {
        try createExercise(named: name, category: category, kind: kind, now: Date())
    }

    public func createExercise(named name: String, category: String?, now: Date) throws(LogbookError) -> Exercise {
        try createExercise(named: name, category: category, kind: .weight, now: now)
    }
}

extension LogbookError {
    /// `addUser` of a name someone has by then.
    public static func taken(_ name: String) -> LogbookError {
        LogbookError(.conflict, "\(name) was just added as a member elsewhere; nothing was created")
    }
}
