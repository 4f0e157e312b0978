import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - Last-used defaults

extension PostgresLogbook {
    public func lastUsedUser() throws(LogbookError) -> User? {
        let rows = try link.query("""
            SELECT u.id, u.name FROM "user" u
            WHERE u.id = (SELECT userid FROM record WHERE deletedat IS NULL ORDER BY id DESC LIMIT 1)
            """)
        return try rows.first.map { row throws(LogbookError) in
            let (id, name) = try Self.decode(row, as: (Int64, String).self)
            return User(id: id, name: name)
        }
    }

    public func lastExercise(of user: User) throws(LogbookError) -> Exercise? {
        let rows = try link.query("""
            SELECT e.id, e.name, e.category, e.kind FROM exercise e
            WHERE e.id = (SELECT exerciseid FROM record WHERE userid = \(user.id) AND deletedat IS NULL
                          ORDER BY performedat DESC, id DESC LIMIT 1)
            """)
        return try rows.first.map { row throws(LogbookError) in try Self.exercise(from: row) }
    }

    /// Of the set done last (by `performedat`), not of the one saved last:
    /// among the member's sets done since the newest save of the exercise
    /// (no earlier set can be the last done), through (userid, performedat),
    /// so years of one lift are not sorted on every Enter.
    public func lastValues(of user: User, for exercise: Exercise) throws(LogbookError) -> SetValues? {
        let rows = try link.query("""
            SELECT r.weight, r.unit, r.reps, r.series, \(unescaped: Self.kindColumnsSQL) FROM record r
            WHERE r.userid = \(user.id) AND r.exerciseid = \(exercise.id) AND r.deletedat IS NULL
              AND r.performedat >= (SELECT n.performedat FROM record n
                                    WHERE n.userid = \(user.id) AND n.exerciseid = \(exercise.id) AND n.deletedat IS NULL
                                    ORDER BY n.id DESC LIMIT 1)
            ORDER BY r.performedat DESC, r.id DESC LIMIT 1
            """)
        guard let row = rows.first else { return nil }
        let (weight, unit, reps, series, m, a, s, d, du, rpe) =
            try Self.decode(row, as: (Double, String, Int, Int, String?, Int64?, Int64?, Double?, String?, Double?).self)
        return Self.kinded(StoredRange.values(weight: weight, unit: unit, reps: reps, series: series), (m, a, s, d, du, rpe))
    }

    public func recentExercises(of user: User, limit: Int) throws(LogbookError) -> [Exercise] {
        // The member's newest sets through the (userid, performedat) index; a
        // few hundred rows name their exercises, the most used first, each once.
        let rows = try link.query("""
            SELECT e.id, e.name, e.category, e.kind FROM (
                SELECT exerciseid, COUNT(*) AS uses, MAX(performedat) AS latest FROM (
                    SELECT exerciseid, performedat FROM record
                    WHERE userid = \(user.id) AND deletedat IS NULL ORDER BY performedat DESC LIMIT 500
                ) newest GROUP BY exerciseid
            ) recent JOIN exercise e ON e.id = recent.exerciseid
            ORDER BY recent.uses DESC, recent.latest DESC, e.id LIMIT \(limit)
            """)
        var found: [Exercise] = []
        for row in rows { found.append(try Self.exercise(from: row)) }
        return found
    }
}
