import Foundation
import TopWeightCore

/// The members, exercises and last sets a PostgreSQL terminal has heard of
/// from its server, so the prompts still answer while the server is away: a
/// member who walks up mid-outage is found by name, `squat` still means Back
/// Squat, and the prompts offer what they did last.
///
/// Learned from what the server says anyway (a name looked up or made, a
/// member's last exercise and numbers, a save) and from a full list taken
/// in the background (`OutboxLogbook.refreshNames`); kept in the outbox file
/// (`Outbox`, tables `known…`) so a terminal restarted mid-outage has it too.
/// The file is written only from the background (`flush`), never in a
/// member's save. A cache: what the server says always wins.
final class NameCache: @unchecked Sendable {
    private let lock = NSLock()
    private var users: [Int64: User] = [:]
    private var userKeys: [String: Int64] = [:]
    private var exercises: [Int64: Exercise] = [:]
    private var exerciseKeys: [String: Int64] = [:]
    /// Per member: the exercises they did, with their last numbers and when heard of.
    private var lasts: [Int64: [Int64: Last]] = [:]
    /// Members whose stored `knownlast` rows are in `lasts`.
    private var lastsRead: Set<Int64> = []
    /// True once the stored names are in memory.
    private var namesRead = false

    /// What the file lacks: written by `flush`.
    private var replaceAll = false
    private var newUsers: [Int64: User] = [:]
    private var newExercises: [Int64: Exercise] = [:]
    private var newLasts: Set<Pair> = []

    struct Last: Sendable, Hashable {
        var values: SetValues?
        var seenAt: Double
    }

    struct Pair: Hashable {
        var user: Int64
        var exercise: Int64
    }


    // MARK: - Learning what the server said

    func learn(_ user: User) {
        lock.withLock { put(user, pending: true) }
    }

    func learn(_ exercise: Exercise) {
        guard exercise.isStored else { return }
        lock.withLock { put(exercise, pending: true) }
    }

    /// The member did (or looked at) this exercise: it becomes their last one.
    func learn(_ user: User, did exercise: Exercise, values: SetValues?, now: Date) {
        guard exercise.isStored else { return }
        lock.withLock {
            put(user, pending: true)
            put(exercise, pending: true)
            var last = lasts[user.id, default: [:]][exercise.id] ?? Last(values: nil, seenAt: 0)
            if let values { last.values = values }
            last.seenAt = max(last.seenAt, now.timeIntervalSince1970)
            lasts[user.id, default: [:]][exercise.id] = last
            newLasts.insert(Pair(user: user.id, exercise: exercise.id))
        }
    }

    /// The server's whole list: names it no longer has are forgotten.
    func learnAll(users allUsers: [User], exercises allExercises: [Exercise]) {
        lock.withLock {
            users = [:]
            userKeys = [:]
            exercises = [:]
            exerciseKeys = [:]
            for user in allUsers { put(user, pending: false) }
            for exercise in allExercises { put(exercise, pending: false) }
            // Made or renamed while the list was on its way: this run's word stands.
            for user in newUsers.values { put(user, pending: false) }
            for exercise in newExercises.values { put(exercise, pending: false) }
            namesRead = true
            replaceAll = true
        }
    }

    private func put(_ user: User, pending: Bool) {
        if let old = users[user.id] {
            guard old != user else { return }
            userKeys[NameRules.key(old.name)] = nil
        }
        users[user.id] = user
        userKeys[NameRules.key(user.name)] = user.id
        if pending { newUsers[user.id] = user }
    }

    private func put(_ exercise: Exercise, pending: Bool) {
        if let old = exercises[exercise.id] {
            guard old != exercise else { return }
            exerciseKeys[NameRules.key(old.name)] = nil
        }
        exercises[exercise.id] = exercise
        exerciseKeys[NameRules.key(exercise.name)] = exercise.id
        if pending { newExercises[exercise.id] = exercise }
    }

    // MARK: - Answering while the server is away

