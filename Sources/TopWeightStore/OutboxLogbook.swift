import Foundation
import TopWeightCore

/// What a server plays of its roles that the terminal's outbox stands in
/// for, and what the outbox asks of it besides (to send a kept set whose
/// member or exercise went meanwhile, and the gym's names for the cache).
public typealias OutboxServer = SetRecording & NameLookup & BulkLoading & ExerciseRoster & StoreUpkeep & MemberIdentity

/// The terminal's outbox in front of a database server, for the two roles
/// that keep working while the server is away: recording sets
/// (`SetRecording`) and the prompts' names (`NameLookup`); and the role of
/// what waits (`WaitingSets`). The composition root puts it in front of
/// `PostgresLogbook` for those roles and hands the server itself for every
/// other role; nothing else knows it is there.
///
/// A save the server does not take within its short bound (`.unreachable`)
/// is kept in the outbox and answered at once as a saved set that waits
/// (`WorkoutRecord.isKept`: its id the negative of its place). Kept sets
/// are sent oldest first, each once (a set carries its uid, and the
/// server's insert of a uid it holds returns that row instead), as soon as
/// the server answers: before the next save, from the background while the
/// terminal waits (`startSending`), and when a terminal starts
/// (`sendKept`). Until then they show in the member's history, give the
/// prompts their defaults, and `:undo` takes one out.
public final class OutboxLogbook: SetRecording, NameLookup, WaitingSets, @unchecked Sendable {
    public let server: any OutboxServer
    /// The outbox file, made on the first set kept.
    public let outboxPath: String

    private let lock = NSLock()
    private var opened: Outbox?
    /// True once this process found the outbox empty and kept nothing
    /// since: a save then doesn't read it (another terminal's kept sets are
    /// its own to send, and the background sender finds them anyway).
    private var knownEmpty = false
    /// Sets kept by this process so far: a send that began before the last
    /// one was kept did not see it, and must not take the outbox as empty.
    private var keeps = 0
    /// The members, exercises and last sets the server named: what the
    /// prompts find while it is away (`NameCache`).
    let names = NameCache()
    /// Where the background takes the server's whole list of names from: a
    /// connection of its own, so a slow answer never holds up a save; when
    /// it answers, the server knows it is back (`PostgresLogbook.lookout`).
    private let namesSource: (@Sendable () throws(LogbookError) -> any NameLookup & ExerciseRoster & MemberIdentity)?
    /// Serializes sending within this process (the outbox's lock does across processes).
    private let sending = NSLock()
    private let opening = NSLock()
    private var flushAfter = ContinuousClock.now
    private var sender: Thread?

    /// `namesSource` opens a second connection to the server for the
    /// background's list of names. Whether the server is away is the
    /// server's to know (`unreachable`): a terminal started without it
    /// says so there.
    public init(server: any OutboxServer, outboxPath: String,
                namesSource: (@Sendable () throws(LogbookError) -> any NameLookup & ExerciseRoster & MemberIdentity)? = nil) {
        self.server = server
        self.outboxPath = outboxPath
        self.namesSource = namesSource
    }

    public var location: String { server.location }

    /// The outbox, opened once it exists (or created, with `create`).
    public func outbox(create: Bool = false) throws(LogbookError) -> Outbox? {
        if let opened = lock.withLock({ opened }) { return opened }
        // One opening at a time: the logger's thread and the background's
        // would otherwise both make the file's tables.
        opening.lock()
        defer { opening.unlock() }
        if let opened = lock.withLock({ opened }) { return opened }
        guard let made = try Outbox.open(outboxPath, place: server.location, create: create) else { return nil }
        lock.withLock { opened = made }
        return made
    }

    /// The outbox if there is one, for the name cache (a broken file is no cache).
    var cacheFile: Outbox? { (try? outbox()) ?? nil }

    // MARK: - Names

    /// Takes the server's whole list of members and exercises into the name
    /// cache and its file (names the server no longer has are forgotten).
    public func refreshNames(from source: any NameLookup & ExerciseRoster & MemberIdentity) throws(LogbookError) {
        let users = try source.names(of: .user, after: 0).map { User(id: $0.id, name: $0.name) }
        let exercises = try source.exercises().map(\.exercise)
        names.learnAll(users: users, exercises: exercises)
        try flushNames()
        // With them, the hashes members identify by: cards and PINs work while the server is away.
        try outbox(create: true)?.storeCredentials(try source.credentials())
    }

