import Foundation
import TopWeightCore

// MARK: - What the prompts read, while the server is away

/// Names the server gave during this run, and the kept sets, answer the
/// prompts while the server is away: a member at the rack keeps logging the
/// exercises they were on. A name the terminal never saw needs the server.
extension OutboxLogbook {
    public func user(named name: String) throws(LogbookError) -> User? {
        let key = NameRules.key(name)
        do {
            let found = try server.user(named: name)
            if let found { remember(user: found) }
            return found
        } catch where error.kind == .unreachable {
            if let known = knownUser(key) { return known }
            if let kept = try keptSetsIfAny().last(where: { NameRules.key($0.record.user.name) == key }) { return kept.record.user }
            throw error
        }
    }

    public func exercise(named name: String) throws(LogbookError) -> Exercise? {
        let key = NameRules.key(name)
        do {
            let found = try server.exercise(named: name)
            if let found { remember(exercise: found) }
            return found
        } catch where error.kind == .unreachable {
            if let known = knownExercise(key) { return known }
            if let kept = try keptSetsIfAny().last(where: { NameRules.key($0.record.exercise.name) == key }) { return kept.record.exercise }
            throw error
        }
    }

    /// A new member needs the server; once made, this terminal knows them.
    public func createUser(named name: String, now: Date) throws(LogbookError) -> User {
        let made = try server.createUser(named: name, now: now)
        remember(user: made)
        return made
    }

    public func createExercise(named name: String, category: String?, kind: ExerciseKind, now: Date) throws(LogbookError) -> Exercise {
        let made = try server.createExercise(named: name, category: category, kind: kind, now: now)
        remember(exercise: made)
        return made
    }

    /// Other terminals' new names; none while the server is away.
    public func names(of kind: NameRules.Kind, after id: Int64) throws(LogbookError) -> [(id: Int64, name: String)] {
        do {
            return try server.names(of: kind, after: id)
        } catch where error.kind == .unreachable {
            return []
        }
    }

    public func recentExercises(of user: User, limit: Int) throws(LogbookError) -> [Exercise] {
        do {
            return try server.recentExercises(of: user, limit: limit)
        } catch where error.kind == .unreachable {
            var seen = Set<Int64>()
            return try keptSets().reversed().map(\.record).filter { $0.user.id == user.id && seen.insert($0.exercise.id).inserted }
                .prefix(limit).map(\.exercise)
        }
    }

    public func lastUsedUser() throws(LogbookError) -> User? {
        if let kept = try keptSetsIfAny().last { return kept.record.user }
        return try server.lastUsedUser()
    }

    /// The newest kept set's, else the server's: kept sets are newer than
    /// anything the server holds of this terminal.
    public func lastExercise(of user: User) throws(LogbookError) -> Exercise? {
        if let kept = try keptSetsIfAny().last(where: { $0.record.user.id == user.id }) { return kept.record.exercise }
        do {
            return try server.lastExercise(of: user)
        } catch where error.kind == .unreachable {
            // Away: the member starts from no default rather than not at all.
            return nil
        }
    }

    public func lastValues(of user: User, for exercise: Exercise) throws(LogbookError) -> SetValues? {
        if let kept = try keptSetsIfAny().last(where: { $0.record.user.id == user.id && $0.record.exercise.id == exercise.id }) {
            return kept.record.values
        }
        do {
            return try server.lastValues(of: user, for: exercise)
        } catch where error.kind == .unreachable {
            return nil
        }
    }
}
