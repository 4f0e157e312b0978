import TopWeightCore

// MARK: - A member's own rest per exercise (`:rest`)

extension TrainingLog {
    /// The member's own rests, in seconds by exercise id (0: off).
    public func restTimes(of member: User) throws(WorkoutsError) -> [Int64: Int] {
        try attempt { () throws(LogbookError) in try diary.restTimes(userID: member.id) }
    }

    /// Marks a set a walk saved as its place in a superset (`A1`); a set
    /// kept on the terminal for its server stays unmarked.
    public func markSuperset(_ label: String, record: WorkoutRecord) throws(WorkoutsError) {
        guard record.id > 0 else { return }
        try attempt { () throws(LogbookError) in try diary.markSuperset(label, recordID: record.id) }
    }

    /// Keeps the member's rest after a set of `exercise` (0: none; `nil`:
    /// the default again). A lift with no row yet gets one with its first set.
    public func setRest(_ seconds: Int?, for member: User, exercise: Exercise) throws(WorkoutsError) {
        guard exercise.isStored else { throw .invalid("log a set of \(exercise.name) first; then :rest keeps your rest for it") }
        try attempt { () throws(LogbookError) in try diary.setRestTime(seconds, userID: member.id, exerciseID: exercise.id) }
    }
}
