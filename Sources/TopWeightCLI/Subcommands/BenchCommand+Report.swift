import Foundation
import TopWeightCore
import TopWeightFixtures
import TopWeightText
import TopWeightUseCases

extension BenchCommand {
    /// `bench --report`: the coach's report of last week and of last month
    /// on the database itself, as `report` makes it (its reads, its figures
    /// and its text), `runs` times each after two warm-up runs, taking
    /// turns with the anchor: the 20 newest sets of the member with the
    /// most records, as `history --limit 20` reads them.
    func measureReport(runs: Int) throws {
        let cases = try global.open()
        let report = CoachReport(cases.workouts, timeZone: .current)
        let everyone = try cases.workouts.members().sorted { $0.records < $1.records }
        guard let busiest = everyone.last?.user else {
            throw BenchFailure("no members in \(global.databaseShown): 'topweight demo' makes some")
        }
        let now = Date()
        let week = report.defaultPeriod(now: now)
        let month = ReportPeriod.month(LocalMonth(LocalDay(now, in: report.calendar)).adding(months: -1))
        let recording = cases.workouts.roles.recording
        let clock = ContinuousClock()
        var samples: [[Duration]] = [[], [], []]
        var lines = [0, 0]
        for round in 0..<(runs + 2) {
            var taken: [Duration] = []
            var started = clock.now
            _ = try recording.history(HistoryQuery(userID: busiest.id, limit: 20))
            taken.append(clock.now - started)
            for (index, period) in [week, month].enumerated() {
                started = clock.now
                let text = ReportText.lines(try report.report(period, now: now))
                taken.append(clock.now - started)
                lines[index] = text.count
            }
            guard round >= 2 else { continue }
            for index in taken.indices { samples[index].append(taken[index]) }
        }
        let (anchor, weekly, monthly) = (LatencySummary(samples[0]), LatencySummary(samples[1]), LatencySummary(samples[2]))
        print("report on \(global.databaseShown), \(runs) runs each in turn (after 2 warm-up runs), text made, process start not counted:")
        print("  report \(week) (last week, \(lines[0]) lines): p50 \(Self.ms(weekly.p50)) ms, p99 \(Self.ms(weekly.p99)) ms, "
              + "max \(Self.ms(weekly.max)) ms")
        print("  report --month \(month) (last month, \(lines[1]) lines): p50 \(Self.ms(monthly.p50)) ms, "
              + "p99 \(Self.ms(monthly.p99)) ms, max \(Self.ms(monthly.max)) ms")
        print("  anchor: history --limit 20 of \(busiest.name): p50 \(Self.ms(anchor.p50)) ms, p99 \(Self.ms(anchor.p99)) ms, "
              + "max \(Self.ms(anchor.max)) ms")
    }
}
