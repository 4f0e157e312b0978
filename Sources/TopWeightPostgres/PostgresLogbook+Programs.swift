import Foundation
import PostgresNIO
import TopWeightCore
import TopWeightStorage

// MARK: - Programs at the rack: the gym's programs and each member's place in one

extension PostgresLogbook {
    // The gym's programs themselves: `NamedTexts`.

    public func assignment(userID: Int64) throws(LogbookError) -> ProgramAssignment? {
        let rows = try link.query("SELECT program, progress, assignedat, lastdoneat FROM programassignment WHERE userid = \(userID)")
        guard let row = rows.first else { return nil }
        let (program, progress, assignedAt, lastDoneAt) = try Self.decode(row, as: (String, String, Int64, Int64?).self)
        return Self.assignment(program, progress, assignedAt, lastDoneAt)
    }

    public func setAssignment(_ assignment: ProgramAssignment?, userID: Int64) throws(LogbookError) {
        guard let assignment else {
            _ = try link.query("DELETE FROM programassignment WHERE userid = \(userID)")
            return
        }
        _ = try link.query("""
            INSERT INTO programassignment (userid, program, progress, assignedat, lastdoneat)
            VALUES (\(userID), \(assignment.program), \(assignment.storedProgress), \(Self.milliseconds(assignment.assignedAt)),
                    \(assignment.lastDoneAt.map(Self.milliseconds)))
            ON CONFLICT (userid) DO UPDATE SET program = excluded.program, progress = excluded.progress,
                assignedat = excluded.assignedat, lastdoneat = excluded.lastdoneat
            """)
    }

    public func advanceAssignment(userID: Int64, from expected: ProgramAssignment, to next: ProgramAssignment) throws(LogbookError) -> Bool {
        let result = try link.query("""
            UPDATE programassignment SET program = \(next.program), progress = \(next.storedProgress),
                assignedat = \(Self.milliseconds(next.assignedAt)), lastdoneat = \(next.lastDoneAt.map(Self.milliseconds))
            WHERE userid = \(userID) AND program = \(expected.program) AND progress = \(expected.storedProgress)
            """)
        return (result.metadata.rows ?? 0) > 0
    }

    public func assignments() throws(LogbookError) -> [(user: User, assignment: ProgramAssignment)] {
        var found: [(user: User, assignment: ProgramAssignment)] = []
        for row in try link.query("""
            SELECT u.id, u.name, a.program, a.progress, a.assignedat, a.lastdoneat
            FROM programassignment a JOIN "user" u ON u.id = a.userid ORDER BY u.namekey COLLATE "C"
            """) {
            let (id, name, program, progress, assignedAt, lastDoneAt) = try Self.decode(row, as: (Int64, String, String, String, Int64, Int64?).self)
            guard let assignment = Self.assignment(program, progress, assignedAt, lastDoneAt) else { continue }
            found.append((User(id: id, name: name), assignment))
        }
        return found
    }

    private static func assignment(_ program: String, _ progress: String, _ assignedAt: Int64, _ lastDoneAt: Int64?) -> ProgramAssignment? {
        guard let assigned = StoredRange.date(milliseconds: assignedAt) else { return nil }
        return ProgramAssignment(program: program, storedProgress: progress, assignedAt: assigned,
                                 lastDoneAt: lastDoneAt.flatMap(StoredRange.date(milliseconds:)))
    }
}
