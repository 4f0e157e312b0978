import Foundation

/// A coach's word to a member, left on one of the member's days
/// (`note add --coach`): shown to the member once, at the start of their
/// next turn, and beside that day in their history thereafter.
public struct CoachNote: Sendable, Hashable {
    /// Its id in this database (`note remove ID`); 0 for one still travelling.
    public var id: Int64
    /// The member it is for, by name.
    public var user: String
    public var day: LocalDay
    /// The coach who wrote it, by name as it was then.
    public var coach: String
    public var text: String
    public var createdAt: Date
    /// When the member was shown it at a turn's start; `nil` while it waits.
    public var seenAt: Date?
    /// Its id across databases (`copy`, export and import).
    public var uid: String

    public init(id: Int64 = 0, user: String, day: LocalDay, coach: String, text: String, createdAt: Date, seenAt: Date? = nil, uid: String) {
        self.id = id
        self.user = user
        self.day = day
        self.coach = coach
        self.text = text
        self.createdAt = createdAt
        self.seenAt = seenAt
        self.uid = uid
    }

    /// The one line a member is shown: `Coach Bo: lighter on squats today`.
    public var line: String { "Coach \(coach): \(text)" }

    /// The line among a day's notes, which are Markdown: the coach's name
    /// reads as itself (`_Bo_` is not Bo in italics), the text as the coach wrote it.
    public var markdownLine: String {
        let literal = coach.reduce(into: "") { out, character in
            if character.isASCII, character.isPunctuation || character.isSymbol { out.append("\\") }
            out.append(character)
        }
        return "Coach \(literal): \(text)"
    }
}

extension CoachNote {
    /// At most this many characters: one line a member reads at a glance.
    public static let longest = 280

    /// `text` as a note keeps it: every run of spaces (tabs, no-break
    /// spaces…) one space, none at the ends, so no note pads itself out to
    /// look like a line of its own at the turn's start.
    public static func normalized(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace && !$0.isNewline }).joined(separator: " ")
    }

    /// Whether `text` is short enough: `longest` characters, and four code
    /// points a character at most (a character can be any number of them).
    public static func fits(_ text: String) -> Bool {
        text.count <= longest && text.unicodeScalars.count <= 4 * longest
    }
}

/// Coaches' notes to members, kept apart from the member's own day notes:
/// they reach the member once (`takeUnseenCoachNotes`) and are read beside
/// the member's days; gone with the member.
public protocol CoachNotes: AnyObject, Sendable {
    /// Keeps `note` (its id and member name are the engine's to fill) for
    /// member `userID`; returns its id.
    func addCoachNote(_ note: CoachNote, userID: Int64) throws(LogbookError) -> Int64
    /// The member's coach notes (every member's with `nil`), by member, day, then id.
    func coachNotes(userID: Int64?) throws(LogbookError) -> [CoachNote]
    /// The note with that id, if any.
    func coachNote(id: Int64) throws(LogbookError) -> CoachNote?
    /// Removes the note with that id; whether there was one.
    func removeCoachNote(id: Int64) throws(LogbookError) -> Bool
    /// The member's notes not shown yet, marked shown at `now` in the same
    /// write, so that two terminals never both show one; oldest first.
    func takeUnseenCoachNotes(userID: Int64, now: Date) throws(LogbookError) -> [CoachNote]
    /// Keeps the notes whose uid is not here yet, for members here by name
    /// (one for a member not here is passed over); returns how many were new.
    func adoptCoachNotes(_ notes: [CoachNote]) throws(LogbookError) -> Int
}

extension CoachNotes {
    /// `infos` (a member's days from `first` through `last`) with each day's
    /// coach notes after its own note, a paragraph each (`Coach Bo: …`), and
    /// a day with only coach notes given a row of its own; by day. What
    /// `sessions`, `history` and `:history` show beside a day.
    public func sessionInfos(adding infos: [SessionInfo], userID: Int64, from first: LocalDay,
                             through last: LocalDay) throws(LogbookError) -> [SessionInfo] {
        let notes = try coachNotes(userID: userID).filter { $0.day >= first && $0.day <= last }
        guard !notes.isEmpty else { return infos }
        var byDay = Dictionary(infos.map { ($0.day, $0) }, uniquingKeysWith: { kept, _ in kept })
        for note in notes {
            var info = byDay[note.day] ?? SessionInfo(day: note.day, note: nil, routine: nil)
            info.note = [info.note, note.markdownLine].compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: "\n\n")
            byDay[note.day] = info
        }
        return byDay.values.sorted { $0.day < $1.day }
    }
}
