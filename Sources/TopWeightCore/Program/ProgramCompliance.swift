/// How much of a program's prescribed work a member did over some days:
/// prescribed work sets done out of those prescribed (a coach's report).
///
/// The database keeps where a member is in their program, not which day of
/// it each past training day was, nor the training max of that day: so each
/// day the member trained one of the program's lifts is judged against the
/// program's day it fits best (the one it did most of, then the one whose
/// lifts it touched most, warm-ups included, then the one asking least), and a prescribed set counts done when a working set of its lift
/// that day had at least its reps (each entry counting its series, as the
/// walk counts them). Loads are not judged. Warm-ups never count.
public struct ProgramCompliance: Sendable, Hashable {
    public var program: String
    /// Training days judged as days of the program.
    public var days: Int
    public var prescribed: Int
    public var done: Int

    public init(program: String, days: Int = 0, prescribed: Int = 0, done: Int = 0) {
        self.program = program
        self.days = days
        self.prescribed = prescribed
        self.done = done
    }

    /// Adds one training day's sets, if it was a day of `program` (a working
    /// set of one of its lifts); a day of none of them is left out.
    public mutating func add(day records: [WorkoutRecord], of program: Program) {
        guard let judged = Self.judge(records, against: program) else { return }
        days += 1
        prescribed += judged.prescribed
        done += judged.done
    }

    /// The best-fitting day of `program` for these sets: prescribed work
    /// sets and how many of them were done; `nil` when the sets hold no
    /// working set of the program's lifts.
    public static func judge(_ records: [WorkoutRecord], against program: Program) -> (prescribed: Int, done: Int)? {
        var reps: [String: [Int]] = [:]
        var touched: Set<String> = []
        for record in records where record.deletedAt == nil {
            let key = NameRules.key(record.exercise)
            touched.insert(key)
            guard record.kind != .warmup else { continue }
            reps[key, default: []] += Array(repeating: record.values.reps, count: max(record.values.series, 0))
        }
        let lifts = Set(program.exercises.map(NameRules.key))
        guard reps.keys.contains(where: lifts.contains) else { return nil }
        var best: (prescribed: Int, done: Int, touched: Int)?
        for day in program.weeks.flatMap(\.days) {
            var prescribed = 0
            var done = 0
            for prescription in day.exercises {
                let wanted = prescription.sets.map(\.reps)
                prescribed += wanted.count
                done += matched(wanted, by: reps[NameRules.key(prescription.exercise)] ?? [])
            }
            let fits = Set(day.exercises.map { NameRules.key($0.exercise) }).intersection(touched).count
            guard prescribed > 0 else { continue }
            if let current = best, (done, fits, -prescribed) <= (current.done, current.touched, -current.prescribed) { continue }
            best = (prescribed, done, fits)
        }
        return best.map { ($0.prescribed, $0.done) }
    }

    /// How many of the `wanted` reps the `saved` sets cover, each set used
    /// once, a set covering a prescription of at most its reps.
    static func matched(_ wanted: [Int], by saved: [Int]) -> Int {
        let wanted = wanted.sorted()
        var next = 0
        for set in saved.sorted() where next < wanted.count && set >= wanted[next] {
            next += 1
        }
        return next
    }
}
