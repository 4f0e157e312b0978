import Foundation
import TopWeightCatalog
import TopWeightCore

/// The training log around the quick-record flow, written once for the
/// logger and the command line: sessions, notes, the calendar, repeating a
/// session, routines and editing a set. Days are local days in `calendar`'s
/// time zone (injected, like the clock).
public struct TrainingLog: Sendable {
    /// The sets a day is made of, and the one `edit` changes.
    public let recording: any SetRecording
    /// A routine's exercises by name.
    public let names: any NameLookup
    /// Notes, routines and body weight.
    public let diary: any TrainingDiary
    /// Coaches' notes, shown beside the member's days (none without).
    public let coachNotes: (any CoachNotes)?
    /// The bundled starters, read only when routines are asked for: the
    /// logger starts without parsing `routines.yaml`.
    private let starters: @Sendable () -> RoutineCatalog
    public var routineCatalog: RoutineCatalog { starters() }
    /// Made, and the zone looked up, when a day is first asked for (see `Deferred`).
    private let made: Deferred<Calendar>
    public var calendar: Calendar { made.value }

    public init(logbook: any SetRecording & NameLookup & TrainingDiary, routineCatalog: @autoclosure @escaping @Sendable () -> RoutineCatalog,
                timeZone: TimeZone) {
        self.init(recording: logbook, names: logbook, diary: logbook, coachNotes: logbook as? any CoachNotes, routineCatalog: routineCatalog(),
                  zone: { timeZone })
    }

    /// A log whose zone is looked up when a day is first asked for (the logger's start needs none).
    public init(logbook: any SetRecording & NameLookup & TrainingDiary, routineCatalog: @autoclosure @escaping @Sendable () -> RoutineCatalog,
                zone timeZone: @escaping @Sendable () -> TimeZone) {
        self.init(recording: logbook, names: logbook, diary: logbook, coachNotes: logbook as? any CoachNotes, routineCatalog: routineCatalog(),
                  zone: timeZone)
    }

    /// The log over the roles `roles` gives.
    public init(_ roles: LogbookRoles, routineCatalog: @autoclosure @escaping @Sendable () -> RoutineCatalog,
                zone timeZone: @escaping @Sendable () -> TimeZone) {
        self.init(recording: roles.recording, names: roles.names, diary: roles.diary, coachNotes: roles.coachNotes,
                  routineCatalog: routineCatalog(), zone: timeZone)
    }

    public init(recording: any SetRecording, names: any NameLookup, diary: any TrainingDiary, coachNotes: (any CoachNotes)? = nil,
                routineCatalog: @autoclosure @escaping @Sendable () -> RoutineCatalog, zone timeZone: @escaping @Sendable () -> TimeZone) {
        self.recording = recording
        self.names = names
        self.diary = diary
        self.coachNotes = coachNotes
        starters = routineCatalog
        made = Deferred {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone()
            return calendar
        }
    }

    /// The local day holding `date`.
    public func day(of date: Date) -> LocalDay {
        LocalDay(date, in: calendar)
    }

    // MARK: - Sessions

