/// Today's workout of a member's program, every load computed and rounded to
/// what the gym's plates make on its bar, in the member's unit.
public struct TodayWorkout: Sendable, Hashable {
    public var program: String
    /// 1-based, as a person counts them.
    public var week: Int
    public var day: Int
    public var dayName: String?
    public var deload: Bool
    public var exercises: [Exercise]
    /// Exercises the program names that the member has no training max for (skipped).
    public var missingMaxes: [String]

    public struct Exercise: Sendable, Hashable {
        public var exercise: String
        public var sets: [PlannedSet]
        /// The rest after each work set, in seconds, as the program says.
        public var rest: Int?
        /// The superset it is in (a letter), as the program says.
        public var superset: String?

        public init(exercise: String, sets: [PlannedSet], rest: Int? = nil, superset: String? = nil) {
            self.exercise = exercise
            self.sets = sets
            self.rest = rest
            self.superset = superset
        }
    }

    public struct PlannedSet: Sendable, Hashable {
        public var weight: Weight
        public var reps: Int
        public var amrap: Bool
        /// The share of the training max, in permille; `nil` for a fixed load or a warm-up.
        public var permille: Int?
        public var warmup: Bool

        public init(weight: Weight, reps: Int, amrap: Bool, permille: Int?, warmup: Bool) {
            self.weight = weight
            self.reps = reps
            self.amrap = amrap
            self.permille = permille
            self.warmup = warmup
        }
    }

    public init(program: String, week: Int, day: Int, dayName: String?, deload: Bool, exercises: [Exercise], missingMaxes: [String]) {
        self.program = program
        self.week = week
        self.day = day
        self.dayName = dayName
        self.deload = deload
        self.exercises = exercises
        self.missingMaxes = missingMaxes
    }

    /// The warm-up ladder before the first work set: the bar, then about
    /// 40, 60 and 80 % of the first work set, each to the plates, each
    /// heavier than the one before and lighter than the work set.
    public static let warmupLadder: [(permille: Int, reps: Int)] = [(400, 5), (600, 3), (800, 2)]
    public static let barReps = 5

    /// Today for `progress` in `program`: loads in the unit of each training
    /// max (fixed loads offered in the member's `unit`), rounded with `plates` on `bar`.
    public static func make(_ program: Program, progress: ProgramProgress, unit: WeightUnit,
                            plates: PlateSet, bar: Weight, warmups: Bool = true) -> TodayWorkout {
        let weekIndex = program.weeks.indices.contains(progress.week) ? progress.week : 0
        let week = program.weeks[weekIndex]
        let dayIndex = week.days.indices.contains(progress.day) ? progress.day : 0
        let day = week.days[dayIndex]
        var exercises: [Exercise] = []
        var missing: [String] = []
        for prescription in day.exercises {
            var sets: [PlannedSet] = []
            for set in prescription.sets {
                switch set.load {
                case .percent(let permille):
                    guard let max = progress.trainingMax(for: prescription.exercise) else { continue }
                    let target = max.hundredths * permille / 1000
                    sets.append(PlannedSet(weight: loadable(Weight(hundredths: target, unit: max.unit), plates: plates, bar: bar),
                                           reps: set.reps, amrap: set.amrap, permille: permille, warmup: false))
                case .fixed(let weight):
                    sets.append(PlannedSet(weight: loadable(weight.offered(in: unit), plates: plates, bar: bar),
                                           reps: set.reps, amrap: set.amrap, permille: nil, warmup: false))
                }
            }
            if sets.isEmpty {
                missing.append(prescription.exercise)
                continue
            }
            if warmups, let first = sets.first {
                sets.insert(contentsOf: ladder(to: first.weight, plates: plates, bar: bar), at: 0)
            }
            exercises.append(Exercise(exercise: prescription.exercise, sets: sets, rest: prescription.rest, superset: prescription.superset))
        }
        return TodayWorkout(program: program.name, week: weekIndex + 1, day: dayIndex + 1, dayName: day.name,
                            deload: week.deload, exercises: exercises, missingMaxes: missing)
    }

