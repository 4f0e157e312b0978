import Foundation
import TopWeightCore

/// The board as JSON (`/board.json`): the figures with their units, numbers
/// to the hundredth, instants in ISO 8601 with the gym's offset.
public enum BoardJSON {
    public static func document(_ figures: BoardFigures, timeZone: TimeZone) -> String {
        func name(_ text: String) -> String { DataFormats.json(text) }
        func number(_ value: Double) -> String { Decimal2.format(Int((value * 100).rounded())) }
        func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
        let lifters = figures.lifters.map {
            DataFormats.jsonObject([("user", name($0.name)), ("sets", String($0.sets)), ("records", String($0.records))])
        }
        let records = figures.records.map { record in
            DataFormats.jsonObject([
                ("user", name(record.user)), ("exercise", name(record.exercise)),
                ("weight", record.values.weight.number), ("unit", name(record.values.weight.unit.rawValue)),
                ("reps", String(record.values.reps)), ("series", String(record.values.series)),
                ("kinds", array(record.kinds.map { name($0.rawValue) })), ("e1rm", number(record.estimate)),
                ("performedAt", name(DataFormats.timestamp(record.performedAt, timeZone: timeZone))),
            ])
        }
        let lifts = figures.lifts.map { lift in
            DataFormats.jsonObject([
                ("lift", name(lift.lift)),
                ("leaders", array(lift.leaders.map { DataFormats.jsonObject([("user", name($0.user)), ("e1rm", number($0.value))]) })),
            ])
        }
        let strength = figures.strength.map { row in
            DataFormats.jsonObject([
                ("user", name(row.user)), ("dots", number(row.dots)), ("total", number(row.totalKilograms)),
                ("bodyWeight", number(row.bodyWeightKilograms)),
            ])
        }
        let volume = figures.volume.map { DataFormats.jsonObject([("user", name($0.user)), ("volume", number($0.value))]) }
        let streaks = figures.streaks.map {
            DataFormats.jsonObject([("user", name($0.user)), ("weeks", String($0.weeks)), ("atLeast", $0.atLeast ? "true" : "false")])
        }
        return DataFormats.jsonObject([
            ("date", name(figures.today.description)),
            ("unit", name("kg")),
            ("lifters", array(lifters)),
            ("records", array(records)),
            ("lifts", array(lifts)),
            ("strength", DataFormats.jsonObject([
                ("formula", name("DOTS")), ("coefficients", name("men")),
                ("lifts", array(figures.totalLifts.map(name))), ("rows", array(strength)),
            ])),
            ("volume", array(volume)),
            ("streaks", array(streaks)),
        ]) + "\n"
    }
}
