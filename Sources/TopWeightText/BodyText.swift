import Foundation
import TopWeightCore

/// A member's body weight as the logger and `topweight body` show it, and as JSON.
public enum BodyText {
    /// One line a measurement, newest first: `Sat 21 Nov 2026 07:30  70.5 kg  -0.5`,
    /// the change from the measurement before it (converted when its unit
    /// differs, and then shown to the tenth).
    public static func render(_ measurements: [BodyWeight], grouping: HistoryGrouping, now: Date) -> [String] {
        let labels = measurements.map { grouping.label(for: $0.measuredAt, now: now) + " " + grouping.time(of: $0.measuredAt) }
        let weights = measurements.map(\.weight.description)
        let labelWidth = labels.map(TerminalText.width).max() ?? 0
        let weightWidth = weights.map(\.count).max() ?? 0
        // Kilograms and pounds in one list: each change names its unit.
        let mixed = Set(measurements.map(\.weight.unit)).count > 1
        return measurements.indices.map { index in
            var line = TerminalText.pad(labels[index], to: labelWidth) + "  "
                + String(repeating: " ", count: weightWidth - weights[index].count) + weights[index]
            if index + 1 < measurements.count {
                let weight = measurements[index].weight
                let previous = measurements[index + 1].weight
                let before = ProgressSeries.converted(previous, to: weight.unit)
                var change = Int(((weight.value - before) * 100).rounded())
                // Across a unit change the hundredths are the conversion's, not the scale's: a tenth, as typed.
                if previous.unit != weight.unit { change = Int((Double(change) / 10).rounded()) * 10 }
                line += "  " + (change > 0 ? "+" : change < 0 ? "-" : "±") + Decimal2.format(abs(change)) + (mixed ? " \(weight.unit.rawValue)" : "")
            }
            return line
        }
    }

    /// `Weighed: Ana 70.5 kg (Today 07:30)`, terminal-safe.
    public static func saved(_ measurement: BodyWeight, grouping: HistoryGrouping, now: Date) -> String {
        let when = grouping.label(for: measurement.measuredAt, now: now) + " " + grouping.time(of: measurement.measuredAt)
        return "Weighed: \(TerminalText.safe(measurement.user)) \(measurement.weight.description) (\(when))"
    }

    /// `[{"date": "2026-11-21", "weight": 70.5, "unit": "kg", "measuredAt": "2026-11-21T07:30:00+00:00"}, …]`,
    /// newest first; `date` is the local day.
    public static func json(_ measurements: [BodyWeight], timeZone: TimeZone) -> String {
        guard !measurements.isEmpty else { return "[]" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let rows = measurements.map { measurement in
            DataFormats.jsonObject([
                ("date", DataFormats.json(LocalDay(measurement.measuredAt, in: calendar).description)),
                ("weight", measurement.weight.number),
                ("unit", DataFormats.json(measurement.weight.unit.rawValue)),
                ("measuredAt", DataFormats.json(DataFormats.timestamp(measurement.measuredAt, timeZone: timeZone))),
            ])
        }
        return "[\n  " + rows.joined(separator: ",\n  ") + "\n]"
    }
}
