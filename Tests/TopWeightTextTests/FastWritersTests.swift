import Foundation
import Testing
import TopWeightCore
import TopWeightTestSupport
import TopWeightText

/// The shortcuts the export and the coach's report take through a million
/// sets, held to the slow ways they stand for: a set's JSON appended
/// straight to a string against `jsonObject(jsonPairs)`, the days of
/// instants read in runs against the calendar's `LocalDay`, and names
/// keyed once against `NameRules.key`.
@Suite("Fast writers and readers, as the slow ways read")
struct FastWritersTests {
    static var sets: [(SetValues, SetKind?)] {
        var rated = SetValues(weight: Weight(hundredths: 10_050, unit: .lb), reps: 5, series: 3)
        rated.effort = Effort(rpe: 8.5)
        var timed = SetValues.timed(SetDuration(seconds: 90), series: 2)
        timed.effort = Effort(rpe: 7)
        return [
            (SetValues(weight: Weight(hundredths: 10_000, unit: .kg), reps: 5, series: 3), nil),
            (rated, .warmup),
            (.bodyweight(load: 1_000, unit: .kg, reps: 8, series: 3), .drop),
            (.bodyweight(load: -2_000, unit: .lb, reps: 12, series: 1), nil),
            (.bodyweight(load: 0, unit: .kg, reps: 12, series: 3), .failure),
            (timed, nil),
            (.covered(Distance(thousandths: 2_000_000, unit: .m), in: SetDuration(seconds: 465)), nil),
            (.covered(Distance(thousandths: 42_195, unit: .km), in: SetDuration(seconds: 10_800)), .warmup),
            (SetValues(weight: Weight(hundredths: 1, unit: .kg), reps: 1_000, series: 100), nil),
        ]
    }

    @Test("A set's JSON appended is jsonObject of its pairs, byte for byte")
    func appendedJSON() {
        for (values, mark) in Self.sets {
            var out = "{\"uid\":\"x\""
            SetFormat.appendJSON(values, mark: mark, to: &out)
            out += "}"
            let slow = DataFormats.jsonObject([("uid", "\"x\"")] + SetFormat.jsonPairs(values, mark: mark))
            #expect(out == slow)
        }
    }

    @Test("A JSON buffer quotes as QuotedLiteral does and writes integers as String does")
    func bufferedBytes() {
        let texts = ["", "Ana", "Back Squat", "a \"quoted\" name", "back\\slash", "line\nbreak\ttab\r", "Anaïs Fischer", "美咲 Hansen",
                     "\u{7F}\u{85}\u{2028}\u{2029}\u{1F3CB}", "\u{0}\u{1}\u{1B}[31m", "01J0ABCDEFGHJKMNPQRSTVWXYZ"]
        for text in texts {
            var out = JSONBytes()
            out.quoted(text)
            #expect(out.string == QuotedLiteral.escaped(text), "\(text.debugDescription)")
        }
        for value in [0, 1, 9, 10, 99, 100, 1_000, 65_535, -1, -9, -10, -12_345, Int.max, Int.min] {
            var out = JSONBytes()
            out.integer(value)
            #expect(out.string == String(value))
        }
    }

    static let zones = ["UTC", "Europe/Amsterdam", "America/Sao_Paulo", "America/St_Johns", "Asia/Kathmandu",
                        "Australia/Lord_Howe", "Pacific/Apia", "Pacific/Chatham"]

    @Test("The days of instants in runs are the calendar's, newest first and oldest first", arguments: zones)
    func daysInRuns(zone: String) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        var random = SeededGenerator(seed: UInt64(zone.utf8.count * 7_919))
        // A set every few minutes to a few hours, 2009 to 2013 (Apia skipped 30 Dec 2011), and across every change of clocks.
        var instants: [Date] = []
        var at = Date(timeIntervalSince1970: 1_230_768_000)
        while at.timeIntervalSince1970 < 1_388_534_400 {
            instants.append(at)
            at = at.addingTimeInterval(Double(Int.random(in: 60...20_000, using: &random)))
        }
        var change = Date(timeIntervalSince1970: 1_230_768_000)
        while let next = calendar.timeZone.nextDaylightSavingTimeTransition(after: change), next.timeIntervalSince1970 < 1_388_534_400 {
            instants += [-3_600.0, -0.001, 0, 0.001, 3_600].map { next.addingTimeInterval($0) }
            change = next
        }
        instants.sort()
        for order in [instants, instants.reversed()] {
            var days = DayReckoner(calendar)
            var differ: [String] = []
            for date in order where days.day(of: date) != LocalDay(date, in: calendar) {
                differ.append("\(date.timeIntervalSince1970): \(days.day(of: date)) for \(LocalDay(date, in: calendar))")
            }
            #expect(differ.isEmpty, "\(differ.count) of \(order.count) differ in \(zone), first: \(differ.prefix(3))")
        }
    }

    @Test("Names keyed once are keyed as NameRules keys them")
    func namesKeyedOnce() {
        var keys = NameKeys()
        for name in ["Ana", "ANA", "Anaïs Fischer", "Ana\u{0308}is", "美咲 Hansen", "Νίκος Dahl", "Ana", "Anaïs Fischer"] {
            #expect(keys.key(name) == NameRules.key(name))
        }
    }
}
