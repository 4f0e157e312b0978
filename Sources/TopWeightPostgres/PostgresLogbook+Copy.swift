import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - Moving everything to another database (`topweight copy`): one round trip per page, through arrays

extension PostgresLogbook {
    public func storedMembers() throws(LogbookError) -> [StoredMember] {
        let teams = try teamsByMember()
        let rows = try link.query("""
            SELECT u.id, u.name, u.isprivate, a.pin, a.card, coalesce(a.coach, false)
            FROM "user" u LEFT JOIN memberaccess a ON a.userid = u.id ORDER BY u.namekey COLLATE "C"
            """)
        var found: [StoredMember] = []
        for row in rows {
            let (id, name, isPrivate, pin, card, coach) = try Self.decode(row, as: (Int64, String, Bool, String?, String?, Bool).self)
            found.append(StoredMember(name: name, isPrivate: isPrivate, pin: pin, card: card, isCoach: coach, teams: teams[id] ?? []))
        }
        return found
    }

    public func storedRecords(after id: Int64, limit: Int) throws(LogbookError) -> [StoredRecord] {
        let rows = try link.query("""
            SELECT r.id, r.uid, u.name, e.name, e.category, e.kind, r.weight, r.unit, r.reps, r.series,
                   r.performedat, r.createdat, r.editedat, r.deletedat, r.kind, r.superset, \(unescaped: Self.kindColumnsSQL), cu.name,
                   s.app, s.exercise, s.workout, s.workoutstart, s.workoutseconds
            FROM record r JOIN "user" u ON u.id = r.userid JOIN exercise e ON e.id = r.exerciseid
            LEFT JOIN recordcoach c ON c.recordid = r.id LEFT JOIN "user" cu ON cu.id = c.coachid
            LEFT JOIN recordsource s ON s.recordid = r.id
            WHERE r.id > \(id) ORDER BY r.id LIMIT \(limit)
            """)
        var found: [StoredRecord] = []
        for row in rows {
            let (id, uid, user, exercise, category, exerciseKind, weight, unit, reps, series, performedAt, createdAt, editedAt, deletedAt, kind,
                 superset, m, a, s, d, du, rpe, coach, sourceApp, sourceExercise, sourceWorkout, sourceStart, sourceSeconds) =
                try Self.decode(row, as: (Int64, String, String, String, String?, String?, Double, String, Int, Int, Int64, Int64, Int64?, Int64?,
                                          String?, String?, String?, Int64?, Int64?, Double?, String?, Double?, String?,
                                          String?, String?, String?, Int64?, Int64?).self)
            guard let values = Self.kinded(StoredRange.values(weight: weight, unit: unit, reps: reps, series: series), (m, a, s, d, du, rpe)),
                  let performed = StoredRange.date(milliseconds: performedAt), let created = StoredRange.date(milliseconds: createdAt)
            else { continue }
            found.append(StoredRecord(
                id: id, uid: uid, user: user, exercise: exercise, category: category, values: values,
                performedAt: performed, createdAt: created,
                editedAt: editedAt.flatMap(StoredRange.date(milliseconds:)), deletedAt: deletedAt.flatMap(StoredRange.date(milliseconds:)),
                kind: kind.flatMap(SetKind.init(rawValue:)),
                exerciseKind: exerciseKind.flatMap(ExerciseKind.init(rawValue:)) ?? .weight,
                superset: Supersets.label(superset), coach: coach,
                source: Self.source(sourceApp, sourceExercise, sourceWorkout, sourceStart, sourceSeconds)
            ))
        }
        return found
    }

    public func adoptRecords(_ records: [StoredRecord], now: Date) throws(LogbookError) -> Int {
        guard !records.isEmpty else { return 0 }
        let users = try findOrCreateUsers(named: records.map(\.user), now: now)
        let exercises = try findOrCreateExercises(records.map { ($0.exercise, $0.category, $0.exerciseKind ?? $0.values.measure) }, now: now)
        guard records.allSatisfy(\.values.isWellFormed) else { throw LogbookError(.other, "refused a set that is not one of its kind") }
        var batch = RecordColumns()
        for (index, record) in records.enumerated() {
            batch.append(uid: record.uid, user: users[index].id, exercise: exercises[index].id, values: record.values,
                         performedAt: record.performedAt, createdAt: record.createdAt, editedAt: record.editedAt, deletedAt: record.deletedAt,
                         kind: record.kind, superset: record.superset)
        }
        return try link.transaction { transaction in
            let added = try transaction.query(batch.adopt).metadata.rows ?? 0
            try Self.adoptSources(records, transaction)
            return added
        }
    }

