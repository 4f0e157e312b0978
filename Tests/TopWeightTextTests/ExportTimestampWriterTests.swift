import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport
import TopWeightText

/// The export's fast timestamp writer (as a string and appended to a JSON
/// buffer) against `ExportTimestamp.string`, the
/// calendar's reading, byte for byte: random instants from before 1900 to
/// after 9999, and each side of every change of clocks, in zones whose
/// offsets are odd (quarter hours, half-hour summer time, a skipped day).
@Suite("Export timestamps written fast, as the calendar writes them")
struct ExportTimestampWriterTests {
    static let zones = ["UTC", "Europe/Amsterdam", "Europe/Dublin", "America/St_Johns", "America/Sao_Paulo",
                        "Asia/Kathmandu", "Australia/Lord_Howe", "Pacific/Apia", "Pacific/Chatham", "Africa/Casablanca"]

    @Test("Random instants, to the millisecond, read the same", arguments: zones)
    func randomInstants(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        var writer = ExportTimestamp.Writer(timeZone: timeZone)
        var random = SeededGenerator(seed: UInt64(zone.utf8.reduce(0) { $0 &* 31 &+ Int($1) }.magnitude))
        var differ: [String] = []
        for index in 0..<20_000 {
            // Mostly the years people train in (one hour's instants close together, as a day's sets are), some anywhere.
            let milliseconds: Int64 = index % 10 == 0
                ? Int64.random(in: -2_300_000_000_000...253_500_000_000_000, using: &random)
                : Int64.random(in: 0...4_200_000_000_000, using: &random)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let fast = writer.string(date)
            var appended = JSONBytes()
            writer.append(date, to: &appended)
            let calendar = ExportTimestamp.string(date, timeZone: timeZone)
            if fast != calendar || appended.string != calendar { differ.append("\(milliseconds): \(fast), \(appended.string) for \(calendar)") }
        }
        #expect(differ.isEmpty, "\(differ.count) of 20000 differ in \(zone), first: \(differ.prefix(3))")
    }

    @Test("Each side of every change of clocks from 1900 to 2040 reads the same", arguments: zones)
    func changesOfClocks(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        var writer = ExportTimestamp.Writer(timeZone: timeZone)
        var differ: [String] = []
        var changes = 0
        var at = Date(timeIntervalSince1970: -2_208_988_800)
        let end = Date(timeIntervalSince1970: 2_208_988_800)
        while let change = timeZone.nextDaylightSavingTimeTransition(after: at), change < end {
            changes += 1
            for step in [-3_600.0, -1, -0.001, 0, 0.001, 1, 1_799, 3_600] {
                let date = change.addingTimeInterval(step)
                let fast = writer.string(date)
                let calendar = ExportTimestamp.string(date, timeZone: timeZone)
                if fast != calendar { differ.append("\(date.timeIntervalSince1970): \(fast) for \(calendar)") }
            }
            at = change
        }
        #expect(differ.isEmpty, "\(differ.count) differ around \(changes) changes in \(zone), first: \(differ.prefix(3))")
    }
}
