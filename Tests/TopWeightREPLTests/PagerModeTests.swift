import Foundation
import Testing
import TopWeightCore
@testable import TopWeightREPL

/// `:history` on a screen as a machine of its own: keys in, page requests
/// and screens out; the pages it asks for are answered here as events, with
/// no logbook.
@Suite("The history pager")
struct PagerModeTests {
    /// `count` sets of Ana's, newest first, a minute apart, ids from `count` down.
    static func sets(_ count: Int, from newest: Int = 0, exercise: (Int) -> String = { _ in "Bench Press" }) -> [WorkoutRecord] {
        (newest..<newest + count).map { index in
            WorkoutRecord(id: Int64(100_000 - index), user: "Ana", exercise: exercise(index), values: .kg(60, 8, 3),
                          performedAt: FlowScript.now.addingTimeInterval(-60 * Double(index)))
        }
    }

    /// Ana at the exercise prompt on a screen of `rows` lines, `:history` asked for.
    static func paging(rows: Int = 11, limit: Int? = nil) -> FlowScript {
        var script = FlowScript.atExercise(rows: rows)
        script.send(.historyOf(FlowScript.ana, limit: limit))
        return script
    }

    @Test("the pager opens by asking for the member's newest page, and reads nothing itself")
    func opens() {
        let script = Self.paging()
        #expect(script.effects == [.fetch(.historyPage(1, after: nil))])
        guard case .pager(let pager) = script.turn.mode else {
            Issue.record("no pager")
            return
        }
        #expect(pager.height == 10 && pager.needed == 11)
    }

    @Test("a page that fills the screen shows one screen of lines, and the status says more follow")
    func firstScreen() {
        var script = Self.paging()
        let effects = script.send(.historyRead(Self.sets(500), more: true, notes: [:], keptOnly: false))
        #expect(effects.count == 1 && script.shown.count == 10, "\(effects)")
        #expect(script.shown.first == "Today", "the day's heading leads")
        #expect(script.prompt == "-- 1–10 of 501+ -- Space next · b back · /text filter · q done ")
    }

    @Test("pages are asked for, after the oldest read, until the screen can be filled")
    func readsOn() {
        var script = Self.paging()
        let page = Self.sets(3)
        #expect(script.send(.historyRead(page, more: true, notes: [:], keptOnly: false)) == [.fetch(.historyPage(1, after: page.last))])
        #expect(script.send(.historyRead(Self.sets(20, from: 3), more: true, notes: [:], keptOnly: false)).count == 1)
        #expect(script.shown.count == 10)
    }

    @Test("a history that fits one screen is shown whole and the pager is over")
    func fitsOneScreen() {
        var script = Self.paging()
        script.send(.historyRead(Self.sets(3), more: false, notes: [:], keptOnly: false))
        #expect(script.shown.count == 4, "the heading and three sets: \(script.shown)")
        #expect(script.turn.mode.read == .entry)
    }

    @Test("no records: said, and the pager is over")
    func nothing() {
        var script = Self.paging()
        #expect(script.send(.historyRead([], more: false, notes: [:], keptOnly: false)) == [.say("No records yet for Ana.")])
        #expect(script.turn.mode.read == .entry)
    }

    @Test("Space shows the next screen's lines only; at the end Space leaves; Down moves one line")
    func moving() {
        var script = Self.paging()
        script.send(.historyRead(Self.sets(15), more: false, notes: [:], keptOnly: false))
        let first = script.shown
        #expect(first.count == 10)
        let down = script.type("j")
        #expect(down == [.show([script.shownLine(10)])], "one more line, not the screen again")
        #expect(script.type(" ").count == 1)
        #expect(script.prompt.hasPrefix("-- 12–16 of 16 "))
        #expect(script.type(" ").isEmpty)
        #expect(script.turn.mode.read == .entry, "Space at the end leaves")
    }

    @Test("b goes back a screen and shows it again; q leaves")
    func backAndQuit() {
        var script = Self.paging()
        script.send(.historyRead(Self.sets(30), more: false, notes: [:], keptOnly: false))
        script.type(" ")
        let back = script.type("b")
        guard case .show(let lines)? = back.first else {
            Issue.record("nothing shown: \(back)")
            return
        }
        #expect(lines.count == 10 && lines.first == "Today")
        #expect(script.type("q").isEmpty && script.turn.mode.read == .entry)
    }

