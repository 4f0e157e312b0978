import Foundation
import TopWeightCore

/// What the front ends list: members, stored exercises, records page by page
/// or one at a time, the notes beside a history, and the database's health.
extension Workouts {
    /// Everybody, with how many sets each logged and when they last trained.
    public func members() throws(WorkoutsError) -> [UserSummary] {
        try attempt { () throws(LogbookError) in try roles.members.users() }
    }

    /// Every stored exercise with its count of records.
    public func storedExercises() throws(WorkoutsError) -> [ExerciseSummary] {
        try attempt { () throws(LogbookError) in try roles.exercises.exercises() }
    }

    /// Every record matching `query`, newest first.
    public func history(_ query: HistoryQuery) throws(WorkoutsError) -> [WorkoutRecord] {
        try attempt { () throws(LogbookError) in try roles.recording.history(query) }
    }

    /// The records matching `query`, newest first, one at a time: a long
    /// export never holds them all.
    public func forEachRecord(_ query: HistoryQuery, _ body: (WorkoutRecord) -> Void) throws(WorkoutsError) {
        try attempt { () throws(LogbookError) in try roles.recording.forEachRecord(query, body) }
    }

    /// Whether the database is sound, and what it holds (`topweight check`).
    public func health() throws(WorkoutsError) -> StoreHealth {
        try attempt { () throws(LogbookError) in try roles.upkeep.health() }
    }
}

extension TrainingLog {
    /// The member's day notes from `first` through `last`, by day (days without one left out):
    /// what a history shows under each day.
    public func notes(of member: User, from first: LocalDay, through last: LocalDay) throws(WorkoutsError) -> [LocalDay: String] {
        let infos = try dayInfos(of: member, from: first, through: last)
        var notes: [LocalDay: String] = [:]
        for info in infos {
            if let note = info.note, !note.isEmpty { notes[info.day] = note }
        }
        return notes
    }
}