    /// Writes what the name cache learned to the outbox file (made now if
    /// need be); after a failed write (a full disk), not again for a minute.
    public func flushNames() throws(LogbookError) {
        guard lock.withLock({ ContinuousClock.now >= flushAfter }) else { return }
        let written: Bool
        do {
            written = try outbox(create: true).map { names.flush(to: $0) } ?? false
        } catch {
            written = false
        }
        lock.withLock { flushAfter = written ? .now : .now + .seconds(60) }
    }

    // MARK: - Away

    /// Why the server is away, as the server last found (a call that could
    /// not reach it, or the start), until a call reaches it again (a save,
    /// which always tries within its bound, a kept set sent, or the
    /// background's look, every 2 s meanwhile): the prompts' reads answer
    /// from what the terminal knows, and what needs the server fails at
    /// once, instead of each waiting on the network (a server that drops
    /// packets costs every try the whole timeout).
    public var unreachable: LogbookError? { server.unreachable }

    public var isAway: Bool { unreachable != nil }

    /// A call that needs the server: refused at once while it is away.
    func reach<T>(_ call: () throws(LogbookError) -> T) throws(LogbookError) -> T {
        if let away = unreachable { throw away }
        return try call()
    }

    /// A prompt's read: the server's answer, learned; while the server is
    /// away, `cached`, and `away` for what the terminal doesn't know (a miss
    /// is `nil`: a name it never heard of).
    func read<T>(_ ask: () throws(LogbookError) -> T, learn: (T) -> Void = { _ in },
                 cached: () throws(LogbookError) -> T?, away: (LogbookError) throws(LogbookError) -> T) throws(LogbookError) -> T {
        let problem: LogbookError
        if let known = unreachable {
            problem = known
        } else {
            do {
                let answer = try ask()
                learn(answer)
                return answer
            } catch where error.kind == .unreachable {
                problem = error
            }
        }
        if let answer = try cached() { return answer }
        return try away(problem)
    }

    // MARK: - Sending

    /// The sets that wait on this terminal for this database, oldest first.
    public func keptSets() throws(LogbookError) -> [KeptSet] {
        try outbox()?.kept() ?? []
    }

    /// `keptSets()`, without reading the outbox when this process knows it empty.
    func keptSetsIfAny() throws(LogbookError) -> [KeptSet] {
        lock.withLock { knownEmpty } ? [] : try keptSets()
    }

    /// How many sets wait on this terminal for this database.
    public func waiting() throws(LogbookError) -> Int {
        try outbox()?.count() ?? 0
    }

    /// Sends every kept set, oldest first, and returns how many the server
    /// took now; `nil` when another terminal or thread is sending them.
    /// Throws `.unreachable` when the server is still away (what was sent
    /// stays sent), or the last error of a set the server refused (it stays
    /// kept; the others are sent). With `until`, `nil` too once it passed with sets left.
    @discardableResult
    public func sendKept(now: Date = Date(), until: ContinuousClock.Instant? = nil) throws(LogbookError) -> Int? {
        guard let outbox = try outbox() else { return 0 }
        // Another thread of this process is sending (the background's round):
        // as for another terminal's, nil, and a save keeps its set behind them.
        guard sending.try() else { return nil }
        defer { sending.unlock() }
        let keptBefore = lock.withLock { keeps }
        return try outbox.exclusively { () throws(LogbookError) -> Int? in
            var sent = 0
            var refused: LogbookError?
            for kept in try outbox.kept() {
                if let until, ContinuousClock.now >= until { return nil }
                do throws(LogbookError) {
                    let (id, record) = try send(kept, now: now)
                    try outbox.markSent(place: kept.place, uid: kept.record.uid, recordID: id, now: now)
                    names.learn(record.user, did: record.exercise, values: record.values, now: kept.keptAt,
                                backdated: kept.record.isBackdated(savedAt: kept.keptAt))
                    sent += 1
                } catch where error.kind == .unreachable {
                    throw error
                } catch {
                    refused = error
                }
            }
            if let refused { throw refused }
            // Empty, unless the logger's thread kept a set meanwhile (behind these, unseen here).
            lock.withLock { if keeps == keptBefore { knownEmpty = true } }
            return sent
        } ?? nil
    }

