import Foundation
import TopWeightCore

/// What the logger's prompts ask of the logbook between two saves: the
/// defaults in brackets, names for Tab, a name typed at the user prompt, the
/// member's newest set (`:edit` alone), the notes beside a history. Written
/// here so the logger holds use cases, never the storage itself; records,
/// listings and the admin PIN are `Workouts`' (`RecordChanges`, `Listings`,
/// `AdminAccess`).
public struct Prompts: Sendable {
    /// The defaults and the sets `:edit` and `:undo` mean.
    public let recording: any SetRecording
    /// Names for Tab, a name typed, a new member.
    public let names: any NameLookup
    /// The notes beside a history.
    public let diary: any TrainingDiary
    /// Coaches' notes, beside a history too (none without).
    public let coachNotes: (any CoachNotes)?

    public init(recording: any SetRecording, names: any NameLookup, diary: any TrainingDiary, coachNotes: (any CoachNotes)? = nil) {
        self.recording = recording
        self.names = names
        self.diary = diary
        self.coachNotes = coachNotes
    }

    /// The prompts over the roles `roles` gives.
    public init(_ roles: LogbookRoles) {
        self.init(recording: roles.recording, names: roles.names, diary: roles.diary, coachNotes: roles.coachNotes)
    }

    /// The prompts over one engine.
    public init(logbook: any Logbook) {
        self.init(LogbookRoles(logbook))
    }

    /// Why the database's server can't be reached now, as far as is known
    /// without asking it: a new name can't be made meanwhile.
    public var unreachable: LogbookError? { recording.unreachable }

    // MARK: - Defaults

    /// The member who saved last (`user [Ana]: ` outside a kiosk).
    public func lastUsedUser() throws(WorkoutsError) -> User? {
        try attempt { () throws(LogbookError) in try recording.lastUsedUser() }
    }

    /// The member's last exercise (`exercise [Bench Press]: `).
    public func lastExercise(of member: User) throws(WorkoutsError) -> Exercise? {
        try attempt { () throws(LogbookError) in try recording.lastExercise(of: member) }
    }

    /// The member's last numbers for the exercise: where the entry starts.
    public func lastValues(of member: User, for exercise: Exercise) throws(WorkoutsError) -> SetValues? {
        try attempt { () throws(LogbookError) in try recording.lastValues(of: member, for: exercise) }
    }

    // MARK: - Names

    /// The member's recent exercises, the most used first: ranked first by Tab.
    public func recentExercises(of member: User, limit: Int) throws(WorkoutsError) -> [Exercise] {
        try attempt { () throws(LogbookError) in try recording.recentExercises(of: member, limit: limit) }
    }

    /// Names added after `id` (by any terminal): what Tab's index lacks.
    public func names(of kind: NameRules.Kind, after id: Int64) throws(WorkoutsError) -> [(id: Int64, name: String)] {
        try attempt { () throws(LogbookError) in try names.names(of: kind, after: id) }
    }

    /// The member with exactly this name, or `nil` for a new one.
    public func member(named name: String) throws(WorkoutsError) -> User? {
        try attempt { () throws(LogbookError) in try names.user(named: name) }
    }

    /// A new member, confirmed at the question.
    public func createMember(named name: String, now: Date) throws(WorkoutsError) -> User {
        try attempt { () throws(LogbookError) in try names.addUser(named: name, now: now) }
    }

    /// The stored name `name` would pass for (`Аna` with a Cyrillic А for `Ana`).
    public func lookalike(of name: String, kind: NameRules.Kind) throws(WorkoutsError) -> String? {
        try attempt { () throws(LogbookError) in try names.existingLookalike(of: name, kind: kind) }
    }

    // MARK: - Sets

    /// The member's newest set: what `:edit` alone means before a save.
    public func newestSet(of member: User) throws(WorkoutsError) -> WorkoutRecord? {
        var query = HistoryQuery(userID: member.id)
        query.limit = 1
        return try attempt { () throws(LogbookError) in try recording.history(query) }.first
    }

    /// The notes beside a member's history: of the days `records` (newest first) span, by day.
    public func notes(beside records: [WorkoutRecord], of memberID: Int64, calendar: Calendar) throws(WorkoutsError) -> [LocalDay: String] {
        guard let newest = records.first, let oldest = records.last else { return [:] }
        return try notes(of: memberID, from: LocalDay(oldest.performedAt, in: calendar), through: LocalDay(newest.performedAt, in: calendar))
    }

    /// The notes of the member's days from `first` through `last`, by day.
    public func notes(of memberID: Int64, from first: LocalDay, through last: LocalDay) throws(WorkoutsError) -> [LocalDay: String] {
        let infos = try attempt { () throws(LogbookError) in
            let infos = try diary.sessionInfos(userID: memberID, from: first, through: last)
            return try coachNotes?.sessionInfos(adding: infos, userID: memberID, from: first, through: last) ?? infos
        }
        var notes: [LocalDay: String] = [:]
        for info in infos { if let note = info.note { notes[info.day] = note } }
        return notes
    }
}
