import Foundation
import TopWeightCore

/// The members, exercises and last sets a PostgreSQL terminal has heard of
/// from its server, so the prompts still answer while the server is away: a
/// member who walks up mid-outage is found by name, `squat` still means Back
/// Squat, and the prompts offer what they did last.
///
/// Learned from what the server says anyway (a name looked up or made, a
/// member's last exercise and numbers, a save, a kept set sent) and from a
/// full list taken in the background (`OutboxLogbook.refreshNames`); kept in
/// the outbox file (`Outbox`, tables `known…`) so a terminal restarted
/// mid-outage has it too. The file is written only from the background
/// (`flush`), never in a member's save. A cache: what the server says wins.
final class NameCache: @unchecked Sendable {
    private let lock = NSLock()
    private var users = KnownIndex<User>()
    private var exercises = KnownIndex<Exercise>()
    /// Per member: the exercises they did, with their last numbers and when heard of.
    private var lasts: [Int64: [Int64: Last]] = [:]
    /// Members whose stored `knownlast` rows are in `lasts`.
    private var lastsRead: Set<Int64> = []
    /// Per member: their exercises in the server's order (the most used of
    /// their newest sets first), as it last said; what a short name means to
    /// them while it is away (`ranked`).
    private var rankings: [Int64: [Int64]] = [:]
    /// Members whose stored ranking was looked for, and those whose ranking the file lacks.
    private var rankingsRead: Set<Int64> = []
    private var newRankings: Set<Int64> = []
    /// True once the stored names are in memory.
    private var namesRead = false

    /// What the file lacks, written by `flush`: the whole list (`replacing`,
    /// counted so a flush never clears a newer list's), names and lasts.
    private var replacing = 0
    private var replaced = 0
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
        lock.withLock { users.put(user, pending: true) }
    }

    func learn(_ exercise: Exercise) {
        guard exercise.isStored else { return }
        lock.withLock { exercises.put(exercise, pending: true) }
    }

    /// The member did (or looked at) this exercise: it becomes their last
    /// one. A set `backdated` (done well before it was saved) gives its
    /// numbers only when none are known: the member's last numbers are of
    /// the set done last.
    func learn(_ user: User, did exercise: Exercise, values: SetValues?, now: Date, backdated: Bool = false) {
        guard exercise.isStored else { return }
        lock.withLock {
            users.put(user, pending: true)
            exercises.put(exercise, pending: true)
            var last = lasts[user.id, default: [:]][exercise.id] ?? Last(values: nil, seenAt: 0)
            if let values, !backdated || last.values == nil { last.values = values }
            last.seenAt = max(last.seenAt, now.timeIntervalSince1970)
            lasts[user.id, default: [:]][exercise.id] = last
            newLasts.insert(Pair(user: user.id, exercise: exercise.id))
        }
    }

    /// The member's exercises in the server's order. A `complete` list (all
    /// of their newest sets') replaces what was known; a shorter one (its
    /// first few) goes ahead of the rest, in their order.
    func rank(_ user: User, _ ranked: [Exercise], complete: Bool) {
        let ids = ranked.filter(\.isStored).map(\.id)
        lock.withLock {
            let rest = complete ? [] : (rankings[user.id] ?? []).filter { !ids.contains($0) }
            rankingsRead.insert(user.id)
            // Heard again as it was: nothing for the file to learn.
            guard rankings[user.id] != ids + rest else { return }
            rankings[user.id] = ids + rest
            newRankings.insert(user.id)
        }
    }

    /// The server's whole list: names it no longer has are forgotten. The
    /// file is rewritten only when the list differs from what it holds.
    func learnAll(users allUsers: [User], exercises allExercises: [Exercise]) {
        lock.withLock {
            guard !namesRead || Set(allUsers) != users.all || Set(allExercises) != exercises.all else { return }
            users.replace(with: allUsers)
            exercises.replace(with: allExercises)
            namesRead = true
            replacing += 1
        }
    }

    // MARK: - Answering while the server is away

    func user(key: String, outbox: Outbox?) -> User? {
        readNames(outbox)
        return lock.withLock { users.named(key) }
    }

    func exercise(key: String, outbox: Outbox?) -> Exercise? {
        readNames(outbox)
        return lock.withLock { exercises.named(key) }
    }

    /// Known names with an id above `id`, by id (what the completion index asks).
    func names(of kind: NameRules.Kind, after id: Int64, outbox: Outbox?) -> [(id: Int64, name: String)] {
        readNames(outbox)
        return lock.withLock { kind == .user ? users.names(after: id) : exercises.names(after: id) }
    }

    /// The member's exercises, the one heard of last first.
    func recent(of user: User, outbox: Outbox?) -> [Exercise] {
        readLasts(of: user.id, outbox)
        readNames(outbox)
        return lock.withLock {
            (lasts[user.id] ?? [:]).sorted { ($0.value.seenAt, $0.key) > ($1.value.seenAt, $1.key) }.compactMap { exercises.byID[$0.key] }
        }
    }

    /// The member's exercises as the server last ranked them (`rank`):
    /// what `squat` means to them is what it meant when the server last said.
    func ranked(of user: User, outbox: Outbox?) -> [Exercise] {
        readNames(outbox)
        readRanking(of: user.id, outbox)
        return lock.withLock { (rankings[user.id] ?? []).compactMap { exercises.byID[$0] } }
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
            for user in stored.users { users.putIfNew(user) }
            for exercise in stored.exercises { exercises.putIfNew(exercise) }
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

    /// The member's stored ranking, unless this run heard one.
    private func readRanking(of user: Int64, _ outbox: Outbox?) {
        guard let outbox, !lock.withLock({ rankingsRead.contains(user) }) else { return }
        guard let stored = try? outbox.knownRanking(of: user) else { return }
        lock.withLock {
            guard rankingsRead.insert(user).inserted else { return }
            rankings[user] = stored
        }
    }

    /// Writes what the file lacks, in one transaction; false when it could
    /// not (kept for the next try).
    @discardableResult
    func flush(to outbox: Outbox) -> Bool {
        let (generation, all, users, exercises, lastRows, ranks) = lock.withLock {
            let all = replacing != replaced ? KnownNames(users: Array(self.users.all), exercises: Array(self.exercises.all)) : nil
            let rows = newLasts.compactMap { pair in lasts[pair.user]?[pair.exercise].map { (pair, $0) } }
            let ranks = newRankings.compactMap { user in rankings[user].map { (user: user, exercises: $0) } }
            return (replacing, all, Array(self.users.pending.values), Array(self.exercises.pending.values), rows, ranks)
        }
        guard all != nil || !users.isEmpty || !exercises.isEmpty || !lastRows.isEmpty || !ranks.isEmpty else { return true }
        do {
            try outbox.storeKnown(all: all, users: users, exercises: exercises,
                                  lasts: lastRows.map { (user: $0.0.user, exercise: $0.0.exercise, last: $0.1) }, rankings: ranks)
        } catch {
            return false
        }
        lock.withLock {
            if all != nil { replaced = max(replaced, generation) }
            self.users.written(users)
            self.exercises.written(exercises)
            for (pair, last) in lastRows where lasts[pair.user]?[pair.exercise] == last { newLasts.remove(pair) }
            for (user, written) in ranks where rankings[user] == written { newRankings.remove(user) }
        }
        return true
    }
}

