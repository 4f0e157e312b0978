import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// A coach's word to a member from the desk: `note add --coach`, `note
/// list`, `note remove`; the note beside its day in `sessions` and
/// `history`, found by `search`, in the Markdown and JSON exports, and
/// carried by `copy` (file → PostgreSQL → file) and by `import`. On the
/// engine the suite is run on (`TOPWEIGHT_TEST_ENGINE`).
@Suite("A coach's note from the desk", .serialized)
struct CoachNoteCommandTests {
    /// Ana and Zoë trained today; Bo coaches.
    static func gym(engine: TestEngine? = nil) throws -> Scratch {
        let scratch = try engine.map { try Scratch(engine: $0) } ?? Scratch()
        for (who, weight) in [("Ana", "60"), ("Zoë", "47.5"), ("Bo", "80")] {
            try TeamCommandTests.run(["add", who, "Bench Press", weight, "5", "3"], scratch.db)
        }
        try TeamCommandTests.run(["users", "coach", "Bo"], scratch.db)
        return scratch
    }

    static let leave = ["note", "add", "--user", "Ana", "--coach", "Bo", "lighter", "on", "squats", "today"]

    @Test("only a coach leaves one, in one line; it is listed with its id, beside its day, found, removed")
    func desk() throws {
        let scratch = try Self.gym()
        let notCoach = try Binary.run(["note", "add", "--user", "Ana", "--coach", "Zoë", "go heavy"], db: scratch.db)
        #expect(notCoach.status != 0)
        #expect(notCoach.stderr == "topweight: Zoë is not a coach here: 'topweight users coach Zoë' makes them one\n", "\(notCoach.stderr)")
        let unknown = try Binary.run(["note", "add", "--user", "Ana", "--coach", "Nobody", "go heavy"], db: scratch.db)
        #expect(unknown.status != 0 && unknown.stderr.contains("no member named Nobody"), "\(unknown.stderr)")
        let twoLines = try Binary.run(["note", "add", "--user", "Ana", "--coach", "Bo", "-"], db: scratch.db, input: "one\ntwo\n")
        #expect(twoLines.status != 0 && twoLines.stderr.contains("a coach's note is one line"), "\(twoLines.stderr)")

        let left = try TeamCommandTests.run(Self.leave, scratch.db)
        let today = LocalDay(Date(), in: .current)
        #expect(left.stdout == "Coach Bo: lighter on squats today — left for Ana on \(today) (note 1); shown at their next turn.\n", "\(left.stdout)")
        let listed = try TeamCommandTests.run(["note", "list", "--user", "Ana"], scratch.db).stdout
        #expect(listed == "1  \(today)  Coach Bo: lighter on squats today  (not shown yet)\n", "\(listed)")
        #expect(try TeamCommandTests.run(["note", "list", "--user", "Zoë"], scratch.db).stdout.hasPrefix("No coach's notes for Zoë"))

        let sessions = try TeamCommandTests.run(["sessions", "--user", "Ana"], scratch.db).stdout
        #expect(sessions.contains("Coach Bo: lighter on squats today"), "\(sessions)")
        let history = try TeamCommandTests.run(["history", "--user", "Ana"], scratch.db).stdout
        #expect(history.contains("Coach Bo: lighter on squats today"), "\(history)")
        #expect(!(try TeamCommandTests.run(["history", "--user", "Zoë"], scratch.db).stdout.contains("squats")))
        let found = try TeamCommandTests.run(["search", "squats", "--user", "Ana"], scratch.db).stdout
        #expect(found.contains("Coach Bo: lighter on [squats] today"), "\(found)")
        #expect(try TeamCommandTests.run(["search", "coach", "bo", "--user", "Ana"], scratch.db).stdout.contains("lighter on squats"))
        let markdown = try TeamCommandTests.run(["export", "--format", "markdown", "--user", "Ana"], scratch.db).stdout
        #expect(markdown.contains("Coach Bo: lighter on squats today"), "\(markdown)")

        let removed = try TeamCommandTests.run(["note", "remove", "1"], scratch.db).stdout
        #expect(removed == "Removed note 1 for Ana on \(today): Coach Bo: lighter on squats today\n", "\(removed)")
        let again = try Binary.run(["note", "remove", "1"], db: scratch.db)
        #expect(again.status != 0 && again.stderr.contains("no coach's note 1"), "\(again.stderr)")
        #expect(!(try TeamCommandTests.run(["sessions", "--user", "Ana"], scratch.db).stdout.contains("squats")))
    }

