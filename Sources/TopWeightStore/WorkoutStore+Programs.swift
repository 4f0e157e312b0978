import Foundation
import GRDB
import TopWeightCore
import TopWeightStorage

// MARK: - Programs at the rack: the gym's programs and each member's place in one

extension WorkoutStore {
    // The gym's programs themselves: `NamedTexts`.

    public func assignment(userID: Int64) throws(LogbookError) -> ProgramAssignment? {
        try perform {
            try writer.read { db in
                try Row.fetchOne(db.cachedStatement(sql: "SELECT program, progress, assignedAt, lastDoneAt FROM programAssignment WHERE userId = ?"),
                                 arguments: [userID]).flatMap(Self.assignment(from:))
            }
        }
    }

    public func setAssignment(_ assignment: ProgramAssignment?, userID: Int64) throws(LogbookError) {
        try perform {
            try writer.write { db in
                guard let assignment else {
                    try db.execute(sql: "DELETE FROM programAssignment WHERE userId = ?", arguments: [userID])
                    return
                }
                try db.execute(sql: """
                    INSERT INTO programAssignment (userId, program, progress, assignedAt, lastDoneAt) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (userId) DO UPDATE SET program = excluded.program, progress = excluded.progress,
                        assignedAt = excluded.assignedAt, lastDoneAt = excluded.lastDoneAt
                    """, arguments: [userID, assignment.program, assignment.storedProgress, Self.milliseconds(assignment.assignedAt),
                                     assignment.lastDoneAt.map(Self.milliseconds)])
            }
        }
    }

    public func advanceAssignment(userID: Int64, from expected: ProgramAssignment, to next: ProgramAssignment) throws(LogbookError) -> Bool {
        try perform {
            try writer.write { db in
                try db.execute(sql: """
                    UPDATE programAssignment SET program = ?, progress = ?, assignedAt = ?, lastDoneAt = ?
                    WHERE userId = ? AND program = ? AND progress = ?
                    """, arguments: [next.program, next.storedProgress, Self.milliseconds(next.assignedAt),
                                     next.lastDoneAt.map(Self.milliseconds), userID, expected.program, expected.storedProgress])
                return db.changesCount > 0
            }
        }
    }

    public func assignments() throws(LogbookError) -> [(user: User, assignment: ProgramAssignment)] {
        try perform {
            try writer.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT u.id, u.name, a.program, a.progress, a.assignedAt, a.lastDoneAt
                    FROM programAssignment a JOIN user u ON u.id = a.userId ORDER BY u.nameKey
                    """).compactMap { row in
                    guard let user = Self.user(from: row), let assignment = Self.assignment(from: row) else { return nil }
                    return (user, assignment)
                }
            }
        }
    }

    /// An assignment from a row of `program, progress, assignedAt, lastDoneAt`, or `nil` when another tool broke it.
    private static func assignment(from row: Row) -> ProgramAssignment? {
        guard let program = String.fromDatabaseValue(row["program"]), let progress = String.fromDatabaseValue(row["progress"]),
              let assignedAt = StoredValues.date(row["assignedAt"]) else { return nil }
        return ProgramAssignment(program: program, storedProgress: progress, assignedAt: assignedAt,
                                 lastDoneAt: StoredValues.date(row["lastDoneAt"]))
    }
}