    /// Warm-up sets up to a work set of `work`: none when the work set is the bar or lighter.
    public static func ladder(to work: Weight, plates: PlateSet, bar: Weight) -> [PlannedSet] {
        let bar = bar.offered(in: work.unit)
        guard work.hundredths > bar.hundredths else { return [] }
        var sets = [PlannedSet(weight: bar, reps: barReps, amrap: false, permille: nil, warmup: true)]
        for rung in warmupLadder {
            let weight = loadable(Weight(hundredths: work.hundredths * rung.permille / 1000, unit: work.unit), plates: plates, bar: bar)
            guard weight.hundredths > sets[sets.count - 1].weight.hundredths, weight.hundredths < work.hundredths else { continue }
            sets.append(PlannedSet(weight: weight, reps: rung.reps, amrap: false, permille: nil, warmup: true))
        }
        return sets
    }

    /// The load nearest `target` that `plates` make on `bar` (ties go to the
    /// lighter one); the bar for anything lighter than the bar. Plates in
    /// another unit than the target's are not used: the target is rounded to
    /// its unit's stepper step instead.
    public static func loadable(_ target: Weight, plates: PlateSet, bar: Weight) -> Weight {
        guard plates.unit == target.unit else {
            let step = target.unit.stepHundredths
            return Weight(hundredths: (target.hundredths + step / 2 - 1) / step * step, unit: target.unit)
        }
        let barWeight = bar.offered(in: target.unit)
        switch PlateSolver.solve(target: target.hundredths, bar: barWeight.hundredths, plates: plates) {
        case .exact(let load): return load.total
        case .lighterThanBar: return barWeight
        case .nearest(let below, let above):
            guard let above else { return below.total }
            let down = target.hundredths - below.total.hundredths
            let up = above.total.hundredths - target.hundredths
            return up < down ? above.total : below.total
        }
    }
}

// MARK: - Was it done?

extension TodayWorkout {
    /// Per exercise of the day: whether every work set was done, judged from
    /// the working sets saved (see `setsDone`).
    public func completion(from saved: [String: [SetValues]]) -> [String: Bool] {
        var done: [String: Bool] = [:]
        for (exercise, marks) in zip(exercises, setsDone(work: saved)) {
            let work = exercise.sets.indices.filter { !exercise.sets[$0].warmup }
            done[exercise.exercise] = !work.isEmpty && work.allSatisfy { marks[$0] }
        }
        return done
    }

    /// Per exercise, per set in order: whether it was done, judged from the
    /// sets saved (each record counts `series` times): each prescribed work
    /// set, heaviest first, takes a working set of `work` at least as heavy
    /// (kg and lb compared) with at least its reps ("+" sets too: the reps
    /// are the least), each saved set used once; warm-ups take the saved
    /// warm-ups of `warmups` the same way.
    public func setsDone(work: [String: [SetValues]], warmups: [String: [SetValues]] = [:]) -> [[Bool]] {
        exercises.map { exercise in
            var done = [Bool](repeating: false, count: exercise.sets.count)
            for warmup in [false, true] {
                let indices = exercise.sets.indices.filter { exercise.sets[$0].warmup == warmup }
                let saved = (warmup ? warmups : work).first { NameRules.key($0.key) == NameRules.key(exercise.exercise) }?.value ?? []
                for (index, matched) in zip(indices, Self.matched(indices.map { exercise.sets[$0] }, by: saved)) {
                    done[index] = matched
                }
            }
            return done
        }
    }

    /// Which of `prescribed` the `saved` sets cover.
    static func matched(_ prescribed: [PlannedSet], by saved: [SetValues]) -> [Bool] {
        var pool = saved.filter { $0.measure == .weight }
            .flatMap { Array(repeating: $0, count: $0.series) }
            .sorted { $0.weight.kilograms < $1.weight.kilograms }
        var matched = [Bool](repeating: false, count: prescribed.count)
        // Heaviest first; among alike, the first in order (so a walk resumes at the later ones).
        let order = prescribed.indices.sorted {
            let (left, right) = (prescribed[$0].weight.kilograms, prescribed[$1].weight.kilograms)
            return left != right ? left > right : $0 < $1
        }
        for index in order {
            let set = prescribed[index]
            // The lightest saved set that is enough, so heavier ones stay for heavier prescriptions.
            guard let found = pool.firstIndex(where: { $0.weight.kilograms >= set.weight.kilograms - 0.005 && $0.reps >= set.reps })
            else { continue }
            pool.remove(at: found)
            matched[index] = true
        }
        return matched
    }
}