    /// The member's sessions on days up to `through`, newest first, at most
    /// `limit` of them (`nil` for all), from `since` on when given.
    public func sessions(of member: User, since: LocalDay? = nil, through: LocalDay, limit: Int?) throws(WorkoutsError) -> [TrainingSession] {
        // The loop below adds a finished day before it checks the limit.
        if let limit, limit <= 0 { return [] }
        var query = HistoryQuery(userID: member.id)
        query.since = since.map { $0.start(in: calendar) }
        query.until = through.adding(days: 1).start(in: calendar)
        var sessions: [TrainingSession] = []
        var current: [WorkoutRecord] = []
        var currentDay: LocalDay?
        // Pages of records, newest first, until `limit` whole days are in:
        // small first (a day is a handful of sets), doubling after.
        var pageSize = limit.map { min(max($0 * 12, 48), 1_000) } ?? 1_000
        pages: while true {
            query.limit = pageSize
            let page = try attempt { () throws(LogbookError) in try recording.history(query) }
            for record in page {
                let day = day(of: record.performedAt)
                if day != currentDay, let done = currentDay {
                    sessions.append(TrainingSession(day: done, user: member.name, records: current.reversed()))
                    current = []
                    if let limit, sessions.count >= limit { break pages }
                }
                currentDay = day
                current.append(record)
            }
            guard page.count == pageSize, let last = page.last else { break }
            query.before = (last.performedAt, last.id)
            pageSize = min(pageSize * 2, 1_000)
        }
        if let done = currentDay, !current.isEmpty, limit.map({ sessions.count < $0 }) ?? true {
            sessions.append(TrainingSession(day: done, user: member.name, records: current.reversed()))
        }
        guard let newest = sessions.first?.day, let oldest = sessions.last?.day else { return [] }
        return try withInfos(sessions, member: member, from: oldest, through: newest)
    }

    /// The member's session on `day`, or `nil` when they logged nothing that day.
    public func session(of member: User, on day: LocalDay) throws(WorkoutsError) -> TrainingSession? {
        try sessions(of: member, since: day, through: day, limit: 1).first
    }

    /// The member's newest session on a day before `day` (`:repeat last`).
    public func lastSession(of member: User, before day: LocalDay) throws(WorkoutsError) -> TrainingSession? {
        try sessions(of: member, through: day.adding(days: -1), limit: 1).first
    }

    /// A month of the member's training: every day with sets, and the notes and routines kept.
    public func month(_ month: LocalMonth, of member: User) throws(WorkoutsError) -> TrainingMonth {
        let days = try sessions(of: member, since: month.first, through: month.last, limit: nil)
        return TrainingMonth(month: month, sessions: days.reversed())
    }

    private func withInfos(_ sessions: [TrainingSession], member: User, from first: LocalDay, through last: LocalDay) throws(WorkoutsError) -> [TrainingSession] {
        let infos = try dayInfos(of: member, from: first, through: last)
        let byDay = Dictionary(infos.map { ($0.day, $0) }, uniquingKeysWith: { first, _ in first })
        return sessions.map { session in
            var session = session
            session.note = byDay[session.day]?.note
            session.routine = byDay[session.day]?.routine
            session.programDay = byDay[session.day]?.programDay
            return session
        }
    }

    /// The member's days' notes and routines from `first` through `last`, the coaches' notes in their notes.
    func dayInfos(of member: User, from first: LocalDay, through last: LocalDay) throws(WorkoutsError) -> [SessionInfo] {
        try attempt { () throws(LogbookError) in
            let infos = try diary.sessionInfos(userID: member.id, from: first, through: last)
            return try coachNotes?.sessionInfos(adding: infos, userID: member.id, from: first, through: last) ?? infos
        }
    }

    // MARK: - Notes

    /// Longest note kept at once, in characters.
    public static let noteLength = 10_000