    func user(key: String, outbox: Outbox?) -> User? {
        readNames(outbox)
        return lock.withLock { userKeys[key].flatMap { users[$0] } }
    }

    func exercise(key: String, outbox: Outbox?) -> Exercise? {
        readNames(outbox)
        return lock.withLock { exerciseKeys[key].flatMap { exercises[$0] } }
    }

    /// Known names with an id above `id`, by id (what the completion index asks).
    func names(of kind: NameRules.Kind, after id: Int64, outbox: Outbox?) -> [(id: Int64, name: String)] {
        readNames(outbox)
        let all: [(id: Int64, name: String)] = lock.withLock {
            kind == .user ? users.values.map { ($0.id, $0.name) } : exercises.values.map { ($0.id, $0.name) }
        }
        return all.filter { $0.id > id }.sorted { $0.id < $1.id }
    }

    /// The member's exercises, the one heard of last first.
    func recent(of user: User, outbox: Outbox?) -> [Exercise] {
        readLasts(of: user.id, outbox)
        readNames(outbox)
        return lock.withLock {
            (lasts[user.id] ?? [:]).sorted { ($0.value.seenAt, $0.key) > ($1.value.seenAt, $1.key) }.compactMap { exercises[$0.key] }
        }
    }

    func lastValues(of user: User, for exercise: Exercise, outbox: Outbox?) -> SetValues? {
        readLasts(of: user.id, outbox)
        return lock.withLock { lasts[user.id]?[exercise.id]?.values }
    }

    // MARK: - The file

    /// Reads the stored names into memory once (what this run learned wins).
    private func readNames(_ outbox: Outbox?) {
        guard let outbox, !lock.withLock({ namesRead }) else { return }
        guard let stored = try? outbox.knownNames() else { return }
        lock.withLock {
            guard !namesRead else { return }
            namesRead = true
            for user in stored.users where users[user.id] == nil { put(user, pending: false) }
            for exercise in stored.exercises where exercises[exercise.id] == nil { put(exercise, pending: false) }
        }
    }

    private func readLasts(of user: Int64, _ outbox: Outbox?) {
        guard let outbox, !lock.withLock({ lastsRead.contains(user) }) else { return }
        guard let stored = try? outbox.knownLasts(of: user) else { return }
        lock.withLock {
            guard lastsRead.insert(user).inserted else { return }
            for (exercise, last) in stored where (lasts[user]?[exercise]?.seenAt ?? -1) < last.seenAt {
                lasts[user, default: [:]][exercise] = last
            }
        }
    }

    /// Writes what the file lacks, in one transaction; kept for the next
    /// try when the file can't be written.
    func flush(to outbox: Outbox) {
        let (all, users, exercises, lastRows): (KnownNames?, [User], [Exercise], [(Pair, Last)]) = lock.withLock {
            let all = replaceAll ? KnownNames(users: Array(self.users.values), exercises: Array(self.exercises.values)) : nil
            let rows = newLasts.compactMap { pair in lasts[pair.user]?[pair.exercise].map { (pair, $0) } }
            return (all, Array(newUsers.values), Array(newExercises.values), rows)
        }
        guard all != nil || !users.isEmpty || !exercises.isEmpty || !lastRows.isEmpty else { return }
        do {
            try outbox.storeKnown(all: all, users: users, exercises: exercises,
                                  lasts: lastRows.map { (user: $0.0.user, exercise: $0.0.exercise, last: $0.1) })
        } catch {
            return
        }
        lock.withLock {
            if all != nil { replaceAll = false }
            for user in users where newUsers[user.id] == user { newUsers[user.id] = nil }
            for exercise in exercises where newExercises[exercise.id] == exercise { newExercises[exercise.id] = nil }
            for (pair, last) in lastRows where lasts[pair.user]?[pair.exercise] == last { newLasts.remove(pair) }
        }
    }
}

/// The members and exercises a terminal's outbox file knows of one database.
public struct KnownNames: Sendable {
    public var users: [User] = []
    public var exercises: [Exercise] = []
}
