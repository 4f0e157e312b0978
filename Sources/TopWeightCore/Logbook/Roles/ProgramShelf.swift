import Foundation

/// Programs at the rack: the gym's own programs and who follows which.
public protocol ProgramShelf: AnyObject, Sendable {
    /// The gym's own programs (`topweight programs import`), by name.
    func storedPrograms() throws(LogbookError) -> [StoredProgram]
    /// Adds or replaces (same name) a gym's program; true when it replaced one.
    func saveProgram(_ program: StoredProgram, now: Date) throws(LogbookError) -> Bool
    /// Removes a gym's program; false when there was none of that name.
    func removeProgram(named name: String) throws(LogbookError) -> Bool
    /// The member's program and where they are in it, if any.
    func assignment(userID: Int64) throws(LogbookError) -> ProgramAssignment?
    /// Assigns a program (replacing any), or takes it off with `nil`.
    func setAssignment(_ assignment: ProgramAssignment?, userID: Int64) throws(LogbookError)
    /// Moves a member's program on from `expected` to `next`, only if it is
    /// still `expected` (another terminal may have moved it): false if not.
    func advanceAssignment(userID: Int64, from expected: ProgramAssignment, to next: ProgramAssignment) throws(LogbookError) -> Bool
    /// Every member on a program, by name.
    func assignments() throws(LogbookError) -> [(user: User, assignment: ProgramAssignment)]
}
