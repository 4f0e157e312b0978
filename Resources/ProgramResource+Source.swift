import TopWeightCore

// MARK: - A program's stored form

extension ProgramCatalog {
    /// The YAML of `program` alone, as the database keeps a gym's program:
    /// no aliases, no comments, names quoted, sets alike written once
    /// (`5x5@100%`); read back, it is the same program.
    public static func source(of program: Program) -> String {
        let rules = program.rules
        var lines = ["programs:", "  - name: \(quoted(program.name))"]
        if let summary = program.summary { lines.append("    summary: \(quoted(summary))") }
        lines.append("    unit: \(rules.unit.rawValue)")
        lines.append("    training max: \(percent(rules.trainingMaxPermille))")
        if !rules.addOnSuccess.isEmpty { lines.append("    on success: \(steps(rules.addOnSuccess))") }
        if let misses = rules.deloadAfterMisses { lines.append("    deload after: \(misses)") }
        lines.append("    deload by: \(percent(rules.deloadPermille))")
        if !rules.addEachCycle.isEmpty { lines.append("    each cycle: \(steps(rules.addEachCycle))") }
        lines.append("    weeks:")
        for week in program.weeks {
            lines.append(week.deload ? "      - deload: true\n        days:" : "      - days:")
            for day in week.days {
                if let name = day.name {
                    lines.append("          - name: \(quoted(name))")
                    lines.append("            exercises:")
                } else {
                    lines.append("          - exercises:")
                }
                for prescription in day.exercises {
                    var extras = ""
                    if let superset = prescription.superset { extras += ", superset: \(quoted(superset))" }
                    if let rest = prescription.rest { extras += ", rest: \(rest)" }
                    let lift = "\(quoted(prescription.exercise)): [\(sets(prescription.sets, unit: rules.unit).joined(separator: ", "))]"
                    lines.append("              - " + (extras.isEmpty ? lift : "{ \(lift)\(extras) }"))
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Sets alike in a row as one `SERIESxREPS@LOAD` (at most 20 to an item), others as `LOADxREPS`.
    private static func sets(_ sets: [PrescribedSet], unit: WeightUnit) -> [String] {
        var runs: [(set: PrescribedSet, count: Int)] = []
        for set in sets {
            if let last = runs.last, last.set == set, last.count < 20 { runs[runs.count - 1].count += 1 } else { runs.append((set, 1)) }
        }
        return runs.map { run in
            let load = switch run.set.load {
            case .percent(let permille): percent(permille)
            case .fixed(let weight): "\(weight.number)\(weight.unit.rawValue)"
            }
            let reps = "\(run.set.reps)\(run.set.amrap ? "+" : "")"
            return quoted(run.count == 1 ? "\(load)x\(reps)" : "\(run.count)x\(reps)@\(load)")
        }
    }

    /// `{ "Back Squat": 2.5, "Deadlift": 5 }`, by name.
    private static func steps(_ steps: [String: Int]) -> String {
        "{ " + steps.sorted { $0.key < $1.key }.map { "\(quoted($0.key)): \(Decimal2.format($0.value))" }.joined(separator: ", ") + " }"
    }

    /// Permille as YAML's `72.5%`.
    private static func percent(_ permille: Int) -> String {
        permille % 10 == 0 ? "\(permille / 10)%" : "\(permille / 10).\(permille % 10)%"
    }

    /// A YAML double-quoted scalar (a byte-order mark escaped too).
    static func quoted(_ text: String) -> String {
        QuotedLiteral.escaped(text, alsoEscaping: [0xFEFF])
    }
}
