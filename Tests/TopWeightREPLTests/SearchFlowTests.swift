import Foundation
import Testing
import TopWeightCore
import TopWeightText
@testable import TopWeightREPL

/// `:search WORDS` in the logger: only the log of the member whose turn it
/// is, and what the flow shows of what was found. No logbook.
@Suite(":search in the logger")
struct SearchFlowTests {
    @Test(":search looks through the turn's member's log and no one else's")
    func ownLogOnly() {
        var script = FlowScript.atExercise()
        #expect(script.type(":search squ zoe") == [.fetch(.search(FlowScript.ana, "squ zoe", limit: 10))])
        // At a terminal, as many days as its screen shows whole.
        var screen = FlowScript.atExercise(rows: 30)
        #expect(screen.type(":search squ") == [.fetch(.search(FlowScript.ana, "squ", limit: 8))])
        // Outside a turn nobody's log is searched: not the last member's, whom other commands default to.
        var idle = FlowScript()
        #expect(idle.type(":search squat") == [.warn("Type your name first: :search looks through your own log.")])
        var kiosk = FlowScript(kiosk: true)
        #expect(kiosk.type(":search squat") == [.warn("Type your name first: :search looks through your own log.")])
    }

    @Test(":search with no word to look for says what to type, and reads nothing")
    func nothingToLookFor() {
        var script = FlowScript.atExercise()
        let effects = script.type(":search  ?! ")
        #expect(effects.count == 1 && script.warned.first?.contains(":search squat") == true, "\(effects)")
    }

    @Test("what :search found is shown by day, newest first, the words marked, the matching note lines only")
    func shownMarked() {
        var script = FlowScript.atExercise()
        script.type(":search squ zoe")
        let day = LocalDay(FlowScript.now, in: HistoryGrouping(timeZone: FlowScript.utc).calendar)
        let squat = WorkoutRecord(id: 7, user: "Ana", exercise: "Back Squat", values: .kg(100, 5, 5), performedAt: FlowScript.now)
        let result = SearchResult(member: FlowScript.ana, terms: ["squ", "zoe"], aliased: [],
                                  days: [.init(day: day, note: "warm-up fine\nZoë spotted me", routine: "Leg Day", records: [squat])],
                                  more: false)
        #expect(script.send(.fetched(.search(result))) == [.show([
            "1 day with squ, zoe", "Today · Leg Day", "  Back [Squat]  100 kg × 5 × 5", "  ✎ [Zoë] spotted me",
        ])])
        var older = result
        older.more = true
        #expect(script.send(.fetched(.search(older))) == [.show([
            "1 day with squ, zoe", "Today · Leg Day", "  Back [Squat]  100 kg × 5 × 5", "  ✎ [Zoë] spotted me",
            "… older days match too: another word narrows it, 'topweight search' shows them all",
        ])])
        let none = SearchResult(member: FlowScript.ana, terms: ["curl"], aliased: [], days: [], more: false)
        #expect(script.send(.fetched(.search(none))) == [.show(["Nothing in Ana's log has curl."])])
    }
}