    public func settings() throws(LogbookError) -> [(key: String, value: String)] {
        let rows = try link.query("""
            SELECT key, value FROM setting WHERE key NOT IN (\(AdminPin.failuresKey), \(AdminPin.lockedUntilKey), \(MemberCard.key))
            ORDER BY key COLLATE "C"
            """)
        var found: [(key: String, value: String)] = []
        for row in rows {
            let (key, value) = try Self.decode(row, as: (String, String).self)
            found.append((key, value))
        }
        return found
    }

    public func adoptSettings(_ settings: [(key: String, value: String)]) throws(LogbookError) -> Int {
        let kept = settings.filter { ![AdminPin.failuresKey, AdminPin.lockedUntilKey, MemberCard.key].contains($0.key) }
        guard !kept.isEmpty else { return 0 }
        return try link.query("""
            INSERT INTO setting (key, value) SELECT * FROM unnest(\(kept.map(\.key))::text[], \(kept.map(\.value))::text[])
            ON CONFLICT (key) DO NOTHING
            """).metadata.rows ?? 0
    }

    public func storedSessions() throws(LogbookError) -> [StoredSession] {
        let rows = try link.query("""
            SELECT u.name, s.day, s.note, s.routine, s.programday, s.editedat FROM session s JOIN "user" u ON u.id = s.userid
            ORDER BY s.userid, s.day COLLATE "C"
            """)
        var found: [StoredSession] = []
        for row in rows {
            let (user, text, note, routine, programDay, editedAt) = try Self.decode(row, as: (String, String, String?, String?, String?, Int64).self)
            guard let day = LocalDay(parsing: text), let edited = StoredRange.date(milliseconds: editedAt) else { continue }
            found.append(StoredSession(user: user, day: day, note: note, routine: routine, programDay: programDay, editedAt: edited))
        }
        return found
    }

    public func adoptSessions(_ sessions: [StoredSession], now: Date) throws(LogbookError) -> Int {
        guard !sessions.isEmpty else { return 0 }
        let users = try findOrCreateUsers(named: sessions.map(\.user), now: now)
        // postgres-nio encodes no optional elements: a flag says which text is there.
        return try link.query("""
            INSERT INTO session (userid, day, note, routine, programday, editedat)
            SELECT userid, day, CASE WHEN hasnote THEN note END, CASE WHEN hasroutine THEN routine END,
                   CASE WHEN hasprogramday THEN programday END, editedat
            FROM unnest(\(users.map(\.id))::int8[], \(sessions.map(\.day.description))::text[],
                        \(sessions.map { $0.note != nil })::bool[], \(sessions.map { $0.note ?? "" })::text[],
                        \(sessions.map { $0.routine != nil })::bool[], \(sessions.map { $0.routine ?? "" })::text[],
                        \(sessions.map { $0.programDay != nil })::bool[], \(sessions.map { $0.programDay ?? "" })::text[],
                        \(sessions.map { StoredRange.milliseconds($0.editedAt) })::int8[])
                 AS copied (userid, day, hasnote, note, hasroutine, routine, hasprogramday, programday, editedat)
            ON CONFLICT (userid, day) DO NOTHING
            """).metadata.rows ?? 0
    }

    public func adoptRoutines(_ routines: [Routine], now: Date) throws(LogbookError) -> Int {
        guard !routines.isEmpty else { return 0 }
        return try link.query("""
            INSERT INTO routine (name, namekey, exercises, createdat)
            SELECT name, namekey, exercises, \(Self.milliseconds(now))
            FROM unnest(\(routines.map(\.name))::text[], \(routines.map { NameRules.key($0.name) })::text[],
                        \(routines.map(\.storedExercises))::text[]) AS copied (name, namekey, exercises)
            ON CONFLICT (namekey) DO NOTHING
            """).metadata.rows ?? 0
    }
}
