import Foundation
import GRDB
import TopWeightCore

// MARK: - What choosing an exercise reads, in one read

extension WorkoutStore {
    /// One read transaction: the new exercises, the member's newest sets
    /// down (userId, performedAt) with the exercises they name (most used
    /// first, then the most recently done) and the numbers of the one done
    /// last of each, and the nudge's setting.
    public func choiceFacts(of user: User?, exercisesAfter id: Int64) throws(LogbookError) -> ChoiceFacts {
        try perform {
            try writer.read { db in
                var facts = ChoiceFacts(exercises: [])
                let exercises = try Row.fetchCursor(db.cachedStatement(sql: "SELECT id, name, category, kind FROM exercise WHERE id > ? ORDER BY id"),
                                                    arguments: [id])
                while let row = try exercises.next() {
                    if let exercise = Self.exercise(from: row) { facts.exercises.append(exercise) }
                }
                if let user {
                    // The newest first: the first set met of an exercise is the one done last.
                    let sets = try Row.fetchCursor(db.cachedStatement(sql: Self.newestSetsSQL), arguments: [user.id, ChoiceFacts.window])
                    var uses: [Int64: (count: Int, newest: Int, last: Int64)] = [:]
                    var place = 0
                    while let row = try sets.next() {
                        let (record, exercise): (Int64, Int64) = (row[0], row[1])
                        uses[exercise, default: (0, place, record)].count += 1
                        place += 1
                    }
                    facts.coversAll = place < ChoiceFacts.window
                    let order = uses.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.value.newest < $1.value.newest }
                    for (exerciseID, use) in order {
                        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT id, name, category, kind FROM exercise WHERE id = ?"),
                                                         arguments: [exerciseID]),
                              let exercise = Self.exercise(from: row) else { continue }
                        facts.recent.append(exercise)
                        let values = try Row.fetchOne(db.cachedStatement(sql: Self.valuesByIDSQL), arguments: [use.last]).flatMap(StoredValues.decode)
                        if let values { facts.lastValues[exercise.id] = values }
                    }
                }
                facts.nudgeWeeks = try String.fetchOne(db.cachedStatement(sql: "SELECT value FROM setting WHERE key = ?"),
                                                       arguments: [GymSetting.nudgeWeeks.rawValue])
                return facts
            }
        }
    }

    /// Arguments: user id, how many. Newest first, by when they were done (then by id, the index's own order).
    static let newestSetsSQL = """
        SELECT id, exerciseId FROM record INDEXED BY record_on_user_performedAt
        WHERE userId = ? AND deletedAt IS NULL ORDER BY performedAt DESC, id DESC LIMIT ?
        """

    /// Argument: record id.
    static let valuesByIDSQL = "SELECT weight, unit, reps, series, \(StoredValues.kindColumnsSQL()) FROM record WHERE id = ?"
}