    @Test("/text keeps the exercises matching it: the history is read again from the newest")
    func filter() {
        var script = Self.paging()
        script.send(.historyRead(Self.sets(30) { $0 % 2 == 0 ? "Bench Press" : "Deadlift" }, more: false, notes: [:], keptOnly: false))
        #expect(script.type("/").isEmpty && script.prompt == "/")
        #expect(script.type("dead") == [.fetch(.historyPage(1, after: nil))])
        script.send(.historyRead(Self.sets(30) { $0 % 2 == 0 ? "Bench Press" : "Deadlift" }, more: false, notes: [:], keptOnly: false))
        #expect(script.shown.suffix(9).allSatisfy { $0.contains("Deadlift") }, "\(script.shown)")
        #expect(script.prompt.contains("/dead"))
    }

    @Test("a filter that matches nothing says so, and the pager stays for another")
    func filterNothing() {
        var script = Self.paging()
        script.send(.historyRead(Self.sets(30), more: false, notes: [:], keptOnly: false))
        script.type("/")
        script.type("squat")
        #expect(script.send(.historyRead(Self.sets(30), more: false, notes: [:], keptOnly: false)).first == .say("No Ana's records match /squat."))
        guard case .pager = script.turn.mode else {
            Issue.record("the pager ended")
            return
        }
    }

    @Test("a filtered search stops after 50 000 records and shows what it found, then reads on at Space")
    func scanLimit() {
        var script = Self.paging()
        script.send(.historyRead(Self.sets(1), more: true, notes: [:], keptOnly: false))
        script.type("/")
        script.type("squat")
        var asked = 0
        var last: [Flow.Effect] = []
        for page in 0..<100 {
            last = script.send(.historyRead(Self.sets(500, from: page * 500), more: true, notes: [:], keptOnly: false))
            if case .fetch(.historyPage)? = last.first { asked += 1 }
        }
        #expect(asked == 99, "the hundredth page is the last of this search")
        #expect(last.first == .say("No Ana's records match /squat."))
        #expect(script.type(" ") != [], "Space searches on")
    }

    @Test("at most N sets with :history NAME N, and the hidden members' sets are left out")
    func limitAndHiding() {
        var feed = HistoryFeed(member: nil, limit: 5, hiding: ["bo"])
        let mixed = (0..<10).map { (index: Int) -> WorkoutRecord in
            let user = index % 2 == 0 ? "Ana" : "Bo"
            let performed = FlowScript.now.addingTimeInterval(-60 * Double(index))
            return WorkoutRecord(id: Int64(100 - index), user: user, exercise: "Bench Press", values: .kg(60, 8, 3), performedAt: performed)
        }
        feed.take(mixed, more: true, notes: [:]) { records, _ in records.map(\.user) }
        #expect(feed.lines == ["Ana", "Ana", "Ana", "Ana", "Ana"])
        #expect(feed.exhausted && !feed.wants(lines: 100), "the limit reached, nothing more is read")
    }

    @Test("a member's notes show under their day; while the server is away a last line says only kept sets show")
    func notesAndKept() {
        var script = Self.paging()
        let today = LocalDay(FlowScript.now, in: script.context.grouping.calendar)
        script.send(.historyRead(Self.sets(2), more: false, notes: [today: "felt strong"], keptOnly: true))
        #expect(script.shown[1] == "  ✎ felt strong", "\(script.shown)")
        #expect(script.shown.last == "Only the sets kept on this terminal show while the server is away.")
    }

    @Test("Ctrl-C or Ctrl-D leave the pager; a page that fails ends it with the problem", arguments: [LineEvent.interrupted, .endOfInput])
    func leave(key: LineEvent) {
        var script = Self.paging()
        script.send(.historyRead(Self.sets(30), more: false, notes: [:], keptOnly: false))
        #expect(script.press(key).isEmpty && script.turn.mode.read == .entry)
        var failing = Self.paging()
        #expect(failing.send(.failed("the database is busy")) == [.warn("the database is busy")])
        #expect(failing.turn.mode.read == .entry)
    }

    @Test("without a screen, the newest page at once: :history's count or the page size")
    func noScreen() {
        var script = FlowScript.atExercise()
        #expect(script.send(.historyOf(FlowScript.ana, limit: nil)) == [.fetch(.history(FlowScript.ana, limit: 20, hiding: []))])
        let effects = script.send(.fetched(.history(Self.sets(20), notes: [:], keptOnly: false, more: true, of: FlowScript.ana, limit: 20)))
        #expect(effects.last == .say("… older records exist: :history Ana 40"))
    }
}

extension FlowScript {
    /// Line `index` of the pager's history as rendered.
    func shownLine(_ index: Int) -> String {
        guard case .pager(let pager) = turn.mode, index < pager.feed.lines.count else { return "" }
        return pager.feed.lines[index]
    }
}
