import Foundation
import TopWeightCatalog
import TopWeightCore

// MARK: - The gym's own programs: import and remove

extension Workouts {
    /// Imports every program of a YAML file (a mistake refuses the whole
    /// file, naming its line; so does a file beyond `ProgramCatalog.Limits`):
    /// each lift resolved as the gym knows it (`liftName`), each program
    /// stored in its own small form (`ProgramCatalog.source(of:)`); each
    /// name and whether it replaced one.
    public func importPrograms(yaml: String, now: Date) throws(WorkoutsError) -> [(name: String, replaced: Bool)] {
        let lifts = try knownLifts()
        let file: ProgramCatalog
        do {
            file = try ProgramCatalog(yaml: yaml, lifts: { lifts.name($0) })
        } catch {
            throw .invalid(error.description)
        }
        guard !file.programs.isEmpty else { throw .invalid("the file has no programs") }
        var done: [(name: String, replaced: Bool)] = []
        for program in file.programs {
            let replaced = try attempt { () throws(LogbookError) in
                try roles.programs.saveProgram(StoredProgram(name: program.name, source: ProgramCatalog.source(of: program)), now: now)
            }
            done.append((program.name, replaced))
        }
        return done
    }

    /// Removes a gym's own program; a bundled one can't be removed, and a
    /// program members are on can't either (unassign them first).
    public func removeProgram(named name: String) throws(WorkoutsError) -> String {
        let stored = try attempt { () throws(LogbookError) in try roles.programs.storedPrograms() }
        // One that no longer reads can still be removed, by its stored name.
        let own = try gymPrograms().map(\.name) + stored.map(\.name)
        guard let program = own.first(where: { NameRules.key($0) == NameRules.key(name) }) else {
            if ProgramCatalog.bundled().program(named: name) != nil {
                throw .invalid("\(name) is a bundled program; only the gym's own programs can be removed")
            }
            throw .notFound("the gym has no program named \(name)")
        }
        let on = try attempt { () throws(LogbookError) in try roles.programs.assignments() }
            .filter { NameRules.key($0.assignment.program) == NameRules.key(program) }.map(\.user.name)
        if !on.isEmpty {
            throw .invalid("\(program) is the program of \(on.joined(separator: ", ")); 'topweight programs unassign --user NAME' first")
        }
        _ = try attempt { () throws(LogbookError) in try roles.programs.removeProgram(named: program) }
        return program
    }

    /// The lifts the gym knows, for a program file's names: its own and the catalog's.
    func knownLifts() throws(WorkoutsError) -> KnownLifts {
        let stored = try attempt { () throws(LogbookError) in try roles.names.names(of: .exercise, after: 0) }.map(\.name)
        return KnownLifts(names: roles.names, storedNames: stored, catalog: catalog)
    }
}

/// What the gym calls its lifts, for reading a program file as the rest of
/// Top Weight reads names: the gym's own spelling, else the catalog's (by
/// name or alias); a name that is neither but a letter or two from one
/// (`Back Sqaut`), or passes for one with other letters, is a near miss.
struct KnownLifts: Sendable {
    var names: any NameLookup
    var storedNames: [String]
    var catalog: ExerciseCatalog

    func name(_ typed: String) -> ProgramCatalog.LiftName {
        if let stored = try? names.exercise(named: typed) { return .known(stored.name, stored.kind) }
        if let entry = catalog.entry(named: typed) { return .known(entry.name, entry.kind) }
        if let lookalike = catalog.entries.first(where: { NameRules.lookAlike($0.name, typed) }) { return .unknown(mayMean: lookalike.name) }
        // Aliases too: a typo of one names the lift it stands for.
        let candidates = storedNames.map { (spelling: $0, name: $0) }
            + catalog.entries.flatMap { entry in ([entry.name] + entry.aliases).map { (spelling: $0, name: entry.name) } }
        return .unknown(mayMean: SimilarNames.nearMiss(typed, among: candidates))
    }
}
