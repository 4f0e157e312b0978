import Foundation
import TopWeightCore

/// Progress as the logger and the command line print it: the personal-record
/// line after a save, the `prs` table and the `stats` header, as text
/// (terminal-safe, aligned in terminal cells) or JSON (names as stored,
/// volumes in kilograms).
public enum ProgressText {
    // MARK: - The line after a save

    /// `New PR on Back Squat: heaviest 105 kg (was 100 kg) · e1RM 122.5 kg (was 116.7 kg)`,
    /// or `nil` when the set beat nothing. Each previous best is shown in its own set's unit.
    public static func recordLine(exercise: String, _ records: [PersonalRecord]) -> String? {
        let parts = recordParts(records)
        guard !parts.isEmpty else { return nil }
        return "New PR on \(TerminalText.safe(exercise)): " + parts.joined(separator: " · ")
    }

    /// What the record line says of each record: `heaviest 105 kg (was 100 kg)`.
    public static func recordParts(_ records: [PersonalRecord]) -> [String] {
        records.compactMap { record -> String? in
            switch record.kind {
            case .heaviest:
                "heaviest \(record.weight.description) (was \(record.previousWeight.description))"
            case .e1rm:
                // To the tenth, or to the hundredth when the tenth would read "154 kg (was 154 kg)": every record is said.
                estimate(record.weight) == estimate(record.previousWeight)
                    ? "e1RM \(record.weight.description) (was \(record.previousWeight.description))"
                    : "e1RM \(estimate(record.weight)) (was \(estimate(record.previousWeight)))"
            case .reps where record.set?.measure == .bodyweight:
                kindPart(record)
            case .reps:
                "\(record.reps) reps at \(record.weight.description) (was \(record.previousReps) at \(record.previousWeight.description))"
            case .volume:
                "volume \(record.weight.description) (was \(record.previousWeight.description))"
            case .addedLoad, .longestHold, .longestDistance, .fastestPace:
                kindPart(record)
            }
        }
    }

    /// The part of the record line for a record of another kind than weight:
    /// `12 reps at BW (was 10 at BW + 5 kg)`, `added load BW + 15 kg (was BW + 10 kg)`,
    /// `longest hold 1:45 (was 1:30)`, `longest distance 5 km (was 3 000 m)`,
    /// `fastest pace 4:50 /km over 5 km (was 5:00 /km over 5 km)`.
    static func kindPart(_ record: PersonalRecord) -> String? {
        guard let new = record.set, let old = record.previousSet else { return nil }
        switch record.kind {
        case .reps:
            return "\(new.reps) reps at \(load(new)) (was \(old.reps) at \(load(old)))"
        case .addedLoad:
            return "added load \(load(new)) (was \(load(old)))"
        case .longestHold:
            guard let hold = new.duration, let was = old.duration else { return nil }
            return "longest hold \(hold.description) (was \(was.description))"
        case .longestDistance:
            guard let distance = new.distance, let was = old.distance else { return nil }
            return "longest distance \(distance.description) (was \(was.description))"
        case .fastestPace:
            guard let distance = new.distance, let time = new.duration, let wasDistance = old.distance, let wasTime = old.duration else { return nil }
            let (pace, wasPace) = paces(distance.pace(over: time), wasDistance.pace(over: wasTime))
            return "fastest pace \(pace) over \(distance.description) (was \(wasPace) over \(wasDistance.description))"
        case .heaviest, .e1rm, .volume:
            return nil
        }
    }

    /// A bodyweight set's load: `BW`, `BW + 10 kg`, `BW − 20 kg`.
    static func load(_ values: SetValues) -> String {
        AddedLoad.describe(values.signedLoadHundredths, unit: values.weight.unit)
    }

    /// A pace in seconds per km as `4:50 /km` (to the second).
    public static func pace(_ secondsPerKilometre: Double) -> String {
        "\(SetDuration(seconds: Int(secondsPerKilometre.rounded())).description) /km"
    }