    /// Adds a markdown note to the member's day. Control characters other
    /// than newlines and tabs are refused (they could drive a terminal).
    public func addNote(_ text: String, for member: User, on day: LocalDay, now: Date) throws(WorkoutsError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalid("the note is empty; nothing was added") }
        guard trimmed.count <= Self.noteLength else {
            throw .invalid("the note is too long (\(trimmed.count) characters; at most \(Self.noteLength))")
        }
        if trimmed.unicodeScalars.contains(where: NameRules.isForbiddenInNote) {
            throw .invalid("the note holds a control character; type text, markdown welcome")
        }
        guard LatestTime.allows(day, now: now, calendar: calendar) else {
            throw .invalid("\(day) is in the future; notes go on days that happened")
        }
        try attempt { () throws(LogbookError) in try diary.appendNote(userID: member.id, day: day, text: trimmed, now: now) }
    }

    // MARK: - Routines

    /// Every routine: the gym's own, then the bundled starters it does not replace, by name.
    public func routines() throws(WorkoutsError) -> [(routine: Routine, bundled: Bool)] {
        let own = try attempt { () throws(LogbookError) in try diary.routines() }
        let ownKeys = Set(own.map { NameRules.key($0.name) })
        let starters = routineCatalog.routines.filter { !ownKeys.contains(NameRules.key($0.name)) }
        return (own.map { ($0, false) } + starters.map { ($0, true) })
            .sorted { NameRules.key($0.routine.name) < NameRules.key($1.routine.name) }
    }

    /// The routine with this name (the gym's own first), or why there is none.
    public func routine(named name: String) throws(WorkoutsError) -> Routine {
        let key = NameRules.key(name)
        if let found = try routines().first(where: { NameRules.key($0.routine.name) == key }) { return found.routine }
        let names = try routines().map(\.routine.name).joined(separator: ", ")
        throw .notFound("no routine named \(name); there are: \(names)")
    }

    /// Stores every routine of a YAML file; returns (added, replaced, and
    /// the step names `resolve` put on another spelling, each once).
    ///
    /// `resolve` gives the name to keep for a step's exercise (the caller puts
    /// other apps' names on the catalog's): the walk finds the member's numbers
    /// and never creates a second exercise for a lift it already knows.
    public func importRoutines(yaml: String, now: Date, resolve: (String) -> String = { $0 })
        throws(WorkoutsError) -> (added: [String], replaced: [String], mapped: [(from: String, to: String)]) {
        let file: RoutineCatalog
        do {
            file = try RoutineCatalog(yaml: yaml)
        } catch {
            throw .invalid(error.description)
        }
        guard !file.routines.isEmpty else { throw .invalid("the file lists no routines") }
        var added: [String] = []
        var replaced: [String] = []
        var mapped: [(from: String, to: String)] = []
        for var routine in file.routines {
            for index in routine.exercises.indices {
                let written = routine.exercises[index].exercise
                let kept = resolve(written)
                guard kept != written else { continue }
                routine.exercises[index].exercise = kept
                if !mapped.contains(where: { $0.from == written }) { mapped.append((written, kept)) }
            }
            if try attempt({ () throws(LogbookError) in try diary.saveRoutine(routine, now: now) }) {
                replaced.append(routine.name)
            } else {
                added.append(routine.name)
            }
        }
        return (added, replaced, mapped)
    }

    /// Removes one of the gym's own routines (a bundled starter can't be removed).
    public func removeRoutine(named name: String) throws(WorkoutsError) {
        if try attempt({ () throws(LogbookError) in try diary.removeRoutine(named: name) }) { return }
        throw notOwn(name)
    }

    /// The gym's own routine with this name, the one `removeRoutine` would
    /// remove, or why there is none: asked before the admin PIN, so nobody
    /// types it for a removal that can't happen.
    public func ownRoutine(named name: String) throws(WorkoutsError) -> Routine {
        let key = NameRules.key(name)
        let own = try attempt { () throws(LogbookError) in try diary.routines() }
        guard let found = own.first(where: { NameRules.key($0.name) == key }) else { throw notOwn(name) }
        return found
    }

    private func notOwn(_ name: String) -> WorkoutsError {
        if routineCatalog.routine(named: name) != nil {
            return .invalid("\(name) is a bundled starter; it can't be removed (import one with the same name to replace it)")
        }
        return .notFound("no routine named \(name); 'topweight routines' lists them")
    }

    // MARK: - Walking a session or a routine

    /// The sets of a past session, in the order they were done: the steps of `:repeat`.
    public func plan(repeating session: TrainingSession) -> [PlannedSet] {
        session.records.map { PlannedSet(exercise: $0.exercise, values: $0.values) }
    }

    /// A routine's exercises, each with the member's last numbers for it, else the routine's.
    public func plan(for routine: Routine, member: User) throws(WorkoutsError) -> [PlannedSet] {
        var steps: [(planned: PlannedSet, letter: String?, rounds: Int)] = []
        for step in routine.exercises {
            var values = step.values
            if let exercise = try attempt({ () throws(LogbookError) in try names.exercise(named: step.exercise) }),
               let last = try attempt({ () throws(LogbookError) in try recording.lastValues(of: member, for: exercise) }) {
                values = last
            }
            // A superset's lift is walked one series at a time, as many times as the routine says.
            let rounds = step.values?.series ?? values?.series ?? 3
            steps.append((PlannedSet(exercise: step.exercise, values: values, rest: step.rest), step.superset, rounds))
        }
        return Supersets.walk(steps)
    }

    /// Remembers that the member's day followed `routine`, and which day of its program it was (`week 2 day 1`).
    public func markRoutine(_ routine: String, programDay: String? = nil, for member: User, on day: LocalDay, now: Date) throws(WorkoutsError) {
        try attempt { () throws(LogbookError) in
            try diary.setRoutine(routine, programDay: programDay, userID: member.id, day: day, now: now)
        }
    }

    // MARK: - Editing a set

    /// Changes a live record: any of exercise and numbers; returns it before and after.
    public func edit(id: Int64, exercise: Exercise?, weight: Weight?, reps: Int?, series: Int?, now: Date) throws(WorkoutsError) -> (before: WorkoutRecord, after: WorkoutRecord) {
        try edit(id: id, exercise: exercise, now: now) { values in
            if let weight { values.weight = weight }
            if let reps { values.reps = reps }
            if let series { values.series = series }
        }
    }

    /// Changes a live record to `values`, of any kind (and its exercise, if
    /// given); returns it before and after. A set that is not one of its kind
    /// is refused, and so (`uid` given: the set `:edit` was shown) is the
    /// record of that id when it is another one now.
    public func edit(id: Int64, uid: String? = nil, exercise: Exercise?, values: SetValues, now: Date)
        throws(WorkoutsError) -> (before: WorkoutRecord, after: WorkoutRecord) {
        try edit(id: id, uid: uid, exercise: exercise, now: now) { $0 = values }
    }

    /// Changes a live record: the numbers as `change` makes them of the ones it has.
    public func edit(id: Int64, uid: String? = nil, exercise: Exercise?, now: Date, change: (inout SetValues) -> Void)
        throws(WorkoutsError) -> (before: WorkoutRecord, after: WorkoutRecord) {
        let before = try liveRecord(id: id)
        if let uid, before.uid != uid { throw .notFound("#\(id) is not the set you opened any more; nothing changed") }
        var values = before.values
        change(&values)
        guard values.isWellFormed else { throw .invalid("#\(id) would not be a \(values.measure.rawValue) set: \(values.description)") }
        let target: Exercise
        if let exercise {
            target = exercise
        } else {
            guard let current = try attempt({ () throws(LogbookError) in try names.exercise(named: before.exercise) }) else {
                throw .notFound("the exercise of #\(id) is gone")
            }
            target = current
        }
        guard try attempt({ () throws(LogbookError) in try recording.editRecord(id: id, uid: uid, exercise: target, values: values, now: now) }) else {
            throw .notFound("#\(id) was deleted meanwhile; nothing changed")
        }
        var after = before
        after.exercise = target.name
        after.values = values
        return (before, after)
    }

    /// The record `edit` would change, or why it can't: asked before the admin PIN too.
    public func liveRecord(id: Int64) throws(WorkoutsError) -> WorkoutRecord {
        guard let record = try attempt({ () throws(LogbookError) in try recording.record(id: id) }) else {
            throw .notFound("no record #\(id); 'topweight history' shows ids")
        }
        guard record.deletedAt == nil else { throw .invalid("#\(id) is deleted; 'topweight restore \(id)' brings it back first") }
        return record
    }
}
