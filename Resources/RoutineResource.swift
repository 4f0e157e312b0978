import Foundation
import TopWeightCore
import Yams

/// Routines read from YAML: the bundled starters (`Resources/routines.yaml`)
/// and a gym's own file for `topweight routines import`.
public struct RoutineCatalog: Sendable {
    public var routines: [Routine]

    public init(routines: [Routine]) {
        self.routines = routines
    }

    /// Why a routines file can't be used, naming the routine and exercise.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Parses `routines: [{name, unit?, exercises: [{exercise, weight?, reps?, series?, rest?, superset?}]}]`.
    /// Every name is checked like a typed one; numbers like the logger's;
    /// anything wrong refuses the whole file, saying where.
    public init(yaml: String) throws(Problem) {
        struct File: Decodable { var routines: [Entry] }
        struct Entry: Decodable {
            var name: String
            var unit: String?
            var exercises: [Step]
        }
        struct Step: Decodable {
            var exercise: String
            var weight: Double?
            var reps: Int?
            var series: Int?
            var rest: StepRest?
            var superset: String?
        }
        let size = yaml.utf8.count
        guard size <= ProgramCatalog.Limits.bytes else {
            throw Problem(description: "the file is \((size + 1023) / 1024) KB; a routines file is at most \(ProgramCatalog.Limits.bytes / 1024) KB")
        }
        let file: File
        do {
            // Bounded as a programs file is, before anything is decoded: aliases can repeat a routine thousands of times.
            let parser = try Parser(yaml: yaml)
            guard let root = try parser.singleRoot() else { throw Problem(description: "not a routines file (it is empty)") }
            do {
                try withExtendedLifetime(parser) { () throws(ProgramCatalog.Problem) in try ProgramCatalog.checkExpansion(root, what: "a routines file") }
            } catch {
                throw Problem(description: error.reason)
            }
            file = try YAMLDecoder().decode(File.self, from: root)
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem(description: "not a routines file (expected 'routines:' with a name and exercises each): \(Self.reason(error))")
        }
        var seen: Set<String> = []
        var routines: [Routine] = []
        for entry in file.routines {
            guard case .success(let name) = NameRules.validate(entry.name, kind: .exercise) else {
                throw Problem(description: "routine name \(entry.name.debugDescription) can't be used (1–\(Limits.nameLength) letters, no control characters)")
            }
            guard seen.insert(NameRules.key(name)).inserted else { throw Problem(description: "routine \(name) is listed twice") }
            guard let unit = WeightUnit(rawValue: entry.unit ?? "kg") else {
                throw Problem(description: "routine \(name): the unit must be kg or lb")
            }
            guard !entry.exercises.isEmpty else { throw Problem(description: "routine \(name) has no exercises") }
            var steps: [RoutineStep] = []
            for step in entry.exercises {
                guard case .success(let exercise) = NameRules.validate(step.exercise, kind: .exercise) else {
                    throw Problem(description: "routine \(name): exercise \(step.exercise.debugDescription) can't be used")
                }
                let rest = try step.rest.map { rest throws(Problem) in
                    guard let seconds = rest.seconds else {
                        throw Problem(description: "routine \(name), \(exercise): rest \(rest.text) is not a rest (90, 1:30 or off; at most 1 hour)")
                    }
                    return seconds
                }
                steps.append(RoutineStep(exercise: exercise, values: try Self.values(step.weight, step.reps, step.series, unit, name, exercise),
                                         rest: rest, superset: step.superset.map { $0.trimmingWhitespace().uppercased() }))
            }
            if let problem = Supersets.problem(in: steps.map(\.superset)) { throw Problem(description: "routine \(name): \(problem)") }
            routines.append(Routine(name: name, exercises: steps))
        }
        self.routines = routines
    }

    /// The starters shipped with the program, compiled in (`EmbeddedRoutines`,
    /// from `Resources/routines.yaml`); `TOPWEIGHT_ROUTINES` names another file.
    public static func bundled() -> RoutineCatalog {
        bundledOnce
    }

    /// Read at the first use, once per process.
    private static let bundledOnce: RoutineCatalog = {
        if let text = ExerciseCatalog.overrideText(environment: "TOPWEIGHT_ROUTINES"), let catalog = try? RoutineCatalog(yaml: text) {
            return catalog
        }
        return (try? RoutineCatalog(yaml: compiledYAML)) ?? RoutineCatalog(routines: [])
    }()

    /// The routine with this name, compared case-insensitively.
    public func routine(named name: String) -> Routine? {
        let key = NameRules.key(name)
        return routines.first { NameRules.key($0.name) == key }
    }

    /// Starting numbers: all three given, or none (the member types them).
    private static func values(_ weight: Double?, _ reps: Int?, _ series: Int?, _ unit: WeightUnit,
                               _ routine: String, _ exercise: String) throws(Problem) -> SetValues? {
        guard let weight, let reps, let series else {
            if weight == nil, reps == nil, series == nil { return nil }
            throw Problem(description: "routine \(routine), \(exercise): give weight, reps and series together, or none")
        }
        guard weight.isFinite, weight >= 0, weight * 100 <= Double(unit.maximumHundredths),
              (weight * 100).rounded() == weight * 100 else {
            throw Problem(description: "routine \(routine), \(exercise): weight \(weight) is not a weight Top Weight records")
        }
        guard Limits.reps.contains(reps), Limits.series.contains(series) else {
            throw Problem(description: "routine \(routine), \(exercise): reps must be \(Limits.reps.lowerBound)–\(Limits.reps.upperBound) and series \(Limits.series.lowerBound)–\(Limits.series.upperBound)")
        }
        return SetValues(weight: Weight(value: weight, unit: unit), reps: reps, series: series)
    }

    /// A step's `rest:`: seconds (`90`), a time (`1:30`, `2m`) or `off`.
    struct StepRest: Decodable {
        var text: String

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let seconds = try? value.decode(Int.self) { text = String(seconds) } else { text = try value.decode(String.self) }
        }

        /// The seconds it says, `nil` when it is no rest (or over an hour).
        var seconds: Int? { Supersets.restSeconds(text) }
    }

    private static func reason(_ error: any Error) -> String {
        String(describing: error).split(whereSeparator: \.isNewline).first.map(String.init) ?? "unreadable"
    }
}
