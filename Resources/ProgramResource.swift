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

    /// Reads a programs file, its lifts as written (the bundled programs, and
    /// a gym's program as stored: its lifts resolved when it was imported).
    public init(yaml: String) throws(Problem) {
        try self.init(yaml: yaml, lifts: nil)
    }

    /// Reads a programs file within `Limits`, each lift looked up with
    /// `lifts` (as the gym spells it; a near miss or a lift of a kind a
    /// program can't load refused).
    public init(yaml: String, lifts: Lifts?) throws(Problem) {
        let size = yaml.utf8.count
        guard size <= Limits.bytes else {
            throw Problem(line: nil, reason: "the file is \((size + 1023) / 1024) KB; a programs file is at most \(Limits.bytes / 1024) KB")
        }
        let root: Node?
        do {
            // The parser keeps the anchors while the tree is checked: an alias is told by the anchor it shares.
            let parser = try Parser(yaml: yaml)
            root = try parser.singleRoot()
            if let root { try withExtendedLifetime(parser) { () throws(Problem) in try Self.checkExpansion(root) } }
        } catch let problem as Problem {
            throw problem
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
            let program = try Self.program(item, lifts: lifts)
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

    private static func program(_ node: Node, lifts: Lifts?) throws(Problem) -> Program {
        guard let fields = node.mapping else { throw problem(node, "a program is a mapping with a name and weeks") }
        try onlyKeys(fields, programKeys, what: "a program")
        guard let nameNode = fields["name"], let rawName = nameNode.string else { throw problem(node, "a program needs a name") }
        guard case .success(let name) = NameRules.validate(rawName, kind: .exercise) else {
            throw problem(nameNode, "program name \(rawName.debugDescription) can't be used (1–\(TopWeightCore.Limits.nameLength) letters, no control characters)")
        }
        var unit = WeightUnit.kg
        if let node = fields["unit"] {
            guard let text = node.string, let typed = WeightUnit(parsing: Substring(text)) else { throw problem(node, "\(name): the unit is kg or lb") }
            unit = typed
        }
        var rules = Program.Rules(unit: unit)
        if let node = fields["training max"] {
            rules.trainingMaxPermille = try percent(node, name, "'training max'", within: 500...1000, meaning: "of the estimated one-rep max")
        }
        if let node = fields["deload by"] {
            rules.deloadPermille = try percent(node, name, "'deload by'", within: 10...500, meaning: "of the training max taken off")
        }
        if let node = fields["deload after"] {
            guard let count = node.int, (1...20).contains(count) else { throw problem(node, "\(name): 'deload after' is a number of days from 1 to 20") }
            rules.deloadAfterMisses = count
        }
        // Steps read before the weeks (a mistake in them is told first), checked against the weeks' lifts after.
        var onSuccess: [Step]?
        var eachCycle: [Step]?
        if let node = fields["on success"] { onSuccess = try steps(node, name, unit: unit, lifts: lifts) }
        if let node = fields["each cycle"] { eachCycle = try steps(node, name, unit: unit, lifts: lifts) }
        guard let weeksNode = fields["weeks"], let weekItems = weeksNode.sequence, !weekItems.isEmpty else {
            throw problem(node, "\(name) needs 'weeks:', a list of weeks of days")
        }
        try within(weekItems.count, Limits.weeks, at: key("weeks", in: fields) ?? weeksNode,
                   "\(name) has \(weekItems.count) weeks; a program has at most \(Limits.weeks)")
        var weeks: [Program.Week] = []
        for weekNode in weekItems {
            weeks.append(try week(weekNode, program: name, unit: unit, lifts: lifts))
        }
        var program = Program(name: name, summary: fields["summary"]?.string, weeks: weeks, rules: rules)
        if let onSuccess { program.rules.addOnSuccess = try program.own(onSuccess, "'on success'") }
        if let eachCycle { program.rules.addEachCycle = try program.own(eachCycle, "'each cycle'") }
        return program
    }

    private static func week(_ node: Node, program: String, unit: WeightUnit, lifts: Lifts?) throws(Problem) -> Program.Week {
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
        try within(dayItems.count, Limits.daysPerWeek, at: daysNode,
                   "\(program): a week has at most \(Limits.daysPerWeek) days (this one has \(dayItems.count))")
        var days: [Program.Day] = []
        for dayNode in dayItems {
            guard let dayFields = dayNode.mapping else { throw problem(dayNode, "\(program): a day is a mapping with 'exercises:'") }
            try onlyKeys(dayFields, ["name", "exercises"], what: "a day")
            guard let list = dayFields["exercises"], let items = list.sequence, !items.isEmpty else {
                throw problem(dayNode, "\(program): a day needs 'exercises:', a list of `EXERCISE: SETS`")
            }
            try within(items.count, Limits.exercisesPerDay, at: list,
                       "\(program): a day has at most \(Limits.exercisesPerDay) exercises (this one has \(items.count))")
            var exercises: [Program.Prescription] = []
            for item in items {
                exercises.append(try prescription(item, program: program, unit: unit, lifts: lifts))
            }
            if let problem = Supersets.problem(in: exercises.map(\.superset)) { throw Self.problem(list, "\(program): \(problem)") }
            days.append(Program.Day(name: dayFields["name"]?.string, exercises: exercises))
        }
        return Program.Week(days: days, deload: deload)
    }

    /// `Back Squat: [65%x5, 75%x5, 85%x5+]` or `Back Squat: 5x5@100%`, with
    /// `superset: A` and `rest: 90` beside it where the lift has them
    /// (`{ Bench Press: 3x8@70%, superset: A, rest: 90 }`).
    private static func prescription(_ node: Node, program: String, unit: WeightUnit, lifts: Lifts?) throws(Problem) -> Program.Prescription {
        let extras: Set<String> = ["superset", "rest"]
        let named = node.mapping?.filter { !extras.contains($0.key.string ?? "") }
        guard let named, named.count == 1, let (key, value) = named.first, let rawName = key.string else {
            throw problem(node, "\(program): an exercise is written `EXERCISE: SETS` (e.g. Back Squat: 5x5@100%)")
        }
        var rest: Int?
        if let restNode = node.mapping?["rest"] {
            guard let seconds = restNode.string.flatMap(Supersets.restSeconds) ?? restNode.int.flatMap({ Supersets.restSeconds(String($0)) }) else {
                throw problem(restNode, "\(program), \(rawName): rest is seconds, a time (1:30) or off, at most an hour")
            }
            rest = seconds
        }
        let superset = node.mapping?["superset"].flatMap { $0.string }.map { $0.trimmingWhitespace().uppercased() }
        guard case .success(let typed) = NameRules.validate(rawName, kind: .exercise) else {
            throw problem(key, "\(program): exercise \(rawName.debugDescription) can't be used")
        }
        let exercise = try lift(typed, at: key, program: program, lifts: lifts, loads: true)
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
            try within(sets.count, Limits.setsPerExercise, at: setNode,
                       "\(program), \(exercise): an exercise has at most \(Limits.setsPerExercise) sets a day")
        }
        guard !sets.isEmpty else { throw problem(value, "\(program), \(exercise): no sets") }
        return Program.Prescription(exercise: exercise, sets: sets, rest: rest, superset: superset)
    }

    /// `90%` in permille, within `range` (permille) for the rule `field`.
    private static func percent(_ node: Node, _ program: String, _ field: String, within range: ClosedRange<Int>,
                                meaning: String) throws(Problem) -> Int {
        let text = (node.string ?? "").filter { !$0.isWhitespace }
        guard text.hasSuffix("%"), let parsed = Decimal2.parse(text.dropLast()), let hundredths = parsed, hundredths % 10 == 0 else {
            throw problem(node, "\(program): \(text.debugDescription) is not a percentage (e.g. 90%)")
        }
        guard range.contains(hundredths / 10) else {
            throw problem(node, "\(program): \(field) is from \(range.lowerBound / 10) % to \(range.upperBound / 10) % (\(meaning)), not \(text)")
        }
        return hundredths / 10
    }

    /// The most a rule's step may add at once: 25 kg, 55 lb.
    static func largestStep(_ unit: WeightUnit) -> Int { unit == .kg ? 25_00 : 55_00 }

    /// A rule's step for a lift, where the file gives it.
    struct Step {
        var key: Node
        var lift: String
        var hundredths: Int
    }

    /// `{ Back Squat: 5, Bench Press: 2.5 }` in hundredths of `unit`, each lift as the gym spells it.
    private static func steps(_ node: Node, _ program: String, unit: WeightUnit, lifts: Lifts?) throws(Problem) -> [Step] {
        guard let pairs = node.mapping else { throw problem(node, "\(program): steps are written { EXERCISE: WEIGHT, … }") }
        var steps: [Step] = []
        for (key, value) in pairs {
            let typed = key.string ?? ""
            guard case .success(let valid) = NameRules.validate(typed, kind: .exercise) else {
                throw problem(key, "\(program): exercise \(typed.debugDescription) can't be used")
            }
            let exercise = try lift(valid, at: key, program: program, lifts: lifts, loads: false)
            guard let parsed = Decimal2.parse(Substring(value.string ?? "")), let hundredths = parsed else {
                throw problem(value, "\(program), \(exercise): the step is a weight in \(unit.rawValue) (e.g. 2.5)")
            }
            guard hundredths > 0 else { throw problem(value, "\(program), \(exercise): the step is more than 0 (leave the lift out to add nothing)") }
            guard hundredths <= largestStep(unit) else {
                throw problem(value, "\(program), \(exercise): the step is at most \(Decimal2.format(largestStep(unit))) \(unit.rawValue)")
            }
            steps.append(Step(key: key, lift: exercise, hundredths: hundredths))
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

    static func problem(_ node: Node, _ reason: String) -> Problem {
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

private extension Program {
    /// A rule's steps by this program's spelling of each lift; a lift it doesn't have is refused at its line.
    func own(_ steps: [ProgramCatalog.Step], _ field: String) throws(ProgramCatalog.Problem) -> [String: Int] {
        var own: [String: Int] = [:]
        for step in steps {
            guard let lift = exercises.first(where: { NameRules.key($0) == NameRules.key(step.lift) }) else {
                throw ProgramCatalog.problem(step.key, "\(name): \(field) names \(step.lift), which \(name) doesn't have "
                                             + "(its lifts: \(exercises.joined(separator: ", ")))")
            }
            own[lift] = step.hundredths
        }
        return own
    }
}
