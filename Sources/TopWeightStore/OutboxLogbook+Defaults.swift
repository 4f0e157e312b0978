import Foundation
import TopWeightCore

// MARK: - What the prompts read, while the server is away

/// What the server named (`NameCache`: this run's answers, the background's
/// list, the file a restarted terminal reads) and the kept sets answer the
/// prompts while the server is away: a member who walks up mid-outage is
/// found by name and logs the exercises the gym has. A new member or a new
/// exercise needs the server, and says so.
extension OutboxLogbook {
    public func user(named name: String) throws(LogbookError) -> User? {
        do {
            let found = try server.user(named: name)
            if let found { names.learn(found) }
            return found
        } catch where error.kind == .unreachable {
            let key = NameRules.key(name)
            if let known = names.user(key: key, outbox: cacheFile) { return known }
            if let kept = try keptSetsIfAny().last(where: { NameRules.key($0.record.user.name) == key }) { return kept.record.user }
            throw LogbookError(.unreachable, "\(error.message); this terminal has not heard of a member named \(name), and a new member needs the server")
        }
    }

    public func exercise(named name: String) throws(LogbookError) -> Exercise? {
        do {
            let found = try server.exercise(named: name)
            if let found { names.learn(found) }
            return found
        } catch where error.kind == .unreachable {
            let key = NameRules.key(name)
            if let known = names.exercise(key: key, outbox: cacheFile) { return known }
            if let kept = try keptSetsIfAny().last(where: { NameRules.key($0.record.exercise.name) == key }) { return kept.record.exercise }
            // Not one the gym has logged, as far as this terminal knows: a new one, made when the server is back.
            return nil
        }
    }

    /// A new member needs the server; once made, this terminal knows them.
    public func createUser(named name: String, now: Date) throws(LogbookError) -> User {
        do {
            let made = try server.createUser(named: name, now: now)
            names.learn(made)
            return made
        } catch where error.kind == .unreachable {
            throw LogbookError(.unreachable, "\(error.message); a new member needs the server: members this terminal knows keep saving meanwhile")
        }
    }

    public func createExercise(named name: String, category: String?, kind: ExerciseKind, now: Date) throws(LogbookError) -> Exercise {
        do {
            let made = try server.createExercise(named: name, category: category, kind: kind, now: now)
            names.learn(made)
            return made
        } catch where error.kind == .unreachable {
            throw LogbookError(.unreachable, "\(error.message); \(name) is new to this gym and a new exercise needs the server: exercises the gym has logged keep saving meanwhile")
        }
    }

    /// Away, none known: making the new name needs the server, which says so then.
    public func existingLookalike(of name: String, kind: NameRules.Kind) throws(LogbookError) -> String? {
        do {
            return try server.existingLookalike(of: name, kind: kind)
        } catch where error.kind == .unreachable {
            return nil
        }
    }

    /// Other terminals' new names; while the server is away, the names this terminal heard of.
    public func names(of kind: NameRules.Kind, after id: Int64) throws(LogbookError) -> [(id: Int64, name: String)] {
        do {
            let found = try server.names(of: kind, after: id)
            if kind == .user { for (id, name) in found { names.learn(User(id: id, name: name)) } }
            return found
        } catch where error.kind == .unreachable {
            return names.names(of: kind, after: id, outbox: cacheFile)
        }
    }

    public func recentExercises(of user: User, limit: Int) throws(LogbookError) -> [Exercise] {
        do {
            let found = try server.recentExercises(of: user, limit: limit)
            for exercise in found { names.learn(exercise) }
            return found
        } catch where error.kind == .unreachable {
            var seen = Set<Int64>()
            let kept = try keptSets().reversed().map(\.record).filter { $0.user.id == user.id }.map(\.exercise)
            return (kept + names.recent(of: user, outbox: cacheFile)).filter { seen.insert($0.id).inserted }.prefix(limit).map { $0 }
        }
    }

    public func lastUsedUser() throws(LogbookError) -> User? {
        if let kept = try keptSetsIfAny().last { return kept.record.user }
        do {
            return try server.lastUsedUser()
        } catch where error.kind == .unreachable {
            return nil
        }
    }

    /// The newest kept set's, else the server's: kept sets are newer than
    /// anything the server holds of this terminal. Away, the one this
    /// terminal heard of last.
    public func lastExercise(of user: User) throws(LogbookError) -> Exercise? {
        if let kept = try keptSetsIfAny().last(where: { $0.record.user.id == user.id }) { return kept.record.exercise }
        do {
            let found = try server.lastExercise(of: user)
            if let found { names.learn(user, did: found, values: nil, now: Date()) }
            return found
        } catch where error.kind == .unreachable {
            return names.recent(of: user, outbox: cacheFile).first
        }
    }

    public func lastValues(of user: User, for exercise: Exercise) throws(LogbookError) -> SetValues? {
        if let kept = try keptSetsIfAny().last(where: { $0.record.user.id == user.id && $0.record.exercise.id == exercise.id }) {
            return kept.record.values
        }
        do {
            let found = try server.lastValues(of: user, for: exercise)
            if let found { names.learn(user, did: exercise, values: found, now: Date()) }
            return found
        } catch where error.kind == .unreachable {
            return names.lastValues(of: user, for: exercise, outbox: cacheFile)
        }
    }
}
