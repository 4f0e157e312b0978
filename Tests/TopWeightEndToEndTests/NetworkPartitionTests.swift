import Foundation
import Synchronization
import Testing
import TopWeightCore
import TopWeightTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Terminals (real logger processes, each with its own outbox, as on its own
/// machine) against one real PostgreSQL server, each through a `FaultyLink`.
@Suite("Terminals on a gym network that drops: partitions, cuts and heals", .serialized)
struct NetworkPartitionTests {
    /// What every terminal's sets on the server must be: once each, in the order saved.
    static func expectOnServer(_ terminals: [LinkedTerminal], url: String) throws {
        let stored = try TestEngine.open(url).history(HistoryQuery()).sorted { $0.id < $1.id }
        #expect(Set(stored.compactMap(\.uid)).count == stored.count, "a set is on the server twice")
        for terminal in terminals {
            let mine = stored.filter { $0.user == terminal.member }.map(\.values.weight.value)
            #expect(mine == terminal.saves.map(\.weight), "\(terminal.member): on the server \(mine), saved \(terminal.saves.map(\.weight))")
        }
        #expect(stored.count == terminals.reduce(0) { $0 + $1.saves.count })
    }

    /// How many sets of `member` the server holds.
    static func count(of member: String, url: String) -> Int {
        ((try? TestEngine.open(url).history(HistoryQuery())) ?? []).filter { $0.user == member }.count
    }

    @Test("Four terminals, two blackholed for 30 s in the middle of a workout, then healed: every Saved set on the server once, each terminal's in its order; no save on a cut link waits on the network's timeout (20 ms round trip); nobody types anything to recover",
          .tags(.slow))
    func partitionOfTwo() throws {
        _ = try withPostgresDatabase { url in
            let members = ["Ana", "Bo", "Cy", "Di"]
            let terminals = try members.enumerated().map { try LinkedTerminal(member: $1, database: url, seed: UInt64($0 + 1), oneWay: .milliseconds(10)) }
            let start = ContinuousClock.now
            let (cut, healed, end) = (start + .seconds(4), start + .seconds(34), start + .seconds(40))
            let sides = Array(terminals.indices)
            try inParallel(sides) { index in
                let terminal = terminals[index]
                var weight = 20.0
                var next = ContinuousClock.now
                // A set every 0.7 s: a compressed workout, most of it on either side of the partition
            // (each link of 20 ms round trip, a gym's Wi-Fi).
                for _ in 0..<200 where ContinuousClock.now < end {
                    weight += 0.5
                    try terminal.save(weight)
                    next += .milliseconds(700)
                    if next > .now { Thread.sleep(until: next) }
                }
            } during: {
                Thread.sleep(until: cut)
                terminals[0].link.blackhole()
                terminals[1].link.blackhole()
                Thread.sleep(until: healed)
                terminals[0].link.heal()
                terminals[1].link.heal()
            }
            // Nobody types: the loggers, idle at a prompt, send what they kept.
            let everything = terminals.reduce(0) { $0 + $1.saves.count }
            let arrived = eventually(within: .seconds(20)) {
                ((try? TestEngine.open(url).history(HistoryQuery()).count) ?? 0) >= everything
            }
            #expect(arrived, "not every kept set reached the server")
            for terminal in terminals { #expect(terminal.quit() == .exited(0), "\(terminal.logger.stderr.text)") }
            try Self.expectOnServer(terminals, url: url)

            for (index, terminal) in terminals.enumerated() {
                let kept = terminal.saves.filter(\.kept).count
                print("NetworkPartitionTests: \(terminal.member)\(index < 2 ? " (blackholed 30 s)" : ""): \(terminal.saves.count) sets saved, \(kept) kept, \(Self.count(of: terminal.member, url: url)) on the server, slowest save \(terminal.slowest)")
            }
            // The blackholed terminals kept sets (the others only if their machine was slow past 0.3 s).
            #expect(terminals[0].saves.contains { $0.kept } && terminals[1].saves.contains { $0.kept })
            // Loosely, as behaviour, not as a timing: no save on a cut link waits on the
            // network's 5 s timeout (it answers in about half a second: its wait, 0.3 s at
            // this round trip, and the outbox's commit; the figures are in RELIABILITY.md;
            // a bound of 0.75 s failed once in five runs on this loaded machine, at 0.86 s).
            // Measured against the clean terminals beside them over the same 30 s: a machine
            // that stalls every process at once (seen: 6.8 s on all four, with two busy
            // loops beside the whole suite) stalls those too.
            let partition = cut..<healed
            let cutOff = terminals[..<2].map { $0.slowest(in: partition) }.max() ?? .zero
            let clean = terminals[2...].map { $0.slowest(in: partition) }.max() ?? .zero
            print("NetworkPartitionTests: the longest save on a cut link while cut (the one under way at the cut and the first after it included) \(Int(cutOff / .milliseconds(1))) ms, on a clean one \(Int(clean / .milliseconds(1))) ms")
            #expect(cutOff < max(.milliseconds(1_500), clean + .seconds(1)), "the slowest save on a cut link waited \(cutOff), on a clean one \(clean)")
        }
    }

    @Test("The link cut after the server committed a kept set and before the terminal heard: the set stays kept, is sent again, and is stored once")
    func cutAfterCommit() throws {
        _ = try withPostgresDatabase { url in
            let terminal = try LinkedTerminal(member: "Ana", database: url, seed: 7)
            terminal.link.blackhole()
            try terminal.save(22.5)
            try terminal.save(25)
            #expect(terminal.saves.dropFirst().allSatisfy { $0.kept })
            // What the two saves sent is dropped with their connections: the server never saw them.
            terminal.link.reset()
            #expect(Self.count(of: "Ana", url: url) == 1)
            // The link back, until the outbox sends its oldest kept set: the
            // server commits it, and every answer from then on is lost.
            terminal.link.loseAnswers(after: "INSERT INTO record")
            terminal.link.blackhole([])
            #expect(eventually(within: .seconds(15)) { Self.count(of: "Ana", url: url) >= 2 },
                    "the kept set was never committed")
            // Committed on the server, still kept on the terminal.
            let listed = try Binary.run(["outbox", "--format", "json"], db: terminal.link.route(url),
                                        environment: ["XDG_STATE_HOME": terminal.state.directory])
            #expect(listed.stdout.contains("22.5"), "\(listed.stdout)")
            // The cut: every connection reset, then a clean link.
            terminal.link.reset()
            terminal.link.heal()
            try terminal.save(27.5)
            #expect(eventually(within: .seconds(10)) { Self.count(of: "Ana", url: url) >= 4 })
            #expect(terminal.quit() == .exited(0), "\(terminal.logger.stderr.text)")
            try Self.expectOnServer([terminal], url: url)
        }
    }

    @Test("Twenty sets kept during a partition; it heals while the outbox sends, and comes back in the middle of the send, twice: each set on the server once, in order")
    func partitionDuringTheSend() throws {
        _ = try withPostgresDatabase { url in
            let terminal = try LinkedTerminal(member: "Bo", database: url, seed: 11)
            terminal.link.blackhole()
            for step in 1...20 { try terminal.save(40 + Double(step) * 2.5) }
            #expect(terminal.saves.dropFirst().allSatisfy { $0.kept })
            // Slow enough that the send of twenty sets takes a while (two round trips of 60 ms each, or more).
            terminal.link.impair(oneWay: .milliseconds(30))
            var sentBeforeEachCut: [Int] = []
            var seen = Self.count(of: "Bo", url: url)
            for _ in 0..<2 {
                terminal.link.blackhole([])
                // The partition comes back once the send has begun.
                _ = eventually(within: .seconds(10)) { Self.count(of: "Bo", url: url) > seen }
                terminal.link.blackhole()
                seen = Self.count(of: "Bo", url: url)
                sentBeforeEachCut.append(seen)
                Thread.sleep(forTimeInterval: 1.5)
            }
            terminal.link.heal()
            #expect(eventually(within: .seconds(20)) { Self.count(of: "Bo", url: url) >= 21 })
            print("NetworkPartitionTests: sets on the server when the partition came back: \(sentBeforeEachCut) of 21")
            #expect(terminal.quit() == .exited(0), "\(terminal.logger.stderr.text)")
            try Self.expectOnServer([terminal], url: url)
        }
    }
}

extension Thread {
    static func sleep(until instant: ContinuousClock.Instant) {
        let left = instant - .now
        guard left > .zero else { return }
        let (seconds, attoseconds) = left.components
        sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
    }
}

/// `inParallel`, with `during` run on the calling thread meanwhile.
func inParallel<Element: Sendable>(_ elements: [Element], _ body: @escaping @Sendable (Element) throws -> Void,
                                   during: () -> Void) throws {
    let failure = Mutex<String?>(nil)
    let done = DispatchSemaphore(value: 0)
    Thread {
        do { try inParallel(elements, body) } catch { failure.withLock { $0 = "\(error)" } }
        done.signal()
    }.start()
    during()
    done.wait()
    if let failed = failure.withLock({ $0 }) { throw NetworkTestFailure(failed) }
}
