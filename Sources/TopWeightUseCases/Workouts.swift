import Foundation
import TopWeightCatalog
import TopWeightCore

/// What a member, a coach or the person running the kiosk can do, written
/// once: the logger and the command line both call these, and differ only
/// in how they ask and how they print. Messages quote names as stored; the
/// front ends make them terminal-safe where they print.
public struct Workouts: Sendable {
    /// What each of these asks of the database, role by role: each file
    /// of `Workouts` calls only the roles it is about (member changes the
    /// names and the roster, the board its privacy, programs the shelf …).
    public let roles: LogbookRoles
    public let catalog: ExerciseCatalog

    public init(_ roles: LogbookRoles, catalog: ExerciseCatalog) {
        self.roles = roles
        self.catalog = catalog
    }

    /// The use cases over one engine playing every role.
    public init(logbook: any Logbook, catalog: ExerciseCatalog) {
        self.init(LogbookRoles(logbook), catalog: catalog)
    }

    // MARK: - Looking up

    /// The member with this name, or why there is none (one line, with what lists them).
    public func member(named name: String) throws(WorkoutsError) -> User {
        guard let member = try attempt({ () throws(LogbookError) in try roles.names.user(named: name) }) else {
            let similar = try similarMembers(to: name)
            let shown = similar.isEmpty ? "" : " (similar: \(similar.joined(separator: ", ")))"
            throw .notFound("no member named \(name)\(shown); 'topweight users' (or :users) lists them")
        }
        return member
    }

    /// Members `name` may have meant (`tomas` for Tomás Ramos): asked only
    /// after a miss, so reading every member's name costs nothing on the way in.
    public func similarMembers(to name: String) throws(WorkoutsError) -> [String] {
        let names = try attempt { () throws(LogbookError) in try roles.names.names(of: .user, after: 0) }.map(\.name)
        return SimilarNames.to(name, among: names)
    }

    /// The stored exercise with this name, or why there is none.
    public func exercise(named name: String) throws(WorkoutsError) -> Exercise {
        guard let found = try attempt({ () throws(LogbookError) in try roles.names.exercise(named: name) }) else {
            throw .notFound("no exercise named \(name); 'topweight exercises' (or :exercises) lists them")
        }
        return found
    }

    /// The stored exercise a reader names, for the commands that only read
    /// (prs, chart, history): its own name, else the best stored exercise of
    /// the one ranking (`ExerciseRanking`: `squat` is Front Squat for a member
    /// who logs it, `Squat (Barbell)` Back Squat); never creates one. Renames
    /// and merges keep to `exercise(named:)`.
    public func loggedExercise(named name: String, member: User? = nil) throws(WorkoutsError) -> Exercise {
        if let found = try attempt({ () throws(LogbookError) in try roles.names.exercise(named: name) }) { return found }
        var (ranking, own) = try rankingAndOwn(for: member)
        if let best = ranking.bestStored(name, own: own),
           let found = try attempt({ () throws(LogbookError) in try roles.names.exercise(named: best) }) {
            return found
        }
        throw .notFound("no exercise named \(name); 'topweight exercises' (or :exercises) lists them")
    }

    /// The ranking over the catalog and this database's exercises, and the
    /// member's own exercises (the most used of their recent sets first).
    private func rankingAndOwn(for member: User?) throws(WorkoutsError) -> (ExerciseRanking, [String]) {
        let stored = try attempt { () throws(LogbookError) in try roles.names.names(of: .exercise, after: 0) }
        let own = try member.map { member throws(WorkoutsError) in
            try attempt { () throws(LogbookError) in try roles.recording.recentExercises(of: member, limit: 20) }.map(\.name)
        } ?? []
        return (ExerciseRanking(catalog: catalog.rankingNames, stored: stored.map(\.name)), own)
    }

    /// The stored exercise, else the catalog's (created with the catalog's
    /// spelling and category), else `nil`: a new name the caller may confirm.
    public func knownExercise(named name: String, now: Date) throws(WorkoutsError) -> Exercise? {
        if let found = try attempt({ () throws(LogbookError) in try roles.names.exercise(named: name) }) { return found }
        guard let entry = catalog.entry(named: name) else { return nil }
        return try attempt { () throws(LogbookError) in
            try roles.names.createExercise(named: entry.name, category: entry.category, kind: entry.kind, now: now)
        }
    }

    /// Finds or creates the exercise: a catalog name keeps the catalog's
    /// spelling and category. A new name that is a set, or ends in a weight
    /// (`55x5x5`, `bench 135`), is refused.
    public func findOrCreateExercise(named name: String, category: String? = nil, kind: ExerciseKind = .weight,
                                     now: Date) throws(WorkoutsError) -> Exercise {
        if let known = try knownExercise(named: name, now: now) { return known }
        try checkNewExerciseName(name)
        return try attempt { () throws(LogbookError) in try roles.names.createExercise(named: name, category: category, kind: kind, now: now) }
    }

    /// Why a name that is neither stored nor in the catalog can't be a new
    /// exercise: it passes for a catalog name, or it is a set.
    public func checkNewExerciseName(_ name: String) throws(WorkoutsError) {
        if let entry = catalogLookalike(of: name) {
            throw .invalid("\(name) looks like the catalog's \(entry) but is spelt with other letters; type \(entry)")
        }
        if let problem = OneLineEntry.setInName(name) { throw .invalid(problem.description) }
    }

