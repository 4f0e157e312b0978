import Foundation
import GRDB
import TopWeightCore

// MARK: - Last-used defaults

extension WorkoutStore {
    /// The user who saved the most recent record on this database.
    public func lastUsedUser() throws(LogbookError) -> User? {
        try perform {
            try writer.read { db in
                try Row.fetchOne(db.cachedStatement(sql: Self.lastUsedUserSQL)).flatMap(Self.user(from:))
            }
        }
    }

    /// The newest record is found by its rowid first, walking the primary
    /// key down from the newest to the first live one (a join ordered by
    /// `r.id` let the planner sort every record when there are few users).
    static let lastUsedUserSQL = """
        SELECT u.id, u.name FROM user u
        WHERE u.id = (SELECT userId FROM record WHERE id <= (SELECT MAX(id) FROM record) AND deletedAt IS NULL ORDER BY id DESC LIMIT 1)
        """

    /// The exercise of the set this user did last (by `performedAt`, as
    /// `lastValues` reads the numbers): a set back-dated with `:date` or
    /// `add --at` is not what the member does now.
    public func lastExercise(of user: User) throws(LogbookError) -> Exercise? {
        try perform {
            try writer.read { db in
                try Row.fetchOne(db.cachedStatement(sql: Self.lastExerciseSQL), arguments: [user.id])
                    .flatMap(Self.exercise(from:))
            }
        }
    }

    /// Argument: user id. One step down record_on_user_performedAt (its
    /// entries end in the rowid, so ties go to the newest save), past any
    /// deleted sets.
    static let lastExerciseSQL = """
        SELECT e.id, e.name, e.category, e.kind FROM exercise e
        WHERE e.id = (SELECT exerciseId FROM record INDEXED BY record_on_user_performedAt
                      WHERE userId = ?1 AND deletedAt IS NULL ORDER BY performedAt DESC, id DESC LIMIT 1)
        """

    /// This user's last weight, reps and series for this exercise: of the
    /// set done last, not of the one saved last (a set back-dated with
    /// `:date` or `add --at` is not what the member does now).
    public func lastValues(of user: User, for exercise: Exercise) throws(LogbookError) -> SetValues? {
        try perform {
            try writer.read { db in
                try Row.fetchOne(db.cachedStatement(sql: Self.lastValuesSQL), arguments: [user.id, exercise.id])
                    .flatMap(StoredValues.decode)
            }
        }
    }

    public func recentExercises(of user: User, limit: Int) throws(LogbookError) -> [Exercise] {
        try perform {
            try writer.read { db in
                // The member's newest sets through the (userId, performedAt) index;
                // a few hundred rows name their last exercises.
                let rows = try Int64.fetchCursor(db.cachedStatement(sql: Self.recentExerciseIDsSQL), arguments: [user.id])
                // Uses and first place seen (newest first) of each exercise.
                var uses: [Int64: (count: Int, newest: Int)] = [:]
                var place = 0
                while let id = try rows.next() {
                    uses[id, default: (0, place)].count += 1
                    place += 1
                }
                let order = uses.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.value.newest < $1.value.newest }
                var found: [Exercise] = []
                for (id, _) in order where found.count < limit {
                    guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT id, name, category, kind FROM exercise WHERE id = ?"),
                                                     arguments: [id]),
                          let exercise = Self.exercise(from: row) else { continue }
                    found.append(exercise)
                }
                return found
            }
        }
    }

    /// Argument: user id.
    static let recentExerciseIDsSQL = """
        SELECT exerciseId FROM record WHERE userId = ? AND deletedAt IS NULL ORDER BY performedAt DESC LIMIT 500
        """

    /// Arguments: user id, exercise id. The set done last is done on the
    /// latest day of the exercise's live sets (found in one step down
    /// record_on_user_exercise, by day since v26), so only the member's sets
    /// done since then are read, newest first, through (userId, performedAt):
    /// ties go to the newest save, and years of one lift are not sorted on
    /// every Enter (3 ms for 1 600 sets of one lift on the million-record
    /// file, against under 0.1 ms this way).
    static let lastValuesSQL = """
        SELECT weight, unit, reps, series, \(StoredValues.kindColumnsSQL()) FROM record INDEXED BY record_on_user_performedAt
        WHERE userId = ?1 AND exerciseId = ?2 AND deletedAt IS NULL
          AND performedAt >= (SELECT newest.performedAt FROM record newest INDEXED BY record_on_user_exercise
                              WHERE newest.userId = ?1 AND newest.exerciseId = ?2 AND newest.deletedAt IS NULL
                              ORDER BY newest.performedAt DESC LIMIT 1)
        ORDER BY performedAt DESC, id DESC LIMIT 1
        """
}
