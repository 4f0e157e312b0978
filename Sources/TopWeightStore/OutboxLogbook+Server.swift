import Foundation
import TopWeightCore

// MARK: - What needs the server: passed on as it is

/// Everything but saving, `:undo`, history, the prompts' reads and whether a
/// PIN is set goes to the server unchanged, and fails as the server fails
/// (`.unreachable` while it is away): edits, notes, PIN changes, reports,
/// programs.
extension OutboxLogbook {
    public func users() throws(LogbookError) -> [UserSummary] {
        try reach { () throws(LogbookError) in try server.users() }
    }

    public func renameUser(_ user: User, to newName: String) throws(LogbookError) -> User {
        try reach { () throws(LogbookError) in try server.renameUser(user, to: newName) }
    }

    public func removeUser(_ user: User, withDeleted: Bool) throws(LogbookError) {
        try reach { () throws(LogbookError) in try server.removeUser(user, withDeleted: withDeleted) }
    }

    public func setExerciseKind(_ exercise: Exercise, to kind: ExerciseKind) throws(LogbookError) -> Exercise {
        try reach { () throws(LogbookError) in try server.setExerciseKind(exercise, to: kind) }
    }

    public func exercises() throws(LogbookError) -> [ExerciseSummary] {
        try reach { () throws(LogbookError) in try server.exercises() }
    }

    public func renameExercise(_ exercise: Exercise, to newName: String, category: String?) throws(LogbookError) -> Exercise {
        try reach { () throws(LogbookError) in try server.renameExercise(exercise, to: newName, category: category) }
    }

    public func mergeExercise(_ from: Exercise, into: Exercise, now: Date) throws(LogbookError) -> ExerciseMerge {
        try reach { () throws(LogbookError) in try server.mergeExercise(from, into: into, now: now) }
    }

    public func removeExercise(_ exercise: Exercise) throws(LogbookError) {
        try reach { () throws(LogbookError) in try server.removeExercise(exercise) }
    }


    public func sessionInfos(userID: Int64, from first: LocalDay, through last: LocalDay) throws(LogbookError) -> [SessionInfo] {
        try reach { () throws(LogbookError) in try server.sessionInfos(userID: userID, from: first, through: last) }
    }

    public func appendNote(userID: Int64, day: LocalDay, text: String, now: Date) throws(LogbookError) {
        try reach { () throws(LogbookError) in try server.appendNote(userID: userID, day: day, text: text, now: now) }
    }

    public func setRoutine(_ routine: String?, userID: Int64, day: LocalDay, now: Date) throws(LogbookError) {
        try reach { () throws(LogbookError) in try server.setRoutine(routine, userID: userID, day: day, now: now) }
    }

    public func routines() throws(LogbookError) -> [Routine] {
        try reach { () throws(LogbookError) in try server.routines() }
    }

    public func saveRoutine(_ routine: Routine, now: Date) throws(LogbookError) -> Bool {
        try reach { () throws(LogbookError) in try server.saveRoutine(routine, now: now) }
    }

    public func removeRoutine(named name: String) throws(LogbookError) -> Bool {
        try reach { () throws(LogbookError) in try server.removeRoutine(named: name) }
    }

    public func saveBodyWeight(userID: Int64, weight: Weight, at measuredAt: Date, uid: String, now: Date) throws(LogbookError) -> Int64 {
        try reach { () throws(LogbookError) in try server.saveBodyWeight(userID: userID, weight: weight, at: measuredAt, uid: uid, now: now) }
    }

    public func bodyWeights(userID: Int64, since: Date?, limit: Int?) throws(LogbookError) -> [BodyWeight] {
        try reach { () throws(LogbookError) in try server.bodyWeights(userID: userID, since: since, limit: limit) }
    }

    public func gymSetting(_ key: GymSetting) throws(LogbookError) -> String? {
        try reach { () throws(LogbookError) in try server.gymSetting(key) }
    }

    public func setGymSetting(_ key: GymSetting, to value: String?) throws(LogbookError) {
        try reach { () throws(LogbookError) in try server.setGymSetting(key, to: value) }
    }

    public func bests(userID: Int64, exerciseID: Int64, excluding: Int64?, atLeast: Weight) throws(LogbookError) -> ExerciseBests {
        try reach { () throws(LogbookError) in try server.bests(userID: userID, exerciseID: exerciseID, excluding: excluding, atLeast: atLeast) }
    }

    public func dayTotals(userID: Int64, zone: ZoneOffsets) throws(LogbookError) -> [DayTotals] {
        try reach { () throws(LogbookError) in try server.dayTotals(userID: userID, zone: zone) }
    }

    public func exerciseTotals(userID: Int64) throws(LogbookError) -> [ExerciseTotals] {
        try reach { () throws(LogbookError) in try server.exerciseTotals(userID: userID) }
    }

    public func boardFacts(_ window: BoardWindow) throws(LogbookError) -> BoardFacts {
        try reach { () throws(LogbookError) in try server.boardFacts(window) }
    }

    public func setPrivate(_ user: User, _ isPrivate: Bool) throws(LogbookError) {
        try reach { () throws(LogbookError) in try server.setPrivate(user, isPrivate) }
    }

    public func isPrivate(_ user: User) throws(LogbookError) -> Bool {
        try reach { () throws(LogbookError) in try server.isPrivate(user) }
    }