    /// Two paces, to the tenth of a second when the second alone would show them equal.
    static func paces(_ new: Double, _ old: Double) -> (String, String) {
        if Int(new.rounded()) != Int(old.rounded()) { return (pace(new), pace(old)) }
        func tenths(_ value: Double) -> String {
            let tenths = Int((value * 10).rounded())
            return "\(SetDuration(seconds: tenths / 10).description).\(tenths % 10) /km"
        }
        return (tenths(new), tenths(old))
    }

    /// An e1RM to the tenth (an estimate deserves no more): `116.7 kg`.
    public static func estimate(_ weight: Weight) -> String {
        let tenths = Int((Double(weight.hundredths) / 10).rounded())
        return Weight(hundredths: tenths * 10, unit: weight.unit).description
    }

    // MARK: - prs

    /// The `prs` table: one block of rows per exercise, then why an e1RM is missing where it is.
    ///
    /// ```
    /// Exercise    Record     Best      Set               Day
    /// Back Squat  heaviest   105 kg    105 kg × 5 × 5    Thu 19 Nov  #12
    ///             e1RM       122.5 kg  105 kg × 5 × 5    Thu 19 Nov  #12
    /// ```
    public static func records(_ list: [ExerciseRecords], grouping: HistoryGrouping, now: Date) -> [String] {
        var rows: [[String]] = [["Exercise", "Record", "Best", "Set", "Day", ""]]
        // Lines under a row (after the row at that index), outside the columns.
        var notes: [Int: [String]] = [:]
        for exercise in list {
            var first = true
            let slots: [(RecordKind, PersonalBest?)] = [
                (.heaviest, exercise.heaviest), (.e1rm, exercise.estimate), (.reps, exercise.mostReps), (.volume, exercise.volume),
                (.reps, exercise.mostRepsUnassisted), (.addedLoad, exercise.addedLoad), (.longestHold, exercise.longestHold),
                (.longestDistance, exercise.longestDistance), (.fastestPace, exercise.fastestPace),
            ]
            for (kind, slot) in slots {
                guard let best = slot else {
                    // No e1RM: the formula refused every set; the reason takes the row.
                    if kind == .e1rm, let refusal = exercise.estimateRefusal {
                        rows.append([first ? TerminalText.safe(exercise.exercise) : "", label(.e1rm), "-"])
                        notes[rows.count - 1, default: []].append(refusal)
                        first = false
                    }
                    continue
                }
                let record = best.record
                rows.append([first ? TerminalText.safe(exercise.exercise) : "", label(best.kind), bestText(best),
                             record.values.description, grouping.label(for: record.performedAt, now: now, relative: false),
                             "#\(record.id)"])
                first = false
                if best.kind == .e1rm, exercise.withoutEstimate > 0 {
                    let sets = exercise.withoutEstimate == 1 ? "1 set" : "\(exercise.withoutEstimate) sets"
                    let limit = exercise.formula.maximumReps ?? 0
                    notes[rows.count - 1, default: []].append("(\(sets) of more than \(limit) reps: no \(exercise.formula.name) e1RM)")
                }
            }
        }
        let lines = table(rows)
        let indent = String(repeating: " ", count: rows.map { TerminalText.width($0[0]) }.max().map { $0 + 2 } ?? 0)
        var out: [String] = []
        for (index, line) in lines.enumerated() {
            if let under = notes[index], rows[index].count == 3 {
                // A row without a set: its reason follows on the same line.
                out.append(line + "  " + under.joined(separator: " "))
                continue
            }
            out.append(line)
            out += (notes[index] ?? []).map { indent + $0 }
        }
        return out
    }

