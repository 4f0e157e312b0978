import Foundation
import Testing
import TopWeightCore
@testable import TopWeightText

/// How a search's days read: the words found marked (reversed bold at a
/// terminal, brackets in plain text), whatever the case or accents, and
/// nothing a note holds reaching the terminal as a control sequence.
@Suite("Search results as text")
struct SearchTextTests {
    static let utc = TimeZone(identifier: "UTC") ?? .current
    static let now = Date(timeIntervalSince1970: 1_795_284_000)

    @Test("words are marked where a term begins them, accents and case folded; plain text gets brackets")
    func marksPlain() {
        #expect(SearchText.marked("Zoë spotted ZOE, not Azoe", ["zoe"], .plain) == "[Zoë] spotted [ZOE], not Azoe")
        #expect(SearchText.marked("Leg Pressé", ["presse", "le"], .plain) == "[Leg] [Pressé]")
        #expect(SearchText.marked("nothing here", ["squ"], .plain) == "nothing here")
    }

    @Test("at a terminal a match is reversed bold, and control characters in the text are made safe")
    func marksColor() {
        #expect(SearchText.marked("Back Squat", ["squ"], .color) == "Back \u{1B}[1m\u{1B}[7mSquat\u{1B}[27m\u{1B}[22m")
        let hostile = SearchText.marked("squat\u{1B}[2Jgone", ["squ"], .plain)
        #expect(!hostile.unicodeScalars.contains("\u{1B}"))
    }

    @Test("an exercise found by its catalog alias is marked whole; JSON carries the day, note, routine and sets")
    func aliasAndJSON() {
        let calendar = HistoryGrouping(timeZone: Self.utc).calendar
        let press = WorkoutRecord(id: 3, user: "Ana", exercise: "Overhead Press", values: SetValues(weight: Weight(hundredths: 4_000, unit: .kg), reps: 5, series: 5),
                                  performedAt: Self.now)
        let result = SearchResult(member: User(id: 1, name: "Ana"), terms: ["ohp"], aliased: [NameRules.key("Overhead Press")],
                                  days: [.init(day: LocalDay(Self.now, in: calendar), note: nil, routine: nil, records: [press])], more: true)
        let lines = SearchText.render(result, grouping: HistoryGrouping(timeZone: Self.utc), now: Self.now, style: .plain)
        #expect(lines == ["1 day with ohp", "Today", "  [Overhead Press]  40 kg × 5 × 5", "… older days match too: --limit N (0 for all)"])
        let json = SearchText.json(result, timeZone: Self.utc)
        #expect(json.hasPrefix(#"{"user":"Ana","terms":["ohp"],"more":true,"days":[{"date":"2026-11-21","routine":null,"note":null,"sets":[{"id":3,"#))
    }

    @Test("the heading shows the words as they were typed (ZOË, not zoe); the marks still find the folded ones")
    func typedWords() {
        let calendar = HistoryGrouping(timeZone: Self.utc).calendar
        let squat = WorkoutRecord(id: 4, user: "Ana", exercise: "Back Squat", values: SetValues(weight: Weight(hundredths: 10_000, unit: .kg), reps: 5, series: 5),
                                  performedAt: Self.now)
        let result = SearchResult(member: User(id: 1, name: "Ana"), terms: ["zoe", "squ"], typed: ["ZOË", "Squ"], aliased: [],
                                  days: [.init(day: LocalDay(Self.now, in: calendar), note: "with Zoë", routine: nil, records: [squat])], more: false)
        let lines = SearchText.render(result, grouping: HistoryGrouping(timeZone: Self.utc), now: Self.now, style: .plain)
        #expect(lines.first == "1 day with ZOË, Squ")
        #expect(lines.contains("  ✎ with [Zoë]"))
        let none = SearchResult(member: User(id: 1, name: "Ana"), terms: ["zoe"], typed: ["ZOË"], aliased: [], days: [], more: false)
        #expect(SearchText.render(none, grouping: HistoryGrouping(timeZone: Self.utc), now: Self.now, style: .plain) == ["Nothing in Ana's log has ZOË."])
    }
    @Test("a note's lines read as sessions renders them: no **, no [link](url) syntax, a bullet as •; the words still marked")
    func renderedNote() {
        let calendar = HistoryGrouping(timeZone: Self.utc).calendar
        let note = "my **left** knee\n- *knee* wrap on\nsee [the knee page](https://example.com/knee)"
        let result = SearchResult(member: User(id: 1, name: "Ana"), terms: ["knee"], aliased: [],
                                  days: [.init(day: LocalDay(Self.now, in: calendar), note: note, routine: nil, records: [])], more: false)
        let lines = SearchText.render(result, grouping: HistoryGrouping(timeZone: Self.utc), now: Self.now, style: .plain)
        #expect(lines == ["1 day with knee", "Today", "  ✎ my left [knee]", "    • [knee] wrap on",
                          "    see the [knee] page (https://example.com/[knee])"], "\(lines)")
        let colored = SearchText.render(result, grouping: HistoryGrouping(timeZone: Self.utc), now: Self.now, style: .color)
        #expect(!colored.joined().contains("**") && colored.joined().contains("\u{1B}[7mknee"), "\(colored)")
    }
}
