import Foundation
import Testing
@testable import TopWeightCore

/// What a coach's note keeps of its text and how its line reads among a
/// day's Markdown notes: no padding, no megabyte "character", a coach's
/// name that reads as itself.
@Suite("A coach's note's text")
struct CoachNoteTextTests {
    static func note(coach: String, text: String) -> CoachNote {
        CoachNote(user: "Ana", day: LocalDay(year: 2026, month: 12, day: 2)!, coach: coach, text: text, createdAt: Date(), uid: "u")
    }

    @Test("runs of spaces, tabs and no-break spaces are one space, none at the ends")
    func normalized() {
        #expect(CoachNote.normalized("  see you" + String(repeating: " ", count: 110) + "14:31  #9\u{00A0}\u{00A0}Deadlift\t ") == "see you 14:31 #9 Deadlift")
        #expect(CoachNote.normalized("one\ntwo") == "one\ntwo")
    }

    @Test("280 characters fit, and four code points a character at most")
    func fits() {
        #expect(CoachNote.fits(String(repeating: "a", count: 280)))
        #expect(!CoachNote.fits(String(repeating: "a", count: 281)))
        #expect(!CoachNote.fits("Q" + String(repeating: "\u{301}", count: 5_000)))
        #expect(CoachNote.fits(String(repeating: "é", count: 280)))
    }

    @Test("the coach's name is escaped among Markdown notes; the text is the coach's own")
    func markdownLine() {
        #expect(Self.note(coach: "_Bo_", text: "**go**").markdownLine == "Coach \\_Bo\\_: **go**")
        #expect(Self.note(coach: "[Bo](http://x)", text: "x").markdownLine == "Coach \\[Bo\\]\\(http\\:\\/\\/x\\): x")
        #expect(Self.note(coach: "Björn Ås", text: "x").markdownLine == "Coach Björn Ås: x")
    }
}