    /// One JSON row per best, in the order of `records`:
    /// `{"exercise", "kind", "value", "unit", "performedAt", "recordId", "weight", "weightUnit", "reps", "series"}`,
    /// with `"formula"` on an e1RM row, and for a set of another kind than
    /// weight `"measure"` and, as it has them, `"assisted"`, `"seconds"`,
    /// `"distance"` and `"distanceUnit"`. A hold's value is in seconds (`s`),
    /// a distance's in metres (`m`), a pace's in seconds per km (`s/km`).
    public static func recordsJSON(_ list: [ExerciseRecords], timeZone: TimeZone) -> [String] {
        list.flatMap { exercise in
            exercise.bests.map { best in
                let values = best.record.values
                var pairs: [(String, String)] = [
                    ("exercise", DataFormats.json(exercise.exercise)),
                    ("kind", DataFormats.json(best.kind.rawValue)),
                    ("value", number(best)),
                    ("unit", DataFormats.json(best.unit)),
                    ("performedAt", DataFormats.json(DataFormats.timestamp(best.record.performedAt, timeZone: timeZone))),
                    ("recordId", String(best.record.id)),
                    ("weight", values.weight.number),
                    ("weightUnit", DataFormats.json(values.weight.unit.rawValue)),
                    ("reps", String(values.reps)),
                    ("series", String(values.series)),
                ]
                if best.kind == .e1rm { pairs.append(("formula", DataFormats.json(exercise.formula.rawValue))) }
                if values.measure != .weight {
                    pairs.append(("measure", DataFormats.json(values.measure.rawValue)))
                    if values.assisted { pairs.append(("assisted", "true")) }
                    if let duration = values.duration { pairs.append(("seconds", String(duration.seconds))) }
                    if let distance = values.distance {
                        pairs.append(("distance", distance.number.filter { $0 != " " }))
                        pairs.append(("distanceUnit", DataFormats.json(distance.unit.rawValue)))
                    }
                }
                return DataFormats.jsonObject(pairs)
            }
        }
    }

    static func label(_ kind: RecordKind) -> String {
        switch kind {
        case .heaviest: "heaviest"
        case .e1rm: "e1RM"
        case .reps: "most reps"
        case .volume: "volume"
        case .addedLoad: "added load"
        case .longestHold: "longest hold"
        case .longestDistance: "longest distance"
        case .fastestPace: "fastest pace"
        }
    }

    static func bestText(_ best: PersonalBest) -> String {
        switch best.kind {
        case .reps: return "\(Int(best.value)) reps"
        case .e1rm: return estimate(Weight(value: best.value, unit: best.record.values.weight.unit))
        case .heaviest, .volume: return Weight(value: best.value, unit: best.record.values.weight.unit).description
        case .addedLoad: return load(best.record.values)
        case .longestHold: return SetDuration(seconds: Int(best.value)).description
        case .longestDistance: return best.record.values.distance?.description ?? "-"
        case .fastestPace: return pace(best.value)
        }
    }

    static func number(_ best: PersonalBest) -> String {
        switch best.kind {
        case .reps, .longestHold: String(Int(best.value))
        default: Decimal2.format(Int((best.value * 100).rounded()))
        }
    }

    // MARK: - stats

    /// The stats header as text.
    ///
    /// ```
    /// Ana: 3 weeks in a row with a session (weeks from Monday) · last lift 2 days ago (Thu 19 Nov)
    ///              Sessions  Sets     Volume
    /// This week           2    24    4520 kg
    /// …
    /// Volume counts loads only: weights and added loads, not body weight, holds or distances.
    /// ```
    public static func stats(_ stats: TrainingStats, member: String, grouping: HistoryGrouping, now: Date) -> [String] {
        let name = TerminalText.safe(member)
        guard let last = stats.lastLift, let days = stats.daysSinceLastLift else {
            return ["\(name) has no sets yet."]
        }
        let streak: String
        switch stats.weeksActiveStreak {
        case 0: streak = "no session this week or last"
        case 1: streak = "1 week with a session"
        default: streak = "\(stats.weeksActiveStreak) weeks in a row with a session"
        }
        let ago = days == 0 ? "today" : days == 1 ? "yesterday" : "\(days) days ago"
        let lastDay = grouping.label(for: last.start(in: grouping.calendar), now: now, relative: false)
        var lines = ["\(name): \(streak) (weeks from Monday) · last lift \(ago) (\(lastDay))"]
        let tallies = [("This week", stats.thisWeek), ("This month", stats.thisMonth), ("All time", stats.allTime)]
        lines += table([["", "Sessions", "Sets", "Volume"]] + tallies.map { label, tally in
            [label, Figures.grouped(tally.sessions), Figures.grouped(tally.sets), ReportText.volume(tally.volumeKilograms)]
        }, rightAligned: [1, 2, 3])
        lines.append("Volume counts loads only: weights and added loads, not body weight, holds or distances.")
        if !stats.mostTrained.isEmpty {
            let names = stats.mostTrained.map { "\(TerminalText.safe($0.exercise)) \(Lines.count($0.sets, "set"))" }
            lines.append("Most trained: " + names.joined(separator: " · "))
        }
        let total = stats.volumeByCategory.reduce(0) { $0 + $1.volumeKilograms }
        if total > 0 {
            let shares = stats.volumeByCategory.filter { $0.volumeKilograms > 0 }.map { category in
                "\(category.category.map(TerminalText.safe) ?? "other") \(Int((category.volumeKilograms / total * 100).rounded())) %"
            }
            lines.append("Volume by category: " + shares.joined(separator: " · "))
        }
        return lines
    }

