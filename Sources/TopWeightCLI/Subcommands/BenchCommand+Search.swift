import Foundation
import TopWeightCore
import TopWeightFixtures
import TopWeightUseCases

extension BenchCommand {
    /// `bench --search`: `count` searches (after `warmup`) on the database
    /// itself, as `search` runs them (the newest 20 days, their sets read),
    /// the words of `SearchQueries` in turn for the members from the one in
    /// the middle by record count to the one with the most.
    func measureSearch(count: Int, warmup: Int) throws {
        let cases = try global.open()
        let everyone = try cases.workouts.members().sorted { $0.records < $1.records }.map(\.user)
        guard !everyone.isEmpty else { throw BenchFailure("no members in \(global.databaseShown): 'topweight demo' makes some") }
        let members = Array(everyone[(everyone.count / 2)...])
        let queries = SearchQueries.all
        let now = Date()
        let clock = ContinuousClock()
        var samples: [Duration] = []
        samples.reserveCapacity(count)
        var days = 0
        for index in 0..<(count + warmup) {
            let member = members[(index / queries.count) % members.count]
            let started = clock.now
            let result = try cases.search.find(queries[index % queries.count], of: member, limit: 20, now: now)
            if index >= warmup {
                samples.append(clock.now - started)
                days += result.days.count
            }
        }
        let summary = LatencySummary(samples)
        print("search on \(global.databaseShown): \(count) searches (\(queries.count) queries × \(members.count) members in turn, "
              + "the newest 20 days each, \(days / max(count, 1)) days found on average): p50 \(Self.ms(summary.p50)) ms, "
              + "p99 \(Self.ms(summary.p99)) ms, max \(Self.ms(summary.max)) ms")
    }
}
