import Foundation
import TopWeightCore

/// Today's workout of a program, as the rack's line, `:today` and `topweight today` show it.
public enum ProgramText {
    /// `5/3/1 week 2 day 1: Back Squat 3×3 at 70/80/90 % → 97.5 / 112.5 / 125 kg`:
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
        return line
    }

    /// The whole day, a set a line (sets alike in a row on one: `100 kg × 5
    /// × 5 sets`): warm-ups marked, each work set's share of the training max.
    public static func lines(_ today: TodayWorkout, member: String? = nil) -> [String] {
        var lines = [title(today) + (today.dayName.map { " (\($0))" } ?? "") + (today.deload ? " · deload week" : "")]
        for exercise in today.exercises {
            var heading = exercise.exercise
            if let superset = exercise.superset { heading += "  superset \(superset)" }
            if let rest = exercise.rest { heading += "  rest " + (rest == 0 ? "off" : SetDuration(seconds: rest).description) }
            lines.append(heading)
            var runs: [(set: TodayWorkout.PlannedSet, count: Int)] = []
            for set in exercise.sets {
                if let last = runs.last, last.set == set { runs[runs.count - 1].count += 1 } else { runs.append((set, 1)) }
            }
            for (set, count) in runs {
                let label = set.warmup ? "warm-up" : set.permille.map { percent($0) + " %" } ?? ""
                let pad = String(repeating: " ", count: max(0, 8 - label.count))
                let sets = count > 1 ? " × \(count) sets" : ""
                lines.append("  \(label)\(pad)  \(set.weight.description) × \(set.reps)\(set.amrap ? "+" : "")\(sets)")
            }
        }
        if let member, let missing = missingMaxes(today, member: member) { lines.append(missing) }
        return lines
    }

    /// `No training max for Deadlift: the coach gives one with topweight
    /// programs assign 5/3/1 --user Ana --max "Deadlift=WEIGHT".`: what is
    /// missing, who can give it, and the command, ready to type (a member
    /// already on the program keeps their place); `nil` when nothing is.
    /// `nothingElse` when no lift of the day has a max (nothing to walk).
    public static func missingMaxes(_ today: TodayWorkout, member: String, program: String? = nil, nothingElse: Bool = false) -> String? {
        let missing = today.missingMaxes
        guard !missing.isEmpty else { return nil }
        let maxes = missing.map { "\($0)=WEIGHT" }.joined(separator: ",")
        let command = "topweight programs assign \(shellWord(program ?? today.program)) --user \(shellWord(member)) --max \(shellWord(maxes))"
        return "No training max for \(missing.joined(separator: ", "))\(nothingElse ? ", so there is nothing to walk" : ""): "
            + "the coach gives \(missing.count == 1 ? "one" : "them") with \(command)."
    }

    /// A word as a shell takes it: as it is when it holds nothing the shell
    /// reads, else in double quotes, else (with `"`, `$`, `` ` ``, `\` or `!`) in single ones.
    static func shellWord(_ text: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=,+:@%")
        if !text.isEmpty, text.allSatisfy(plain.contains) { return text }
        if !text.contains(where: { "\"$`\\!".contains($0) }) { return "\"\(text)\"" }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `{"program","week","day","dayName","deload","exercises":[{"exercise","sets":[{"weight","unit","reps","amrap","percent","warmup"}]}],"missingMaxes"}`;
    /// an exercise in a superset has `superset` (its letter), one with a rest `rest` (seconds).
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
            ] + (exercise.superset.map { [("superset", DataFormats.json($0))] } ?? []) + (exercise.rest.map { [("rest", String($0))] } ?? []))
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

    /// Under `Saved`, for a member on no program (`WeightNudge`):
    /// `100 kg has been your top Back Squat for 3 weeks: try 102.5 kg next time.`
    public static func nudge(exercise: String, stuckAt: Weight, weeks: Int, next: Weight) -> String {
        "\(stuckAt.description) has been your top \(TerminalText.safe(exercise)) for \(weeks) weeks: try \(next.description) next time."
    }

    /// `5/3/1 week 2 day 1`
    public static func title(_ today: TodayWorkout) -> String {
        "\(today.program) \(place(today))"
    }

    /// Where the workout is in its program: `week 2 day 1`.
    public static func place(_ today: TodayWorkout) -> String {
        "week \(today.week) day \(today.day)"
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

// MARK: - A program itself (`topweight programs`)

extension ProgramText {
    /// `5/3/1  4 weeks × 4 days  Wendler's 5/3/1 on …`, a program a line, each column aligned.
    public static func list(_ programs: [Program]) -> [String] {
        let names = programs.map { TerminalText.safe($0.name) }
        let shapes = programs.map { program in
            let days = program.weeks.first?.days.count ?? 0
            return "\(program.weeks.count) week\(program.weeks.count == 1 ? "" : "s") × \(days) day\(days == 1 ? "" : "s")"
        }
        let nameWidth = names.map(TerminalText.width).max() ?? 0
        let shapeWidth = shapes.map(TerminalText.width).max() ?? 0
        return programs.indices.map { index in
            let start = "\(TerminalText.pad(names[index], to: nameWidth))  "
            guard let summary = programs[index].summary else { return start + shapes[index] }
            return start + "\(TerminalText.pad(shapes[index], to: shapeWidth))  \(TerminalText.safe(summary))"
        }
    }

    /// Every week, day and exercise with its sets, then the rules.
    public static func show(_ program: Program) -> [String] {
        var lines = [program.name + (program.summary.map { ": \(TerminalText.safe($0))" } ?? "")]
        for (index, week) in program.weeks.enumerated() {
            lines.append("Week \(index + 1)\(week.deload ? " (deload)" : "")")
            for (dayIndex, day) in week.days.enumerated() {
                lines.append("  Day \(dayIndex + 1)\(day.name.map { " · \($0)" } ?? "")")
                for prescription in day.exercises {
                    lines.append("    \(prescription.exercise): " + setsText(prescription.sets))
                }
            }
        }
        let rules = program.rules
        let unit = rules.unit.rawValue
        lines.append("Training max: \(percent(rules.trainingMaxPermille)) % of the estimated one-rep max.")
        if !rules.addOnSuccess.isEmpty {
            lines.append("After a day with every set done: " + steps(rules.addOnSuccess, unit) + ".")
        }
        if let misses = rules.deloadAfterMisses {
            lines.append("After \(misses) missed day\(misses == 1 ? "" : "s") in a row: \(percent(rules.deloadPermille)) % off.")
        }
        if !rules.addEachCycle.isEmpty {
            lines.append("Each cycle: " + steps(rules.addEachCycle, unit) + ".")
        }
        return lines
    }

    /// The program as JSON, loads as the file writes them.
    public static func json(_ program: Program) -> String {
        func stepsJSON(_ steps: [String: Int]) -> String {
            DataFormats.jsonObject(steps.sorted { $0.key < $1.key }.map { ($0.key, Decimal2.format($0.value)) })
        }
        let weeks = program.weeks.map { week in
            DataFormats.jsonObject([
                ("deload", week.deload ? "true" : "false"),
                ("days", "[" + week.days.map { day in
                    DataFormats.jsonObject([
                        ("name", day.name.map(DataFormats.json) ?? "null"),
                        ("exercises", "[" + day.exercises.map { prescription in
                            DataFormats.jsonObject([
                                ("exercise", DataFormats.json(prescription.exercise)),
                                ("sets", "[" + prescription.sets.map(setJSON).joined(separator: ",") + "]"),
                            ])
                        }.joined(separator: ",") + "]"),
                    ])
                }.joined(separator: ",") + "]"),
            ])
        }
        let rules = program.rules
        return DataFormats.jsonObject([
            ("name", DataFormats.json(program.name)),
            ("summary", program.summary.map(DataFormats.json) ?? "null"),
            ("unit", DataFormats.json(rules.unit.rawValue)),
            ("trainingMax", percent(rules.trainingMaxPermille)),
            ("onSuccess", stepsJSON(rules.addOnSuccess)),
            ("deloadAfter", rules.deloadAfterMisses.map(String.init) ?? "null"),
            ("deloadBy", percent(rules.deloadPermille)),
            ("eachCycle", stepsJSON(rules.addEachCycle)),
            ("weeks", "[" + weeks.joined(separator: ",") + "]"),
        ])
    }

    /// `65%×5, 75%×5, 85%×5+`; sets alike in a row as the file writes them, `5×5 @ 100%`.
    static func setsText(_ sets: [PrescribedSet]) -> String {
        var runs: [(set: PrescribedSet, count: Int)] = []
        for set in sets {
            if let last = runs.last, last.set == set { runs[runs.count - 1].count += 1 } else { runs.append((set, 1)) }
        }
        return runs.map { run in
            let load = switch run.set.load {
            case .percent(let permille): "\(percent(permille))%"
            case .fixed(let weight): weight.description
            }
            let reps = "\(run.set.reps)\(run.set.amrap ? "+" : "")"
            return run.count == 1 ? "\(load)×\(reps)" : "\(run.count)×\(reps) @ \(load)"
        }.joined(separator: ", ")
    }

    static func setJSON(_ set: PrescribedSet) -> String {
        var pairs: [(String, String)] = []
        switch set.load {
        case .percent(let permille): pairs = [("percent", percent(permille)), ("weight", "null"), ("unit", "null")]
        case .fixed(let weight): pairs = [("percent", "null"), ("weight", weight.number), ("unit", DataFormats.json(weight.unit.rawValue))]
        }
        return DataFormats.jsonObject(pairs + [("reps", String(set.reps)), ("amrap", set.amrap ? "true" : "false")])
    }

    /// `Back Squat +5 kg, Bench Press +2.5 kg`, by name.
    static func steps(_ steps: [String: Int], _ unit: String) -> String {
        steps.sorted { $0.key < $1.key }.map { "\($0.key) +\(Decimal2.format($0.value)) \(unit)" }.joined(separator: ", ")
    }
}

// MARK: - The coach's roster

extension ProgramText {
    /// One member on a program, as `roster` shows it.
    public struct RosterLine: Sendable {
        public var member: String
        public var program: String
        /// `nil` when the program is gone.
        public var next: ProgramAssignment.DayRef?
        public var lastDone: ProgramAssignment.DayRef?
        public var lastDoneAt: Date?
        /// Lifts missed on days in a row, with how many.
        public var stalls: [(String, Int)]
        public var trainingMaxes: [(String, Weight)]
        /// The program's lifts with no training max: the member can't start them.
        public var missing: [String]

        public init(member: String, program: String, next: ProgramAssignment.DayRef?, lastDone: ProgramAssignment.DayRef?,
                    lastDoneAt: Date?, stalls: [(String, Int)], trainingMaxes: [(String, Weight)], missing: [String] = []) {
            self.missing = missing
            self.member = member
            self.program = program
            self.next = next
            self.lastDone = lastDone
            self.lastDoneAt = lastDoneAt
            self.stalls = stalls
            self.trainingMaxes = trainingMaxes
        }
    }

    /// `Ana  5/3/1  next week 2 day 1  last week 1 day 4, yesterday  stalled: Bench Press (2 days)`, names aligned.
    public static func roster(_ lines: [RosterLine], grouping: HistoryGrouping, now: Date) -> [String] {
        let members = lines.map { TerminalText.safe($0.member) }
        let programs = lines.map { TerminalText.safe($0.program) }
        let memberWidth = members.map(TerminalText.width).max() ?? 0
        let programWidth = programs.map(TerminalText.width).max() ?? 0
        return lines.indices.map { index in
            let line = lines[index]
            let next = line.next.map { "next week \($0.week) day \($0.day)" } ?? "program gone"
            var text = "\(TerminalText.pad(members[index], to: memberWidth))  \(TerminalText.pad(programs[index], to: programWidth))  \(next)"
            if let last = line.lastDone {
                text += "  last week \(last.week) day \(last.day)" + (line.lastDoneAt.map { ", " + grouping.label(for: $0, now: now) } ?? "")
            } else {
                text += "  not started"
            }
            let stalls = line.stalls.filter { $0.1 > 0 }
            if !stalls.isEmpty {
                text += "  stalled: " + stalls.map { "\(TerminalText.safe($0.0)) (\($0.1) day\($0.1 == 1 ? "" : "s"))" }.joined(separator: ", ")
            }
            if !line.missing.isEmpty {
                text += "  needs a max: " + line.missing.map(TerminalText.safe).joined(separator: ", ")
                    + " (" + TerminalText.safe(maxCommand(program: line.program, member: line.member, lifts: line.missing)) + ")"
            }
            return text
        }
    }

    /// The command that gives `lifts` their training maxes:
    /// `topweight programs assign "Texas Method" --user Kenji --max "Back Squat=WEIGHT,Bench Press=WEIGHT"`.
    public static func maxCommand(program: String, member: String, lifts: [String]) -> String {
        "topweight programs assign \(ShellWord.quoted(program)) --user \(ShellWord.quoted(member)) --max "
            + ShellWord.quoted(lifts.map { "\($0)=WEIGHT" }.joined(separator: ","))
    }

    /// `{"member","program","next":{"week","day"},"lastDone":{"week","day","at"},"stalled":{…},"trainingMaxes":{…}}`
    public static func rosterJSON(_ line: RosterLine, timeZone: TimeZone = .current) -> String {
        func day(_ ref: ProgramAssignment.DayRef?, at: Date? = nil) -> String {
            guard let ref else { return "null" }
            var pairs = [("week", String(ref.week)), ("day", String(ref.day))]
            if let at { pairs.append(("at", DataFormats.json(DataFormats.timestamp(at, timeZone: timeZone)))) }
            return DataFormats.jsonObject(pairs)
        }
        return DataFormats.jsonObject([
            ("member", DataFormats.json(line.member)),
            ("program", DataFormats.json(line.program)),
            ("next", day(line.next)),
            ("lastDone", day(line.lastDone, at: line.lastDoneAt)),
            ("stalled", DataFormats.jsonObject(line.stalls.filter { $0.1 > 0 }.map { ($0.0, String($0.1)) })),
            ("needsMax", "[" + line.missing.map(DataFormats.json).joined(separator: ",") + "]"),
            ("trainingMaxes", DataFormats.jsonObject(line.trainingMaxes.map {
                ($0.0, DataFormats.jsonObject([("weight", $0.1.number), ("unit", DataFormats.json($0.1.unit.rawValue))]))
            })),
        ])
    }
}

// MARK: - A day ended

extension ProgramText {
    /// `5x5 week 1 day 1 done: Back Squat ✓, Bench Press ✗ (a set short)`, the
    /// training maxes that changed, and the next day's headline.
    public static func finished(_ day: TodayWorkout, completion: [(exercise: String, done: Bool)],
                                before: ProgramProgress, after: ProgramProgress, next: TodayWorkout, lifts: [String]) -> [String] {
        func name(_ key: String) -> String { lifts.first { NameRules.key($0) == key } ?? key }
        let marks = completion.map { "\($0.exercise) \($0.done ? "done" : "missed")" }
        var lines = ["\(title(day)) finished: " + (marks.isEmpty ? "nothing was prescribed" : marks.joined(separator: ", ")) + "."]
        var changes: [String] = []
        for (key, old) in before.trainingMaxes.sorted(by: { $0.key < $1.key }) {
            guard let new = after.trainingMaxes[key], new != old else { continue }
            changes.append("\(name(key)) \(old.description) → \(new.description)")
        }
        if !changes.isEmpty { lines.append("Training maxes: " + changes.joined(separator: ", ") + ".") }
        let stalls = after.misses.filter { $0.value > 0 }.sorted { $0.key < $1.key }
            .map { (name($0.key), $0.value) }
        if !stalls.isEmpty {
            lines.append("Missed in a row: " + stalls.map { "\($0.0) \($0.1)" }.joined(separator: ", ") + ".")
        }
        lines.append("Next: " + headline(next))
        return lines
    }
}