    /// The stats as one JSON object: `user`, `date`, `weeksActiveStreak`,
    /// `totalVolume` (kg), `daysSinceLastLift`, `lastLift`, `firstLift`, and
    /// `sessions`, `sets` and `volume` each as `{"thisWeek", "thisMonth", "allTime"}`,
    /// `mostTrained` and `volumeByCategory`.
    public static func statsJSON(_ stats: TrainingStats, member: String) -> String {
        func tallies(_ value: (TrainingStats.Tally) -> String) -> String {
            DataFormats.jsonObject([
                ("thisWeek", value(stats.thisWeek)), ("thisMonth", value(stats.thisMonth)), ("allTime", value(stats.allTime)),
            ])
        }
        let most = stats.mostTrained.map { totals in
            DataFormats.jsonObject([
                ("exercise", DataFormats.json(totals.exercise)),
                ("category", totals.category.map(DataFormats.json) ?? "null"),
                ("sets", String(totals.sets)),
                ("volume", LogFormats.kilograms(totals.volumeKilograms)),
            ])
        }
        let categories = stats.volumeByCategory.map { category in
            DataFormats.jsonObject([
                ("category", category.category.map(DataFormats.json) ?? "null"),
                ("sets", String(category.sets)),
                ("volume", LogFormats.kilograms(category.volumeKilograms)),
            ])
        }
        return DataFormats.jsonObject([
            ("user", DataFormats.json(member)),
            ("date", DataFormats.json(stats.today.description)),
            ("weeksActiveStreak", String(stats.weeksActiveStreak)),
            ("totalVolume", LogFormats.kilograms(stats.totalVolumeKilograms)),
            ("daysSinceLastLift", stats.daysSinceLastLift.map { String($0) } ?? "null"),
            ("lastLift", stats.lastLift.map { DataFormats.json($0.description) } ?? "null"),
            ("firstLift", stats.firstLift.map { DataFormats.json($0.description) } ?? "null"),
            ("sessions", tallies { String($0.sessions) }),
            ("sets", tallies { String($0.sets) }),
            ("volume", tallies { LogFormats.kilograms($0.volumeKilograms) }),
            ("mostTrained", "[" + most.joined(separator: ",") + "]"),
            ("volumeByCategory", "[" + categories.joined(separator: ",") + "]"),
        ])
    }

    // MARK: - Alignment

    /// Rows of cells aligned in columns two spaces apart, trailing spaces cut.
    static func table(_ rows: [[String]], rightAligned: Set<Int> = []) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], TerminalText.width(cell)) }
        }
        return rows.map { row in
            var line = ""
            for (index, cell) in row.enumerated() {
                if index > 0 { line += "  " }
                if rightAligned.contains(index) {
                    line += String(repeating: " ", count: max(0, widths[index] - TerminalText.width(cell))) + cell
                } else {
                    line += TerminalText.pad(cell, to: widths[index])
                }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}
