import TopWeightCore

/// Today's workout of a program, as the rack's line, `:today` and `topweight today` show it.
public enum ProgramText {
    /// `5/3/1 week 2 day 1: Back Squat 3×3 at 70/80/90 % → 97.5 / 112.5 / 125 kg — :go starts it`:
    /// the work sets of each exercise, warm-ups left out.
    public static func headline(_ today: TodayWorkout) -> String {
        let parts = today.exercises.map { exercise -> String in
            let work = exercise.sets.filter { !$0.warmup }
            var text = "\(exercise.exercise) \(work.count)×\(slashed(work.map { String($0.reps) }))"
            if work.last?.amrap == true { text += "+" }
            let percents = work.compactMap(\.permille)
            if percents.count == work.count, !percents.isEmpty {
                text += " at \(slashed(percents.map(percent))) %"
            }
            if let unit = work.first?.weight.unit {
                text += " → \(slashed(work.map(\.weight.number), separator: " / ")) \(unit.rawValue)"
            }
            return text
        }
        var line = "\(title(today)): " + (parts.isEmpty ? "nothing to lift" : parts.joined(separator: " · "))
        if !today.missingMaxes.isEmpty {
            line += " (no training max for \(today.missingMaxes.joined(separator: ", ")))"
        }
        return line + " — :go starts it"
    }

    /// The whole day, a set a line: warm-ups marked, each work set's share of the training max.
    public static func lines(_ today: TodayWorkout) -> [String] {
        var lines = [title(today) + (today.dayName.map { " (\($0))" } ?? "") + (today.deload ? " · deload week" : "")]
        for exercise in today.exercises {
            lines.append(exercise.exercise)
            for set in exercise.sets {
                let label = set.warmup ? "warm-up" : set.permille.map { percent($0) + " %" } ?? ""
                let pad = String(repeating: " ", count: max(0, 8 - label.count))
                lines.append("  \(label)\(pad)  \(set.weight.description) × \(set.reps)\(set.amrap ? "+" : "")")
            }
        }
        if !today.missingMaxes.isEmpty {
            lines.append("No training max for \(today.missingMaxes.joined(separator: ", ")): the coach sets one with topweight programs assign.")
        }
        return lines
    }

    /// `{"program","week","day","dayName","deload","exercises":[{"exercise","sets":[{"weight","unit","reps","amrap","percent","warmup"}]}],"missingMaxes"}`
    public static func json(_ today: TodayWorkout) -> String {
        let exercises = today.exercises.map { exercise in
            DataFormats.jsonObject([
                ("exercise", DataFormats.json(exercise.exercise)),
                ("sets", "[" + exercise.sets.map { set in
                    DataFormats.jsonObject([
                        ("weight", set.weight.number),
                        ("unit", DataFormats.json(set.weight.unit.rawValue)),
                        ("reps", String(set.reps)),
                        ("amrap", set.amrap ? "true" : "false"),
                        ("percent", set.permille.map(percent) ?? "null"),
                        ("warmup", set.warmup ? "true" : "false"),
                    ])
                }.joined(separator: ",") + "]"),
            ])
        }
        return DataFormats.jsonObject([
            ("program", DataFormats.json(today.program)),
            ("week", String(today.week)),
            ("day", String(today.day)),
            ("dayName", today.dayName.map(DataFormats.json) ?? "null"),
            ("deload", today.deload ? "true" : "false"),
            ("exercises", "[" + exercises.joined(separator: ",") + "]"),
            ("missingMaxes", "[" + today.missingMaxes.map(DataFormats.json).joined(separator: ",") + "]"),
        ])
    }

    /// `5/3/1 week 2 day 1`
    static func title(_ today: TodayWorkout) -> String {
        "\(today.program) week \(today.week) day \(today.day)"
    }

    /// Permille as a percentage: 700 → `70`, 725 → `72.5`.
    static func percent(_ permille: Int) -> String {
        permille % 10 == 0 ? String(permille / 10) : "\(permille / 10).\(permille % 10)"
    }

    /// `5`, or `70/80/90` when they differ.
    static func slashed(_ values: [String], separator: String = "/") -> String {
        guard let first = values.first else { return "" }
        return values.allSatisfy({ $0 == first }) ? first : values.joined(separator: separator)
    }
}
