/// A coach's program: weeks of days of exercises, each set a share of the
/// exercise's training max (or a fixed load), and the rules that move it on.
/// Read from YAML (`ProgramFile` in the catalog target); pure values here.
public struct Program: Sendable, Hashable {
    public var name: String
    public var summary: String?
    public var weeks: [Week]
    public var rules: Rules

    public init(name: String, summary: String? = nil, weeks: [Week], rules: Rules = Rules()) {
        self.name = name
        self.summary = summary
        self.weeks = weeks
        self.rules = rules
    }

    public struct Week: Sendable, Hashable {
        public var days: [Day]
        /// A deload week: its sets count toward neither success nor misses.
        public var deload: Bool

        public init(days: [Day], deload: Bool = false) {
            self.days = days
            self.deload = deload
        }
    }

    public struct Day: Sendable, Hashable {
        public var name: String?
        public var exercises: [Prescription]

        public init(name: String? = nil, exercises: [Prescription]) {
            self.name = name
            self.exercises = exercises
        }
    }

    /// One exercise of a day and its sets, in order.
    public struct Prescription: Sendable, Hashable {
        public var exercise: String
        public var sets: [PrescribedSet]
        /// The rest after each work set, in seconds (`rest: 90`; 0: none).
        public var rest: Int?
        /// The superset it is in (`superset: A`): lifts in a row with one letter alternate set by set.
        public var superset: String?

        public init(exercise: String, sets: [PrescribedSet], rest: Int? = nil, superset: String? = nil) {
            self.exercise = exercise
            self.sets = sets
            self.rest = rest
            self.superset = superset
        }
    }

    /// How a program moves on. Loads in `unit`; a member in the other unit
    /// gets the same step there, to that unit's stepper (2.5 kg ↔ 5 lb).
    public struct Rules: Sendable, Hashable {
        /// The training max as a share of the member's e1RM, in permille (900: 90 %).
        public var trainingMaxPermille: Int
        /// Added to an exercise's training max after a day on which every one of its sets was done.
        public var addOnSuccess: [String: Int]
        /// Added to every training max when the last week ends (a cycle).
        public var addEachCycle: [String: Int]
        /// After this many days in a row with a set missed on an exercise, its
        /// training max goes down by `deloadPermille`; `nil`: never.
        public var deloadAfterMisses: Int?
        public var deloadPermille: Int
        /// What the two maps above are in (hundredths of it).
        public var unit: WeightUnit

        public init(trainingMaxPermille: Int = 1000, addOnSuccess: [String: Int] = [:], addEachCycle: [String: Int] = [:],
                    deloadAfterMisses: Int? = nil, deloadPermille: Int = 100, unit: WeightUnit = .kg) {
            self.trainingMaxPermille = trainingMaxPermille
            self.addOnSuccess = addOnSuccess
            self.addEachCycle = addEachCycle
            self.deloadAfterMisses = deloadAfterMisses
            self.deloadPermille = deloadPermille
            self.unit = unit
        }
    }

    /// Every exercise the program names, once each, in first-seen order.
    public var exercises: [String] {
        var seen: Set<String> = []
        return weeks.flatMap(\.days).flatMap(\.exercises).map(\.exercise).filter { seen.insert(NameRules.key($0)).inserted }
    }

    /// How many days one cycle has.
    public var daysPerCycle: Int { weeks.reduce(0) { $0 + $1.days.count } }
}

/// One prescribed set: a share of the training max, or a fixed load, for reps.
public struct PrescribedSet: Sendable, Hashable {
    public enum Load: Sendable, Hashable {
        /// Permille of the training max: 650 is 65 %.
        case percent(Int)
        case fixed(Weight)
    }

    public var load: Load
    public var reps: Int
    /// "As many reps as possible" (`5+`): `reps` is the least to count it done.
    public var amrap: Bool

    public init(load: Load, reps: Int, amrap: Bool = false) {
        self.load = load
        self.reps = reps
        self.amrap = amrap
    }
}
