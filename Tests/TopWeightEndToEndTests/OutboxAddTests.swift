import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport

/// `topweight add` on a PostgreSQL terminal: a script's saves keep going
/// through an outage on the names its own earlier runs heard of, as the
/// logger's do.
extension OutboxTerminalTests {
    @Test("A script's add with the server stopped saves into the outbox on the member and exercise an earlier add named; a name never heard of is refused in one line; check sends the kept set once")
    func addLearnsNames() throws {
        let cluster = try PrivateCluster()
        defer { cluster.stop() }
        let state = try StateDirectory()
        let environment = ["XDG_STATE_HOME": state.directory]
        let first = try Binary.run(["add", "Ana", "Back Squat", "100", "5", "5"], db: cluster.url, environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        let listed = try Binary.run(["outbox"], db: cluster.url, environment: environment)
        #expect(listed.stdout.contains("this terminal knows 1 member and 1 exercise"), "add kept the names it learned: \(listed.stdout)")

        try cluster.pgCtl(["stop", "-m", "immediate"])
        let kept = try Binary.run(["add", "ana", "squat", "102.5", "5", "5"], db: cluster.url, environment: environment)
        #expect(kept.status == 0, "\(kept.stdout)\(kept.stderr)")
        #expect(kept.stdout.hasPrefix("Saved #k1  Ana · Back Squat · 102.5 kg × 5 reps × 5 series"), "\(kept.stdout)")
        let stranger = try Binary.run(["add", "Zed", "Back Squat", "60", "5", "5"], db: cluster.url, environment: environment)
        #expect(stranger.status != 0, "\(stranger.stdout)")
        #expect(stranger.stderr.hasPrefix("topweight: ") && stranger.stderr.split(separator: "\n").count == 1, "\(stranger.stderr)")

        try cluster.pgCtl(["start", "-w"])
        let check = try Binary.run(["check"], db: cluster.url, environment: environment)
        #expect(check.status == 0, "\(check.stderr)")
        let server = try TestEngine.open(cluster.url)
        #expect(try server.history(HistoryQuery()).map(\.values.weight.value).sorted() == [100, 102.5])
    }
}
