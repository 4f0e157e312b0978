import Foundation
import Testing
import TopWeightTestSupport

/// `bench --report` on a small demo gym: both periods and the anchor timed,
/// and the mode refused beside another one.
@Suite("bench --report")
struct BenchReportTests {
    @Test("last week's and last month's report timed beside history --limit 20")
    func timesBothPeriods() throws {
        let scratch = try Scratch()
        let demo = try Binary.run(["demo", "--records", "400", "--users", "5"], db: scratch.db)
        #expect(demo.status == 0, "\(demo.stderr)")
        let bench = try Binary.run(["bench", "--report", "--runs", "3"], db: scratch.db)
        #expect(bench.status == 0, "\(bench.stderr)")
        let lines = bench.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(bench.stdout)")
        #expect(lines.first?.hasPrefix("report on ") == true, "\(bench.stdout)")
        #expect(lines.contains { $0.hasPrefix("  report ") && $0.contains("(last week, ") && $0.contains("p50 ") && $0.contains("p99 ") })
        #expect(lines.contains { $0.hasPrefix("  report --month ") && $0.contains("(last month, ") && $0.contains("p50 ") })
        #expect(lines.contains { $0.hasPrefix("  anchor: history --limit 20 of ") && $0.contains("p50 ") })
    }

    @Test("--report with --search is refused in one line")
    func refusedWithAnotherMode() throws {
        let scratch = try Scratch()
        let both = try Binary.run(["bench", "--report", "--search"], db: scratch.db)
        #expect(both.status != 0)
        #expect(both.stderr.contains("--startup, --logger, --today, --search, --board and --report time different things: give one"), "\(both.stderr)")
    }
}
