import Foundation
import TopWeightCore

// MARK: - A coach's word to a member (`note add --coach`, `note list`, `note remove`)

extension Workouts {
    /// A coach's note at most this long: one line a member reads at a glance.
    public static let coachNoteLength = CoachNote.longest

    /// Leaves `text` from `coach` on `member`'s `day`: refused unless the
    /// coach is a member marked a coach, the text one line of at most
    /// `coachNoteLength` characters, and the day one that has begun.
    public func leaveCoachNote(_ text: String, for member: User, on day: LocalDay, from coach: User, now: Date,
                               calendar: Calendar) throws(WorkoutsError) -> CoachNote {
        let access = try attempt { () throws(LogbookError) in try roles.identity.access(of: coach) }
        guard access.isCoach else {
            throw .refused("\(coach.name) is not a coach here: 'topweight users coach \(ShellWord.quoted(coach.name))' makes them one")
        }
        let trimmed = CoachNote.normalized(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !trimmed.isEmpty else { throw .invalid("the note is empty; nothing was added") }
        guard !trimmed.contains(where: \.isNewline) else {
            throw .invalid("a coach's note is one line, shown to the member as they start; a longer one goes on their day with 'topweight note add' without --coach")
        }
        guard CoachNote.fits(trimmed) else {
            throw .invalid("the note is too long (\(trimmed.count) characters, \(trimmed.unicodeScalars.count) code points; "
                + "at most \(Self.coachNoteLength) characters of text)")
        }
        if trimmed.unicodeScalars.contains(where: NameRules.isForbiddenInNote) {
            throw .invalid("the note holds a control character; type text")
        }
        guard LatestTime.allows(day, now: now, calendar: calendar) else {
            throw .invalid("\(day) is in the future; a coach's note goes on today or a day that happened")
        }
        var note = CoachNote(user: member.name, day: day, coach: coach.name, text: trimmed, createdAt: now, uid: RecordUID.make(at: now))
        note.id = try attempt { () throws(LogbookError) in try roles.coachNotes.addCoachNote(note, userID: member.id) }
        return note
    }

    /// The member's coach notes (everybody's with `nil`), by member, day, then when written.
    public func coachNotes(of member: User?) throws(WorkoutsError) -> [CoachNote] {
        try attempt { () throws(LogbookError) in try roles.coachNotes.coachNotes(userID: member?.id) }
    }

    /// The member's coach notes by day (for `sessions`, `history`, `:history`).
    public func coachNotesByDay(of member: User) throws(WorkoutsError) -> [LocalDay: [CoachNote]] {
        Dictionary(grouping: try coachNotes(of: member), by: \.day)
    }

    /// Removes the note with that id; the note it was, or why there is none.
    public func removeCoachNote(id: Int64) throws(WorkoutsError) -> CoachNote {
        guard let note = try attempt({ () throws(LogbookError) in try roles.coachNotes.coachNote(id: id) }),
              try attempt({ () throws(LogbookError) in try roles.coachNotes.removeCoachNote(id: id) }) else {
            throw .notFound("no coach's note \(id); 'topweight note list --user NAME' lists a member's with their ids")
        }
        return note
    }

    /// What waits for `member` at the start of their turn: with `marking`
    /// (the member themselves at the keys), taken and marked shown, so it
    /// shows once; without (a coach logging for them), only read.
    public func coachNotesWaiting(for member: User, marking: Bool, now: Date) throws(WorkoutsError) -> [CoachNote] {
        guard marking else { return try coachNotes(of: member).filter { $0.seenAt == nil }.sorted { $0.id < $1.id } }
        return try attempt { () throws(LogbookError) in try roles.coachNotes.takeUnseenCoachNotes(userID: member.id, now: now) }
    }
}