    /// Away, taken as set: a kiosk started without its server stays shut
    /// (leaving needs the PIN, and the PIN needs the server).
    public func adminPinIsSet() throws(LogbookError) -> Bool {
        do {
            return try reach { () throws(LogbookError) in try server.adminPinIsSet() }
        } catch where error.kind == .unreachable {
            return true
        }
    }

    public func checkAdminPin(_ pin: String, now: Date) throws(LogbookError) -> PinVerdict {
        try reach { () throws(LogbookError) in try server.checkAdminPin(pin, now: now) }
    }

    public func setAdminPin(_ pin: String?) throws(LogbookError) {
        try reach { () throws(LogbookError) in try server.setAdminPin(pin) }
    }

    public func storedPrograms() throws(LogbookError) -> [StoredProgram] {
        try reach { () throws(LogbookError) in try server.storedPrograms() }
    }

    public func saveProgram(_ program: StoredProgram, now: Date) throws(LogbookError) -> Bool {
        try reach { () throws(LogbookError) in try server.saveProgram(program, now: now) }
    }

    public func removeProgram(named name: String) throws(LogbookError) -> Bool {
        try reach { () throws(LogbookError) in try server.removeProgram(named: name) }
    }

    public func assignment(userID: Int64) throws(LogbookError) -> ProgramAssignment? {
        try reach { () throws(LogbookError) in try server.assignment(userID: userID) }
    }

    public func setAssignment(_ assignment: ProgramAssignment?, userID: Int64) throws(LogbookError) {
        try reach { () throws(LogbookError) in try server.setAssignment(assignment, userID: userID) }
    }

    public func advanceAssignment(userID: Int64, from expected: ProgramAssignment, to next: ProgramAssignment) throws(LogbookError) -> Bool {
        try reach { () throws(LogbookError) in try server.advanceAssignment(userID: userID, from: expected, to: next) }
    }

    public func assignments() throws(LogbookError) -> [(user: User, assignment: ProgramAssignment)] {
        try reach { () throws(LogbookError) in try server.assignments() }
    }

    public func recordCount() throws(LogbookError) -> Int {
        try reach { () throws(LogbookError) in try server.recordCount() }
    }

    public func findOrCreateUsers(named names: [String], now: Date) throws(LogbookError) -> [User] {
        try reach { () throws(LogbookError) in try server.findOrCreateUsers(named: names, now: now) }
    }

    public func findOrCreateExercises(_ entries: [ExerciseEntry], now: Date) throws(LogbookError) -> [Exercise] {
        try reach { () throws(LogbookError) in try server.findOrCreateExercises(entries, now: now) }
    }

    public func insertRecords(batchSize: Int, _ next: () -> BulkRecord?) throws(LogbookError) -> Int {
        try reach { () throws(LogbookError) in try server.insertRecords(batchSize: batchSize, next) }
    }

    public func storedMembers() throws(LogbookError) -> [StoredMember] {
        try reach { () throws(LogbookError) in try server.storedMembers() }
    }

    public func storedRecords(after id: Int64, limit: Int) throws(LogbookError) -> [StoredRecord] {
        try reach { () throws(LogbookError) in try server.storedRecords(after: id, limit: limit) }
    }

    public func adoptRecords(_ records: [StoredRecord], now: Date) throws(LogbookError) -> Int {
        try reach { () throws(LogbookError) in try server.adoptRecords(records, now: now) }
    }

    public func settings() throws(LogbookError) -> [(key: String, value: String)] {
        try reach { () throws(LogbookError) in try server.settings() }
    }

    public func adoptSettings(_ settings: [(key: String, value: String)]) throws(LogbookError) -> Int {
        try reach { () throws(LogbookError) in try server.adoptSettings(settings) }
    }

    public func storedSessions() throws(LogbookError) -> [StoredSession] {
        try reach { () throws(LogbookError) in try server.storedSessions() }
    }

    public func adoptSessions(_ sessions: [StoredSession], now: Date) throws(LogbookError) -> Int {
        try reach { () throws(LogbookError) in try server.adoptSessions(sessions, now: now) }
    }

    public func adoptNote(userID: Int64, day: LocalDay, text: String, now: Date) throws(LogbookError) -> Bool {
        try reach { () throws(LogbookError) in try server.adoptNote(userID: userID, day: day, text: text, now: now) }
    }

    public func adoptRoutines(_ routines: [Routine], now: Date) throws(LogbookError) -> Int {
        try reach { () throws(LogbookError) in try server.adoptRoutines(routines, now: now) }
    }

    public func storedBodyWeights(after id: Int64, limit: Int) throws(LogbookError) -> [StoredBodyWeight] {
        try reach { () throws(LogbookError) in try server.storedBodyWeights(after: id, limit: limit) }
    }

    public func adoptBodyWeights(_ measurements: [StoredBodyWeight], now: Date) throws(LogbookError) -> Int {
        try reach { () throws(LogbookError) in try server.adoptBodyWeights(measurements, now: now) }
    }

    public func changes() throws(LogbookError) -> any LogbookChanges {
        try reach { () throws(LogbookError) in try server.changes() }
    }

    public func clearPinLockout() throws(LogbookError) {
        try reach { () throws(LogbookError) in try server.clearPinLockout() }
    }
}
