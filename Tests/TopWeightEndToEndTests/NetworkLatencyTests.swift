import Foundation
import Synchronization
import Testing
import TopWeightCore
import TopWeightTestSupport

/// Terminals on a slow, lossy link (Wi-Fi across a gym floor) against one real server.
@Suite("Terminals on a slow, lossy network", .serialized)
struct NetworkLatencyTests {
    struct Phase: Sendable, CustomStringConvertible {
        var name: String
        var oneWay: Duration
        var loss: Double

        var description: String { name }
    }

    static let phases = [
        Phase(name: "clean", oneWay: .zero, loss: 0),
        Phase(name: "20 ms round trip, 5 % loss", oneWay: .milliseconds(10), loss: 0.05),
        Phase(name: "100 ms round trip, 5 % loss", oneWay: .milliseconds(50), loss: 0.05),
    ]

    @Test("Three terminals at 20 ms and at 100 ms round trip with 5 % loss: every save answers within its bound, and a save sends no more statements than on a clean link",
          .tags(.slow))
    func latencyAndLoss() throws {
        _ = try withPostgresDatabase { url in
            let terminals = try ["Ana", "Bo", "Cy"].enumerated().map { try LinkedTerminal(member: $1, database: url, seed: UInt64(21 + $0)) }
            // The background's own connection (the link's second) is opened 5 s after start:
            // its statements are left out of every save's count.
            for terminal in terminals {
                #expect(eventually(within: .seconds(15)) { terminal.link.connections >= 2 })
            }
            let perPhase = 12
            let results = Mutex<[String: [(phase: Int, save: LinkedTerminal.Save)]]>([:])
            try inParallel(Array(terminals.indices)) { index in
                let terminal = terminals[index]
                var weight = 30.0
                for (number, phase) in Self.phases.enumerated() {
                    terminal.link.impair(oneWay: phase.oneWay, loss: phase.loss)
                    for _ in 0..<perPhase {
                        weight += 0.5
                        let save = try terminal.save(weight)
                        results.withLock { $0[terminal.member, default: []].append((number, save)) }
                        Thread.sleep(forTimeInterval: 0.3)
                    }
                }
                terminal.link.heal()
            }
            let all = results.withLock { $0 }
            for (number, phase) in Self.phases.enumerated() {
                let saves = all.values.flatMap { $0.filter { $0.phase == number }.map(\.save) }
                let took = saves.map(\.took).sorted()
                let statements = saves.map(\.statements)
                print("NetworkLatencyTests: \(phase): \(saves.count) saves, \(saves.filter(\.kept).count) kept, median \(took[took.count / 2]), slowest \(took.last ?? .zero), statements per save \(statements.min() ?? 0)–\(statements.max() ?? 0), in all \(statements.reduce(0, +))")
            }
            for terminal in terminals {
                print("NetworkLatencyTests: \(terminal.member), kept (k) or taken (.) save by save: \(String(terminal.saves.dropFirst().map { $0.kept ? "k" : "." }))")
            }
            // The link clean again, the idle loggers send what they kept.
            let everything = terminals.reduce(0) { $0 + $1.saves.count }
            #expect(eventually(within: .seconds(20)) { ((try? TestEngine.open(url).history(HistoryQuery()).count) ?? 0) >= everything })
            for terminal in terminals { #expect(terminal.quit() == .exited(0), "\(terminal.logger.stderr.text)") }
            try NetworkPartitionTests.expectOnServer(terminals, url: url)

            let clean = all.values.flatMap { $0.filter { $0.phase == 0 }.map(\.save) }
            let perSave = clean.filter { !$0.kept }.map(\.statements).max() ?? 0
            #expect(perSave >= 1, "no statement counted on the clean link")
            for number in 1..<Self.phases.count {
                let saves = all.values.flatMap { $0.filter { $0.phase == number }.map(\.save) }
                // A set kept because its answer came late is sent once more; nothing else adds a statement.
                let allowed = (saves.count + saves.filter(\.kept).count) * perSave
                #expect(saves.map(\.statements).reduce(0, +) <= allowed, "\(Self.phases[number]): \(saves.map(\.statements))")
                // Loosely, as behaviour: none waited on the 5 s timeout (the save's bound is 0.3 s).
                #expect(saves.allSatisfy { $0.took < .seconds(2) }, "\(Self.phases[number]): \(saves.map(\.took))")
            }
        }
    }
}