// MARK: - Walking it (`:go`)

extension TodayWorkout {
    /// The sets still to do, in order, as the logger walks them: every set
    /// `done` does not mark (an exercise with a work set done has its
    /// warm-ups behind it); sets alike in a row (the same load and reps,
    /// neither a warm-up nor a "+" set) as one entry of that many series; a
    /// warm-up saved as one; a "+" set with its least reps, to be asked.
    /// A superset's lifts (`Supersets.walk`): their warm-ups first, then
    /// their work sets one at a time in turn.
    public func walk(done: [[Bool]] = []) -> [TopWeightCore.PlannedSet] {
        var steps: [TopWeightCore.PlannedSet] = []
        var group: [(planned: TopWeightCore.PlannedSet, letter: String?, rounds: Int)] = []
        for (exerciseIndex, exercise) in exercises.enumerated() {
            if let letter = exercise.superset {
                let left = walk(exerciseIndex, done: done)
                steps += left.filter { $0.mark == .warmup }
                for work in left where work.mark != .warmup {
                    var one = work
                    let series = one.values?.series ?? 1
                    one.values?.series = 1
                    group.append((one, letter, series))
                }
                // The group's lifts are walked together once its last is read.
                if exerciseIndex + 1 == exercises.count || exercises[exerciseIndex + 1].superset != letter {
                    steps += Self.rounds(group)
                    group = []
                }
                continue
            }
            steps += walk(exerciseIndex, done: done)
        }
        return steps
    }

    /// A superset's work sets, one set of each lift a round, in order (a
    /// lift's sets alike count as that many rounds).
    static func rounds(_ sets: [(planned: TopWeightCore.PlannedSet, letter: String?, rounds: Int)]) -> [TopWeightCore.PlannedSet] {
        var lifts: [String] = []
        var byLift: [String: [TopWeightCore.PlannedSet]] = [:]
        var letter: String?
        for set in sets {
            letter = set.letter
            if byLift[set.planned.exercise] == nil { lifts.append(set.planned.exercise) }
            byLift[set.planned.exercise, default: []] += Array(repeating: set.planned, count: max(1, set.rounds))
        }
        let steps = lifts.map { lift in (planned: byLift[lift]?.first ?? sets[0].planned, letter: letter, rounds: byLift[lift]?.count ?? 1) }
        var out: [TopWeightCore.PlannedSet] = []
        let walked = Supersets.walk(steps)
        // Each round's own loads (a 5/3/1 day climbs), in the order the walk put them.
        var next: [String: Int] = [:]
        for var set in walked {
            let index = next[set.exercise, default: 0]
            next[set.exercise] = index + 1
            if let own = byLift[set.exercise], own.indices.contains(index) {
                set.values = own[index].values
                set.amrap = own[index].amrap
            }
            out.append(set)
        }
        return out
    }

    /// One exercise's sets still to do (see `walk`), with the program's rest.
    private func walk(_ exerciseIndex: Int, done: [[Bool]]) -> [TopWeightCore.PlannedSet] {
        var steps: [TopWeightCore.PlannedSet] = []
        if exercises.indices.contains(exerciseIndex) {
            let exercise = exercises[exerciseIndex]
            let marks = exercise.sets.indices.map { done.indices.contains(exerciseIndex) && done[exerciseIndex].indices.contains($0) && done[exerciseIndex][$0] }
            let warmedUp = exercise.sets.indices.contains { !exercise.sets[$0].warmup && marks[$0] }
            var last: PlannedSet?
            for (index, set) in exercise.sets.enumerated() where !marks[index] && !(set.warmup && warmedUp) {
                if let last, last == set, !set.warmup, !set.amrap, let values = steps.last?.values {
                    steps[steps.count - 1].values?.series = values.series + 1
                    continue
                }
                steps.append(TopWeightCore.PlannedSet(exercise: exercise.exercise, values: SetValues(weight: set.weight, reps: set.reps, series: 1),
                                                      mark: set.warmup ? .warmup : nil, amrap: set.amrap, rest: set.warmup ? nil : exercise.rest))
                last = set
            }
        }
        return steps
    }
}

extension TodayWorkout {
    /// Which day of its program this is, as an assignment keeps it.
    public var dayRef: ProgramAssignment.DayRef { ProgramAssignment.DayRef(week: week, day: day) }
}
