import TopWeightCore
import Yams

/// Programs read from YAML: the bundled ones (`Resources/programs.yaml`)
/// and a gym's own file for `topweight programs import`. A mistake refuses
/// the whole file with one line naming where it is (`line 12: …`).
public struct ProgramCatalog: Sendable {
    public var programs: [Program]

    public init(programs: [Program]) {
        self.programs = programs
    }

    /// Why a programs file can't be used: the line and what is wrong there.
    public struct Problem: Error, Sendable, CustomStringConvertible, Equatable {
        public var line: Int?
        public var reason: String
        public var description: String { line.map { "line \($0): \(reason)" } ?? reason }

        public init(line: Int?, reason: String) {
            self.line = line
            self.reason = reason
        }
    }

    public init(yaml: String) throws(Problem) {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw Problem(line: Self.line(of: error), reason: "not YAML: \(Self.firstLine(error))")
        } catch {
            throw Problem(line: nil, reason: "not YAML: \(Self.firstLine(error))")
        }
        guard let root, let top = root.mapping, let list = top["programs"] else {
            throw Problem(line: root?.mark?.line, reason: "a programs file starts with 'programs:' and a list of programs")
        }
        guard let items = list.sequence else { throw Self.problem(list, "'programs:' takes a list") }
        var seen: Set<String> = []
        var programs: [Program] = []
        for item in items {
            let program = try Self.program(item)
            guard seen.insert(NameRules.key(program.name)).inserted else {
                throw Self.problem(item, "program \(program.name) is listed twice")
            }
            programs.append(program)
        }
        self.programs = programs
    }

    /// The programs shipped with Top Weight, compiled in (`EmbeddedPrograms`).
    public static func bundled() -> ProgramCatalog { bundledOnce }

    private static let bundledOnce: ProgramCatalog = (try? ProgramCatalog(yaml: compiledYAML)) ?? ProgramCatalog(programs: [])

    /// The program with this name, compared as names are.
    public func program(named name: String) -> Program? {
        let key = NameRules.key(name)
        return programs.first { NameRules.key($0.name) == key }
    }

    // MARK: - Reading

    private static let programKeys: Set = ["name", "summary", "unit", "training max", "on success", "deload after", "deload by", "each cycle", "weeks"]

    private static func program(_ node: Node) throws(Problem) -> Program {
        guard let fields = node.mapping else { throw problem(node, "a program is a mapping with a name and weeks") }
        try onlyKeys(fields, programKeys, what: "a program")
        guard let nameNode = fields["name"], let rawName = nameNode.string else { throw problem(node, "a program needs a name") }
        guard case .success(let name) = NameRules.validate(rawName, kind: .exercise) else {
            throw problem(nameNode, "program name \(rawName.debugDescription) can't be used (1–\(Limits.nameLength) letters, no control characters)")
        }
        var unit = WeightUnit.kg
        if let node = fields["unit"] {
            guard let text = node.string, let typed = WeightUnit(parsing: Substring(text)) else { throw problem(node, "\(name): the unit is kg or lb") }
            unit = typed
        }
        var rules = Program.Rules(unit: unit)
        if let node = fields["training max"] { rules.trainingMaxPermille = try percent(node, name) }
        if let node = fields["deload by"] { rules.deloadPermille = try percent(node, name) }
        if let node = fields["deload after"] {
            guard let count = node.int, (1...20).contains(count) else { throw problem(node, "\(name): 'deload after' is a number of days from 1 to 20") }
            rules.deloadAfterMisses = count
        }
        if let node = fields["on success"] { rules.addOnSuccess = try steps(node, name, unit: unit) }
        if let node = fields["each cycle"] { rules.addEachCycle = try steps(node, name, unit: unit) }
        guard let weeksNode = fields["weeks"], let weekItems = weeksNode.sequence, !weekItems.isEmpty else {
            throw problem(node, "\(name) needs 'weeks:', a list of weeks of days")
        }
        var weeks: [Program.Week] = []
        for weekNode in weekItems {
            weeks.append(try week(weekNode, program: name, unit: unit))
        }
        return Program(name: name, summary: fields["summary"]?.string, weeks: weeks, rules: rules)
    }

    private static func week(_ node: Node, program: String, unit: WeightUnit) throws(Problem) -> Program.Week {
        guard let fields = node.mapping else { throw problem(node, "\(program): a week is a mapping with 'days:'") }
        try onlyKeys(fields, ["days", "deload"], what: "a week")
        var deload = false
        if let flag = fields["deload"] {
            guard let value = flag.bool else { throw problem(flag, "\(program): 'deload' is true or false") }
            deload = value
        }
        guard let daysNode = fields["days"], let dayItems = daysNode.sequence, !dayItems.isEmpty else {
            throw problem(node, "\(program): a week needs 'days:', a list of days")
        }
        var days: [Program.Day] = []
        for dayNode in dayItems {
            guard let dayFields = dayNode.mapping else { throw problem(dayNode, "\(program): a day is a mapping with 'exercises:'") }
            try onlyKeys(dayFields, ["name", "exercises"], what: "a day")
            guard let list = dayFields["exercises"], let items = list.sequence, !items.isEmpty else {
                throw problem(dayNode, "\(program): a day needs 'exercises:', a list of `EXERCISE: SETS`")
            }
            var exercises: [Program.Prescription] = []
            for item in items {
                exercises.append(try prescription(item, program: program, unit: unit))
            }
            days.append(Program.Day(name: dayFields["name"]?.string, exercises: exercises))
        }
        return Program.Week(days: days, deload: deload)
    }

    /// `Back Squat: [65%x5, 75%x5, 85%x5+]` or `Back Squat: 5x5@100%`.
    private static func prescription(_ node: Node, program: String, unit: WeightUnit) throws(Problem) -> Program.Prescription {
        guard let pair = node.mapping, pair.count == 1, let (key, value) = pair.first, let rawName = key.string else {
            throw problem(node, "\(program): an exercise is written `EXERCISE: SETS` (e.g. Back Squat: 5x5@100%)")
        }
        guard case .success(let exercise) = NameRules.validate(rawName, kind: .exercise) else {
            throw problem(key, "\(program): exercise \(rawName.debugDescription) can't be used")
        }
        let texts: [(Node, String)]
        if let list = value.sequence {
            texts = list.map { ($0, $0.string ?? "") }
        } else {
            texts = [(value, value.string ?? "")]
        }
        var sets: [PrescribedSet] = []
        for (setNode, text) in texts {
            switch PrescribedSet.parseSets(text, unit: unit) {
            case .failure(let error): throw problem(setNode, "\(program), \(exercise): \(text.debugDescription): \(error)")
            case .success(let parsed): sets += parsed
            }
        }
        guard !sets.isEmpty else { throw problem(value, "\(program), \(exercise): no sets") }
        return Program.Prescription(exercise: exercise, sets: sets)
    }

    /// `90%` in permille.
    private static func percent(_ node: Node, _ program: String) throws(Problem) -> Int {
        let text = (node.string ?? "").filter { !$0.isWhitespace }
        guard text.hasSuffix("%"), let parsed = Decimal2.parse(text.dropLast()), let hundredths = parsed,
              hundredths % 10 == 0, (1...200_00).contains(hundredths) else {
            throw problem(node, "\(program): \(text.debugDescription) is not a percentage (e.g. 90%)")
        }
        return hundredths / 10
    }

    /// `{ Back Squat: 5, Bench Press: 2.5 }` in hundredths of `unit`.
    private static func steps(_ node: Node, _ program: String, unit: WeightUnit) throws(Problem) -> [String: Int] {
        guard let pairs = node.mapping else { throw problem(node, "\(program): steps are written { EXERCISE: WEIGHT, … }") }
        var steps: [String: Int] = [:]
        for (key, value) in pairs {
            let name = key.string ?? ""
            guard case .success(let exercise) = NameRules.validate(name, kind: .exercise) else {
                throw problem(key, "\(program): exercise \(name.debugDescription) can't be used")
            }
            guard let parsed = Decimal2.parse(Substring(value.string ?? "")), let hundredths = parsed,
                  hundredths <= unit.maximumHundredths / 10 else {
                throw problem(value, "\(program), \(exercise): the step is a weight in \(unit.rawValue) (e.g. 2.5)")
            }
            steps[exercise] = hundredths
        }
        return steps
    }

    private static func onlyKeys(_ mapping: Node.Mapping, _ known: Set<String>, what: String) throws(Problem) {
        for key in mapping.keys {
            let name = key.string ?? ""
            guard known.contains(name) else {
                throw problem(key, "\(name.debugDescription) is not a field of \(what) (\(known.sorted().joined(separator: ", ")))")
            }
        }
    }

    private static func problem(_ node: Node, _ reason: String) -> Problem {
        Problem(line: node.mark?.line, reason: reason)
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark.line
        default: nil
        }
    }

    private static func firstLine(_ error: any Error) -> String {
        String(describing: error).split(whereSeparator: \.isNewline).first.map(String.init) ?? "unreadable"
    }
}