    /// The note as `note list` shows it in `db`, once.
    static func expectNote(in db: String, _ place: Comment) throws {
        let listed = try TeamCommandTests.run(["note", "list", "--user", "Ana"], db).stdout
        #expect(listed.components(separatedBy: "Coach Bo: lighter on squats today").count == 2, place)
    }

    @Test("copy file → PostgreSQL → file carries the note once; the JSON export carries it into import")
    func carried() throws {
        let source = try Self.gym(engine: .file)
        try TeamCommandTests.run(Self.leave, source.db)
        let server = try Scratch(engine: .postgres)
        let last = try Scratch(engine: .file)
        for (from, to) in [(source, server), (source, server), (server, last)] {
            let copied = try Binary.run(["copy", from.db, to.db], db: nil)
            #expect(copied.status == 0, "\(copied.stderr)")
        }
        try Self.expectNote(in: server.db, "the server")
        try Self.expectNote(in: last.db, "the copy of the copy")

        let export = try TeamCommandTests.run(["export", "--format", "json"], source.db).stdout
        let document = try #require(try TeamCommandTests.json(export) as? [String: Any])
        let notes = try #require(document["coachNotes"] as? [[String: Any]])
        #expect(notes.count == 1 && notes.first?["coach"] as? String == "Bo" && notes.first?["text"] as? String == "lighter on squats today")
        let file = source.directory.appendingPathComponent("export.json")
        try Data(export.utf8).write(to: file)
        let empty = try Scratch()
        try TeamCommandTests.run(["import", file.path], empty.db)
        try TeamCommandTests.run(["import", file.path], empty.db)
        try Self.expectNote(in: empty.db, "the import")
    }

    @Test("a file can't leave a member a note from somebody who isn't a coach, nor one too long, nor dated after it was written")
    func forgedInAFile() throws {
        let source = try Self.gym()
        try TeamCommandTests.run(Self.leave, source.db)
        let export = try TeamCommandTests.run(["export", "--format", "json"], source.db).stdout
        var document = try #require(try TeamCommandTests.json(export) as? [String: Any])
        let note = try #require((document["coachNotes"] as? [[String: Any]])?.first)
        func forged(_ coach: String, _ text: String, date: String? = nil) -> [String: Any] {
            var copy = note
            copy["uid"] = UUID().uuidString.lowercased()
            copy["coach"] = coach
            copy["text"] = text
            if let date { copy["date"] = date }
            return copy
        }
        document["coachNotes"] = [
            forged("Zoë", "FORGED by a member"), forged("Head Coach", "FORGED by nobody"),
            forged("Bo", "Q" + String(repeating: "\u{301}", count: 5_000)), forged("Bo", "FORGED ahead", date: "2030-01-01"),
            forged("Bo", "a real one"),
        ]
        let file = source.directory.appendingPathComponent("forged.json")
        try JSONSerialization.data(withJSONObject: document).write(to: file)
        let empty = try Scratch()
        let imported = try TeamCommandTests.run(["import", file.path], empty.db)
        let said = imported.stdout + imported.stderr
        #expect(said.contains("Zoë is not a coach here") && said.contains("Head Coach is not a coach here"), "\(said)")
        let listed = try TeamCommandTests.run(["note", "list", "--user", "Ana"], empty.db).stdout
        #expect(listed.contains("a real one"), "\(listed)")
        #expect(!listed.contains("FORGED") && !listed.contains("\u{301}"), "\(listed)")
    }
}
