import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - What choosing an exercise reads, in one statement

extension PostgresLogbook {
    /// One statement, so one round trip: the new exercises (part 0), the
    /// member's exercises of their newest sets with the set of each done
    /// last (part 1, in ranking order), then how many sets were read and the
    /// nudge's setting (part 2). The newest sets come down
    /// (userid, performedat, id), the last one of each by its id.
    public func choiceFacts(of user: User?, exercisesAfter id: Int64) throws(LogbookError) -> ChoiceFacts {
        let member = user?.id ?? 0
        let rows = try link.query("""
            WITH newest AS (
                SELECT id, exerciseid, performedat FROM record
                WHERE userid = \(member) AND deletedat IS NULL ORDER BY performedat DESC, id DESC LIMIT \(ChoiceFacts.window)
            ), used AS (
                SELECT exerciseid, COUNT(*) AS uses, MAX(performedat) AS latest,
                       (array_agg(id ORDER BY performedat DESC, id DESC))[1] AS lastid
                FROM newest GROUP BY exerciseid
            )
            SELECT 0 AS part, 0::bigint AS uses, 0::bigint AS latest, e.id, e.name, e.category, e.kind,
                   NULL::double precision AS weight, NULL::text AS unit, NULL::integer AS reps, NULL::integer AS series,
                   NULL::text AS measure, NULL::bigint AS assisted, NULL::bigint AS seconds, NULL::double precision AS distance,
                   NULL::text AS distanceunit, NULL::double precision AS rpe
            FROM exercise e WHERE e.id > \(id)
            UNION ALL
            SELECT 1, u.uses, u.latest, e.id, e.name, e.category, e.kind, r.weight, r.unit, r.reps, r.series, \(unescaped: Self.kindColumnsSQL)
            FROM used u JOIN exercise e ON e.id = u.exerciseid JOIN record r ON r.id = u.lastid
            UNION ALL
            SELECT 2, (SELECT COUNT(*) FROM newest), 0, 0, COALESCE((SELECT value FROM setting WHERE key = \(GymSetting.nudgeWeeks.rawValue)), ''),
                   (SELECT value FROM setting WHERE key = \(GymSetting.nudgeWeeks.rawValue)), NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
            ORDER BY part, uses DESC, latest DESC, id
            """)
        var facts = ChoiceFacts(exercises: [])
        for row in rows {
            let (part, uses, _, exerciseID, name, category, kind, weight, unit, reps, series, m, a, s, d, du, rpe) =
                try Self.decode(row, as: (Int, Int64, Int64, Int64, String, String?, String?, Double?, String?, Int?, Int?,
                                          String?, Int64?, Int64?, Double?, String?, Double?).self)
            switch part {
            case 0, 1:
                let exercise = Exercise(id: exerciseID, name: name, category: category, kind: kind.flatMap(ExerciseKind.init(rawValue:)) ?? .weight)
                guard part == 1 else {
                    facts.exercises.append(exercise)
                    continue
                }
                facts.recent.append(exercise)
                if let weight, let unit, let reps, let series,
                   let values = Self.kinded(StoredRange.values(weight: weight, unit: unit, reps: reps, series: series), (m, a, s, d, du, rpe)) {
                    facts.lastValues[exercise.id] = values
                }
            default:
                facts.coversAll = uses < ChoiceFacts.window
                // The setting's value rides in `category`, so a stored empty text stays apart from none.
                facts.nudgeWeeks = category
            }
        }
        return facts
    }
}