    /// One kept set to the server, as saved: by its member's and exercise's
    /// ids. Should one of them be gone meanwhile (removed, merged away), that
    /// one is found or made again by its name and the other kept, so nothing
    /// kept is dropped and a member renamed meanwhile keeps the set.
    private func send(_ kept: KeptSet, now: Date) throws(LogbookError) -> (id: Int64, record: NewRecord) {
        var record = kept.record
        do {
            return (try server.save(record, now: kept.keptAt), record)
        } catch where error.kind == .unreachable {
            throw error
        } catch {
            let userGone = try server.names(of: .user, after: record.user.id - 1).first?.id != record.user.id
            let exerciseGone = try server.names(of: .exercise, after: record.exercise.id - 1).first?.id != record.exercise.id
            guard userGone || exerciseGone else { throw error }
            if userGone, let user = try server.findOrCreateUsers(named: [record.user.name], now: now).first {
                record.user = user
            }
            if exerciseGone, let exercise = try server.findOrCreateExercises([(record.exercise.name, record.exercise.category,
                                                                              record.exercise.kind)], now: now).first {
                record.exercise = exercise
            }
            return (try server.save(record, now: kept.keptAt), record)
        }
    }

    /// Tries to send kept sets every `seconds` while any wait, on a thread
    /// of its own: a terminal idle at a prompt empties its outbox once the
    /// server is back. The same thread takes the server's list of names
    /// `namesAfter` seconds after start (off the start and the first
    /// entries) and every `namesEvery` seconds after (every round while the
    /// server is away), and writes what the name cache learned every 30 s (the
    /// logger writes the rest as it quits). Failures stay quiet; the next
    /// save or `check` tells.
    public func startSending(every seconds: Double, namesAfter: Double, namesEvery: Double) {
        lock.withLock {
            guard sender == nil else { return }
            let open = namesSource
            let thread = Thread { [weak self] in
                var namesDue = ContinuousClock.now + .seconds(namesAfter)
                var flushDue = ContinuousClock.now + .seconds(30)
                // One connection for the thread's life, opened again after a failure.
                var source: (any NameLookup & ExerciseRoster & MemberIdentity)?
                while true {
                    guard let self else { return }
                    // While away, every round: the look that tells the server is back.
                    if let open, ContinuousClock.now >= namesDue || self.isAway {
                        do {
                            let from = try source ?? open()
                            source = from
                            try self.refreshNames(from: from)
                            namesDue = ContinuousClock.now + .seconds(namesEvery)
                        } catch {
                            source = nil
                            namesDue = ContinuousClock.now + .seconds(min(60, namesEvery))
                        }
                    }
                    if ContinuousClock.now >= flushDue {
                        try? self.flushNames()
                        flushDue = ContinuousClock.now + .seconds(30)
                    }
                    if (try? self.waiting()) ?? 0 > 0 { _ = try? self.sendKept() }
                    Thread.sleep(forTimeInterval: seconds)
                }
            }
            thread.name = "topweight outbox"
            sender = thread
            thread.start()
        }
    }

    // MARK: - Saving

    public func save(_ record: NewRecord, now: Date) throws(LogbookError) -> Int64 {
        try saving(record, now: now) { () throws(LogbookError) in (try server.save(record, now: now), ExerciseBests()) }.id
    }

    /// A kept set is measured against nothing (`TrainingProgress` names no
    /// record for it): its PRs show in `prs` once it is sent.
    public func saveMeasured(_ record: NewRecord, now: Date) throws(LogbookError) -> (id: Int64, bests: ExerciseBests) {
        try saving(record, now: now) { () throws(LogbookError) in try server.saveMeasured(record, now: now) }
    }

    /// Sends what waits first (in order: while any still wait, the new set
    /// waits behind them), then saves; kept when the server is away or
    /// when what waits takes longer than `sendingWithin` to send.
    private func saving(_ record: NewRecord, now: Date,
                        _ save: () throws(LogbookError) -> (id: Int64, bests: ExerciseBests)) throws(LogbookError) -> (id: Int64, bests: ExerciseBests) {
        if !lock.withLock({ knownEmpty }) {
            if let outbox = try outbox(), try outbox.count() > 0 {
                do {
                    if try sendKept(now: now, until: .now + Self.sendingWithin) == nil { return try keep(record, now: now) }
                } catch where error.kind == .unreachable {
                    return try keep(record, now: now)
                } catch {
                    // A kept set the server refused stays for `check`; this one goes on.
                }
            } else {
                lock.withLock { knownEmpty = true }
            }
        }
        do {
            let saved = try save()
            names.learn(record.user, did: record.exercise, values: record.values, now: now, backdated: record.isBackdated(savedAt: now))
            return saved
        } catch where error.kind == .unreachable {
            return try keep(record, now: now)
        }
    }

    private func keep(_ record: NewRecord, now: Date) throws(LogbookError) -> (id: Int64, bests: ExerciseBests) {
        guard let outbox = try outbox(create: true) else { throw LogbookError(.other, "no outbox at \(outboxPath)") }
        let place = try outbox.keep(record, now: now)
        lock.withLock { (knownEmpty, keeps) = (false, keeps + 1) }
        return (Self.id(place: place), ExerciseBests())
    }