    /// The stored exercise, else the catalog's with its spelling and
    /// category, not stored yet (`Exercise.unsaved`); `nil` for a new name.
    /// What the logger chooses: nothing is written until a set is saved.
    public func chosenExercise(named name: String) throws(WorkoutsError) -> Exercise? {
        if let found = try attempt({ () throws(LogbookError) in try roles.names.exercise(named: name) }) { return found }
        return catalog.entry(named: name).map { Exercise.unsaved(named: $0.name, category: $0.category, kind: $0.kind) }
    }

    /// The exercise as chosen, with its row: a chosen exercise that has none
    /// yet is created now, at its first saved set.
    public func stored(_ exercise: Exercise, now: Date) throws(WorkoutsError) -> Exercise {
        guard !exercise.isStored else { return exercise }
        return try findOrCreateExercise(named: exercise.name, category: exercise.category, kind: exercise.kind, now: now)
    }

    // MARK: - Reading

    /// A page of history: at most `limit` records, and whether older ones exist.
    public func historyPage(_ query: HistoryQuery, limit: Int) throws(WorkoutsError) -> (records: [WorkoutRecord], more: Bool) {
        var query = query
        query.limit = limit + 1
        var records = try attempt { () throws(LogbookError) in try roles.recording.history(query) }
        let more = records.count > limit
        if more { records.removeLast() }
        return (records, more)
    }

    /// Every exercise in use, and with `includeCatalog` the catalog's others,
    /// by name; with a filter, those it admits. A stored exercise's equipment
    /// and muscle group are its catalog entry's. A filter value no exercise
    /// could have is refused, listing the known ones.
    public func exerciseRows(includeCatalog: Bool, filter: ExerciseFilter = ExerciseFilter()) throws(WorkoutsError) -> [ExerciseRow] {
        let summaries = try attempt { () throws(LogbookError) in try roles.exercises.exercises() }
        var rows = summaries.map { summary in
            let entry = catalog.entry(named: summary.exercise.name)
            return ExerciseRow(id: summary.exercise.id, name: summary.exercise.name, category: summary.exercise.category,
                               equipment: entry?.equipment, muscle: entry?.muscle, records: summary.records, kind: summary.exercise.kind)
        }
        let storedCategories = rows.compactMap(\.category)
        if let problem = filter.unknownValue(categories: Self.distinct(catalog.categories + storedCategories),
                                             equipment: catalog.equipment, muscles: catalog.muscles) {
            throw .invalid(problem)
        }
        if includeCatalog {
            rows += unusedCatalogEntries(besides: summaries).map {
                ExerciseRow(id: nil, name: $0.name, category: $0.category, equipment: $0.equipment, muscle: $0.muscle, records: 0, kind: $0.kind)
            }
            rows.sort { NameRules.key($0.name) < NameRules.key($1.name) }
        }
        return rows.filter(filter.admits)
    }

    /// Values once each (case aside), sorted.
    private static func distinct(_ values: [String]) -> [String] {
        var seen: Set<String> = []
        return values.filter { seen.insert(NameRules.key($0)).inserted }.sorted { NameRules.key($0) < NameRules.key($1) }
    }

    /// The catalog name that `name` would pass for on a screen (`Веnch Press`
    /// with Cyrillic letters for Bench Press), if any.
    public func catalogLookalike(of name: String) -> String? {
        catalog.entries.first { NameRules.lookAlike($0.name, name) }?.name
    }

    /// Catalog entries that are not stored exercises yet.
    public func unusedCatalogEntries(besides summaries: [ExerciseSummary]) -> [ExerciseCatalog.Entry] {
        let known = Set(summaries.map { NameRules.key($0.exercise.name) })
        return catalog.entries.filter { !known.contains(NameRules.key($0.name)) }
    }

    // MARK: - The admin PIN

    /// The admin PIN over the same gym's settings.
    public var admin: AdminAccess {
        AdminAccess(logbook: roles.gym)
    }

    /// Checks the PIN (counted where every terminal sees it) and says why not, in one line: `admin.admit`.
    public func admit(pin: String, now: Date) throws(WorkoutsError) -> Bool {
        try admin.admit(pin: pin, now: now)
        return true
    }
}

/// Runs a logbook call for a use case: its failure becomes `.storage`.
@discardableResult
func attempt<T>(_ body: () throws(LogbookError) -> T) throws(WorkoutsError) -> T {
    do {
        return try body()
    } catch {
        throw .storage(error)
    }
}

/// Why a use case did not happen.
public enum WorkoutsError: Error, Sendable, CustomStringConvertible {
    /// A name or id that is not there: bad input.
    case notFound(String)
    /// A name that can't be used: bad input.
    case invalid(String)
    /// The admin PIN was wrong or is locked.
    case refused(String)
    /// The storage failed.
    case storage(LogbookError)

    public var description: String {
        switch self {
        case .notFound(let message), .invalid(let message), .refused(let message): message
        case .storage(let error): error.message
        }
    }

    /// True when the storage's server could not be reached (nothing half-done).
    public var isUnreachable: Bool {
        if case .storage(let problem) = self { problem.kind == .unreachable } else { false }
    }
}