/// A member or an exercise, as the cache indexes it.
protocol KnownName: Hashable {
    var id: Int64 { get }
    var name: String { get }
}

extension User: KnownName {}
extension Exercise: KnownName {}

/// Known members or exercises by id and by name key. The server never lets
/// two share a name, so a name learned for one id takes it from any other
/// (renamed meanwhile).
struct KnownIndex<Name: KnownName> {
    private(set) var byID: [Int64: Name] = [:]
    private var byKey: [String: Int64] = [:]
    /// Learned this run and not yet in the file.
    private(set) var pending: [Int64: Name] = [:]

    var all: Set<Name> { Set(byID.values) }

    func named(_ key: String) -> Name? {
        byKey[key].flatMap { byID[$0] }
    }

    func names(after id: Int64) -> [(id: Int64, name: String)] {
        byID.values.filter { $0.id > id }.sorted { $0.id < $1.id }.map { ($0.id, $0.name) }
    }

    mutating func put(_ name: Name, pending isPending: Bool) {
        if let old = byID[name.id] {
            guard old != name else { return }
            let oldKey = NameRules.key(old.name)
            if byKey[oldKey] == name.id { byKey[oldKey] = nil }
        }
        let key = NameRules.key(name.name)
        if let other = byKey[key], other != name.id { byID[other] = nil }
        byID[name.id] = name
        byKey[key] = name.id
        if isPending { pending[name.id] = name }
    }

    /// From the file: only what this run has not heard of, by id or by name.
    mutating func putIfNew(_ name: Name) {
        guard byID[name.id] == nil, byKey[NameRules.key(name.name)] == nil else { return }
        put(name, pending: false)
    }

    /// The server's whole list, with what this run learned that it lacks
    /// (made after the list was taken); for the rest the list has the word.
    mutating func replace(with names: [Name]) {
        let learned = pending
        byID = [:]
        byKey = [:]
        pending = [:]
        for name in names { put(name, pending: false) }
        for name in learned.values where byID[name.id] == nil { put(name, pending: true) }
    }

    mutating func written(_ names: [Name]) {
        for name in names where pending[name.id] == name { pending[name.id] = nil }
    }
}

/// The members and exercises a terminal's outbox file knows of one database.
public struct KnownNames: Sendable {
    public var users: [User] = []
    public var exercises: [Exercise] = []
}