    // MARK: - Kept sets as records

    /// The id a kept set goes by while it waits: minus its place in the outbox.
    static func id(place: Int64) -> Int64 { -place }

    /// The outbox place of a kept set's id, `nil` for a record on the server.
    static func place(of id: Int64) -> Int64? { id < 0 ? -id : nil }

    public func deleteRecord(id: Int64, uid: String?, now: Date) throws(LogbookError) -> Bool {
        guard let place = Self.place(of: id) else { return try reach { () throws(LogbookError) in try server.deleteRecord(id: id, uid: uid, now: now) } }
        guard let outbox = try outbox() else { return false }
        if try outbox.remove(place: place) { return true }
        // Sent meanwhile: the server's record goes.
        guard let sent = try outbox.sentRecordID(place: place), sent > 0 else { return false }
        return try reach { () throws(LogbookError) in try server.deleteRecord(id: sent, uid: uid, now: now) }
    }

    public func restoreRecord(id: Int64, uid: String?) throws(LogbookError) -> Bool {
        guard let place = Self.place(of: id) else { return try reach { () throws(LogbookError) in try server.restoreRecord(id: id, uid: uid) } }
        guard let sent = try outbox()?.sentRecordID(place: place), sent > 0 else { return false }
        return try reach { () throws(LogbookError) in try server.restoreRecord(id: sent, uid: uid) }
    }

    public func record(id: Int64) throws(LogbookError) -> WorkoutRecord? {
        guard let place = Self.place(of: id) else { return try reach { () throws(LogbookError) in try server.record(id: id) } }
        if let kept = try keptSets().first(where: { $0.place == place }) { return kept.workoutRecord }
        guard let sent = try outbox()?.sentRecordID(place: place), sent > 0 else { return nil }
        return try reach { () throws(LogbookError) in try server.record(id: sent) }
    }

    public func editRecord(id: Int64, uid: String?, exercise: Exercise, values: SetValues, now: Date) throws(LogbookError) -> Bool {
        guard let place = Self.place(of: id) else {
            return try reach { () throws(LogbookError) in try server.editRecord(id: id, uid: uid, exercise: exercise, values: values, now: now) }
        }
        guard let sent = try outbox()?.sentRecordID(place: place), sent > 0 else {
            throw LogbookError(.unreachable, "#k\(place) is kept on this terminal until the server is back; :undo it and save it again")
        }
        return try reach { () throws(LogbookError) in try server.editRecord(id: sent, uid: uid, exercise: exercise, values: values, now: now) }
    }

    /// The server's records with the kept sets among them, newest first;
    /// while the server is away, the kept sets alone (when any match).
    public func forEachRecord(_ query: HistoryQuery, _ body: (WorkoutRecord) throws -> Void) throws(LogbookError) {
        let kept = query.deleted ? [] : try keptSets().filter { Self.matches($0, query) }.map(\.workoutRecord)
            .sorted { ($0.performedAt, $0.id) > ($1.performedAt, $1.id) }
        guard !kept.isEmpty else { return try reach { () throws(LogbookError) in try server.forEachRecord(query, body) } }
        var pending = kept[...]
        var given = 0
        let limit = query.limit ?? .max
        func give(_ record: WorkoutRecord) throws {
            guard given < limit else { return }
            given += 1
            try body(record)
        }
        do {
            try reach { () throws(LogbookError) in
                try server.forEachRecord(query) { record in
                    while let next = pending.first, (next.performedAt, next.id) > (record.performedAt, record.id) {
                        pending.removeFirst()
                        try give(next)
                    }
                    try give(record)
                }
            }
        } catch where error.kind == .unreachable {
            // Away: the kept sets are what this terminal can show.
        }
        do {
            for record in pending { try give(record) }
        } catch {
            throw error as? LogbookError ?? LogbookError(.other, "\(error)")
        }
    }

    static func matches(_ kept: KeptSet, _ query: HistoryQuery) -> Bool {
        if let user = query.userID, kept.record.user.id != user { return false }
        if let exercise = query.exerciseID, kept.record.exercise.id != exercise { return false }
        let record = kept.workoutRecord
        if let since = query.since, record.performedAt < since { return false }
        if let until = query.until, record.performedAt >= until { return false }
        if let before = query.before, (record.performedAt, record.id) >= (before.performedAt, before.id) { return false }
        return true
    }
}
