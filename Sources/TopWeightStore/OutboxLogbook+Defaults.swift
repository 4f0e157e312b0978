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
        let key = NameRules.key(name)
        return try read({ () throws(LogbookError) in try server.user(named: name) }, learn: { $0.map(names.learn) }) { () throws(LogbookError) in
            // A miss is `.none`: the server is asked, else the member is unknown here.
            if let known = names.user(key: key, outbox: cacheFile) { return .some(known) }
            let kept = try keptSetsIfAny().last(where: { NameRules.key($0.record.user.name) == key })?.record.user
            return kept.map { .some($0) }
        } away: { error throws(LogbookError) in
            throw LogbookError(.unreachable, "\(error.message); this terminal has not heard of a member named \(name), and a new member needs the server")
        }
    }

    /// Away, a name the gym has not logged (as far as this terminal knows)
    /// is a new one: `nil`, and making it says it needs the server.
    public func exercise(named name: String) throws(LogbookError) -> Exercise? {
        let key = NameRules.key(name)
        return try read({ () throws(LogbookError) in try server.exercise(named: name) }, learn: { $0.map(names.learn) }) { () throws(LogbookError) in
            if let known = names.exercise(key: key, outbox: cacheFile) { return .some(known) }
            let kept = try keptSetsIfAny().last(where: { NameRules.key($0.record.exercise.name) == key })?.record.exercise
            return kept.map { .some($0) }
        } away: { _ in nil }
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

    /// Only on the server, as `createUser`.
    public func addUser(named name: String, now: Date) throws(LogbookError) -> User {
        do {
            let made = try server.addUser(named: name, now: now)
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
        try read({ () throws(LogbookError) in try server.existingLookalike(of: name, kind: kind) }) { Optional<String?>.some(nil) } away: { _ in nil }
    }

    /// Other terminals' new names; while the server is away, the names this terminal heard of.
    public func names(of kind: NameRules.Kind, after id: Int64) throws(LogbookError) -> [(id: Int64, name: String)] {
        try read({ () throws(LogbookError) in try server.names(of: kind, after: id) }, learn: { found in
            if kind == .user { for (id, name) in found { names.learn(User(id: id, name: name)) } }
        }) { names.names(of: kind, after: id, outbox: cacheFile) } away: { _ in [] }
    }

    /// Away: the member's exercises in the order the server last ranked
    /// them, then those of their kept sets (newest first), then the others
    /// heard of: a few sets kept meanwhile don't outrank a lift done a
    /// hundred times, as on the server.
    public func recentExercises(of user: User, limit: Int) throws(LogbookError) -> [Exercise] {
        try read({ () throws(LogbookError) in try server.recentExercises(of: user, limit: limit) }, learn: { found in
            found.forEach(names.learn)
            names.rank(user, found, complete: found.count < limit)
        }) { () throws(LogbookError) in
            var seen = Set<Int64>()
            let kept = try keptSets().reversed().map(\.record).filter { $0.user.id == user.id }.map(\.exercise)
            let heard = names.ranked(of: user, outbox: cacheFile) + kept + names.recent(of: user, outbox: cacheFile)
            return heard.filter { seen.insert($0.id).inserted }.prefix(limit).map { $0 }
        } away: { _ in [] }
    }

    public func lastUsedUser() throws(LogbookError) -> User? {
        if let kept = try keptSetsIfAny().last { return kept.record.user }
        return try read({ () throws(LogbookError) in try server.lastUsedUser() }) { Optional<User?>.some(nil) } away: { _ in nil }
    }

    /// Of the set done last, as `lastValues`: a kept set done when it was
    /// kept is newer than anything the server holds, else the server's;
    /// away, the one this terminal heard of last. A back-dated kept set
    /// (`:date`) only stands in when neither has any.
    public func lastExercise(of user: User) throws(LogbookError) -> Exercise? {
        let kept = try keptSetsIfAny().filter { $0.record.user.id == user.id }
        if let done = kept.filter({ !$0.record.isBackdated(savedAt: $0.keptAt) }).max(by: { $0.record.performedAt < $1.record.performedAt }) {
            return done.record.exercise
        }
        let known = try read({ () throws(LogbookError) in try server.lastExercise(of: user) }, learn: { found in
            if let found { names.learn(user, did: found, values: nil, now: Date()) }
        }) { Optional<Exercise?>.some(names.recent(of: user, outbox: cacheFile).first) } away: { _ in nil }
        return known ?? kept.last?.record.exercise
    }

    /// The numbers of the set done last: a kept set done when it was kept
    /// is newer than anything the server holds; a back-dated one (`:date`)
    /// only stands in when neither the server nor the cache has any.
    public func lastValues(of user: User, for exercise: Exercise) throws(LogbookError) -> SetValues? {
        let kept = try keptSetsIfAny().filter { $0.record.user.id == user.id && $0.record.exercise.id == exercise.id }
        let done = kept.filter { !$0.record.isBackdated(savedAt: $0.keptAt) }.max { $0.record.performedAt < $1.record.performedAt }
        if let done { return done.record.values }
        let known = try read({ () throws(LogbookError) in try server.lastValues(of: user, for: exercise) }, learn: { found in
            if let found { names.learn(user, did: exercise, values: found, now: Date()) }
        }) { Optional<SetValues?>.some(names.lastValues(of: user, for: exercise, outbox: cacheFile)) } away: { _ in nil }
        return known ?? kept.max { $0.record.performedAt < $1.record.performedAt }?.record.values
    }
}

extension NewRecord {
    /// Done well before it was saved (a `:date` day, `add --at`): more than
    /// ten minutes before. Its numbers are not the member's last ones.
    func isBackdated(savedAt saved: Date) -> Bool {
        performedAt < saved.addingTimeInterval(-600)
    }
}
