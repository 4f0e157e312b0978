import Foundation
import Testing
import TopWeightCore
import TopWeightPostgres
import TopWeightTestSupport

/// What a short name means to a member while the server is away: the
/// ranking the server gave (their most used exercises first), as the
/// terminal heard it, in memory and in its outbox file across a restart.
@Suite("A PostgreSQL terminal ranks a member's exercises as its server does while the server is away", .serialized)
struct OutboxRankingTests {
    /// Zo's sets on the server: Back Squat 119, Front Squat 91, Zercher Squat
    /// 11, the Zercher sets done last; the exercises made in that order.
    static func seed(_ url: String) throws {
        let server = try PostgresLogbook(url: url)
        defer { server.close() }
        let zo = try server.createUser(named: "Zo", now: Date())
        let back = try server.createExercise(named: "Back Squat", category: "Legs", kind: .weight, now: Date())
        let front = try server.createExercise(named: "Front Squat", category: "Legs", kind: .weight, now: Date())
        let zercher = try server.createExercise(named: "Zercher Squat", category: "Legs", kind: .weight, now: Date())
        let lifts = Array(repeating: back, count: 119) + Array(repeating: front, count: 91)
        let order = lifts.enumerated().sorted { ($0.offset * 7919) % lifts.count < ($1.offset * 7919) % lifts.count }.map(\.element)
            + Array(repeating: zercher, count: 11)
        let start = Date().addingTimeInterval(-Double(order.count + 2) * 3_600)
        for (index, lift) in order.enumerated() {
            let set = NewRecord(user: zo, exercise: lift, values: SetValues(weight: Weight(value: 60, unit: .kg), reps: 5, series: 5),
                                performedAt: start.addingTimeInterval(Double(index) * 3_600))
            _ = try server.saveMeasured(set, now: set.performedAt)
        }
    }

    /// Starts a new turn for Zo and types `line`; what the terminal printed
    /// after it, once it said `saved`.
    @discardableResult
    static func turn(_ terminal: PseudoTerminal, _ line: String, expect saved: String, atStart: Bool = false) throws -> String {
        let mark = terminal.mark
        if !atStart {
            terminal.type(":user\r")
            try terminal.waitFor("Bye, Zo.", after: mark)
        }
        terminal.type("Zo\r")
        try terminal.waitFor("exercise [", after: mark)
        terminal.type(line + "\r")
        try terminal.waitFor(saved, after: mark)
        try terminal.waitFor(" series", after: mark)
        return terminal.text(after: mark)
    }

    @Test("squat is Back Squat for a member with Back Squat 119 sets, Front Squat 91 and Zercher Squat 11 (done last): with the server away mid-run, in a run started while it is away, after a Zercher set kept meanwhile, and once the server is back")
    func squatAway() throws {
        let cluster = try PrivateCluster()
        defer { cluster.stop() }
        try Self.seed(cluster.url)
        let state = try StateDirectory()
        let environment = PseudoTerminal.environment(db: cluster.url, ["XDG_STATE_HOME": state.directory])

        // Server up: Zo walks up and does a Zercher set here (the terminal hears their exercises).
        let first = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: environment)
        try first.waitFor("user [Zo]: ")
        first.type("Zo\r")
        try first.waitFor("exercise [Zercher Squat]: ")
        first.type("Zercher Squat 60x5x5\r")
        try first.waitFor("Saved #222  Zo · Zercher Squat · 60 kg")
        // The server away mid-run: the next turn's squat is what the server ranks first.
        try cluster.pgCtl(["stop", "-m", "immediate"])
        let away = try Self.turn(first, "squat 100x5x5", expect: "Saved #k1")
        #expect(away.contains("Saved #k1  Zo · Back Squat · 100 kg"), "\(away)")
        first.type(":quit\r")
        #expect(first.waitForExit() == 0)

        // A run started while the server is away: the outbox file's ranking.
        let second = try PseudoTerminal(executable: Binary.url.path, arguments: [], environment: environment)
        try second.waitFor("user")
        let restarted = try Self.turn(second, "squat 102.5x5x5", expect: "Saved #k2", atStart: true)
        #expect(restarted.contains("Saved #k2  Zo · Back Squat · 102.5 kg"), "\(restarted)")
        // One kept Zercher set doesn't make squat mean Zercher Squat (12 sets to 120).
        try Self.turn(second, "Zercher Squat 62.5x5x5", expect: "Saved #k3  Zo · Zercher Squat")
        let afterZercher = try Self.turn(second, "squat 105x5x5", expect: "Saved #k4")
        #expect(afterZercher.contains("Saved #k4  Zo · Back Squat · 105 kg"), "\(afterZercher)")

        // The server back: once the kept sets are sent, squat is Back Squat on the server.
        try cluster.pgCtl(["start", "-w"])
        let server = try TestEngine.open(cluster.url)
        var stored = 0
        for _ in 0..<150 where stored < 226 {
            usleep(100_000)
            stored = (try? server.history(HistoryQuery()).count) ?? 0
        }
        #expect(stored == 226)
        let back = try Self.turn(second, "squat 107.5x5x5", expect: "Saved #")
        #expect(back.contains("Zo · Back Squat · 107.5 kg") && !back.contains("(kept"), "\(back)")
        second.type(":quit\r")
        #expect(second.waitForExit() == 0)
    }
}
